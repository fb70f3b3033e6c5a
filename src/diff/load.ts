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
import { hasErrors, HubcError, type Diagnostic } from '../diagnostics/diagnostic.js';
import { RELEASE_VERSIONS } from '../model/releases.js';
import { codes, type Raised } from '../diagnostics/index.js';
import type { DiffInput } from './types.js';
import { tryParseJson } from './values.js';
import { isObject, type JsonObject } from '../util/json.js';
import { INPUT_LIMITS, InputFileError, readInputFile, readInputTree } from '../util/inputFiles.js';
import type { ArmEvalContext } from '../expressions/arm/evaluate.js';
import { getRelease } from '../model/releases.js';
import { evaluatedTemplate, isPublicTemplate, publicArtifacts, publicValuesAcross, publicValuesFromHubTemplate, PublicTemplateError, PUBLIC_PREFIX, readPublicTemplate, resolvePublicRelease, type PublicTemplate } from '../public/index.js';
import { toJsonText } from '../model/json.js';

/** A side of the diff that cannot be loaded; `diagnostics` holds compile errors when the cause is a hub file. */
export class DiffLoadError extends HubcError {
  /**
   * @param raised a code raised through the diagnostic registry (HUB400, HUB401, HUB402)
   * @param diagnostics the compile diagnostics, when a hub file does not compile
   */
  constructor(
    raised: Raised,
    readonly diagnostics: Diagnostic[] = [],
  ) {
    super(raised);
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

/** The public template an argument names (`public:0.6`, or a `.json` file that is one), or undefined. */
function publicTemplateOf(arg: string, publicTemplates: string | undefined): PublicTemplate | undefined {
  try {
    if (arg.startsWith(PUBLIC_PREFIX)) return resolvePublicRelease(arg, publicTemplates);
    if (!arg.toLowerCase().endsWith('.json') || !existsSync(arg) || statSync(arg).isDirectory()) return undefined;
    const text = readInputFile(arg, { maxBytes: INPUT_LIMITS.buildFile });
    let doc: unknown;
    try {
      doc = JSON.parse(text);
    } catch {
      return undefined;
    }
    return isPublicTemplate(doc) ? readPublicTemplate(arg, text) : undefined;
  } catch (e) {
    if (e instanceof PublicTemplateError) throw new DiffLoadError({ code: e.code, severity: 'error', message: e.message, hint: e.hint });
    if (e instanceof InputFileError) throw new DiffLoadError(codes.HUB401.unreadable({ label: arg, detail: e.detail }));
    throw e;
  }
}

/** Options of {@link loadDiffPair}. */
export interface PairOptions {
  /** Folder of public templates for `public:<release>` (`--public-templates`). */
  publicTemplates?: string;
  /** Parameter values of A's deployment (a saved parameter file of A), by A's parameter names. */
  parametersA?: Record<string, unknown>;
  /** What is known of the deployment (`hubc deploy --upgrade`); else the stand-in. */
  context?: ArmEvalContext;
  /** Evaluate a hubc side too when the other is public, so resources pair by name (`hubc diff`). */
  evaluateBoth?: boolean;
}

/**
 * Loads two sides (each as {@link loadDiffInput}, or a public template: `public:<release>` with
 * `publicTemplates`, or a `finops-hub-<version>.json` file). A public side is evaluated for one deployment
 * (src/public/evaluate.ts) with A's saved parameter values when it is A and they are given, else with the
 * values of the other side's hub.yaml (its template's defaults) mapped to the public parameter names.
 * @param load how a side that is not public is loaded (default {@link loadDiffInput} with `hubFile`)
 * @throws DiffLoadError (HUB400-HUB402, HUB419)
 */
export function loadDiffPair(aArg: string, bArg: string, hubFile = 'hub.yaml', options: PairOptions = {}, load: (arg: string) => DiffInput = (arg) => loadDiffInput(arg, hubFile)): [DiffInput, DiffInput] {
  const pa = publicTemplateOf(aArg, options.publicTemplates);
  const pb = publicTemplateOf(bArg, options.publicTemplates);
  const a = pa ? undefined : load(aArg);
  const b = pb ? undefined : load(bArg);
  let valuesA: Record<string, unknown> | undefined;
  const side = (pt: PublicTemplate, label: string, own: Record<string, unknown> | undefined, other: DiffInput | undefined): DiffInput => {
    const otherTemplate = other ? (tryParseJson(other.artifacts.get('azuredeploy.json')) as JsonObject | undefined) : undefined;
    const release = getRelease(pt.release);
    const values =
      own ??
      (valuesA && pa ? publicValuesAcross(getRelease(pa.release), valuesA, release) : undefined) ??
      (otherTemplate && other?.release ? publicValuesFromHubTemplate(release, otherTemplate, getRelease(other.release)) : {});
    if (pt === pa) valuesA = values;
    try {
      return { label, source: 'public', release: pt.release, artifacts: publicArtifacts(pt, values, options.context) };
    } catch (e) {
      if (e instanceof PublicTemplateError) throw new DiffLoadError({ code: e.code, severity: 'error', message: e.message, hint: e.hint });
      throw e;
    }
  };
  const evaluated = (x: DiffInput): DiffInput => {
    const t = tryParseJson(x.artifacts.get('azuredeploy.json'));
    if (!isObject(t)) return x;
    const flat = evaluatedTemplate(t, { parameters: {}, context: options.context, release: x.release, source: x.label });
    return { ...x, artifacts: new Map([...x.artifacts, ['azuredeploy.json', toJsonText(flat)]]) };
  };
  const outA = pa ? side(pa, aArg, options.parametersA, b) : a!;
  const outB = pb ? side(pb, bArg, undefined, a) : b!;
  if (!options.evaluateBoth || (!pa && !pb)) return [outA, outB];
  return [pa ? outA : evaluated(outA), pb ? outB : evaluated(outB)];
}
