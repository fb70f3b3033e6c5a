/**
 * The storage part of an upgrade: the `config/settings.json` shape B's upload-settings script writes, and
 * converted data whose ingestion layout changes (moved by `hubc migrate-data`, see `src/migrate/`), plus
 * the other data B no longer reads (HUB408 notes), for the owner to decide about.
 *
 * settings.json shapes: 0.1-0.3 `scopes` only; 0.4-0.6 add `retention.rawexports.days` and
 * `retention.ingestion.months`; 0.7 adds `retention.raw.days` and `retention.final.months`
 * (`../shared/reference/versions.md` §0.6, with the export container renamed). The shape comes from the two
 * builds' own `config/settings.json`, so the step lists exactly what differs.
 */
import { diffValues, type RemovedDataset, type DiffResult } from '../diff/index.js';
import type { LoadedBuild } from '../load/index.js';
import { describeMapping, layoutChanges } from '../migrate/index.js';
import { releaseRow } from './parameters.js';
import type { UpgradeStep } from './types.js';
import { codes } from '../diagnostics/index.js';

/** A storage step before numbering: no Data Factory or resource target. */
export type StorageStep = Omit<UpgradeStep, 'n' | 'dataFactory' | 'resource'>;

const SETTINGS = 'config/settings.json';

const show = (v: unknown) => JSON.stringify(v);

/** The settings.json step, when the two builds' files differ. */
function settingsStep(a: LoadedBuild, b: LoadedBuild): StorageStep | undefined {
  const fa = a.build.files.get(SETTINGS);
  const fb = b.build.files.get(SETTINGS);
  if (fa === undefined || fb === undefined || fa === fb) return undefined;
  const changes = diffValues(a.build.json(SETTINGS) ?? fa, b.build.json(SETTINGS) ?? fb);
  const details = changes.map((c) =>
    c.change === 'added' ? `${c.path} added: ${show(c.to)}` : c.change === 'removed' ? `${c.path} removed (was ${show(c.from)})` : `${c.path}: ${show(c.from)} -> ${show(c.to)}`,
  );
  const added = changes.filter((c) => c.change === 'added').map((c) => c.path);
  return {
    phase: 'deploy',
    kind: 'settings',
    performer: 'template',
    subject: SETTINGS,
    action: `{B}'s upload-settings deployment script rewrites ${SETTINGS} in {B}'s shape${added.length ? ` (adds ${added.join(', ')})` : ''}.`,
    why: added.length
      ? `{B}'s pipelines read settings.json in {B}'s shape (${added.join(', ')}), and the file of a hub deployed from {A} has {A}'s.`
      : changes.every((c) => c.path === 'version')
        ? "settings.json records the hub's release in version."
        : 'The values listed differ between the two builds.',
    cites: [{ change: `config/files/${SETTINGS}: changed` }],
    details,
  };
}

/** The data move, when the ingestion layout changes; the other HUB408 notes as steps to decide about. */
function dataSteps(a: LoadedBuild, b: LoadedBuild, diff: DiffResult): StorageStep[] {
  const ra = releaseRow(a);
  const rb = releaseRow(b);
  const steps: StorageStep[] = [];
  const layoutNote = diff.upgradeNotes.find((n) => n.code === codes.HUB408.code && n.subject === 'ingestion');
  if (ra && rb && layoutChanges(ra, rb) && ra.ingestionLayout === 'scope-range-amortizedcost') {
    steps.push({
      phase: 'after',
      kind: 'manual',
      performer: 'you',
      subject: 'ingestion/',
      action: `Keep or delete the amortized cost data of ${ra.version} yourself: {B} does not read it, and hubc migrate-data leaves it in place (it lists it as kept).`,
      why: `${ra.version} converted amortized cost exports, which are not FOCUS data; no later release reads them, so there is nothing to move.`,
      cites: [...(layoutNote ? [{ code: layoutNote.code, subject: 'ingestion' }] : []), { release: `ingestionLayout: ${ra.ingestionLayout} -> ${rb.ingestionLayout}` }],
      details: describeMapping(ra, rb),
    });
  } else if (ra && rb && layoutChanges(ra, rb)) {
    steps.push({
      phase: 'after',
      kind: 'migrateData',
      performer: 'hubc migrate-data',
      subject: 'ingestion/',
      action: `Move the data already converted into {B}'s layout: hubc migrate-data --from ${ra.version} --to ${rb.version} --account <storage account> (a dry run; add --yes to move; --copy keeps the old files).`,
      why: `{B} reads ingestion/ in another layout: data converted by ${ra.version} is not read in its old folders.`,
      cites: layoutNote
        ? [
            { code: layoutNote.code, subject: 'ingestion' },
            { release: `ingestionLayout: ${ra.ingestionLayout} -> ${rb.ingestionLayout}; datasetFolders: ${ra.datasetFolders} -> ${rb.datasetFolders}` },
          ]
        : [{ release: `ingestionLayout: ${ra.ingestionLayout} -> ${rb.ingestionLayout}; datasetFolders: ${ra.datasetFolders} -> ${rb.datasetFolders}` }],
      details: describeMapping(ra, rb),
    });
  } else if (layoutNote) {
    steps.push({
      phase: 'after',
      kind: 'manual',
      performer: 'you',
      subject: 'ingestion/',
      action: 'Move the converted data into the folders {B} reads.',
      why: layoutNote.message,
      cites: [{ code: layoutNote.code, subject: 'ingestion' }],
    });
  }
  for (const n of diff.upgradeNotes) {
    if (n.code !== codes.HUB408.code || n.subject === 'ingestion') continue;
    steps.push({
      phase: 'after',
      kind: 'manual',
      performer: 'you',
      subject: n.subject,
      action: `Decide what to do with ${n.subject}: keep it, move it, or delete it.`,
      why: n.message,
      cites: [{ code: n.code, subject: n.subject }],
    });
  }
  return steps;
}

/** The KQL objects of a database-qualified list (`Ingestion.Transactions_raw`), by database, in first-seen order. */
function byDatabase(names: readonly string[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const n of names) {
    const dot = n.indexOf('.');
    const db = dot < 0 ? '' : n.slice(0, dot);
    out.set(db, [...(out.get(db) ?? []), n.slice(dot + 1)]);
  }
  return out;
}

/**
 * The steps of a built-in dataset B no longer ingests (HUB416): nothing of it is removed by the deployment,
 * so its exports, schema files, Data Explorer tables and converted data are for the owner to delete.
 */
function datasetSteps(a: LoadedBuild, diff: DiffResult, datasets: readonly RemovedDataset[]): StorageStep[] {
  const ra = releaseRow(a);
  const steps: StorageStep[] = [];
  const functionsRemoved = (diff.groups.find((g) => g.id === 'kql')?.sections.find((s) => s.id === 'functions')?.items ?? [])
    .filter((i) => i.change === 'removed')
    .map((i) => i.name);
  for (const d of datasets) {
    const name = d.dataset.name;
    const cites = [{ code: codes.HUB416.code, subject: name }];
    steps.push({
      phase: 'after',
      kind: 'manual',
      performer: 'you',
      subject: `${d.dataset.exportType} exports`,
      action: `Delete or stop the Cost Management exports of type ${d.dataset.exportType} that deliver into the ${ra?.exportContainer ?? 'export'} container of the hub's storage account, on every scope that has one.`,
      why: `{B} does not ingest ${name}, but its exports keep delivering files, and the schema files that convert them stay in storage.`,
      cites,
    });
    steps.push({
      phase: 'after',
      kind: 'manual',
      performer: 'you',
      subject: d.schemaFiles.join(', '),
      action: `Delete the schema files of ${name} from the config container of the hub's storage account.`,
      why: `The upload-settings deployment script writes schema files and never deletes one: while they stay, ${d.dataset.exportType} exports are still converted.`,
      cites,
      details: d.schemaFiles.map((f) => `az storage fs file delete --account-name <storage account> --file-system config --path ${f.replace(/^config\//, '')} --auth-mode login`),
    });
    if (d.tables.length) {
      const functions = functionsRemoved.filter((f) => f.split('.').pop()!.startsWith(name));
      const details: string[] = [];
      // Functions of other databases first (they read these tables), then the tables (their update policies go with them), then the functions the policies ran.
      const tableDbs = byDatabase(d.tables);
      for (const [db, list] of byDatabase(functions)) if (!tableDbs.has(db)) details.push(`in database ${db}: .drop functions (${list.join(', ')}) ifexists`);
      for (const [db, list] of tableDbs) details.push(`in database ${db}: .drop tables (${list.join(', ')}) ifexists`);
      for (const [db, list] of byDatabase(functions)) if (tableDbs.has(db)) details.push(`in database ${db}: .drop functions (${list.join(', ')}) ifexists`);
      steps.push({
        phase: 'after',
        kind: 'manual',
        performer: 'you',
        subject: d.tables.join(', '),
        action: `If the data of ${name} is no longer needed, drop its Data Explorer tables and functions.`,
        why: "{B}'s scripts create tables and functions and never drop one: the tables keep their data (billed as cluster storage), and while the schema files stay, new exports are still loaded into them.",
        cites,
        details,
      });
    }
    steps.push({
      phase: 'after',
      kind: 'manual',
      performer: 'you',
      subject: d.folder,
      action: `Keep or delete the data of ${name} already converted under ${d.folder}.`,
      why: `{B} does not ingest ${name}; the converted files stay in storage until you delete them.`,
      cites,
    });
  }
  return steps;
}

/**
 * The storage steps: settings.json (deploy) and data (after).
 * @param datasets the built-in datasets B no longer ingests (`leftovers` of src/diff/upgrade.ts)
 */
export function storageSteps(a: LoadedBuild, b: LoadedBuild, diff: DiffResult, datasets: readonly RemovedDataset[] = []): StorageStep[] {
  const settings = settingsStep(a, b);
  return [...(settings ? [settings] : []), ...dataSteps(a, b, diff), ...datasetSteps(a, diff, datasets)];
}
