/**
 * Test helpers for the failure catalogue (src/catalogue/): a template (and portal form) written in a test,
 * read as `hubc check` reads one (as written, and evaluated for one deployment), and the findings of some
 * entries over it.
 */
import { fromTemplateText } from '../../src/build/index.js';
import { CATALOGUE, runCatalogue, type CatalogueEntry, type CatalogueInput } from '../../src/catalogue/index.js';
import type { Diagnostic } from '../../src/diagnostics/diagnostic.js';

/** A minimal template around some resources (and parameters, variables). */
export function template(parts: { parameters?: object; variables?: object; resources: unknown[] | object; outputs?: object }): object {
  return { $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#', contentVersion: '1.0.0.0', parameters: {}, variables: {}, ...parts };
}

/** The findings of the entries named (all when none is named) over a template, its portal form and the parameter values given. */
export function findings(
  t: object,
  options: { ui?: object; parameters?: Record<string, unknown>; entries?: string[]; validateKql?: CatalogueInput['validateKql'] } = {},
): Diagnostic[] {
  const builds = fromTemplateText({ template: JSON.stringify(t, null, 2), ...(options.ui ? { ui: JSON.stringify(options.ui, null, 2) } : {}) }, '', {
    parameters: options.parameters ?? {},
  });
  const entries: readonly CatalogueEntry[] = options.entries ? CATALOGUE.filter((e) => options.entries!.includes(e.name)) : CATALOGUE.filter((e) => !e.slow);
  return runCatalogue(
    {
      written: builds.written,
      deployed: builds.deployed,
      origins: builds.origins,
      parameters: options.parameters ?? {},
      ...(options.validateKql ? { validateKql: options.validateKql } : {}),
    },
    entries,
  );
}

/** Code and message of each finding, for compact assertions. */
export const summary = (d: readonly Diagnostic[]) => d.map((x) => `${x.code} ${x.message}`);
