/**
 * The conversion schemas of a release: {@link EXPORT_SCHEMAS} with the files a release's behaviours change. Apart
 * from `datasets.ts` because it reads the release table, which itself names the export types of `datasets.ts`.
 */
import { EXPORT_SCHEMAS, FOCUS_1_2_SCHEMAS, RESERVATION_RECOMMENDATIONS_MCA_SPACE_FREE, type ExportColumn, type ExportSchema } from './datasets.js';
import { behaves, type Release } from './releases.js';

/**
 * Every conversion schema of a release, by export type and version, in catalog order. With
 * `kqlRecommendationsJsonCosts` (0.9) the MCA reservation recommendations schema writes space-free parquet columns
 * (kql-0.9-14.md §2.1, §2.3); with `kqlFocus12Backport` (0.11) the FOCUS 1.2 schemas come first (releases-0.9-14.md
 * §1.3, "Schema files").
 */
export function exportSchemasFor(release: Release): readonly ExportSchema[] {
  const base = behaves(release, 'kqlRecommendationsJsonCosts') ? SPACE_FREE_RECOMMENDATIONS : EXPORT_SCHEMAS;
  if (!behaves(release, 'kqlFocus12Backport')) return base;
  let withFocus12 = WITH_FOCUS_12.get(base);
  if (!withFocus12) WITH_FOCUS_12.set(base, (withFocus12 = [...FOCUS_1_2_SCHEMAS, ...base]));
  return withFocus12;
}

/** {@link exportSchemasFor}'s lists with the FOCUS 1.2 schemas, one per base list (so callers can cache by it). */
const WITH_FOCUS_12 = new Map<readonly ExportSchema[], readonly ExportSchema[]>();

/** The catalog with the space-free MCA reservation recommendations schema (one object per schema, so callers can cache by it). */
const SPACE_FREE_RECOMMENDATIONS: readonly ExportSchema[] = EXPORT_SCHEMAS.map((s) =>
  s.exportType === 'ReservationRecommendations' && s.channel === 'mca' ? { ...s, columns: RESERVATION_RECOMMENDATIONS_MCA_SPACE_FREE } : s,
);

/** The parquet column a conversion writes for an export column. */
export function sinkName(column: ExportColumn): string {
  return column.sink ?? column.name;
}
