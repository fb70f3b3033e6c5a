/**
 * The Build: one release's files with typed views of what they hold, parsed once (each view when first
 * read), the one shape every command reads instead of parsing `azuredeploy.json` text itself. Made from a
 * compile result (here), a built or published folder (./folder.ts) or a public template (./public.ts).
 * After the CDK's cloud assembly and Bicep's semantic model.
 */
import type { Position } from '../diagnostics/diagnostic.js';
import { jsonLocator, type JsonLocator } from '../diagnostics/positions.js';
import type { HubModel } from '../model/hub.js';
import { isObject, type JsonObject, type JsonPath } from '../util/json.js';
import { splitKqlCommands, type KqlBlock } from '../model/kqlScript.js';
import { factoryView, type FactoryView } from './factory.js';
import { templateView, type TemplateView } from './template.js';

/** File name of the ARM template in a release folder. */
export const TEMPLATE_FILE = 'azuredeploy.json';
/** File name of the portal form in a release folder. */
export const UI_DEFINITION_FILE = 'createUiDefinition.json';

/** Where a Build comes from. */
export type BuildSource = 'compile' | 'folder' | 'public';

/** A KQL script of the build, with its commands. */
export interface KqlScriptView {
  /** Path in the release folder (`kql/IngestionSetup.kql`). */
  file: string;
  text: string;
  /** Its commands (src/model/kqlScript.ts), split when first read. */
  commands: readonly KqlBlock[];
}

/** The portal form (`createUiDefinition.json`). */
export interface UiView {
  /** The form; undefined when the build has none or it is not a JSON object. */
  json?: JsonObject;
  /** Its `parameters.outputs` (form output name -> expression); `{}` without. */
  outputs: JsonObject;
}

/** A JSON file of the build that does not parse. */
export interface InvalidJson {
  file: string;
  /** The parser's message. */
  detail: string;
}

/** One release's files and what they hold (see the module doc). */
export interface Build {
  /** The hub release (`0.7`): the compile's, the one a folder's template records, or the public template's. */
  release: string;
  source: BuildSource;
  /** The hub model, for a build compiled from hub.yaml. */
  model?: HubModel;
  /** Template parameter name -> the hub.yaml field its default comes from (a compiled build). */
  parameterSources?: ReadonlyMap<string, readonly string[]>;
  /** Path relative to the release folder -> text, in path order. */
  files: ReadonlyMap<string, string>;
  template: TemplateView;
  factory: FactoryView;
  kql: readonly KqlScriptView[];
  ui: UiView;
  /** Line and column of the value at a JSON path in a JSON file of the build (the deepest that exists), or undefined. */
  locate(file: string, path: JsonPath): Position | undefined;
  /** A file parsed as JSON (once), or undefined when the build has no such file or it is not JSON. */
  json(file: string): unknown;
  /** The `.json` files that do not parse, in path order. */
  invalidJson(): InvalidJson[];
}

/** What a Build is made of; see {@link fromFiles}. */
export interface BuildParts {
  release: string;
  source: BuildSource;
  files: ReadonlyMap<string, string>;
  model?: HubModel;
  parameterSources?: ReadonlyMap<string, readonly string[]>;
}

/** The JSON parse of each file, once. */
function jsonFiles(files: ReadonlyMap<string, string>): { json(file: string): unknown; error(file: string): string | undefined } {
  const parsed = new Map<string, { value?: unknown; error?: string }>();
  const get = (file: string) => {
    let p = parsed.get(file);
    if (!p) {
      const text = files.get(file);
      try {
        p = text === undefined ? {} : { value: JSON.parse(text) as unknown };
      } catch (e) {
        p = { error: (e as Error).message };
      }
      parsed.set(file, p);
    }
    return p;
  };
  return { json: (file) => get(file).value, error: (file) => get(file).error };
}

/**
 * A Build of files in memory (the others are made through it).
 * @param parts the release, where it comes from and its files (path relative to the release folder -> text)
 */
export function fromFiles(parts: BuildParts): Build {
  const { files } = parts;
  const parse = jsonFiles(files);
  const locators = new Map<string, JsonLocator>();
  const objectOf = (file: string) => {
    const v = parse.json(file);
    return isObject(v) ? v : undefined;
  };
  let template: TemplateView | undefined;
  let factory: FactoryView | undefined;
  let kql: KqlScriptView[] | undefined;
  let ui: UiView | undefined;
  const build: Build = {
    release: parts.release,
    source: parts.source,
    ...(parts.model ? { model: parts.model } : {}),
    ...(parts.parameterSources ? { parameterSources: parts.parameterSources } : {}),
    files,
    get template() {
      return (template ??= templateView(objectOf(TEMPLATE_FILE), Buffer.byteLength(files.get(TEMPLATE_FILE) ?? '', 'utf8')));
    },
    get factory() {
      return (factory ??= factoryView(build.template, files, parse.json, TEMPLATE_FILE));
    },
    get kql() {
      return (kql ??= [...files].filter(([file]) => file.endsWith('.kql')).map(([file, text]) => kqlScript(file, text)));
    },
    get ui() {
      return (ui ??= uiView(objectOf(UI_DEFINITION_FILE)));
    },
    locate(file, path) {
      let at = locators.get(file);
      if (!at) {
        const text = files.get(file);
        if (text === undefined) return undefined;
        locators.set(file, (at = jsonLocator(text)));
      }
      return at(path);
    },
    json: parse.json,
    invalidJson: () => [...files.keys()].filter((f) => f.endsWith('.json') && parse.error(f) !== undefined).map((file) => ({ file, detail: parse.error(file)! })),
  };
  return build;
}

/** The view of the portal form. */
function uiView(json: JsonObject | undefined): UiView {
  const outputs = isObject(json?.parameters) && isObject(json.parameters.outputs) ? json.parameters.outputs : {};
  return { ...(json ? { json } : {}), outputs };
}

/** A KQL script whose commands are split when first read. */
function kqlScript(file: string, text: string): KqlScriptView {
  let commands: KqlBlock[] | undefined;
  return {
    file,
    text,
    get commands() {
      return (commands ??= splitKqlCommands(text));
    },
  };
}

/**
 * The Build with one file added or replaced (its views parsed anew); the release, source, model and
 * parameter sources stay. Used where a command folds a template before comparing it (`hubc diff` of a
 * public template against a hubc build).
 */
export function withFile(build: Build, file: string, text: string): Build {
  const files = new Map<string, string>([...build.files, [file, text] as const].sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)));
  return fromFiles({
    release: build.release,
    source: build.source,
    files,
    ...(build.model ? { model: build.model } : {}),
    ...(build.parameterSources ? { parameterSources: build.parameterSources } : {}),
  });
}

/** What {@link fromCompile} reads of a compile result (`CompileResult` of src/compiler/compile.ts has it). */
export interface CompiledRelease {
  release?: string;
  model?: HubModel;
  artifacts: ReadonlyMap<string, string>;
  parameterSources?: ReadonlyMap<string, readonly string[]>;
}

/** The Build of each compile's artifacts, so that every reader of one compile shares one parse. */
const compiled = new WeakMap<ReadonlyMap<string, string>, Build>();

/**
 * The Build of a successful compile. A compile's artifacts are not changed after it (copy them to edit
 * them): the Build of one compile is made once and shared by every command and check that reads it.
 * @throws Error when the compile has no release (it failed: check its diagnostics first)
 */
export function fromCompile(result: CompiledRelease): Build {
  if (!result.release) throw new Error('hubc: fromCompile needs a successful compile (it has no release)');
  let build = compiled.get(result.artifacts);
  if (!build) compiled.set(result.artifacts, (build = compiledBuild(result, result.release)));
  return build;
}

function compiledBuild(result: CompiledRelease, release: string): Build {
  return fromFiles({
    release,
    source: 'compile',
    files: result.artifacts,
    ...(result.model ? { model: result.model } : {}),
    ...(result.parameterSources ? { parameterSources: result.parameterSources } : {}),
  });
}
