/**
 * Dataset checks:
 * - HUB205: the Hub and Ingestion databases need different names;
 * - HUB206: a built-in dataset listed twice;
 * - HUB207: an export dataset version the release does not support (spec, "Supported export dataset types
 *   and versions" and "Versioning");
 * - HUB212: a built-in dataset's `exportType` must be the export type that feeds it.
 */
import { BUILT_IN_DATASETS } from '../../modules/datasets/catalog.js';
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

export const datasetsCheck: Check = {
  codes: ['HUB206', 'HUB207', 'HUB212'],
  run(ctx) {
    if (!Array.isArray(ctx.data.datasets)) return;
    const seen = new Set<string>();
    (ctx.data.datasets as { name: string; exportType?: string; versions?: string[] }[]).forEach((d, i) => {
      if (!ctx.valid(['datasets', i, 'name'])) return;
      if (seen.has(d.name)) ctx.report('HUB206', ['datasets', i, 'name'], `dataset ${d.name} is listed twice`, 'List each dataset once.');
      seen.add(d.name);
      const builtIn = BUILT_IN_DATASETS.find((b) => b.name === d.name)!;
      if (ctx.valid(['datasets', i, 'exportType']) && d.exportType !== undefined && d.exportType !== builtIn.exportType) {
        ctx.report('HUB212', ['datasets', i, 'exportType'], `dataset ${d.name} is fed by ${builtIn.exportType} exports, not ${d.exportType}`, `Write exportType: ${builtIn.exportType}, or leave it out.`);
      }
      const supported = ctx.release.exportVersions[builtIn.exportType] ?? [];
      (d.versions ?? []).forEach((v, j) => {
        if (!ctx.valid(['datasets', i, 'versions', j]) || supported.includes(v)) return;
        ctx.report(
          'HUB207',
          ['datasets', i, 'versions', j],
          `${builtIn.exportType} version '${v}' is not supported by hub release ${ctx.release.version}`,
          supported.length ? `Supported versions: ${supported.join(', ')}.` : `Hub release ${ctx.release.version} does not ingest ${builtIn.exportType} exports.`,
        );
      });
    });
  },
};
