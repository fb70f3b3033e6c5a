/**
 * `hubc check` as a library: the catalogue of deploy-time and run-time failures (src/catalogue/) over any hub
 * template, a public release's (0.1.1 to 14.0 and on), one hubc wrote, or one written by hand, with its
 * portal form and a parameter file when given. The template is read as written and evaluated for one
 * deployment through the loader `hubc diff` uses (src/public: nested deployments flattened, conditions
 * evaluated for the parameters given, else for the portal form's defaults, else for the template's); every
 * other parameter value the template accepts is still judged where a check looks at possible values.
 * Findings name the files given, at their line and column.
 */
import { fromFiles, fromTemplateText, TEMPLATE_FILE, UI_DEFINITION_FILE, type Build, type TemplateView } from '../build/index.js';
import { CATALOGUE, portalDefaults, QUICK_ENTRIES, runCatalogue } from '../catalogue/index.js';
import { HubcError, type Diagnostic } from '../diagnostics/diagnostic.js';
import { codes } from '../diagnostics/index.js';
import { isPublicTemplate, publicTemplateVersion } from '../public/index.js';
import { INPUT_LIMITS, InputFileError, readInputFile } from '../util/inputFiles.js';
import { isObject, type JsonObject } from '../util/json.js';
import { validateKqlScripts } from '../validators/kql.js';
import type { CheckOptions, CheckReport } from './types.js';

export type { CheckOptions, CheckReport } from './types.js';

/** A file `hubc check` cannot use: HUB790 (unreadable, not JSON) or HUB791 (not what the option takes). */
export class CheckInputError extends HubcError {}

/** The text of a file given to the command. */
function readText(file: string, maxBytes: number): string {
  try {
    return readInputFile(file, { maxBytes });
  } catch (e) {
    throw new CheckInputError(codes.HUB790.raise({ file, detail: e instanceof InputFileError ? e.detail : (e as Error).message }));
  }
}

/** The JSON object a file of `build` holds (undefined when it holds another JSON value); HUB790 naming the file as given when it is not JSON. */
function jsonOf(build: Build, file: string, given: string): JsonObject | undefined {
  const bad = build.invalidJson().find((x) => x.file === file);
  if (bad) throw new CheckInputError(codes.HUB790.raise({ file: given, detail: `not JSON: ${bad.detail}` }));
  const v = build.json(file);
  return isObject(v) ? v : undefined;
}

/** The values of an ARM parameter file (Key Vault references are left out: their values are secrets the file does not hold). */
function parameterValues(file: string): Record<string, unknown> {
  const text = readText(file, INPUT_LIMITS.json);
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    throw new CheckInputError(codes.HUB790.raise({ file, detail: `not JSON: ${(e as Error).message}` }));
  }
  if (!isObject(doc) || !isObject(doc.parameters)) throw new CheckInputError(codes.HUB791.notParameters({ file }));
  const out: Record<string, unknown> = {};
  for (const [name, entry] of Object.entries(doc.parameters)) {
    if (!isObject(entry)) throw new CheckInputError(codes.HUB791.notParameters({ file }));
    if ('value' in entry) out[name] = entry.value;
  }
  return out;
}

/** True when a value the portal form sends fits a parameter the template declares (HUB711 reports those that do not). */
function fitsDeclared(template: TemplateView, name: string, value: unknown): boolean {
  const decl = template.parameter(name);
  if (!decl) return false;
  const type = decl.type.toLowerCase();
  if (type === 'int') return typeof value === 'number' || (typeof value === 'string' && /^-?\d+$/.test(value));
  if (type === 'bool') return typeof value === 'boolean';
  return true;
}

/**
 * Checks a template (see the module doc).
 * @throws CheckInputError HUB790/HUB791 when a file given cannot be read or is not what it should be
 */
export function checkTemplate(options: CheckOptions): CheckReport {
  const texts = { template: readText(options.template, INPUT_LIMITS.buildFile), ...(options.ui === undefined ? {} : { ui: readText(options.ui, INPUT_LIMITS.json) }) };
  const files = new Map([[TEMPLATE_FILE, texts.template]]);
  if (texts.ui !== undefined) files.set(UI_DEFINITION_FILE, texts.ui);
  // The files as written, to see what they are; the release they are of is known from them.
  const written = fromFiles({ release: '', source: 'folder', files });
  const template = jsonOf(written, TEMPLATE_FILE, options.template);
  if (!template || !('resources' in template) || typeof template.$schema !== 'string') throw new CheckInputError(codes.HUB791.notTemplate({ file: options.template }));
  const ui = options.ui === undefined ? undefined : jsonOf(written, UI_DEFINITION_FILE, options.ui);
  if (options.ui !== undefined && (!ui || !isObject(ui.parameters))) throw new CheckInputError(codes.HUB791.notForm({ file: options.ui }));
  const given = options.parameters === undefined ? {} : parameterValues(options.parameters);
  const defaults = ui ? portalDefaults(ui) : {};
  const fromForm = Object.fromEntries(
    Object.entries(defaults).filter(([k, v]) => fitsDeclared(written.template, k, v) && !Object.keys(given).some((g) => g.toLowerCase() === k.toLowerCase())),
  );
  const recorded = written.template.metadata.hubRelease;
  const release = (isPublicTemplate(template) ? publicTemplateVersion(options.template, template) : undefined) ?? (typeof recorded === 'string' ? recorded : undefined) ?? '';
  const builds = fromTemplateText(texts, release, { parameters: { ...fromForm, ...given } });
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

/**
 * The SARIF 2.1.0 log of a report (./sarif.ts, loaded only when asked for: it carries lint's SARIF writer).
 * @returns the log (SARIF's own types, `@types/sarif`)
 */
export async function checkSarifLog(report: CheckReport): Promise<import('sarif').Log> {
  const { checkSarif } = await import('./sarif.js');
  return checkSarif(report);
}
