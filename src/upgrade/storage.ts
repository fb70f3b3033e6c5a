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
import type { DiffInput, DiffResult } from '../diff/types.js';
import { diffValues, tryParseJson } from '../diff/values.js';
import { describeMapping, layoutChanges } from '../migrate/layouts.js';
import { releaseRow } from './parameters.js';
import type { UpgradeStep } from './types.js';
import { codes } from '../diagnostics/index.js';

/** A storage step before numbering: no Data Factory or resource target. */
export type StorageStep = Omit<UpgradeStep, 'n' | 'dataFactory' | 'resource'>;

const SETTINGS = 'config/settings.json';

const show = (v: unknown) => JSON.stringify(v);

/** The settings.json step, when the two builds' files differ. */
function settingsStep(a: DiffInput, b: DiffInput): StorageStep | undefined {
  const fa = a.artifacts.get(SETTINGS);
  const fb = b.artifacts.get(SETTINGS);
  if (fa === undefined || fb === undefined || fa === fb) return undefined;
  const changes = diffValues(tryParseJson(fa) ?? fa, tryParseJson(fb) ?? fb);
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
function dataSteps(a: DiffInput, b: DiffInput, diff: DiffResult): StorageStep[] {
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
      cites: layoutNote ? [{ code: layoutNote.code, subject: 'ingestion' }, { release: `ingestionLayout: ${ra.ingestionLayout} -> ${rb.ingestionLayout}; datasetFolders: ${ra.datasetFolders} -> ${rb.datasetFolders}` }] : [{ release: `ingestionLayout: ${ra.ingestionLayout} -> ${rb.ingestionLayout}; datasetFolders: ${ra.datasetFolders} -> ${rb.datasetFolders}` }],
      details: describeMapping(ra, rb),
    });
  } else if (layoutNote) {
    steps.push({ phase: 'after', kind: 'manual', performer: 'you', subject: 'ingestion/', action: 'Move the converted data into the folders {B} reads.', why: layoutNote.message, cites: [{ code: layoutNote.code, subject: 'ingestion' }] });
  }
  for (const n of diff.upgradeNotes) {
    if (n.code !== codes.HUB408.code || n.subject === 'ingestion') continue;
    steps.push({ phase: 'after', kind: 'manual', performer: 'you', subject: n.subject, action: `Decide what to do with ${n.subject}: keep it, move it, or delete it.`, why: n.message, cites: [{ code: n.code, subject: n.subject }] });
  }
  return steps;
}

/** The storage steps: settings.json (deploy) and data (after). */
export function storageSteps(a: DiffInput, b: DiffInput, diff: DiffResult): StorageStep[] {
  const settings = settingsStep(a, b);
  return [...(settings ? [settings] : []), ...dataSteps(a, b, diff)];
}
