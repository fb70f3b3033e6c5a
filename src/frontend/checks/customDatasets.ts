/**
 * Custom dataset checks:
 * - HUB208: a custom dataset name collides with a built-in dataset or another custom dataset (names are
 *   case-insensitive in Data Explorer and in the `ingestion/{dataset}` folder convention of the spec);
 * - HUB209: a column declared twice, or one the hub adds itself (`x_Source*`, `x_IngestionTime`).
 */
import { codes } from '../../diagnostics/index.js';
import { BUILT_IN_DATASETS } from '../../model/datasets.js';
import type { Check } from './types.js';

export const customDatasetsCheck: Check = {
  codes: [codes.HUB208, codes.HUB209],
  run(ctx) {
    if (!Array.isArray(ctx.data.customDatasets)) return;
    const names = new Set<string>();
    (ctx.data.customDatasets as { name: string; columns: { name: string }[] }[]).forEach((c, i) => {
      if (ctx.valid(['customDatasets', i, 'name'])) {
        const lower = c.name.toLowerCase();
        const builtIn = BUILT_IN_DATASETS.find((b) => b.name.toLowerCase() === lower);
        if (builtIn) {
          ctx.report(codes.HUB208.builtIn({ name: c.name, builtIn: builtIn.name }), ['customDatasets', i, 'name']);
        } else if (names.has(lower)) {
          ctx.report(codes.HUB208.twice({ name: c.name }), ['customDatasets', i, 'name']);
        }
        names.add(lower);
      }
      if (c === null || typeof c !== 'object' || !Array.isArray(c.columns)) return;
      const cols = new Set<string>();
      c.columns.forEach((col, j) => {
        const path = ['customDatasets', i, 'columns', j, 'name'];
        if (!ctx.valid(path)) return;
        const key = col.name.toLowerCase();
        if (cols.has(key)) ctx.report(codes.HUB209.twice({ column: col.name, dataset: c.name }), path);
        if (/^x_(Source(Name|Provider|Type|Version|Changes)|IngestionTime)$/i.test(col.name)) {
          ctx.report(codes.HUB209.hubColumn({ column: col.name }), path);
        }
        cols.add(key);
      });
    });
  },
};
