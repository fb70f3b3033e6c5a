/**
 * Custom dataset checks:
 * - HUB208: a custom dataset name collides with a built-in dataset or another custom dataset (names are
 *   case-insensitive in Data Explorer and in the `ingestion/{dataset}` folder convention of the spec);
 * - HUB209: a column declared twice, or one the hub adds itself (`x_Source*`, `x_IngestionTime`).
 */
import { BUILT_IN_DATASETS } from '../../modules/datasets/catalog.js';
import type { Check } from './types.js';

export const customDatasetsCheck: Check = {
  codes: ['HUB208', 'HUB209'],
  run(ctx) {
    if (!Array.isArray(ctx.data.customDatasets)) return;
    const names = new Set<string>();
    (ctx.data.customDatasets as { name: string; columns: { name: string }[] }[]).forEach((c, i) => {
      if (ctx.valid(['customDatasets', i, 'name'])) {
        const lower = c.name.toLowerCase();
        const builtIn = BUILT_IN_DATASETS.find((b) => b.name.toLowerCase() === lower);
        if (builtIn) {
          ctx.report('HUB208', ['customDatasets', i, 'name'], `custom dataset '${c.name}' collides with the built-in dataset ${builtIn.name}`, 'Choose another name; built-in datasets are configured under datasets.');
        } else if (names.has(lower)) {
          ctx.report('HUB208', ['customDatasets', i, 'name'], `custom dataset '${c.name}' is declared twice`, 'Give each custom dataset its own name.');
        }
        names.add(lower);
      }
      if (c === null || typeof c !== 'object' || !Array.isArray(c.columns)) return;
      const cols = new Set<string>();
      c.columns.forEach((col, j) => {
        const path = ['customDatasets', i, 'columns', j, 'name'];
        if (!ctx.valid(path)) return;
        const key = col.name.toLowerCase();
        if (cols.has(key)) ctx.report('HUB209', path, `column '${col.name}' is declared twice in ${c.name}`, 'Column names are case-insensitive in Data Explorer; rename one.');
        if (/^x_(Source(Name|Provider|Type|Version|Changes)|IngestionTime)$/i.test(col.name)) {
          ctx.report('HUB209', path, `column '${col.name}' is added by the hub itself`, 'Remove it; the transform adds x_Source* and x_IngestionTime columns.');
        }
        cols.add(key);
      });
    });
  },
};
