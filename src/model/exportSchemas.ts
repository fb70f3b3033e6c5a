/**
 * The conversion schemas of a release: {@link EXPORT_SCHEMAS} with the files a release's behaviours change. Apart
 * from `datasets.ts` because it reads the release table, which itself names the export types of `datasets.ts`.
 */
import { EXPORT_SCHEMAS, RESERVATION_RECOMMENDATIONS_MCA_SPACE_FREE, type ExportColumn, type ExportSchema } from './datasets.js';
import { behaves, type Release } from './releases.js';

/**
 * Every conversion schema of a release, by export type and version, in catalog order. With
 * `kqlRecommendationsJsonCosts` (0.9) the MCA reservation recommendations schema writes space-free parquet columns
 * (kql-0.9-14.md §2.1, §2.3).
 */
export function exportSchemasFor(release: Release): readonly ExportSchema[] {
  return behaves(release, 'kqlRecommendationsJsonCosts') ? SPACE_FREE_RECOMMENDATIONS : EXPORT_SCHEMAS;
}

/** The catalog with the space-free MCA reservation recommendations schema (one object per schema, so callers can cache by it). */
const SPACE_FREE_RECOMMENDATIONS: readonly ExportSchema[] = EXPORT_SCHEMAS.map((s) =>
  s.exportType === 'ReservationRecommendations' && s.channel === 'mca' ? { ...s, columns: RESERVATION_RECOMMENDATIONS_MCA_SPACE_FREE } : s,
);

/** The parquet column a conversion writes for an export column. */
export function sinkName(column: ExportColumn): string {
  return column.sink ?? column.name;
}
