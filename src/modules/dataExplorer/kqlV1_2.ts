/**
 * What release 12 brings to the Data Explorer scripts, besides the FOCUS 1.0 chain of `./kql.ts`:
 *
 * - the FOCUS 1.2 schema version (release row `focusVersions` with `1_2`; kql-0.9-14.md §3, §5.3, §6.3): in the
 *   Ingestion database `kql/IngestionSetup_v1_2.kql` (per built-in dataset `{dataset}_transform_v1_2()`,
 *   `{dataset}_final_v1_2` and its enabled update policy), in the Hub database `kql/HubSetup_OpenData.kql` (the open
 *   data wrappers), `kql/HubSetup_v1_0.kql` and `kql/HubSetup_v1_2.kql` (each version's functions over both
 *   versions' final tables, rows of the other version converted) and `kql/HubSetup_Latest.kql` (`{dataset}()`, the
 *   latest version);
 * - the raw tables of 12 (behaviour `kqlRawTables12`; §2.1, §2.5-2.7, §4.4): their columns ({@link RAW_TABLES_12}),
 *   the input of the FOCUS 1.0 transforms adapted to them ({@link v1_0RawInput}), and one script per retyped table
 *   whose text never changes ({@link retypeTables}), so the deployment runs it once per database.
 *
 * The KQL is in the handlebars templates named above; this file computes what they are given.
 */
import type { BuiltInDatasetName } from '../../model/datasets.js';
import { behaves, type Release } from '../../model/releases.js';
import type { KustoType } from '../../model/hub.js';
import type { KqlColumn } from './kql/tables.js';
import { PRICING_UNITS_12, RAW_TABLES_12, V1_2_DATASETS, type FinalDatasetName, type V1_2Dataset } from './kql/tablesV1_2.js';

export { RAW_TABLES_12, V1_2_DATASETS, PRICING_UNITS_12, type FinalDatasetName };

/** The FOCUS versions hubc's scripts implement, oldest first. */
export const FOCUS_VERSIONS = ['1_0', '1_2'] as const;

/** The FOCUS version the unversioned Hub functions return: the release's last. */
export function latestFocusVersion(release: Release): string {
  return release.focusVersions[release.focusVersions.length - 1];
}

/** True when the release has the FOCUS 1.2 schema version. */
export function hasFocus12(release: Release): boolean {
  return release.focusVersions.includes('1_2');
}

/** The raw table columns of a built-in dataset in a release: those of 12 with `kqlRawTables12`, else `v1_0Raw`. */
export function rawColumns(release: Release, name: BuiltInDatasetName, v1_0Raw: readonly KqlColumn[]): readonly KqlColumn[] {
  return behaves(release, 'kqlRawTables12') ? RAW_TABLES_12[name] : v1_0Raw;
}

/** The open data table `PricingUnits` with its block size `real` (12) instead of `decimal`. */
export function pricingUnitsColumns(release: Release, v1_0Columns: readonly KqlColumn[]): readonly KqlColumn[] {
  return behaves(release, 'kqlRawTables12') ? PRICING_UNITS_12 : v1_0Columns;
}

const CONVERT: Record<KustoType, string> = {
  string: 'tostring',
  long: 'tolong',
  int: 'toint',
  real: 'toreal',
  decimal: 'todecimal',
  bool: 'tobool',
  datetime: 'todatetime',
  timespan: 'totimespan',
  guid: 'toguid',
  dynamic: 'todynamic',
};

/** The value of a column a row does not have: `''` for strings, a typed null otherwise. */
function missing(type: KustoType): string {
  return type === 'string' ? "''" : `${type}(null)`;
}

/**
 * The `project` items that give rows with the `source` columns the `target` columns, in target order: a column of
 * the same name (or the one `renames` names: target -> source) passes, converted when its type differs; a column the
 * source lacks gets {@link missing}. Columns in `omit` are left out (a later lookup adds them).
 */
export function conversionItems(
  target: readonly KqlColumn[],
  source: readonly KqlColumn[],
  renames: Readonly<Record<string, string>> = {},
  omit: ReadonlySet<string> = new Set(),
): string[] {
  const byName = new Map(source.map((c) => [c.name, c]));
  return target
    .filter((t) => !omit.has(t.name))
    .map((t) => {
      const from = byName.get(renames[t.name] ?? t.name);
      if (!from) return `${t.name} = ${missing(t.type)}`;
      const value = from.type === t.type ? from.name : `${CONVERT[t.type]}(${from.name})`;
      return value === t.name ? t.name : `${t.name} = ${value}`;
    });
}

/**
 * What a FOCUS 1.0 transform reads in place of its raw table when the raw table has the columns of 12: the table
 * with each column of the FOCUS 1.0 era's raw table (`v1_0Raw`) as that transform knows it (12's `real` columns
 * converted to `decimal`, columns 12 no longer has as typed nulls; kql-0.9-14.md §4.4 D12-1). The raw table's name
 * when nothing differs.
 */
export function v1_0RawInput(rawTable: string, raw: readonly KqlColumn[], v1_0Raw: readonly KqlColumn[]): string {
  const items = conversionItems(v1_0Raw, raw).filter((item) => item.includes(' = '));
  if (!items.length) return rawTable;
  return `(${rawTable}\n        // The columns as this FOCUS 1.0 transform knows them (decimal numbers).\n        | extend\n${items.map((i) => `            ${i}`).join(',\n')})`;
}

/** Renames of v1_0 columns (v1_0 name -> v1_2 name) turned around: v1_2 name -> v1_0 name. */
function inverted(renames: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(renames).map(([a, b]) => [b, a]));
}

/** A built-in dataset as the FOCUS 1.2 templates see it. */
export interface V1_2Context {
  name: FinalDatasetName;
  rawTable: string;
  transformFunction: string;
  finalTable: string;
  final: readonly KqlColumn[];
  transformPartial: string;
  transformFolder: string;
  transformDoc: string;
  versionedDoc: string;
  /** Hub `{dataset}_v1_2()`: `project` items from a v1_0 row, the partial run before them, the Services columns, ... */
  fromV1_0Items: string[];
  fromV1_0: V1_2Dataset['fromV1_0'] | false;
  services: readonly string[] | false;
  derivesCosts: boolean;
  /** True when the v1_2 columns are projected again in order after the lookup and derived columns. */
  reorder: boolean;
  /** Hub `{dataset}_v1_0()` from 12 on: `project` items from a v1_2 row, and the partial run before them. */
  toV1_0Items: string[];
  toV1_0: V1_2Dataset['toV1_0'] | false;
  /** Docstring of the Hub `{dataset}_v1_0()` from 12 on. */
  versionedDocV1_0: string;
}

/** The FOCUS 1.2 context of a built-in dataset whose FOCUS 1.0 final table has the columns `v1_0Final`. */
export function v1_2Context(name: FinalDatasetName, v1_0Final: readonly KqlColumn[]): V1_2Context {
  const d = V1_2_DATASETS[name];
  const services = d.services ?? [];
  const fromSource = [...v1_0Final, ...(d.fromV1_0?.adds ?? [])];
  return {
    name,
    rawTable: `${name}_raw`,
    transformFunction: `${name}_transform_v1_2`,
    finalTable: `${name}_final_v1_2`,
    final: d.final,
    transformPartial: `${name}_v1_2`,
    transformFolder: d.transformFolder,
    transformDoc: d.docs.transform,
    versionedDoc: d.docs.versioned,
    fromV1_0Items: conversionItems(d.final, fromSource, inverted(d.renames), new Set(services)),
    fromV1_0: d.fromV1_0 ?? false,
    services: services.length ? services : false,
    derivesCosts: d.derivesCosts ?? false,
    reorder: services.length > 0 || !!d.derivesCosts,
    toV1_0Items: conversionItems(v1_0Final, d.final, d.renames),
    toV1_0: d.toV1_0 ?? false,
    versionedDocV1_0: d.docs.versionedV1_0,
  };
}

/** A table a one-time script retypes: its name and the columns it ends with. */
export interface RetypedTable {
  table: string;
  columns: readonly KqlColumn[];
}

/**
 * The tables whose column types release 12 changes (behaviour `kqlRawTables12`), each retyped by a script of its own
 * (`kql/RawTableRetype.kql.hbs`): the open data table `PricingUnits` and the raw table of each built-in dataset the
 * hub ingests, in script order. Empty for releases without the behaviour.
 */
export function retypeTables(release: Release, datasets: readonly { name: string; rawTable: string; raw: readonly KqlColumn[]; custom: boolean }[]): RetypedTable[] {
  if (!behaves(release, 'kqlRawTables12')) return [];
  return [{ table: 'PricingUnits', columns: PRICING_UNITS_12 }, ...datasets.filter((d) => !d.custom).map((d) => ({ table: d.rawTable, columns: d.raw }))];
}
