/**
 * Activities that read or remove files: Lookup, GetMetadata and Delete.
 * Sources: learn.microsoft.com/azure/data-factory/control-flow-lookup-activity,
 * control-flow-get-metadata-activity, delete-activity.
 *
 * - Lookup returns `{ firstRow }` with `firstRowOnly` (the default), else `{ count, value }`. With a
 *   `wildcardFileName` in the source's store settings it reads every file of the dataset's folder whose name
 *   matches (`*` any characters, `?` one; sub-folders too unless `recursive` is false, the setting's default
 *   being true), in path order, the rows of each file in turn; the dataset's own file name is ignored.
 * - GetMetadata returns the fields asked for: `exists`, `childItems` (`{ name, type: File|Folder }`, sorted
 *   by name), `itemName`, `itemType`, `size`. A missing file or folder fails it unless `exists` is asked
 *   for, then the output is `{ exists: false }`. Other fields are not supported (HUB465).
 * - Delete removes the file, or the files of the folder (sub-folders too with `recursive`); a path that
 *   does not exist deletes nothing and succeeds.
 */
import { resolveDataset } from '../datasets.js';
import { expressionContext, registerActivity } from '../engine.js';
import { readRows } from '../files.js';
import { ActivityFailure, SimulationError, evaluateDeep } from '../values.js';
import { adfToString } from '../../expressions/adf/evaluate.js';
import type { LocalStorage } from '../storage.js';
import { codes } from '../../diagnostics/index.js';

/** Lookup's row limit (control-flow-lookup-activity: "up to 5000 rows"). */
const LOOKUP_ROWS = 5000;

/** The files of a folder whose names match a wildcard, in path order (sub-folders too when `recursive`). */
function matchingFiles(storage: LocalStorage, folder: string, wildcard: string, recursive: boolean): string[] {
  const pattern = new RegExp(
    `^${wildcard
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '.*')
      .replace(/\?/g, '.')}$`,
    'i',
  );
  if (!storage.isFolder(folder)) return [];
  const out: string[] = [];
  for (const item of storage.list(folder)) {
    const path = `${folder}/${item.name}`;
    if (item.type === 'Folder') {
      if (recursive) out.push(...matchingFiles(storage, path, wildcard, true));
    } else if (pattern.test(item.name)) out.push(path);
  }
  return out.sort();
}

registerActivity('Lookup', async (activity, scope, record) => {
  const tp = activity.typeProperties ?? {};
  const ctx = expressionContext(scope);
  const ds = resolveDataset(scope.engine.factory, tp.dataset, ctx);
  const firstRowOnly = tp.firstRowOnly !== false;
  const store = tp.source?.storeSettings ?? {};
  const wildcard = store.wildcardFileName === undefined ? undefined : adfToString(evaluateDeep(store.wildcardFileName, ctx));
  if (wildcard !== undefined) {
    const folder = ds.isFolder ? ds.path : ds.path.split('/').slice(0, -1).join('/');
    const files = matchingFiles(scope.engine.storage, folder, wildcard, store.recursive !== false);
    record.input = { dataset: ds.name, folder, wildcardFileName: wildcard, format: ds.format, firstRowOnly, files };
    const rows: Record<string, unknown>[] = [];
    for (const path of files) if (rows.length < LOOKUP_ROWS) rows.push(...(await readRows(scope.engine.storage, { ...ds, path, isFolder: false }, LOOKUP_ROWS - rows.length)));
    if (firstRowOnly) {
      if (rows.length === 0) throw new ActivityFailure('NoRows', `No file of ${folder} matching ${wildcard} has a row.`);
      record.output = { firstRow: rows[0] };
    } else record.output = { count: rows.length, value: rows };
    return;
  }
  record.input = { dataset: ds.name, path: ds.path, format: ds.format, firstRowOnly };
  const rows = await readRows(scope.engine.storage, ds, firstRowOnly ? 1 : LOOKUP_ROWS);
  if (firstRowOnly) {
    if (rows.length === 0) throw new ActivityFailure('NoRows', `The file ${ds.path} has no rows.`);
    record.output = { firstRow: rows[0] };
  } else {
    record.output = { count: rows.length, value: rows };
  }
});

const METADATA_FIELDS = new Set(['exists', 'childItems', 'itemName', 'itemType', 'size']);

registerActivity('GetMetadata', async (activity, scope, record) => {
  const tp = activity.typeProperties ?? {};
  const ds = resolveDataset(scope.engine.factory, tp.dataset, expressionContext(scope));
  const fields: string[] = tp.fieldList ?? [];
  for (const f of fields) {
    if (!METADATA_FIELDS.has(f)) {
      throw new SimulationError(codes.HUB465.raise({ field: f, activity: activity.name, pipeline: scope.run.pipeline, supported: METADATA_FIELDS }));
    }
  }
  record.input = { dataset: ds.name, path: ds.path, fieldList: fields };
  const storage = scope.engine.storage;
  const exists = ds.isFolder ? storage.isFolder(ds.path) : storage.isFile(ds.path);
  if (!exists) {
    if (fields.includes('exists')) {
      record.output = { exists: false };
      return;
    }
    throw new ActivityFailure('PathNotFound', `The ${ds.isFolder ? 'folder' : 'file'} ${ds.path} (dataset ${ds.name}) does not exist.`);
  }
  const output: Record<string, unknown> = {};
  for (const f of fields) {
    if (f === 'exists') output.exists = true;
    if (f === 'itemName') output.itemName = ds.path.split('/').pop();
    if (f === 'itemType') output.itemType = ds.isFolder ? 'Folder' : 'File';
    if (f === 'size') {
      if (ds.isFolder) throw new ActivityFailure('InvalidField', `'size' is a file field; ${ds.path} is a folder.`);
      output.size = storage.size(ds.path);
    }
    if (f === 'childItems') {
      if (!ds.isFolder) throw new ActivityFailure('InvalidField', `'childItems' is a folder field; ${ds.path} is a file.`);
      output.childItems = storage.list(ds.path);
    }
  }
  record.output = output;
});

registerActivity('Delete', async (activity, scope, record) => {
  const tp = activity.typeProperties ?? {};
  const ds = resolveDataset(scope.engine.factory, tp.dataset, expressionContext(scope));
  const recursive = tp.storeSettings?.recursive === true;
  record.input = { dataset: ds.name, path: ds.path, recursive };
  const deleted = scope.engine.storage.delete(ds.path, recursive, { runId: scope.run.runId, activity: activity.name });
  if (deleted.length === 0) record.notes = [`nothing to delete at ${ds.path}`];
  record.output = { filesDeleted: deleted.length, deleted };
});
