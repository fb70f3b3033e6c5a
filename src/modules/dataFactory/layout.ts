/**
 * The ingestion folder layout of a release (release table `ingestionLayout`), as Data Factory expressions:
 * where the conversion pipelines write converted files, what they name them, and whether a new ingestion
 * removes the files of earlier ingestions of the same folder. Folders never start with `/` and never hold
 * `//`.
 *
 * | Layout | Folder under `ingestion/` | File | Releases |
 * |---|---|---|---|
 * | `scope-range-amortizedcost` | `{scope}/{yyyyMMdd-yyyyMMdd}/amortizedcost` | `{name}.parquet` | 0.1 |
 * | `scope-month-focuscost` | `{scope}/{yyyyMM}/focuscost` | `{name}.parquet` | 0.2-0.3 |
 * | `scope-month-dataset` | `{scope}/{yyyyMM}/{dataset}` | `{name}.parquet` | 0.4-0.5 |
 * | `dataset-date-scope` | `{dataset}/{yyyy}/{mm}/{scope}` | `{ingestion id}__{name}.parquet` | 0.6+ (spec, "Storage layout of the ingestion container") |
 *
 * From 0.9 reservation recommendations go one folder deeper, `Recommendations/{yyyy}/{mm}/{scope}/{export name}`
 * (`recommendationsFolderPerExport`), so the recommendation exports of one scope keep their own files; a
 * trailing `/` (no export name) is cut.
 *
 * `{scope}` is the scope ID without its leading `/` (from the export path in 0.1-0.3, lower-cased from the
 * manifest from 0.4); `{name}` the export file's name with `.csv` (and `.gz`) replaced by `.parquet`. In the
 * layouts without an ingestion ID a new export overwrites the files of the same name.
 */
import * as adf from '../../expressions/adf/index.js';
import { INGESTION_ID_SEPARATOR, type IngestionLayout } from '../../model/releases.js';

/** What an ingestion folder is made of, as expressions of the pipeline that computes it. */
export interface FolderParts {
  /** Scope ID with its leading `/`, e.g. `/subscriptions/<id>`. */
  scope: adf.Adf;
  /** Dataset folder name (manifest layouts), e.g. `Costs` or `focuscost`. */
  dataset?: adf.Adf;
  /** Month of the data as `yyyy/mm` (all layouts but `scope-range-amortizedcost`). */
  month?: adf.Adf;
  /** The export's date range folder, `yyyyMMdd-yyyyMMdd` (`scope-range-amortizedcost`). */
  dateRange?: adf.Adf;
  /**
   * A folder below the scope (`dataset-date-scope`), `''` for none: from 0.9 the export's name for
   * reservation recommendations (`recommendationsFolderPerExport`).
   */
  below?: adf.Adf;
}

function need<T>(value: T | undefined, what: string, layout: IngestionLayout): T {
  if (value === undefined) throw new Error(`the ${layout} layout needs the ${what}`);
  return value;
}

/** `text` without a leading `/` (Data Factory has no trim-start function). */
function withoutLeadingSlash(text: adf.Adf): adf.Adf {
  return adf.if_(adf.startsWith(text, '/'), adf.substring(text, 1, adf.sub(adf.length(text), 1)), text);
}

/**
 * Destination folder inside the ingestion container.
 * @throws Error when `parts` lacks what the layout is made of
 */
export function ingestionFolder(layout: IngestionLayout, parts: FolderParts): adf.Adf {
  const scope = () => withoutLeadingSlash(parts.scope);
  const compactMonth = () => adf.replace(need(parts.month, 'month', layout), '/', '');
  switch (layout) {
    case 'scope-range-amortizedcost':
      return adf.replace(adf.concat(scope(), '/', need(parts.dateRange, 'date range', layout), '/amortizedcost'), '//', '/');
    case 'scope-month-focuscost':
      return adf.replace(adf.concat(scope(), '/', compactMonth(), '/focuscost'), '//', '/');
    case 'scope-month-dataset':
      return adf.replace(adf.concat(scope(), '/', compactMonth(), '/', need(parts.dataset, 'dataset', layout)), '//', '/');
    case 'dataset-date-scope':
      return parts.below === undefined
        ? adf.replace(adf.concat(need(parts.dataset, 'dataset', layout), '/', need(parts.month, 'month', layout), '/', parts.scope), '//', '/')
        : adf.replace(adf.concat(need(parts.dataset, 'dataset', layout), '/', need(parts.month, 'month', layout), '/', parts.scope, '/', parts.below), '//', '/');
  }
}

/**
 * Name of a converted file from the file's own name (already ending in `.parquet`) and, in layouts that
 * prefix it, the ingestion ID.
 * @throws Error when the layout prefixes an ingestion ID and none is given
 */
export function ingestionFileName(layout: IngestionLayout, parquetName: adf.Adf, ingestionId?: adf.Adf): adf.Adf {
  if (!replacesEarlierIngestions(layout)) return parquetName;
  return adf.concat(need(ingestionId, 'ingestion ID', layout), INGESTION_ID_SEPARATOR, parquetName);
}

/** True when a new ingestion removes the parquet files of earlier ingestions in its folder. */
export function replacesEarlierIngestions(layout: IngestionLayout): boolean {
  return layout === 'dataset-date-scope';
}
