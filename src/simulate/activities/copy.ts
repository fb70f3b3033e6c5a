/**
 * The Copy activity (learn.microsoft.com/azure/data-factory/copy-activity-overview), for the pairs the
 * hub pipelines use, streamed with bounded memory whatever the file size:
 * - delimited text (gzip included) to parquet: converted with the translator's column mapping and types
 *   (see `../convert.ts`); the output reports columns the file lacks and columns it drops;
 * - parquet to parquet: copied as it is once the whole file has been read as parquet (what Data Factory's
 *   parquet source cannot read fails with its code, `ParquetInvalidFile`), or converted like delimited text
 *   when the Copy has a translator or additional columns;
 * - JSON to JSON, delimited text to delimited text without a translator: the file is copied as it is
 *   (inflated when the source dataset is gzip);
 * - a REST source (a `RestResource` dataset) to parquet: the request answered from `--responses`, its rows
 *   mapped with the translator (`../rest.ts`);
 * any other pair, or a translator where the file is copied as is, is not supported (HUB466).
 * A sink dataset naming a folder receives the source file's name. A failed copy writes nothing.
 */
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { writeFile } from 'node:fs/promises';
import { createGunzip } from 'node:zlib';
import { resolveDataset, type ResolvedDataset } from '../datasets.js';
import { expressionContext, heavy, registerActivity } from '../engine.js';
import { convertDelimitedText, convertParquet, readParquetSource, timedConversion, type ColumnMapping, type Conversion } from '../convert.js';
import { ActivityFailure, SimulationError, evaluateDeep } from '../values.js';
import { codes } from '../../diagnostics/index.js';
import type { ChangeBy, LocalStorage as Storage } from '../storage.js';
import { copyRestToParquet, isRestCopy } from '../rest.js';

/** The sink path: the dataset's file, or the source file's name inside the dataset's folder. */
function sinkPath(sink: ResolvedDataset, source: ResolvedDataset): string {
  return sink.isFolder ? `${sink.path}/${source.path.split('/').pop()}` : sink.path;
}

/** The mappings of an evaluated TabularTranslator, or undefined without one. */
function mappingsOf(translator: unknown, activity: string): ColumnMapping[] | undefined {
  if (translator === undefined || translator === null) return undefined;
  const t = translator as { type?: string; mappings?: unknown };
  if (t.type !== 'TabularTranslator' || !Array.isArray(t.mappings)) {
    throw new ActivityFailure('InvalidTranslator', `The translator of '${activity}' is not a TabularTranslator with mappings.`);
  }
  return t.mappings.map((m: any, i: number) => {
    const source = typeof m?.source?.name === 'string' ? m.source : undefined;
    const sink = typeof m?.sink?.name === 'string' ? m.sink : source;
    if (!source) throw new ActivityFailure('InvalidTranslator', `Mapping ${i} of the translator of '${activity}' has no source column name.`);
    return { source: { name: source.name, type: source.type }, sink: { name: sink.name, type: sink.type } };
  });
}

registerActivity('Copy', async (activity, scope, record) => {
  const ctx = expressionContext(scope);
  if (isRestCopy(scope, activity)) return copyRestToParquet(activity, scope, record, ctx);
  const tp = activity.typeProperties ?? {};
  const factory = scope.engine.factory;
  const storage = scope.engine.storage;
  const source = resolveDataset(factory, activity.inputs?.[0], ctx);
  const sink = resolveDataset(factory, activity.outputs?.[0], ctx);
  const translator = evaluateDeep(tp.translator, ctx);
  const additional = (evaluateDeep(tp.source?.additionalColumns, ctx) ?? []) as { name: string; value: unknown }[];
  if (!Array.isArray(additional)) throw new ActivityFailure('InvalidTemplate', `additionalColumns of '${activity.name}' must be an array.`);
  const target = sinkPath(sink, source);
  record.input = {
    source: { dataset: source.name, path: source.path, format: source.format, ...(source.compression ? { compression: source.compression } : {}) },
    sink: { dataset: sink.name, path: target, format: sink.format },
    ...(translator ? { translator } : {}),
    ...(additional.length ? { additionalColumns: additional } : {}),
  };
  const by = { runId: scope.run.runId, activity: activity.name, source: source.path };
  const pair = `${source.format}->${sink.format}`;
  const mappings = mappingsOf(translator, activity.name);
  if (pair === 'DelimitedText->Parquet' || (pair === 'Parquet->Parquet' && (mappings || additional.length))) {
    const request = { storage, engine: scope.engine.columnar, source, target, mappings, additional, file: source.path.split('/').slice(1).join('/') };
    let conversion: Conversion;
    try {
      conversion = await heavy(() => timedConversion(source.path, () => (pair === 'Parquet->Parquet' ? convertParquet(request) : convertDelimitedText(request))));
    } catch (e) {
      const c = (e as { conversion?: Partial<Conversion> }).conversion;
      if (c) record.output = { rowsRead: c.rowsRead, missingColumns: c.missingColumns, droppedColumns: c.droppedColumns };
      if (c?.missingColumns?.length) record.notes = [`mapping columns the file lacks: ${c.missingColumns.join(', ')}`];
      throw e;
    }
    const dataWritten = commitOrDiscard(storage, conversion.temp, target, by);
    record.notes = [
      `${conversion.rowsCopied} row(s), ${conversion.columns.length} column(s) written as parquet`,
      ...(conversion.droppedColumns.length ? [`file columns no mapping reads (dropped): ${conversion.droppedColumns.join(', ')}`] : []),
    ];
    record.output = {
      rowsRead: conversion.rowsRead,
      rowsCopied: conversion.rowsCopied,
      filesRead: 1,
      filesWritten: 1,
      dataWritten,
      sinkPath: target,
      columns: conversion.columns,
      missingColumns: conversion.missingColumns,
      droppedColumns: conversion.droppedColumns,
    };
    return;
  }
  const asIs = new Set(['Parquet->Parquet', 'Json->Json', 'DelimitedText->DelimitedText']);
  if (!asIs.has(pair) || translator || additional.length) {
    throw new SimulationError(
      codes.HUB466.raise({ activity: activity.name, pipeline: scope.run.pipeline, pair, translator: !!translator, additionalColumns: additional.length > 0 }),
    );
  }
  // A parquet source reads the file as parquet: what Data Factory would fail to read fails here too.
  const rows = pair === 'Parquet->Parquet' ? await heavy(() => readParquetSource({ storage, engine: scope.engine.columnar, source })) : undefined;
  const { read, temp } = await heavy(() => copyAsIs(storage, source, target));
  const written = commitOrDiscard(storage, temp, target, by);
  record.notes = [`copied ${source.path} as is (${written} bytes${rows === undefined ? '' : `, ${rows} row(s) read as parquet`})`];
  record.output = { ...(rows === undefined ? {} : { rowsRead: rows, rowsCopied: rows }), filesRead: 1, filesWritten: 1, dataRead: read, dataWritten: written, sinkPath: target };
});

/** Renames a finished temporary file into place (recording the change), or removes it when that fails. */
function commitOrDiscard(storage: Storage, temp: string, target: string, by: ChangeBy): number {
  try {
    return storage.commit(temp, target, by);
  } catch (e) {
    storage.discard(temp);
    throw e;
  }
}

/** Streams a file into a temporary file beside the target, inflating a gzip delimited text source. */
async function copyAsIs(storage: Storage, source: ResolvedDataset, target: string): Promise<{ read: number; temp: string }> {
  if (!storage.isFile(source.path)) throw new ActivityFailure('FileNotFound', `The file ${source.path} (dataset ${source.name}) does not exist.`);
  const read = storage.size(source.path);
  const gzip = source.compression === 'gzip' && source.format !== 'Parquet';
  const temp = storage.temporary(target);
  try {
    if (!existsSync(storage.localPath(source.path))) {
      // One of the build's config files, visible in the storage folder without being in it.
      await writeFile(temp, storage.read(source.path));
      return { read, temp };
    }
    const input = createReadStream(storage.localPath(source.path));
    try {
      if (gzip) await pipeline(input, createGunzip(), createWriteStream(temp));
      else await pipeline(input, createWriteStream(temp));
    } catch (e) {
      if (gzip) throw new ActivityFailure('InvalidCompressedFile', `The file ${source.path} is not valid gzip (dataset ${source.name} reads gzip): ${(e as Error).message}`);
      throw e;
    }
    return { read, temp };
  } catch (e) {
    storage.discard(temp);
    throw e;
  }
}
