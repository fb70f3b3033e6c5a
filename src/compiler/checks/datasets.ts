/**
 * Dataset checks:
 * - HUB205: the Hub and Ingestion databases need different names;
 * - HUB206: a built-in dataset listed twice;
 * - HUB207: an export dataset version the release does not support (spec, "Supported export dataset types
 *   and versions" and "Versioning");
 * - HUB212: a built-in dataset's `exportType` must be the export type that feeds it.
 */
import { BUILT_IN_DATASETS } from '../../modules/datasets/catalog.js';
import { getRelease, RELEASE_VERSIONS, type Release } from '../releases.js';
import type { Check } from './types.js';

export const databaseNamesCheck: Check = {
  codes: ['HUB205'],
  run(ctx) {
    const hub = ['dataExplorer', 'databases', 'hub'];
    const ingestion = ['dataExplorer', 'databases', 'ingestion'];
    if (!ctx.valid(hub) || !ctx.valid(ingestion)) return;
    const d = ctx.data.dataExplorer.databases;
    if (d.ingestion === d.hub) ctx.report('HUB205', hub, 'the Hub and Ingestion databases must have different names', 'Keep the defaults Ingestion and Hub.');
  },
};

/** True when a `datasets` list is the default of a release: every dataset it converts, with all its versions, in catalog order. */
function isDefaultList(list: { name: string; versions?: string[] }[], release: Release): boolean {
  const expected = BUILT_IN_DATASETS.filter((b) => release.exportVersions[b.exportType]).map((b) => ({ name: b.name, versions: [...release.exportVersions[b.exportType]!] }));
  return JSON.stringify(list.map((d) => ({ name: d.name, versions: d.versions ?? expected.find((e) => e.name === d.name)?.versions }))) === JSON.stringify(expected);
}

export const datasetsCheck: Check = {
  codes: ['HUB206', 'HUB207', 'HUB212', 'HUB220', 'HUB221'],
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
      if (seen.has(d.name)) ctx.report('HUB206', ['datasets', i, 'name'], `dataset ${d.name} is listed twice`, 'List each dataset once.');
      seen.add(d.name);
      const builtIn = BUILT_IN_DATASETS.find((b) => b.name === d.name)!;
      if (ctx.valid(['datasets', i, 'exportType']) && d.exportType !== undefined && d.exportType !== builtIn.exportType) {
        ctx.report('HUB212', ['datasets', i, 'exportType'], `dataset ${d.name} is fed by ${builtIn.exportType} exports, not ${d.exportType}`, `Write exportType: ${builtIn.exportType}, or leave it out.`);
      }
      const supported = ctx.release.exportVersions[builtIn.exportType];
      if (!supported) {
        if (asDefault) lacking.push(d.name);
        else ctx.report('HUB220', ['datasets', i, 'name'], `hub release ${ctx.release.version} does not ingest ${builtIn.exportType} exports (dataset ${d.name})`, firstWith(builtIn.exportType));
        return;
      }
      // versions may hold a schema error (not a list); its items are checked only where the schema found them valid.
      (Array.isArray(d.versions) ? d.versions : []).forEach((v, j) => {
        if (!ctx.valid(['datasets', i, 'versions', j]) || supported.includes(v)) return;
        if (asDefault) lacking.push(`${builtIn.exportType} ${v}`);
        else
          ctx.report(
            'HUB207',
            ['datasets', i, 'versions', j],
            `${builtIn.exportType} version '${v}' is not supported by hub release ${ctx.release.version}`,
            `Supported versions: ${supported.join(', ')}.`,
          );
      });
    });
    if (lacking.length) {
      ctx.report(
        'HUB221',
        ['datasets'],
        `datasets: hub release ${ctx.release.version} does not ingest ${lacking.join(', ')}; they are left out (the list is the ${ctx.fileRelease.version} default)`,
        `Leave datasets out to take the defaults of each release, or list only what ${ctx.release.version} ingests.`,
        { key: true, severity: 'warning' },
      );
    }
  },
};

/** Hint naming the first release that ingests an export type. */
function firstWith(type: string): string {
  const first = RELEASE_VERSIONS.find((v) => getRelease(v).exportVersions[type as keyof Release['exportVersions']]);
  return first ? `The first release that ingests ${type} exports is ${first}.` : 'Remove this dataset.';
}
