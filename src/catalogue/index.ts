/**
 * The catalogue of deploy-time and run-time failures (issue #33): each entry is a failure class that ARM,
 * Data Factory, the portal or Data Explorer reports only when a deployment or a pipeline run fails, with its
 * codes, what Azure does, the Azure doc that states the rule and the public issues where users met it.
 * `hubc build` holds its own output to the quick entries (src/compiler/validateOutput.ts); `hubc check`
 * runs every entry on any hub template; `hubc diff` and `hubc upgrade-plan` compare role assignment names
 * of two builds (./roles.ts). docs/checks.md lists the entries (generated table: `npm run docs`).
 */
import { sortDiagnostics, type Diagnostic } from '../diagnostics/diagnostic.js';
import { checkContext, type CatalogueInput } from './context.js';
import { factoryReferences, forEachBatchCount, loopTimeouts, triggerStartTime, triggerTimeZone } from './dataFactory.js';
import { formReferences, outputAllowedValues, outputParameters, outputTypes, regexRejectsDefault, requiredParameters } from './portalForm.js';
import { expressionLengths, resourceSize, templateCounts, templateSize } from './limits.js';
import { releaseDownloads } from './downloads.js';
import { scriptContent, scriptOrder } from './kusto.js';
import type { CatalogueEntry, CatalogueFinding } from './types.js';

export type { CatalogueInput } from './context.js';
export type { CatalogueEntry } from './types.js';

/** Every entry, in code order. */
export const CATALOGUE: readonly CatalogueEntry[] = [
  triggerTimeZone,
  triggerStartTime,
  forEachBatchCount,
  loopTimeouts,
  factoryReferences,
  outputParameters,
  outputTypes,
  outputAllowedValues,
  formReferences,
  regexRejectsDefault,
  requiredParameters,
  templateSize,
  resourceSize,
  templateCounts,
  expressionLengths,
  releaseDownloads,
  scriptOrder,
  scriptContent,
];

/** The entries `hubc build` runs on its own output: all but the slow ones and those that repeat its quick output checks. */
export const BUILD_ENTRIES: readonly CatalogueEntry[] = CATALOGUE.filter((e) => !e.slow && !e.wrapsBuildChecks);

/** The entries that do not need the Kusto language service (`hubc check --quick`). */
export const QUICK_ENTRIES: readonly CatalogueEntry[] = CATALOGUE.filter((e) => !e.slow);

/**
 * Runs catalogue entries over a template.
 * @param entries which entries (default: every one)
 * @returns their findings as diagnostics placed in the written files (line and column when found), sorted
 */
export function runCatalogue(input: CatalogueInput, entries: readonly CatalogueEntry[] = CATALOGUE): Diagnostic[] {
  const ctx = checkContext(input);
  const out: Diagnostic[] = [];
  const seen = new Set<string>();
  for (const entry of entries) {
    for (const f of entry.check(ctx)) {
      const d = toDiagnostic(f, input);
      const key = `${d.code}|${d.file}|${d.start?.line}:${d.start?.col}|${d.message}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(d);
    }
  }
  return sortDiagnostics(out);
}

function toDiagnostic(f: CatalogueFinding, input: CatalogueInput): Diagnostic {
  if ('diagnostic' in f) return f.diagnostic;
  const start = input.written.locate(f.at.file, f.at.path);
  return { ...f.raised, file: f.at.file, ...(start ? { start } : {}), ...(f.where ? { path: f.where } : {}) };
}
export { portalDefaults } from './portalForm.js';
export { templateSizes, type TemplateSizes } from './limits.js';
export { roleAssignmentRenames, renamedRoleAssignments, roleAssignments } from './roles.js';
