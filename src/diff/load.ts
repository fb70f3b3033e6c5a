/**
 * Loading the two sides of `hubc diff` into {@link DiffInput}s, the in-memory shape `compile()` returns
 * (artifacts as a Map of relative path -> text, plus the release):
 *
 * - a release number hubc builds (`0.7`): the hub file (`--hub`, default `hub.yaml`) compiled for that
 *   release, without the sections it lacks when the file was written for a later one (`compileRelease`);
 *   write `./0.7` for a folder of that name;
 * - a hub.yaml file: compiled for its own release;
 * - a folder written by `hubc build` (`dist-templates/0.7`, holding `azuredeploy.json`) or a release folder of
 *   a feed written by `hubc publish` (`feed/0.7`); the feed folder itself stands for its newest release, which
 *   must be a release folder inside it (HUB472). A feed's release folder is checked against the SHA-256
 *   hashes of the feed's index.json (HUB473, unless `--allow-modified-feed`).
 *
 * Errors are {@link DiffLoadError}s with the codes HUB400 (not a release, file or folder), HUB401 (a folder
 * that no hubc command wrote, or that cannot be read) and HUB402 (a JSON file of the build that does not
 * parse); a hub file with errors gives its compile diagnostics, a JSON file past a limit (HUB475, HUB476:
 * nesting, src/expressions/arm/inputLimits.ts) its positioned diagnostic.
 *
 * Every file is read through src/util/inputFiles.ts: regular files only, within the size limits, and no
 * symbolic link out of a folder is followed (HUB400 for a hub file, HUB401 for a folder).
 */
import { createHash } from 'node:crypto';
import { existsSync, lstatSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { compile } from '../compiler/compile.js';
import { hasErrors, HubcError, offsetPositions, type Diagnostic } from '../diagnostics/diagnostic.js';
import { jsonLimitPassed } from '../expressions/arm/inputLimits.js';
import { RELEASE_VERSIONS } from '../model/releases.js';
import { releaseNamed } from '../model/releaseNames.js';
import { codes, type Raised } from '../diagnostics/index.js';
import type { DiffInput } from './types.js';
import { tryParseJson } from './values.js';
import { isObject, type JsonObject } from '../util/json.js';
import { INPUT_LIMITS, InputFileError, readInputFile, readInputTree } from '../util/inputFiles.js';
import type { ArmEvalContext } from '../expressions/arm/evaluate.js';
import { getRelease } from '../model/releases.js';
import {
  evaluatedTemplate,
  isPublicTemplate,
  publicArtifacts,
  publicValuesAcross,
  publicValuesFromHubTemplate,
  PublicTemplateError,
  PUBLIC_PREFIX,
  readPublicTemplate,
  resolvePublicRelease,
  type PublicTemplate,
} from '../public/index.js';
import { toJsonText } from '../model/json.js';
import { hubTextForRelease } from '../frontend/forRelease.js';

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
  // oxlint-disable-next-line hubc/template-through-build -- round two of issue #32 moves this command to the Build
  const t = tryParseJson(artifacts.get('azuredeploy.json'));
  const release = isObject(t) && isObject(t.metadata) ? t.metadata.hubRelease : undefined;
  return typeof release === 'string' ? release : undefined;
}

/**
 * Checks that every `.json` artifact is within the limits of what hubc reads and parses.
 * @param dir the folder the artifacts were read from, for the positions of diagnostics
 * @throws DiffLoadError HUB402 naming the first file that does not parse; HUB401 with the positioned HUB475 or
 *   HUB476 of the first file past a limit
 */
export function checkJsonArtifacts(label: string, artifacts: ReadonlyMap<string, string>, dir = label): void {
  for (const [path, text] of artifacts) {
    if (!path.endsWith('.json')) continue;
    const limit = jsonLimitPassed(text);
    if (limit) {
      const raised = limit.kind === 'json' ? codes.HUB475.raise({ limit: limit.limit }) : codes.HUB476.raise({ limit: limit.limit });
      throw new DiffLoadError(codes.HUB401.pastLimit({ label, path }), [{ ...raised, file: join(dir, path), start: offsetPositions(text)(limit.offset) }]);
    }
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
  checkJsonArtifacts(label, artifacts, dir);
  const release = recordedRelease(artifacts);
  return release ? { label, source: 'folder', release, artifacts } : { label, source: 'folder', artifacts };
}

/** Options of loading a side from a folder. */
export interface LoadOptions {
  /** Use a feed's release folder even when its files differ from the SHA-256 hashes of the feed's index.json (`--allow-modified-feed`). */
  allowModifiedFeed?: boolean;
}

/** A feed's index.json (`kind: hubc-release-feed`) in `dir`, parsed; undefined when `dir` holds none. */
function feedIndexIn(dir: string, label: string): JsonObject | undefined {
  if (!existsSync(join(dir, 'index.json'))) return undefined;
  let text: string;
  try {
    text = readInputFile(join(dir, 'index.json'), { maxBytes: INPUT_LIMITS.json });
  } catch (e) {
    throw new DiffLoadError(codes.HUB401.unreadable({ label, detail: e instanceof InputFileError ? `${e.file}: ${e.detail}` : (e as Error).message }));
  }
  const index = tryParseJson(text);
  return isObject(index) && index.kind === 'hubc-release-feed' ? index : undefined;
}

/**
 * Checks a feed's release folder as read against the feed's index.json: every file listed with its SHA-256,
 * none missing, none added (issue #29, finding 5: a published release changed afterwards was used silently).
 * @throws DiffLoadError HUB473 naming the files, unless `allow`
 */
function verifyFeedRelease(index: JsonObject, release: string, artifacts: ReadonlyMap<string, string>, label: string, allow: boolean | undefined): void {
  const record = Array.isArray(index.releases) ? index.releases.find((r) => isObject(r) && r.release === release) : undefined;
  const listed = new Map<string, unknown>();
  if (isObject(record) && Array.isArray(record.files))
    for (const f of record.files) if (isObject(f) && typeof f.path === 'string' && f.path.startsWith(`${release}/`)) listed.set(f.path.slice(release.length + 1), f.sha256);
  const problems: string[] = [];
  if (!isObject(record)) problems.push(`index.json does not list release ${release}`);
  for (const [path, text] of artifacts) {
    if (!listed.has(path)) problems.push(`${path} is not listed in index.json`);
    else if (createHash('sha256').update(Buffer.from(text, 'utf8')).digest('hex') !== listed.get(path)) problems.push(`${path} does not have the SHA-256 index.json gives`);
  }
  for (const path of listed.keys()) if (!artifacts.has(path)) problems.push(`${path} is missing`);
  if (problems.length && !allow) throw new DiffLoadError(codes.HUB473.raise({ label, files: problems }));
}

/**
 * Loads a folder: a build (holds `azuredeploy.json`) or a feed (holds `index.json`; its newest release is
 * used). A release folder of a feed (given as the feed or as `feed/<release>`) is checked against the
 * feed's index.json; the newest release must be a release folder inside the feed.
 * @throws DiffLoadError HUB401 for any other folder, HUB472 for a `latest` outside the feed, HUB473 for files
 *   that differ from the index
 */
function loadFolder(dir: string, label: string, options: LoadOptions = {}): DiffInput {
  if (existsSync(join(dir, 'azuredeploy.json'))) {
    const input = loadBuildFolder(dir, label);
    const parent = resolve(dir, '..');
    const index = parent !== resolve(dir) ? feedIndexIn(parent, label) : undefined;
    const release = basename(resolve(dir));
    if (index && Array.isArray(index.releases) && index.releases.some((r) => isObject(r) && r.release === release))
      verifyFeedRelease(index, release, input.artifacts, label, options.allowModifiedFeed);
    return input;
  }
  const index = feedIndexIn(dir, label);
  const latest = index?.latest;
  if (typeof latest === 'string') {
    // Only a release folder directly inside the feed (issue #29, finding 5: "../../elsewhere/0.3" was followed).
    if (!isReleaseName(latest)) throw new DiffLoadError(codes.HUB472.raise({ label, latest, why: 'which is not a release folder name' }));
    const inside = lstatSync(join(dir, latest), { throwIfNoEntry: false });
    if (inside?.isSymbolicLink()) throw new DiffLoadError(codes.HUB472.raise({ label, latest, why: 'a symbolic link' }));
    if (inside?.isDirectory() && existsSync(join(dir, latest, 'azuredeploy.json'))) {
      const input = loadBuildFolder(join(dir, latest), `${label}/${latest}`);
      verifyFeedRelease(index!, latest, input.artifacts, input.label, options.allowModifiedFeed);
      return input;
    }
  }
  throw new DiffLoadError(codes.HUB401.notBuild({ label }));
}

/** True for a release folder name (`0.7`, `0.10.1`): digits and dots only, so never a path. */
const isReleaseName = (name: string) => /^[0-9]+(\.[0-9]+)*$/.test(name);

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
 * Compiles the hub file for a release number. A file written for a later release that fails only because it
 * configures what the release lacks (HUB220 errors alone) is compiled again without those sections
 * (src/frontend/forRelease.ts), and the input records them in `leftOut`: the hub deployed from that release
 * did not have them either. `hubc diff` and `hubc upgrade-plan` both load release numbers here.
 * @throws DiffLoadError HUB401 with the compile diagnostics when the file does not compile for the release otherwise
 */
export function compileRelease(text: string, hubFile: string, release: string): DiffInput {
  try {
    return compileInput(text, hubFile, release, 'release', release);
  } catch (e) {
    if (!(e instanceof DiffLoadError)) throw e;
    const errors = e.diagnostics.filter((d) => d.severity === 'error');
    if (!errors.length || errors.some((d) => d.code !== codes.HUB220.code)) throw e;
    const { text: older, removed } = hubTextForRelease(text, release);
    const r = compile(older, { file: hubFile, release });
    if (hasErrors(r.diagnostics) || !r.release) throw e;
    return { label: release, source: 'release', release: r.release, leftOut: removed, artifacts: r.artifacts };
  }
}

/**
 * Resolves one argument of `hubc diff` (see the module doc for the forms).
 * @param arg what the user wrote
 * @param hubFile the hub file compiled for a release number
 * @param options how a feed's release folder is checked
 * @throws DiffLoadError (HUB400, HUB401, HUB402, HUB472, HUB473)
 */
export function loadDiffInput(arg: string, hubFile = 'hub.yaml', options: LoadOptions = {}): DiffInput {
  const named = releaseNamed(arg);
  if (named) return compileRelease(readHubText(hubFile, named), hubFile, named);
  if (!existsSync(arg)) {
    throw new DiffLoadError(codes.HUB400.notFound({ arg, releaseLike: /^v?\d+(\.\d+)*$/.test(arg), releases: RELEASE_VERSIONS }));
  }
  if (statSync(arg).isDirectory()) return loadFolder(arg, arg, options);
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
    if (e instanceof PublicTemplateError) throw new DiffLoadError({ code: e.code, severity: 'error', message: e.message, hint: e.hint }, e.diagnostics);
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
  /** See {@link LoadOptions}. */
  allowModifiedFeed?: boolean;
}

/**
 * Loads two sides (each as {@link loadDiffInput}, or a public template: `public:<release>` with
 * `publicTemplates`, or a `finops-hub-<version>.json` file). A public side is evaluated for one deployment
 * (src/public/evaluate.ts) with A's saved parameter values when it is A and they are given, else with the
 * values of the other side's hub.yaml (its template's defaults) mapped to the public parameter names.
 * @param load how a side that is not public is loaded (default {@link loadDiffInput} with `hubFile`)
 * @throws DiffLoadError (HUB400-HUB402, HUB419)
 */
export function loadDiffPair(
  aArg: string,
  bArg: string,
  hubFile = 'hub.yaml',
  options: PairOptions = {},
  load: (arg: string) => DiffInput = (arg) => loadDiffInput(arg, hubFile, { allowModifiedFeed: options.allowModifiedFeed }),
): [DiffInput, DiffInput] {
  const pa = publicTemplateOf(aArg, options.publicTemplates);
  const pb = publicTemplateOf(bArg, options.publicTemplates);
  const a = pa ? undefined : load(aArg);
  const b = pb ? undefined : load(bArg);
  let valuesA: Record<string, unknown> | undefined;
  const side = (pt: PublicTemplate, label: string, own: Record<string, unknown> | undefined, other: DiffInput | undefined): DiffInput => {
    // oxlint-disable-next-line hubc/template-through-build -- round two of issue #32 moves this command to the Build
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
      if (e instanceof PublicTemplateError) throw new DiffLoadError({ code: e.code, severity: 'error', message: e.message, hint: e.hint }, e.diagnostics);
      throw e;
    }
  };
  const evaluated = (x: DiffInput): DiffInput => {
    // oxlint-disable-next-line hubc/template-through-build -- round two of issue #32 moves this command to the Build
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
