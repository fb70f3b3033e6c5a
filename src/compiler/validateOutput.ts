/**
 * Output validation: checks the compiled artifacts with validators someone else wrote (official ARM
 * JSON schemas, the Data Factory SDK's models, the Kusto language service) and with hubc's own
 * expression parsers (references between parameters, variables, activities, datasets, pipelines).
 *
 * `quick` runs the cheap reference checks (done on every build); `full` adds the schema, SDK and KQL
 * validators (done by `hubc validate` and the tests).
 */
import type { Diagnostic } from './diagnostics.js';
import type { CompileResult } from './compile.js';
import type { AdfObject } from '../modules/types.js';
import { toPlainJson } from './json.js';
import { checkArmReferences } from '../validators/armReferences.js';
import { checkAdfReferences } from '../validators/adfReferences.js';
import { loadArmSchemaValidator, armSchemaDiagnostics } from '../validators/armSchema.js';
import { checkAdfObject, adfModelDiagnostics } from '../validators/adfModel.js';
import { validateKqlScripts } from '../validators/kql.js';
import { ADF_FOLDERS } from '../emitters/dataFactory/standalone.js';

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
 * Validates a successful compile.
 * @param level `quick` (reference checks) or `full` (every validator)
 * @returns diagnostics (HUB3xx)
 */
export function validateOutput(result: CompileResult, level: 'quick' | 'full'): Diagnostic[] {
  const out: Diagnostic[] = [];
  const templateText = result.artifacts.get('azuredeploy.json');
  if (!templateText || !result.model) return out;
  const template = JSON.parse(templateText);
  const objects = result.contributions.flatMap((c) => c.dataFactory ?? []);
  out.push(...checkArmReferences(template, 'azuredeploy.json'));
  out.push(...checkAdfReferences(adfFactory(objects), 'azuredeploy.json'));
  if (level === 'quick') return out;

  out.push(...armSchemaDiagnostics(loadArmSchemaValidator().validateTemplate(template), 'azuredeploy.json'));
  for (const o of objects) {
    const wire = { name: o.name, properties: toPlainJson<any>(o.properties) };
    out.push(...adfModelDiagnostics(o.kind, o.name, 'azuredeploy.json', checkAdfObject(o.kind, wire, { armExpressions: true })));
  }
  for (const [path, text] of result.artifacts) {
    const m = /^datafactory\/(\w+)\/(.+)\.json$/.exec(path);
    if (!m) continue;
    const kind = (Object.keys(ADF_FOLDERS) as AdfObject['kind'][]).find((k) => ADF_FOLDERS[k] === m[1])!;
    out.push(...adfModelDiagnostics(kind, m[2], path, checkAdfObject(kind, JSON.parse(text), { armExpressions: true })));
  }
  const scripts = kqlScriptsForValidation(result);
  if (scripts.length) out.push(...validateKqlScripts(scripts).diagnostics);
  return out;
}
