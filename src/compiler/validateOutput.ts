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
import { ADF_FOLDERS } from '../model/dataFactoryKinds.js';
import { jsonLocator, pointerPath, type JsonLocator } from '../diagnostics/positions.js';
import type { AdfPositionLookup } from '../validators/adfReferences.js';
import { checkAdfNesting } from '../validators/adfNesting.js';
import { findResourcesByName } from '../expressions/arm/semantics.js';
import { ADF_RESOURCE_TYPE } from '../model/dataFactoryKinds.js';

/**
 * Positions for Data Factory diagnostics: in the object's standalone file when it was written, else in
 * the object's resource inside azuredeploy.json.
 */
export function adfPositions(result: CompileResult, template: any, templateAt: JsonLocator): AdfPositionLookup {
  const locators = new Map<string, JsonLocator>();
  return (kind, name, path) => {
    const file = `datafactory/${ADF_FOLDERS[kind]}/${name}.json`;
    const text = result.artifacts.get(file);
    if (text !== undefined) {
      let at = locators.get(file);
      if (!at) locators.set(file, (at = jsonLocator(text)));
      const start = at(path);
      if (start) return { file, start };
    }
    const resources = template.resources as unknown[];
    const [found] = findResourcesByName(resources, ADF_RESOURCE_TYPE[kind], name);
    const index = resources.indexOf(found);
    if (index < 0) return undefined;
    const start = templateAt(['resources', index, ...path]);
    return start ? { file: 'azuredeploy.json', start } : undefined;
  };
}

/** A diagnostic moved to the file and position a Data Factory position lookup found, if any. */
export function placed(d: Diagnostic, at: ReturnType<AdfPositionLookup>): Diagnostic {
  return at && !('line' in at) ? { ...d, file: at.file, ...(at.start ? { start: at.start } : {}) } : d;
}

/** Adds `start` to azuredeploy.json diagnostics whose path begins with a JSON pointer. */
export function positionTemplateDiagnostics(diagnostics: Diagnostic[], templateAt: JsonLocator): Diagnostic[] {
  return diagnostics.map((d) => {
    if (d.start || d.file !== 'azuredeploy.json' || !d.path?.startsWith('/')) return d;
    const start = templateAt(pointerPath(d.path.split(' ')[0]));
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
 * expression references (HUB323-HUB325) and activity nesting (HUB326), positioned in the written files.
 * @returns diagnostics (HUB3xx); none for a compile without a template
 */
export function validateOutput(result: CompileResult): Diagnostic[] {
  const out: Diagnostic[] = [];
  const templateText = result.artifacts.get('azuredeploy.json');
  if (!templateText || !result.model) return out;
  const template = JSON.parse(templateText);
  const objects = result.contributions.flatMap((c) => c.dataFactory ?? []);
  const templateAt = jsonLocator(templateText);
  out.push(...positionTemplateDiagnostics(checkArmReferences(template, 'azuredeploy.json'), templateAt));
  const factory = adfFactory(objects);
  const positions = adfPositions(result, template, templateAt);
  out.push(...checkAdfReferences(factory, 'azuredeploy.json', positions));
  for (const { jsonPath, pipeline, ...d } of checkAdfNesting(factory.pipelines, 'azuredeploy.json')) {
    const at = positions('pipeline', pipeline, jsonPath);
    out.push(placed(d, at));
  }
  return out;
}
