/**
 * `hubc check` as a library: the catalogue of deploy-time and run-time failures (src/catalogue/) over any hub
 * template, a public release's (0.1.1 to 14.0 and on), one hubc wrote, or one written by hand, with its
 * portal form and a parameter file when given. The template is read as written and evaluated for one
 * deployment through the loader `hubc diff` uses (src/public: nested deployments flattened, conditions
 * evaluated for the parameters given, else for the portal form's defaults, else for the template's); every
 * other parameter value the template accepts is still judged where a check looks at possible values.
 * Findings name the files given, at their line and column.
 */
import { fromTemplateText } from '../build/index.js';
import { CATALOGUE, portalDefaults, QUICK_ENTRIES, runCatalogue } from '../catalogue/index.js';
import { HubcError, type Diagnostic } from '../diagnostics/diagnostic.js';
import { codes } from '../diagnostics/index.js';
import { isPublicTemplate, publicTemplateVersion } from '../public/index.js';
import { INPUT_LIMITS, InputFileError, readInputFile } from '../util/inputFiles.js';
import { isObject, type JsonObject } from '../util/json.js';
import { validateKqlScripts } from '../validators/kql.js';

/** A file `hubc check` cannot use: HUB790 (unreadable, not JSON) or HUB791 (not what the option takes). */
export class CheckInputError extends HubcError {}

/** What to check. */
export interface CheckOptions {
  /** The ARM template (`azuredeploy.json`, `finops-hub-<version>.json`). */
  template: string;
  /** Its portal form (`createUiDefinition.json`, `finops-hub-<version>.ui.json`). */
  ui?: string;
  /** An ARM parameter file with the deployment's values. */
  parameters?: string;
  /** Leave out the entries that run the Kusto language service (seconds per script). */
  quick?: boolean;
}

/** What `hubc check` found. */
export interface CheckReport {
  template: string;
  ui?: string;
  parameters?: string;
  /** The release the template says it is (`14.0`, `0.7`), `''` when it says none. */
  release: string;
  /** The parameters the deployment was evaluated for: those given, and those the portal form's defaults set. */
  evaluatedFor: { given: string[]; portalDefaults: string[] };
  /** The findings, their files named as given. */
  diagnostics: Diagnostic[];
  errors: number;
  warnings: number;
}

/** A file given to the command: its text, and its JSON when that is an object. */
function readJson(file: string, maxBytes: number): { text: string; json?: JsonObject } {
  let text: string;
  try {
    text = readInputFile(file, { maxBytes });
  } catch (e) {
    throw new CheckInputError(codes.HUB790.raise({ file, detail: e instanceof InputFileError ? e.detail : (e as Error).message }));
  }
  try {
    const v: unknown = JSON.parse(text);
    return isObject(v) ? { text, json: v } : { text };
  } catch (e) {
    throw new CheckInputError(codes.HUB790.raise({ file, detail: `not JSON: ${(e as Error).message}` }));
  }
}

/** The values of an ARM parameter file (Key Vault references are left out: their values are secrets the file does not hold). */
function parameterValues(file: string): Record<string, unknown> {
  const doc = readJson(file, INPUT_LIMITS.json).json;
  if (!doc || !isObject(doc.parameters)) throw new CheckInputError(codes.HUB791.notParameters({ file }));
  const out: Record<string, unknown> = {};
  for (const [name, entry] of Object.entries(doc.parameters)) {
    if (!isObject(entry)) throw new CheckInputError(codes.HUB791.notParameters({ file }));
    if ('value' in entry) out[name] = entry.value;
  }
  return out;
}

/** True when a value the portal form sends fits a parameter the template declares (HUB711 reports those that do not). */
function fitsDeclared(template: JsonObject, name: string, value: unknown): boolean {
  const params = isObject(template.parameters) ? template.parameters : {};
  const decl = Object.entries(params).find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1];
  if (!isObject(decl)) return false;
  const type = String(decl.type).toLowerCase();
  if (type === 'int') return typeof value === 'number' || (typeof value === 'string' && /^-?\d+$/.test(value));
  if (type === 'bool') return typeof value === 'boolean';
  return true;
}

/**
 * Checks a template (see the module doc).
 * @throws CheckInputError HUB790/HUB791 when a file given cannot be read or is not what it should be
 */
export function checkTemplate(options: CheckOptions): CheckReport {
  const templateFile = readJson(options.template, INPUT_LIMITS.buildFile);
  const template = templateFile.json;
  if (!template || !('resources' in template) || typeof template.$schema !== 'string') throw new CheckInputError(codes.HUB791.notTemplate({ file: options.template }));
  const uiFile = options.ui === undefined ? undefined : readJson(options.ui, INPUT_LIMITS.json);
  const ui = uiFile?.json;
  if (options.ui !== undefined && (!ui || !isObject(ui.parameters))) throw new CheckInputError(codes.HUB791.notForm({ file: options.ui }));
  const given = options.parameters === undefined ? {} : parameterValues(options.parameters);
  const defaults = ui ? portalDefaults(ui) : {};
  const fromForm = Object.fromEntries(
    Object.entries(defaults).filter(([k, v]) => fitsDeclared(template, k, v) && !Object.keys(given).some((g) => g.toLowerCase() === k.toLowerCase())),
  );
  const recorded = isObject(template.metadata) && typeof template.metadata.hubRelease === 'string' ? template.metadata.hubRelease : undefined;
  const release = (isPublicTemplate(template) ? publicTemplateVersion(options.template, template) : undefined) ?? recorded ?? '';
  const builds = fromTemplateText({ template: templateFile.text, ...(uiFile ? { ui: uiFile.text } : {}) }, release, { parameters: { ...fromForm, ...given } });
  const found = runCatalogue(
    { written: builds.written, deployed: builds.deployed, origins: builds.origins, parameters: given, ...(options.quick ? {} : { validateKql: validateKqlScripts }) },
    options.quick ? QUICK_ENTRIES : CATALOGUE,
  );
  return report(options, release, { given: Object.keys(given), portalDefaults: Object.keys(fromForm) }, found);
}

/** The report, with the built files' names replaced by the files given. */
function report(options: CheckOptions, release: string, evaluatedFor: CheckReport['evaluatedFor'], found: Diagnostic[]): CheckReport {
  const named = (file: string) => (file === 'createUiDefinition.json' && options.ui ? options.ui : file === 'azuredeploy.json' ? options.template : file);
  const diagnostics = found.map((d) => ({ ...d, file: named(d.file) }));
  return {
    template: options.template,
    ...(options.ui ? { ui: options.ui } : {}),
    ...(options.parameters ? { parameters: options.parameters } : {}),
    release,
    evaluatedFor,
    diagnostics,
    errors: diagnostics.filter((d) => d.severity === 'error').length,
    warnings: diagnostics.filter((d) => d.severity === 'warning').length,
  };
}
