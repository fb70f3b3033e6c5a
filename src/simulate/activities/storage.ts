/**
 * Activities that read or remove files: Lookup, GetMetadata and Delete.
 * Sources: learn.microsoft.com/azure/data-factory/control-flow-lookup-activity,
 * control-flow-get-metadata-activity, delete-activity.
 *
 * - Lookup returns `{ firstRow }` with `firstRowOnly` (the default), else `{ count, value }`.
 * - GetMetadata returns the fields asked for: `exists`, `childItems` (`{ name, type: File|Folder }`, sorted
 *   by name), `itemName`, `itemType`, `size`. A missing file or folder fails it unless `exists` is asked
 *   for, then the output is `{ exists: false }`. Other fields are not supported (HUB465).
 * - Delete removes the file, or the files of the folder (sub-folders too with `recursive`); a path that
 *   does not exist deletes nothing and succeeds.
 */
import { resolveDataset } from '../datasets.js';
import { expressionContext, registerActivity } from '../engine.js';
import { readRows } from '../files.js';
import { ActivityFailure, SimulationError } from '../values.js';
import { codes } from '../../diagnostics/index.js';

registerActivity('Lookup', async (activity, scope, record) => {
  const tp = activity.typeProperties ?? {};
  const ds = resolveDataset(scope.engine.factory, tp.dataset, expressionContext(scope));
  const firstRowOnly = tp.firstRowOnly !== false;
  record.input = { dataset: ds.name, path: ds.path, format: ds.format, firstRowOnly };
  const rows = await readRows(scope.engine.storage, ds, firstRowOnly ? 1 : 5000);
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
