/**
 * The quick output checks every build runs: hubc's own expression parsers over the compiled artifacts
 * (references between parameters, variables, activities, datasets, pipelines, and the nesting rules of
 * Data Factory activities). The full validation with validators someone else wrote (official ARM JSON
 * schemas, the Data Factory SDK's models, the Kusto language service) is in `src/validate/`, loaded only by
 * the commands that run it.
 */
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { CompileResult } from './compile.js';
import type { AdfObject } from '../modules/types.js';
import { toPlainJson } from '../model/json.js';
import { checkArmReferences } from '../validators/armReferences.js';
import { checkAdfReferences } from '../validators/adfReferences.js';
import { pointerPath } from '../diagnostics/positions.js';
import type { AdfPositionLookup } from '../validators/adfReferences.js';
import { checkAdfNesting } from '../validators/adfNesting.js';
import { adfObjectFile } from '../model/dataFactoryKinds.js';
import { fromCompile, TEMPLATE_FILE, type Build } from '../build/index.js';
import { BUILD_ENTRIES, runCatalogue } from '../catalogue/index.js';

/**
 * Positions for Data Factory diagnostics (`path` inside the `{ name, properties }` object): in the object's
 * standalone file when the build has it, else in the object's resource inside azuredeploy.json.
 */
export function adfPositions(build: Build): AdfPositionLookup {
  return (kind, name, path) => {
    const file = adfObjectFile(kind, name);
    const start = build.files.has(file) ? build.locate(file, path) : undefined;
    if (start) return { file, start };
    const found = build.factory.objects.find((o) => o.kind === kind && o.name === name);
    const at = found && build.locate(TEMPLATE_FILE, [...found.resource.path, ...path]);
    return at ? { file: TEMPLATE_FILE, start: at } : undefined;
  };
}

/** A diagnostic moved to the file and position a Data Factory position lookup found, if any. */
export function placed(d: Diagnostic, at: ReturnType<AdfPositionLookup>): Diagnostic {
  return at && !('line' in at) ? { ...d, file: at.file, ...(at.start ? { start: at.start } : {}) } : d;
}

/** Adds `start` to azuredeploy.json diagnostics whose path begins with a JSON pointer. */
export function positionTemplateDiagnostics(diagnostics: Diagnostic[], build: Build): Diagnostic[] {
  return diagnostics.map((d) => {
    if (d.start || d.file !== TEMPLATE_FILE || !d.path?.startsWith('/')) return d;
    const start = build.locate(TEMPLATE_FILE, pointerPath(d.path.split(' ')[0]));
    return start ? { ...d, start } : d;
  });
}

/** Data Factory objects of a compile in wire form, grouped as the reference checker wants them. */
export function adfFactory(objects: readonly AdfObject[]) {
  const wire = (kind: AdfObject['kind']) => objects.filter((o) => o.kind === kind).map((o) => ({ name: o.name, properties: toPlainJson<any>(o.properties) }));
  return { pipelines: wire('pipeline'), triggers: wire('trigger'), datasets: wire('dataset'), linkedServices: wire('linkedService') };
}

/** KQL scripts of a compile with placeholders replaced by their validation values, in deployment order. */
export function kqlScriptsForValidation(result: CompileResult) {
  const model = result.model!;
  return result.contributions
    .flatMap((c) => c.kqlScripts ?? [])
    .map((s) => {
      let text = s.text;
      for (const [placeholder, sub] of Object.entries(s.placeholders ?? {})) text = text.split(placeholder).join(sub.validationValue);
      return { file: s.file, database: model.dataExplorer.databases[s.database], text };
    });
}

/**
 * The quick checks of a successful compile: ARM expression references (HUB320-HUB322, HUB304), Data Factory
 * expression references (HUB323-HUB325), activity nesting (HUB326) and the catalogue of deploy-time and
 * run-time failures but its slow entries (HUB7xx, src/catalogue/), positioned in the written files.
 * @returns diagnostics (HUB3xx); none for a compile without a template
 */
export function validateOutput(result: CompileResult): Diagnostic[] {
  const out: Diagnostic[] = [];
  if (!result.artifacts.has(TEMPLATE_FILE) || !result.model) return out;
  const build = fromCompile(result);
  out.push(...positionTemplateDiagnostics(checkArmReferences(build.template.json, TEMPLATE_FILE), build));
  const factory = adfFactory(result.contributions.flatMap((c) => c.dataFactory ?? []));
  const positions = adfPositions(build);
  out.push(...checkAdfReferences(factory, TEMPLATE_FILE, positions));
  for (const { jsonPath, pipeline, ...d } of checkAdfNesting(factory.pipelines, TEMPLATE_FILE)) {
    const at = positions('pipeline', pipeline, jsonPath);
    out.push(placed(d, at));
  }
  // The deploy-time and run-time failure classes (HUB7xx, src/catalogue): a build that would fail there is not written.
  out.push(...runCatalogue({ written: build }, BUILD_ENTRIES));
  return out;
}
