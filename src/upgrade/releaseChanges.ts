/**
 * The steps and warnings of what a release changes for a hub deployed already (`ReleaseChanges` of diff's
 * comparison, HUB442-HUB445), each citing its note:
 * - the unversioned Hub functions return another FOCUS version: queries that need the old one call the versioned
 *   function (yours, after the deployment at the latest; A has the versioned functions too);
 * - managed exports off where A ran them: a warning read first, and the steps that delete A's export pipelines and
 *   triggers say why and cite the note (`withManagedExportsReason`);
 * - the open data's source: a check that the pipeline loaded it from B's address (yours, after the deployment);
 * - tables retyped once: what the first deployment of B costs, a step of the deployment (its database scripts).
 *
 * Data Explorer drops a column in the table's schema only: "This command does not physically delete the data"
 * (https://learn.microsoft.com/kusto/management/drop-column); `.alter table` drops the columns it does not list, and
 * data ingested while it runs may land in the wrong columns unless ingestion stops
 * (https://learn.microsoft.com/kusto/management/alter-table-command).
 */
import { codes } from '../diagnostics/index.js';
import type { ReleaseChanges } from '../diff/index.js';
import type { DataFactoryStep } from './dataFactory.js';
import type { UpgradeStep, UpgradeWarning } from './types.js';

type Draft = Omit<UpgradeStep, 'n'>;

/** HUB442: make the queries that need A's FOCUS version call the versioned functions. */
function unversionedStep(u: NonNullable<ReleaseChanges['unversioned']>): Draft {
  return {
    phase: 'after',
    kind: 'manual',
    performer: 'you',
    subject: 'Hub',
    action: `Make the queries, reports and dashboards that need FOCUS ${u.from} call ${u.functions.map((f) => `${f.versioned}()`).join(', ')} instead of ${u.functions.map((f) => `${f.name}()`).join(', ')} ({A} has the versioned functions too: switch before deploying if you can).`,
    why: `{B}'s unversioned Hub functions return FOCUS ${u.to} instead of ${u.from}: other and more columns, real numbers instead of decimal.`,
    cites: [{ code: codes.HUB442.code, subject: 'Hub' }],
    details: u.functions.map((f) => `${f.name}() -> ${f.versioned}()`),
  };
}

/** HUB444: check that the open data loaded from B's address. */
function openDataStep(o: NonNullable<ReleaseChanges['openData']>): Draft {
  return {
    phase: 'after',
    kind: 'manual',
    performer: 'you',
    subject: o.pipeline,
    action: `Check that ${o.pipeline}, which runs after the deployment, loaded ${o.tables.join(', ')} from ${o.to} (its error OpenDataLoadFailed names a table it could not load).`,
    why: `{B} downloads the open data from its git tag instead of ${o.from}: the tag's form changed (a URL built from the version string names no release, #1885), and the cluster must reach the new address.`,
    cites: [{ code: codes.HUB444.code, subject: o.pipeline }],
  };
}

/** HUB445: what the first deployment of B costs in the Ingestion database. */
function retypeStep(r: NonNullable<ReleaseChanges['retyped']>): Draft {
  return {
    phase: 'deploy',
    kind: 'databaseScripts',
    performer: 'template',
    subject: 'Ingestion',
    action: `{B}'s one-time database scripts retype ${r.tables.length} table${r.tables.length === 1 ? '' : 's'} of the Ingestion database (${r.types.join(', ')}): ${r.tables.join(', ')}.`,
    why:
      `Data Explorer cannot change a column's type, so each script drops its table's columns with their data and declares them again: the rows loaded before stay, empty in every column, until the table's retention removes them; the other tables, the final tables among them, keep every row. ` +
      `Dropping columns changes the schema only (the stored data is neither rewritten nor deleted), so a script takes about as long on a large table as on a small one. The triggers are stopped before the deployment, so no ingestion runs while the tables change; later deployments do not run the scripts again.`,
    cites: [{ code: codes.HUB445.code, subject: 'Ingestion' }],
    details: r.tables.map((t, i) => `${t}: ${r.scripts[i]}${r.reloaded?.tables.includes(t) ? ` (${r.reloaded.pipeline} loads it again after the deployment)` : ''}`),
  };
}

/** The steps of the release changes that are steps of their own (HUB442, HUB444, HUB445). */
export function releaseChangeSteps(c: ReleaseChanges): Draft[] {
  return [...(c.retyped ? [retypeStep(c.retyped)] : []), ...(c.unversioned ? [unversionedStep(c.unversioned)] : []), ...(c.openData ? [openDataStep(c.openData)] : [])];
}

/** HUB443 read first: managed exports turned off where A ran them, and the fix for scopes added by hand. */
export function releaseChangeWarnings(c: ReleaseChanges, notes: readonly { code: string; subject: string; message: string }[]): UpgradeWarning[] {
  if (!c.managedExportsOff) return [];
  const note = notes.find((n) => n.code === codes.HUB443.code && n.subject === c.managedExportsOff!.parameter);
  return note ? [{ code: note.code, subject: note.subject, message: note.message }] : [];
}

/**
 * The Data Factory steps with the reason of HUB443 on each that stops or deletes an export pipeline or trigger
 * managed exports turned off leave: why the object goes, and the fix when the hub's scopes were added by hand.
 */
export function withManagedExportsReason(steps: readonly DataFactoryStep[], c: ReleaseChanges): DataFactoryStep[] {
  const m = c.managedExportsOff;
  if (!m) return [...steps];
  const ours = (s: DataFactoryStep) => m.objects.some((o) => o.kind === s.target.kind && o.name === s.target.name);
  const reason = ` Managed exports are off in {B} (${m.parameter} false: hub.yaml ${m.follows} lists no scope); if scopes were added to config/settings.json by hand, list them under ${m.follows} in hub.yaml or set ${m.field}: true and build again instead.`;
  return steps.map((s) => (ours(s) ? { ...s, why: s.why + reason, cites: [{ code: codes.HUB443.code, subject: m.parameter }, ...s.cites] } : s));
}
