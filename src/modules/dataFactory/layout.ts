/**
 * The ingestion folder layout of a release (release table `ingestionLayout`), as Data Factory expressions:
 * where the manifest-driven pipelines write converted files, what they name them, and whether they remove
 * the files of earlier ingestions of the same folder.
 *
 * `dataset-date-scope` (0.6 and later; spec, "Storage layout of the ingestion container"):
 * `ingestion/{dataset}/{yyyy}/{mm}/{scope-id-path}/{ingestion-id}__{original-file-name}.parquet`, where a new
 * ingestion replaces the earlier ones of its folder.
 */
import * as adf from '../../expressions/adf/index.js';
import type { IngestionLayout } from '../../compiler/releases.js';
import { INGESTION_ID_SEPARATOR } from './pipelines/shared.js';

/** What an ingestion folder is made of, as expressions of the pipeline that computes it. */
export interface FolderParts {
  /** Dataset folder name (e.g. `Costs`). */
  dataset: adf.Adf;
  /** Month of the data as `yyyy/mm`. */
  month: adf.Adf;
  /** Scope ID, lower case, with its leading `/`. */
  scope: adf.Adf;
}

/** Destination folder inside the ingestion container (no leading or doubled `/`). */
export function ingestionFolder(layout: IngestionLayout, parts: FolderParts): adf.Adf {
  switch (layout) {
    case 'dataset-date-scope':
      return adf.replace(adf.concat(parts.dataset, '/', parts.month, '/', parts.scope), '//', '/');
  }
}

/** Name of a converted file from the ingestion ID and the file's own name (already ending in `.parquet`). */
export function ingestionFileName(layout: IngestionLayout, ingestionId: adf.Adf, parquetName: adf.Adf): adf.Adf {
  switch (layout) {
    case 'dataset-date-scope':
      return adf.concat(ingestionId, INGESTION_ID_SEPARATOR, parquetName);
  }
}

/** True when a new ingestion removes the parquet files of earlier ingestions in its folder. */
export function replacesEarlierIngestions(layout: IngestionLayout): boolean {
  switch (layout) {
    case 'dataset-date-scope':
      return true;
  }
}
