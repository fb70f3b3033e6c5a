/**
 * Dataset checks:
 * - HUB205: the Hub and Ingestion databases need different names;
 * - HUB206: a built-in dataset listed twice;
 * - HUB207: an export dataset version the release does not support (spec, "Supported export dataset types
 *   and versions" and "Versioning");
 * - HUB212: a built-in dataset's `exportType` must be the export type that feeds it.
 */
import { isDeepStrictEqual } from 'node:util';
import { codes } from '../../diagnostics/index.js';
import { BUILT_IN_DATASETS } from '../../model/datasets.js';
import { getRelease, RELEASE_VERSIONS, type Release } from '../../model/releases.js';
import type { Check } from './types.js';
import { releaseDatasets } from './fieldDefaults.js';

export const databaseNamesCheck: Check = {
  codes: [codes.HUB205],
  run(ctx) {
    const hub = ['dataExplorer', 'databases', 'hub'];
    const ingestion = ['dataExplorer', 'databases', 'ingestion'];
    if (!ctx.valid(hub) || !ctx.valid(ingestion)) return;
    const d = ctx.data.dataExplorer.databases;
    if (d.ingestion === d.hub) ctx.report(codes.HUB205.raise(), hub);
  },
};

/** True when a `datasets` list is the default of a release: every dataset it converts, with all its versions, in catalog order. */
function isDefaultList(list: { name: string; versions?: string[] }[], release: Release): boolean {
  const expected = releaseDatasets(release).map((d) => ({ name: d.name, versions: d.versions }));
  const given = list.map((d) => ({ name: d.name, versions: d.versions ?? expected.find((e) => e.name === d.name)?.versions }));
  return isDeepStrictEqual(given, expected);
}

export const datasetsCheck: Check = {
  codes: [codes.HUB206, codes.HUB207, codes.HUB212, codes.HUB220, codes.HUB221],
  run(ctx) {
    if (!Array.isArray(ctx.data.datasets)) return;
    const list = ctx.data.datasets as { name: string; exportType?: string; versions?: string[] }[];
    // A list that is the default of the release hub.yaml names (a file written for 0.7 built for 0.4) only
    // warns about what the release being built lacks.
    const asDefault = ctx.written(['datasets']) && ctx.valid(['datasets']) && isDefaultList(list, ctx.fileRelease);
    const lacking: string[] = [];
    const seen = new Set<string>();
    list.forEach((d, i) => {
      if (!ctx.valid(['datasets', i, 'name'])) return;
      if (seen.has(d.name)) ctx.report(codes.HUB206.raise({ name: d.name }), ['datasets', i, 'name']);
      seen.add(d.name);
      const builtIn = BUILT_IN_DATASETS.find((b) => b.name === d.name)!;
      if (ctx.valid(['datasets', i, 'exportType']) && d.exportType !== undefined && d.exportType !== builtIn.exportType) {
        ctx.report(codes.HUB212.raise({ name: d.name, expected: builtIn.exportType, actual: d.exportType }), ['datasets', i, 'exportType']);
      }
      const supported = ctx.release.exportVersions[builtIn.exportType];
      if (!supported) {
        if (asDefault) lacking.push(d.name);
        else
          ctx.report(codes.HUB220.exportType({ release: ctx.release.version, exportType: builtIn.exportType, dataset: d.name, hint: firstWith(builtIn.exportType) }), [
            'datasets',
            i,
            'name',
          ]);
        return;
      }
      // versions may hold a schema error (not a list); its items are checked only where the schema found them valid.
      (Array.isArray(d.versions) ? d.versions : []).forEach((v, j) => {
        if (!ctx.valid(['datasets', i, 'versions', j]) || supported.includes(v)) return;
        if (asDefault) lacking.push(`${builtIn.exportType} ${v}`);
        else ctx.report(codes.HUB207.raise({ exportType: builtIn.exportType, version: v, release: ctx.release.version, supported }), ['datasets', i, 'versions', j]);
      });
    });
    if (lacking.length) {
      ctx.report(codes.HUB221.datasets({ release: ctx.release.version, lacking, fileRelease: ctx.fileRelease.version }), ['datasets'], { key: true });
    }
  },
};

/** Hint naming the first release that ingests an export type. */
function firstWith(type: string): string {
  const first = RELEASE_VERSIONS.find((v) => getRelease(v).exportVersions[type as keyof Release['exportVersions']]);
  return first ? `The first release that ingests ${type} exports is ${first}.` : 'Remove this dataset.';
}
