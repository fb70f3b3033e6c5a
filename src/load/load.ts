/**
 * Loading a build the user names on the command line (the sides of `hubc diff` and `hubc upgrade-plan`, the
 * input of `hubc graph`, the installed release of `hubc deploy --upgrade`) into a {@link LoadedBuild}, a Build
 * (src/build: `fromCompile`, `fromFolder`, `fromPublicTemplate`) with what the user named:
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
 * Errors are {@link LoadError}s with the codes HUB400 (not a release, file or folder), HUB401 (a folder
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
import { compile } from '../compiler/index.js';
import { hasErrors, HubcError, offsetPositions, type Diagnostic } from '../diagnostics/diagnostic.js';
import { jsonLimitPassed } from '../expressions/arm/inputLimits.js';
import { RELEASE_VERSIONS } from '../model/releases.js';
import { releaseNamed } from '../model/releaseNames.js';
import { codes, type Raised } from '../diagnostics/index.js';
import { fromCompile, fromFolder, fromPublicTemplate, TEMPLATE_FILE, withFile, type Build } from '../build/index.js';
import { isObject, type JsonObject } from '../util/json.js';
import { INPUT_LIMITS, InputFileError, readInputFile } from '../util/inputFiles.js';
import type { ArmEvalContext } from '../expressions/arm/evaluate.js';
import { getRelease, withNaming, type Release } from '../model/releases.js';
import {
  evaluatedTemplate,
  isPublicTemplate,
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

/** A build as the user named it (a release number, a hub file, a folder, a public template) and the Build (src/build) it stands for. */
export interface LoadedBuild {
  /** What the user named: `0.7`, `hub.yaml`, `dist-templates/0.7`. */
  label: string;
  /** Where the build came from: `public` is a public release's template evaluated for one deployment (src/public/). */
  source: 'release' | 'hub.yaml' | 'folder' | 'public';
  /** Hub release of the build (`0.7`), from the compile or the template's `metadata.hubRelease`; absent when unknown. */
  release?: string;
  /**
   * For a release number compiled from a hub file written for a later release: the hub.yaml sections (dotted
   * paths) left out because the release does not have what they configure (HUB220; src/frontend/forRelease.ts).
   */
  leftOut?: string[];
  /** The build: its files (path relative to the release folder -> text, sorted by path) and their typed views, parsed once. */
  build: Build;
}

/** A side of the diff that cannot be loaded; `diagnostics` holds compile errors when the cause is a hub file. */
export class LoadError extends HubcError {
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
 * Checks that every `.json` file of a build is within the limits of what hubc reads and parses.
 * @param dir the folder the files were read from, for the positions of diagnostics
 * @throws LoadError HUB402 naming the first file that does not parse; HUB401 with the positioned HUB475 or
 *   HUB476 of the first file past a limit
 */
export function checkJsonFiles(label: string, build: Build, dir = label): void {
  let invalid: Map<string, string> | undefined;
  for (const [path, text] of build.files) {
    if (!path.endsWith('.json')) continue;
    const limit = jsonLimitPassed(text);
    if (limit) {
      const raised = limit.kind === 'json' ? codes.HUB475.raise({ limit: limit.limit }) : codes.HUB476.raise({ limit: limit.limit });
      throw new LoadError(codes.HUB401.pastLimit({ label, path }), [{ ...raised, file: join(dir, path), start: offsetPositions(text)(limit.offset) }]);
    }
    invalid ??= new Map(build.invalidJson().map((f) => [f.file, f.detail]));
    const detail = invalid.get(path);
    if (detail !== undefined) throw new LoadError(codes.HUB402.raise({ label, path, detail }));
  }
}

/**
 * The Build of a release folder of a build or a feed (`fromFolder`), its JSON files checked; the side's
 * release is the one its template records (`metadata.hubRelease`), else unknown.
 * @throws LoadError HUB401 when the folder cannot be read or a file is past a limit, HUB402 for a JSON file that does not parse
 */
export function loadBuildFolder(dir: string, label = dir): LoadedBuild {
  let build: Build;
  try {
    build = fromFolder(dir);
  } catch (e) {
    const detail = e instanceof InputFileError ? `${e.file}: ${e.detail}` : (e as Error).message;
    throw new LoadError(codes.HUB401.unreadable({ label, detail }));
  }
  checkJsonFiles(label, build, dir);
  const recorded = build.template.metadata.hubRelease;
  return typeof recorded === 'string' ? { label, source: 'folder', release: recorded, build } : { label, source: 'folder', build };
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
    throw new LoadError(codes.HUB401.unreadable({ label, detail: e instanceof InputFileError ? `${e.file}: ${e.detail}` : (e as Error).message }));
  }
  let index: unknown;
  try {
    index = JSON.parse(text);
  } catch {
    return undefined;
  }
  return isObject(index) && index.kind === 'hubc-release-feed' ? index : undefined;
}

/**
 * Checks a feed's release folder as read against the feed's index.json: every file listed with its SHA-256,
 * none missing, none added (issue #29, finding 5: a published release changed afterwards was used silently).
 * @throws LoadError HUB473 naming the files, unless `allow`
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
  if (problems.length && !allow) throw new LoadError(codes.HUB473.raise({ label, files: problems }));
}

/**
 * Loads a folder: a build (holds `azuredeploy.json`) or a feed (holds `index.json`; its newest release is
 * used). A release folder of a feed (given as the feed or as `feed/<release>`) is checked against the
 * feed's index.json; the newest release must be a release folder inside the feed.
 * @throws LoadError HUB401 for any other folder, HUB472 for a `latest` outside the feed, HUB473 for files
 *   that differ from the index
 */
function loadFolder(dir: string, label: string, options: LoadOptions = {}): LoadedBuild {
  if (existsSync(join(dir, 'azuredeploy.json'))) {
    const input = loadBuildFolder(dir, label);
    const parent = resolve(dir, '..');
    const index = parent !== resolve(dir) ? feedIndexIn(parent, label) : undefined;
    const release = basename(resolve(dir));
    if (index && Array.isArray(index.releases) && index.releases.some((r) => isObject(r) && r.release === release))
      verifyFeedRelease(index, release, input.build.files, label, options.allowModifiedFeed);
    return input;
  }
  const index = feedIndexIn(dir, label);
  const latest = index?.latest;
  if (typeof latest === 'string') {
    // Only a release folder directly inside the feed (issue #29, finding 5: "../../elsewhere/0.3" was followed).
    if (!isReleaseName(latest)) throw new LoadError(codes.HUB472.raise({ label, latest, why: 'which is not a release folder name' }));
    const inside = lstatSync(join(dir, latest), { throwIfNoEntry: false });
    if (inside?.isSymbolicLink()) throw new LoadError(codes.HUB472.raise({ label, latest, why: 'a symbolic link' }));
    if (inside?.isDirectory() && existsSync(join(dir, latest, 'azuredeploy.json'))) {
      const input = loadBuildFolder(join(dir, latest), `${label}/${latest}`);
      verifyFeedRelease(index!, latest, input.build.files, input.label, options.allowModifiedFeed);
      return input;
    }
  }
  throw new LoadError(codes.HUB401.notBuild({ label }));
}

/** True for a release folder name (`0.7`, `0.10.1`): digits and dots only, so never a path. */
const isReleaseName = (name: string) => /^[0-9]+(\.[0-9]+)*$/.test(name);

/**
 * Compiles hub text for a release (its own when `release` is undefined).
 * @throws LoadError HUB401 with the compile diagnostics when there are errors
 */
export function compileInput(text: string, file: string, label: string, source: LoadedBuild['source'], release?: string): LoadedBuild {
  const r = compile(text, { file, release });
  if (hasErrors(r.diagnostics) || !r.release) {
    throw new LoadError(codes.HUB401.notCompiling({ label, file, release }), r.diagnostics);
  }
  return { label, source, release: r.release, build: fromCompile(r) };
}

/**
 * Compiles the hub file for a release number. A file written for a later release that fails only because it
 * configures what the release lacks (HUB220 errors alone) is compiled again without those sections
 * (src/frontend/forRelease.ts), and the input records them in `leftOut`: the hub deployed from that release
 * did not have them either. `hubc diff` and `hubc upgrade-plan` both load release numbers here.
 * @throws LoadError HUB401 with the compile diagnostics when the file does not compile for the release otherwise
 */
export function compileRelease(text: string, hubFile: string, release: string): LoadedBuild {
  try {
    return compileInput(text, hubFile, release, 'release', release);
  } catch (e) {
    if (!(e instanceof LoadError)) throw e;
    const errors = e.diagnostics.filter((d) => d.severity === 'error');
    if (!errors.length || errors.some((d) => d.code !== codes.HUB220.code)) throw e;
    const { text: older, removed } = hubTextForRelease(text, release);
    const r = compile(older, { file: hubFile, release });
    if (hasErrors(r.diagnostics) || !r.release) throw e;
    return { label: release, source: 'release', release: r.release, leftOut: removed, build: fromCompile(r) };
  }
}

/**
 * Resolves one argument of `hubc diff` (see the module doc for the forms).
 * @param arg what the user wrote
 * @param hubFile the hub file compiled for a release number
 * @param options how a feed's release folder is checked
 * @throws LoadError (HUB400, HUB401, HUB402, HUB472, HUB473)
 */
export function loadBuild(arg: string, hubFile = 'hub.yaml', options: LoadOptions = {}): LoadedBuild {
  const named = releaseNamed(arg);
  if (named) return compileRelease(readHubText(hubFile, named), hubFile, named);
  if (!existsSync(arg)) {
    throw new LoadError(codes.HUB400.notFound({ arg, releaseLike: /^v?\d+(\.\d+)*$/.test(arg), releases: RELEASE_VERSIONS }));
  }
  if (statSync(arg).isDirectory()) return loadFolder(arg, arg, options);
  let text: string;
  try {
    text = readInputFile(arg, { maxBytes: INPUT_LIMITS.hubYaml });
  } catch (e) {
    throw new LoadError(codes.HUB401.unreadable({ label: arg, detail: e instanceof InputFileError ? e.detail : (e as Error).message }));
  }
  return compileInput(text, arg, arg, 'hub.yaml');
}

/**
 * The text of the hub file compiled for a release number (a regular file within `INPUT_LIMITS.hubYaml`).
 * @throws LoadError HUB400 when it cannot be read
 */
export function readHubText(hubFile: string, release: string): string {
  try {
    return readInputFile(hubFile, { maxBytes: INPUT_LIMITS.hubYaml });
  } catch (e) {
    throw new LoadError(codes.HUB400.unreadableHub({ file: hubFile, release, detail: e instanceof InputFileError ? e.detail : (e as Error).message }));
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
    if (e instanceof PublicTemplateError) throw new LoadError({ code: e.code, severity: 'error', message: e.message, hint: e.hint }, e.diagnostics);
    if (e instanceof InputFileError) throw new LoadError(codes.HUB401.unreadable({ label: arg, detail: e.detail }));
    throw e;
  }
}

/** Options of {@link loadPair}. */
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
 * Loads two sides (each as {@link loadBuild}, or a public template: `public:<release>` with
 * `publicTemplates`, or a `finops-hub-<version>.json` file). A public side is evaluated for one deployment
 * (src/public/evaluate.ts) with A's saved parameter values when it is A and they are given, else with the
 * values of the other side's hub.yaml (its template's defaults) mapped to the public parameter names.
 * @param load how a side that is not public is loaded (default {@link loadBuild} with `hubFile`)
 * @throws LoadError (HUB400-HUB402, HUB419)
 */
export function loadPair(
  aArg: string,
  bArg: string,
  hubFile = 'hub.yaml',
  options: PairOptions = {},
  load: (arg: string) => LoadedBuild = (arg) => loadBuild(arg, hubFile, { allowModifiedFeed: options.allowModifiedFeed }),
): [LoadedBuild, LoadedBuild] {
  const pa = publicTemplateOf(aArg, options.publicTemplates);
  const pb = publicTemplateOf(bArg, options.publicTemplates);
  const a = pa ? undefined : load(aArg);
  const b = pb ? undefined : load(bArg);
  let valuesA: Record<string, unknown> | undefined;
  const side = (pt: PublicTemplate, label: string, own: Record<string, unknown> | undefined, other: LoadedBuild | undefined): LoadedBuild => {
    const otherTemplate = other?.build.template.json;
    const release = getRelease(pt.release);
    const values =
      own ??
      (valuesA && pa ? publicValuesAcross(getRelease(pa.release), valuesA, release) : undefined) ??
      (otherTemplate && other?.release ? publicValuesFromHubTemplate(release, otherTemplate, getRelease(other.release)) : {});
    if (pt === pa) valuesA = values;
    try {
      return { label, source: 'public', release: pt.release, build: fromPublicTemplate(pt, values, options.context) };
    } catch (e) {
      if (e instanceof PublicTemplateError) throw new LoadError({ code: e.code, severity: 'error', message: e.message, hint: e.hint }, e.diagnostics);
      throw e;
    }
  };
  const evaluated = (x: LoadedBuild): LoadedBuild => {
    const t = x.build.template.json;
    if (!t) return x;
    const flat = evaluatedTemplate(t, { parameters: {}, context: options.context, release: x.release, source: x.label });
    return { ...x, build: withFile(x.build, TEMPLATE_FILE, toJsonText(flat)) };
  };
  const outA = pa ? side(pa, aArg, options.parametersA, b) : a!;
  const outB = pb ? side(pb, bArg, undefined, a) : b!;
  if (!options.evaluateBoth || (!pa && !pb)) return [outA, outB];
  return [pa ? outA : evaluated(outA), pb ? outB : evaluated(outB)];
}

/**
 * The release row of a build, when hubc knows the release, with the build's naming rules: those of the
 * public release for a public template or a build whose template records `metadata.hubNaming: public`.
 */
export function releaseOf(input: LoadedBuild): Release | undefined {
  let row: Release;
  try {
    if (!input.release) return undefined;
    row = getRelease(input.release);
  } catch {
    return undefined;
  }
  const recorded = input.source === 'public' ? undefined : input.build.template.metadata.hubNaming;
  return withNaming(row, input.source === 'public' || recorded === 'public' ? 'public' : 'spec');
}
