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
import { checkAdfNesting } from '../validators/adfNesting.js';
import { adfPositions, fromCompile, placed, positionTemplateDiagnostics, TEMPLATE_FILE } from '../build/index.js';
import { BUILD_ENTRIES, runCatalogue } from '../catalogue/index.js';

/** Data Factory objects of a compile in wire form, grouped as the reference checker wants them. */
export function adfFactory(objects: readonly AdfObject[]) {
  const wire = (kind: AdfObject['kind']) => objects.filter((o) => o.kind === kind).map((o) => ({ name: o.name, properties: toPlainJson<any>(o.properties) }));
  return { pipelines: wire('pipeline'), triggers: wire('trigger'), datasets: wire('dataset'), linkedServices: wire('linkedService') };
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
