/**
 * Table layouts of custom datasets (hub.yaml `customDatasets`): the raw table holds the declared
 * columns plus the `x_Source*` columns; the final table adds `x_IngestionTime`. A column the model
 * already declares is not added twice (hub.yaml validation rejects such names today; this keeps the
 * layout well-formed regardless).
 */
import type { CustomDatasetModel } from '../../../model/hub.js';
import { SOURCE_COLUMNS, type KqlColumn } from './tables.js';

/** The column the final tables add: when the row was loaded. */
export const INGESTION_TIME_COLUMN: KqlColumn = { name: 'x_IngestionTime', type: 'datetime', field: 'x_IngestionTime' };

function declares(dataset: CustomDatasetModel, name: string): boolean {
  return dataset.columns.some((c) => c.name.toLowerCase() === name.toLowerCase());
}

/** `{dataset}_raw` columns in mapping order: declared columns, then the undeclared `x_Source*` columns. */
export function customRawColumns(dataset: CustomDatasetModel): KqlColumn[] {
  return [...dataset.columns.map((c) => ({ name: c.name, type: c.type, field: c.name, quoted: true })), ...SOURCE_COLUMNS.filter((c) => !declares(dataset, c.name))];
}

/** `{dataset}_final_v1_0` columns: the raw columns, then `x_IngestionTime` unless declared. */
export function customFinalColumns(dataset: CustomDatasetModel): KqlColumn[] {
  return [...customRawColumns(dataset), ...(declares(dataset, INGESTION_TIME_COLUMN.name) ? [] : [INGESTION_TIME_COLUMN])];
}

/** True when the transform computes the column (it is not declared by the model). */
export function customAdds(dataset: CustomDatasetModel, column: 'x_SourceType' | 'x_IngestionTime'): boolean {
  return !declares(dataset, column);
}
