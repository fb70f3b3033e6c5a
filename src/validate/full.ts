/**
 * Full output validation: the quick reference checks of every build (src/compiler/validateOutput.ts) plus
 * the validators someone else wrote: the official ARM JSON schemas (ajv), the Data Factory SDK's models and
 * the Kusto language service. Each validator is a function of its own input, so `hubc validate` can cache
 * and parallelise them (./cached.ts); this module runs them in-process, one after another (the tests).
 */
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { CompileResult } from '../compiler/index.js';
import type { AdfObject } from '../modules/types.js';
import { toPlainJson } from '../model/json.js';
import { checkOutput } from '../compiler/index.js';
import { kqlScriptsForValidation } from './kqlScripts.js';
import { adfPositions, fromCompile, placed, positionTemplateDiagnostics, TEMPLATE_FILE } from '../build/index.js';
import { loadArmSchemaValidator, armSchemaDiagnostics, type ArmResourceIssueMemo } from '../validators/armSchema.js';
import { checkAdfObject, adfModelDiagnostics, type AdfModelIssue } from '../validators/adfModel.js';
import { validateKqlScripts, type KqlBlockStore } from '../validators/kql.js';

/** Options of {@link validateOutputFull}. */
export interface FullValidationOptions {
  /** Folder with the official ARM schemas; default: found by `locateArmSchemas` (validators/armSchema/locate.ts). */
  schemasDir?: string;
}

/** `properties.activities[3].typeProperties.items` -> `['properties', 'activities', 3, 'typeProperties', 'items']` */
export function modelPath(path: string): (string | number)[] {
  return [...path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)].map((m) => (m[2] !== undefined ? Number(m[2]) : m[1]));
}

/** Pairs each model-check issue with its diagnostic. */
function withIssues(kind: AdfObject['kind'], name: string, file: string, issues: AdfModelIssue[]): [Diagnostic, AdfModelIssue][] {
  const diagnostics = adfModelDiagnostics(kind, name, file, issues);
  return issues.map((issue, i) => [diagnostics[i], issue]);
}

/**
 * Loads (or reuses) the ARM schema validator of a folder; see `loadArmSchemaValidator`.
 * @throws EnvironmentError HUB003 when the schemas cannot be found or loaded
 */
export function loadArmSchemas(schemasDir?: string): void {
  loadArmSchemaValidator(schemasDir);
}

/**
 * The template against the official ARM JSON schemas (HUB301-HUB303), positioned in azuredeploy.json.
 * @param memo per-resource store of schema issues (the on-disk cache), see `ArmResourceIssueMemo`
 * @throws EnvironmentError when the schemas cannot be found
 */
export function armSchemaFindings(result: CompileResult, schemasDir?: string, memo?: ArmResourceIssueMemo): Diagnostic[] {
  if (!result.artifacts.has(TEMPLATE_FILE)) return [];
  const build = fromCompile(result);
  const issues = loadArmSchemaValidator(schemasDir).validateTemplate(build.template.json, memo);
  return positionTemplateDiagnostics(armSchemaDiagnostics(issues, TEMPLATE_FILE), build);
}

/**
 * Every Data Factory object against the Data Factory SDK's models (HUB305-HUB307): the objects as the
 * template embeds them (positioned in their standalone file, or their resource in azuredeploy.json), then
 * the standalone files as written (folded with the defaults).
 */
export function adfModelFindings(result: CompileResult): Diagnostic[] {
  const out: Diagnostic[] = [];
  if (!result.artifacts.has(TEMPLATE_FILE)) return out;
  const build = fromCompile(result);
  const positions = adfPositions(build);
  for (const o of result.contributions.flatMap((c) => c.dataFactory ?? [])) {
    const wire = { name: o.name, properties: toPlainJson<any>(o.properties) };
    for (const [d, issue] of withIssues(o.kind, o.name, TEMPLATE_FILE, checkAdfObject(o.kind, wire, { armExpressions: true }))) {
      out.push(placed(d, positions(o.kind, o.name, modelPath(issue.path))));
    }
  }
  for (const w of build.factory.written) {
    for (const [d, issue] of withIssues(w.kind, w.name, w.file, checkAdfObject(w.kind, w.json as { name: string; properties: unknown }, { armExpressions: true }))) {
      const start = build.locate(w.file, modelPath(issue.path));
      out.push(start ? { ...d, start } : d);
    }
  }
  return out;
}

/**
 * The KQL scripts with the Kusto language service and hubc's schema checks (HUB310-HUB314).
 * @param blockStore extra store of command outcomes (the on-disk cache), see `KqlValidationOptions`
 * @throws KustoLoadError when the language service cannot be loaded
 */
export function kqlFindings(result: CompileResult, blockStore?: KqlBlockStore): Diagnostic[] {
  if (!result.model) return [];
  const scripts = kqlScriptsForValidation(result);
  return scripts.length ? validateKqlScripts(scripts, blockStore ? { blockStore } : {}).diagnostics : [];
}

/**
 * Validates a successful compile with every validator, in-process and uncached.
 * @returns diagnostics (HUB3xx): the quick checks, then ARM schema, Data Factory model and KQL findings
 * @throws EnvironmentError when the ARM schemas cannot be found; KustoLoadError when the Kusto language
 *   service cannot be loaded
 */
export function validateOutputFull(result: CompileResult, options: FullValidationOptions = {}): Diagnostic[] {
  if (!result.artifacts.has(TEMPLATE_FILE) || !result.model) return [];
  return [...checkOutput(result), ...armSchemaFindings(result, options.schemasDir), ...adfModelFindings(result), ...kqlFindings(result)];
}
