/**
 * Where converted data lives in each release's ingestion layout (release table `ingestionLayout` and
 * `datasetFolders`; the pipelines' side of it is `src/modules/dataFactory/layout.ts`), and how a file of
 * one layout maps to another. Paths here are relative to the `ingestion` container and never start with `/`.
 *
 * | Layout | Path | Releases |
 * |---|---|---|
 * | `scope-range-amortizedcost` | `{scope}/{yyyyMMdd-yyyyMMdd}/amortizedcost/{file}.parquet` | 0.1 |
 * | `scope-month-focuscost` | `{scope}/{yyyyMM}/focuscost/{file}.parquet` | 0.2-0.3 |
 * | `scope-month-dataset` | `{scope}/{yyyyMM}/{type}/{file}.parquet` (scope lower case) | 0.4-0.5 |
 * | `dataset-date-scope` | `{dataset}/{yyyy}/{mm}/{scope}/{ingestion id}__{file}.parquet` | 0.6 (`{dataset}` = lower-case export type), 0.7 (hub dataset: `Costs`, ...) |
 *
 * Files moved into the `dataset-date-scope` layout get the ingestion ID {@link migratedIngestionId}
 * (`migrated-<from release>-<yyyyMM>`): one ID per folder, the same on every run, so a later export of the
 * same month (a new ingestion ID) replaces the migrated files as it replaces any earlier ingestion.
 * Amortized cost data of 0.1 is not FOCUS data and no later release reads it: it has no mapping.
 */
import { BUILT_IN_DATASETS } from '../model/datasets.js';
import { INGESTION_ID_SEPARATOR, type Release } from '../model/releases.js';

/** A converted file, as its path in a layout says. */
export interface IngestionFile {
  /** Export type, lower case (`focuscost`, `pricesheet`, ...; `amortizedcost` for 0.1). */
  type: string;
  /** Month of the data, `yyyyMM` (for 0.1 the first month of the date range). */
  month: string;
  /** Scope ID without its leading `/`, as the path writes it. */
  scope: string;
  /** File name without an ingestion ID prefix. */
  file: string;
  /** Ingestion ID of the `dataset-date-scope` layout. */
  ingestionId?: string;
}

const MONTH = /^\d{6}$/;
const RANGE = /^(\d{8})-\d{8}$/;

/** The hub dataset folder of an export type (0.7 names), or the type itself for other types. */
export function hubDatasetOf(type: string): string {
  return BUILT_IN_DATASETS.find((d) => d.exportType.toLowerCase() === type)?.name ?? type;
}

/** The export type (lower case) of a dataset folder name of either naming. */
export function typeOfFolder(folder: string): string {
  return (BUILT_IN_DATASETS.find((d) => d.name === folder)?.exportType ?? folder).toLowerCase();
}

/**
 * Reads a path of the ingestion container in a release's layout.
 * @returns the parts, or undefined when the path is not a parquet file of that layout
 */
export function parseIngestionPath(release: Release, path: string): IngestionFile | undefined {
  const seg = path.split('/');
  const file = seg[seg.length - 1];
  if (!file.toLowerCase().endsWith('.parquet') || seg.some((s) => s === '')) return undefined;
  switch (release.ingestionLayout) {
    case 'scope-range-amortizedcost': {
      const range = RANGE.exec(seg[seg.length - 3] ?? '');
      if (seg.length < 5 || seg[seg.length - 2] !== 'amortizedcost' || !range) return undefined;
      return { type: 'amortizedcost', month: range[1].slice(0, 6), scope: seg.slice(0, -3).join('/'), file };
    }
    case 'scope-month-focuscost':
    case 'scope-month-dataset': {
      const type = seg[seg.length - 2];
      const month = seg[seg.length - 3];
      const allowed = release.ingestionLayout === 'scope-month-focuscost' ? type === 'focuscost' : /^[a-z]+$/.test(type ?? '');
      if (seg.length < 5 || !allowed || !MONTH.test(month ?? '')) return undefined;
      return { type, month, scope: seg.slice(0, -3).join('/'), file };
    }
    case 'dataset-date-scope': {
      const sep = file.indexOf(INGESTION_ID_SEPARATOR);
      if (seg.length < 6 || !/^\d{4}$/.test(seg[1]) || !/^\d{2}$/.test(seg[2]) || sep <= 0) return undefined;
      const folderOk = release.datasetFolders === 'hubDataset' ? true : seg[0] === seg[0].toLowerCase();
      if (!folderOk) return undefined;
      return {
        type: typeOfFolder(seg[0]),
        month: `${seg[1]}${seg[2]}`,
        scope: seg.slice(3, -1).join('/'),
        file: file.slice(sep + INGESTION_ID_SEPARATOR.length),
        ingestionId: file.slice(0, sep),
      };
    }
  }
}

/** The ingestion ID given to files moved into the `dataset-date-scope` layout: `migrated-<from>-<yyyyMM>`. */
export function migratedIngestionId(from: Release, month: string): string {
  return `migrated-${from.version}-${month}`;
}

/** Why a file has no place in the target layout, or undefined when it has one. */
export function unmappable(file: IngestionFile, to: Release): string | undefined {
  if (file.type === 'amortizedcost') return 'amortized cost data of 0.1 is not FOCUS data; no later release reads it, so it stays where it is';
  if (to.ingestionLayout === 'scope-month-focuscost' && file.type !== 'focuscost') return `release ${to.version} keeps only FOCUS cost data`;
  return undefined;
}

/**
 * The path of a file in a release's layout.
 * @param from the release the file comes from (its ingestion ID, for layouts that prefix one)
 * @throws Error for a file {@link unmappable} to `to`
 */
export function targetPath(file: IngestionFile, from: Release, to: Release): string {
  const why = unmappable(file, to);
  if (why) throw new Error(why);
  // From 0.4 the scope comes lower-cased from the export manifest.
  const scope = to.exportDetection === 'manifest' ? file.scope.toLowerCase() : file.scope;
  switch (to.ingestionLayout) {
    case 'scope-range-amortizedcost':
      throw new Error('no layout maps into 0.1');
    case 'scope-month-focuscost':
    case 'scope-month-dataset':
      return `${scope}/${file.month}/${file.type}/${file.file}`;
    case 'dataset-date-scope': {
      const folder = to.datasetFolders === 'hubDataset' ? hubDatasetOf(file.type) : file.type;
      const id = file.ingestionId ?? migratedIngestionId(from, file.month);
      return `${folder}/${file.month.slice(0, 4)}/${file.month.slice(4)}/${scope}/${id}${INGESTION_ID_SEPARATOR}${file.file}`;
    }
  }
}

/** True when data converted by `from` must move to be read by `to`. */
export function layoutChanges(from: Release, to: Release): boolean {
  return from.ingestionLayout !== to.ingestionLayout || (to.ingestionLayout === 'dataset-date-scope' && from.datasetFolders !== to.datasetFolders);
}

/**
 * True when the release's layout names each ingestion in its file names (`{ingestion id}__{file}`, 0.6+), so
 * the ingestions of a folder can be told apart by name.
 */
export function hasIngestionIds(r: Release): boolean {
  return r.ingestionLayout === 'dataset-date-scope';
}

/** The ingestion ID of a file name of the `dataset-date-scope` layout (the whole name when it has none). */
export function ingestionIdOf(name: string): string {
  const sep = name.indexOf(INGESTION_ID_SEPARATOR);
  return sep > 0 ? name.slice(0, sep) : name;
}

/** True when a moved folder needs a `manifest.json` to be loaded: the release loads `ingestion/` into Data Explorer when a manifest lands. */
export function needsManifest(to: Release): boolean {
  return Boolean(to.triggers.ingestionManifestAdded);
}

/** Path patterns of a layout, for messages. */
export function layoutPattern(r: Release): string {
  switch (r.ingestionLayout) {
    case 'scope-range-amortizedcost':
      return '{scope}/{yyyyMMdd-yyyyMMdd}/amortizedcost/{file}.parquet';
    case 'scope-month-focuscost':
      return '{scope}/{yyyyMM}/focuscost/{file}.parquet';
    case 'scope-month-dataset':
      return '{scope}/{yyyyMM}/{type}/{file}.parquet';
    case 'dataset-date-scope':
      return `${r.datasetFolders === 'hubDataset' ? '{Dataset}' : '{type}'}/{yyyy}/{mm}/{scope}/{ingestion id}__{file}.parquet`;
  }
}

/** How `from`'s data maps to `to`'s layout, in words (one line each), for plans and `--help`. */
export function describeMapping(from: Release, to: Release): string[] {
  const lines = [`ingestion/${layoutPattern(from)} (${from.version}) -> ingestion/${layoutPattern(to)} (${to.version})`];
  if (from.ingestionLayout === 'scope-range-amortizedcost') return [...lines, 'amortized cost data (0.1) has no FOCUS equivalent: it stays where it is, listed as kept'];
  if (to.exportDetection === 'manifest' && from.exportDetection !== 'manifest') lines.push('scope folders are lower-cased, as the export manifest gives them from 0.4');
  if (to.ingestionLayout === 'dataset-date-scope' && from.ingestionLayout !== 'dataset-date-scope') lines.push(`ingestion ID of moved files: migrated-${from.version}-{yyyyMM}`);
  if (to.datasetFolders === 'hubDataset' && from.datasetFolders !== 'hubDataset' && to.ingestionLayout === 'dataset-date-scope')
    // The opt-in datasets (0.10+) came after the dataset folders (0.7): no older hub has their data.
    lines.push(
      `dataset folders: ${BUILT_IN_DATASETS.filter((d) => !d.optIn)
        .map((d) => `${d.exportType.toLowerCase()} -> ${d.name}`)
        .join(', ')}`,
    );
  if (needsManifest(to)) lines.push('an empty manifest.json is added to each folder after its files, so ingestion_ManifestAdded loads it into Data Explorer');
  return lines;
}
