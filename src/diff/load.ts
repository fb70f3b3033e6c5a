/**
 * Loading the two sides of `hubc diff` into {@link DiffInput}s, the in-memory shape `compile()` returns
 * (artifacts as a Map of relative path -> text, plus the release):
 *
 * - a release number hubc builds (`0.7`): the hub file (`--hub`, default `hub.yaml`) compiled for that
 *   release; write `./0.7` for a folder of that name;
 * - a hub.yaml file: compiled for its own release;
 * - a folder written by `hubc build` (`dist-templates/0.7`, holding `azuredeploy.json`) or a release folder of
 *   a feed written by `hubc publish` (`feed/0.7`); the feed folder itself stands for its newest release.
 *
 * Errors are {@link DiffLoadError}s with the codes HUB400 (not a release, file or folder), HUB401 (a folder
 * that no hubc command wrote, or that cannot be read) and HUB402 (a JSON file of the build that does not
 * parse); a hub file with errors gives its compile diagnostics.
 *
 * Every file is read through src/util/inputFiles.ts: regular files only, within the size limits, and no
 * symbolic link out of a folder is followed (HUB400 for a hub file, HUB401 for a folder).
 */
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { compile } from '../compiler/compile.js';
import { hasErrors, type Diagnostic } from '../diagnostics/diagnostic.js';
import { RELEASE_VERSIONS } from '../model/releases.js';
import { codes, type Raised } from '../diagnostics/index.js';
import type { DiffInput } from './types.js';
import { tryParseJson } from './values.js';
import { isObject } from '../util/json.js';
import { INPUT_LIMITS, InputFileError, readInputFile, readInputTree } from '../util/inputFiles.js';

/** A side of the diff that cannot be loaded; `diagnostics` holds compile errors when the cause is a hub file. */
export class DiffLoadError extends Error {
  /** Stable code (src/diagnostics/diffPublish.ts). */
  readonly code: string;
  /** What to do about it, one line. */
  readonly hint: string;
  /**
   * @param raised a code raised through the diagnostic registry (HUB400, HUB401, HUB402)
   * @param diagnostics the compile diagnostics, when a hub file does not compile
   */
  constructor(
    raised: Raised,
    readonly diagnostics: Diagnostic[] = [],
  ) {
    super(raised.message);
    this.name = 'DiffLoadError';
    this.code = raised.code;
    this.hint = raised.hint ?? '';
  }
}

/**
 * Every file under `dir` (names starting with `.` skipped), as `/`-separated relative paths -> text, sorted
 * by path (code unit order, as `compile()` does). Read with `readInputTree` (src/util/inputFiles.ts): regular
 * files only, no symbolic link out of `dir`, within the build-folder limits.
 * @throws InputFileError when the folder holds something hubc does not read
 */
export function readTree(dir: string): Map<string, string> {
  return readInputTree(dir);
}

/** The hub release a build's template records (`metadata.hubRelease`), if any. */
export function recordedRelease(artifacts: ReadonlyMap<string, string>): string | undefined {
  const t = tryParseJson(artifacts.get('azuredeploy.json'));
  const release = isObject(t) && isObject(t.metadata) ? t.metadata.hubRelease : undefined;
  return typeof release === 'string' ? release : undefined;
}

/**
 * Checks that every `.json` artifact parses.
 * @throws DiffLoadError HUB402 naming the first file that does not
 */
export function checkJsonArtifacts(label: string, artifacts: ReadonlyMap<string, string>): void {
  for (const [path, text] of artifacts) {
    if (!path.endsWith('.json')) continue;
    try {
      JSON.parse(text);
    } catch (e) {
      throw new DiffLoadError(codes.HUB402.raise({ label, path, detail: (e as Error).message }));
    }
  }
}

/** Builds in memory the artifacts of a release folder of a build or a feed. */
export function loadBuildFolder(dir: string, label = dir): DiffInput {
  let artifacts: Map<string, string>;
  try {
    artifacts = readTree(dir);
  } catch (e) {
    const detail = e instanceof InputFileError ? `${e.file}: ${e.detail}` : (e as Error).message;
    throw new DiffLoadError(codes.HUB401.unreadable({ label, detail }));
  }
  checkJsonArtifacts(label, artifacts);
  const release = recordedRelease(artifacts);
  return release ? { label, source: 'folder', release, artifacts } : { label, source: 'folder', artifacts };
}

/** The newest release a feed's index.json lists, or undefined when it is not a feed index. */
function newestFeedRelease(dir: string, label: string): string | undefined {
  let text: string;
  try {
    text = readInputFile(join(dir, 'index.json'), { maxBytes: INPUT_LIMITS.json });
  } catch (e) {
    throw new DiffLoadError(codes.HUB401.unreadable({ label, detail: e instanceof InputFileError ? `${e.file}: ${e.detail}` : (e as Error).message }));
  }
  const index = tryParseJson(text);
  const latest = isObject(index) ? index.latest : undefined;
  return typeof latest === 'string' ? latest : undefined;
}

/**
 * Loads a folder: a build (holds `azuredeploy.json`) or a feed (holds `index.json`; its newest release is used).
 * @throws DiffLoadError HUB401 for any other folder
 */
function loadFolder(dir: string, label: string): DiffInput {
  if (existsSync(join(dir, 'azuredeploy.json'))) return loadBuildFolder(dir, label);
  if (existsSync(join(dir, 'index.json'))) {
    const latest = newestFeedRelease(dir, label);
    if (latest && existsSync(join(dir, latest, 'azuredeploy.json'))) return loadBuildFolder(join(dir, latest), `${label}/${latest}`);
  }
  throw new DiffLoadError(codes.HUB401.notBuild({ label }));
}

/**
 * Compiles hub text for a release (its own when `release` is undefined).
 * @throws DiffLoadError HUB401 with the compile diagnostics when there are errors
 */
export function compileInput(text: string, file: string, label: string, source: DiffInput['source'], release?: string): DiffInput {
  const r = compile(text, { file, release });
  if (hasErrors(r.diagnostics) || !r.release) {
    throw new DiffLoadError(codes.HUB401.notCompiling({ label, file, release }), r.diagnostics);
  }
  return { label, source, release: r.release, artifacts: r.artifacts };
}

/**
 * Resolves one argument of `hubc diff` (see the module doc for the forms).
 * @param arg what the user wrote
 * @param hubFile the hub file compiled for a release number
 * @throws DiffLoadError (HUB400, HUB401, HUB402)
 */
export function loadDiffInput(arg: string, hubFile = 'hub.yaml'): DiffInput {
  if ((RELEASE_VERSIONS as readonly string[]).includes(arg)) {
    return compileInput(readHubText(hubFile, arg), hubFile, arg, 'release', arg);
  }
  if (!existsSync(arg)) {
    throw new DiffLoadError(codes.HUB400.notFound({ arg, releaseLike: /^\d+\.\d+(\.\d+)?$/.test(arg), releases: RELEASE_VERSIONS }));
  }
  if (statSync(arg).isDirectory()) return loadFolder(arg, arg);
  let text: string;
  try {
    text = readInputFile(arg, { maxBytes: INPUT_LIMITS.hubYaml });
  } catch (e) {
    throw new DiffLoadError(codes.HUB401.unreadable({ label: arg, detail: e instanceof InputFileError ? e.detail : (e as Error).message }));
  }
  return compileInput(text, arg, arg, 'hub.yaml');
}

/**
 * The text of the hub file compiled for a release number (a regular file within `INPUT_LIMITS.hubYaml`).
 * @throws DiffLoadError HUB400 when it cannot be read
 */
export function readHubText(hubFile: string, release: string): string {
  try {
    return readInputFile(hubFile, { maxBytes: INPUT_LIMITS.hubYaml });
  } catch (e) {
    throw new DiffLoadError(codes.HUB400.unreadableHub({ file: hubFile, release, detail: e instanceof InputFileError ? e.detail : (e as Error).message }));
  }
}
