/**
 * What crossing release 12 means for a hub deployed already (issue #35): the unversioned Hub functions returning
 * FOCUS 1.2 (HUB442), managed exports off for a hub.yaml without scopes (HUB443), the open data's address (HUB444)
 * and the tables the one-time scripts retype (HUB445): `hubc diff`'s notes, word for word, and the steps and
 * warning of `hubc upgrade-plan` that cite them, from 0.11 and from earlier releases, and none where the move does
 * not cross the change or the hub has nothing it changes.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { diffBuilds } from '../../src/diff/index.js';
import { planUpgrade, type UpgradePlan } from '../../src/upgrade/index.js';
import { hubTextForRelease } from '../../src/frontend/forRelease.js';
import { getRelease } from '../../src/model/releases.js';
import { releaseChangeWords } from '../../src/model/releaseWords.js';
import { hubYaml } from '../support/hubs.js';
import { releaseInput } from '../support/releaseBuilds.js';

const ADX = hubYaml({ dataExplorer: { name: 'myadx' } });
const input = (release: string, text = ADX) => releaseInput(release, hubTextForRelease(text, release).text);
/** The notes of HUB442-HUB448 of a move, as `code subject`. */
const releaseNotes = (a: string, b: string, text = ADX) =>
  diffBuilds(input(a, text), input(b, text))
    .upgradeNotes.filter((n) => /^HUB44[2-8]$/.test(n.code))
    .map((n) => `${n.code} ${n.subject}`);
const message = (a: string, b: string, code: string, text = ADX) => diffBuilds(input(a, text), input(b, text)).upgradeNotes.find((n) => n.code === code)?.message;
const citing = (p: UpgradePlan, code: string) => p.steps.filter((s) => s.cites.some((c) => c.code === code));

const FUNCTIONS = ['Prices', 'Costs', 'CommitmentDiscountUsage', 'Recommendations', 'Transactions'];

test('0.11 -> 12 with a cluster: the four notes, in order', () => {
  assert.equal(releaseNotes('0.11', '12'), ['HUB442 Hub', 'HUB443 enableManagedExports', 'HUB445 Ingestion', 'HUB444 config_InitializeHub']);
});

test('HUB442: the unversioned functions of the hub return FOCUS 1.2, each with the versioned function to call', () => {
  assert.is(
    message('0.11', '12', 'HUB442'),
    `After the deployment Prices(), Costs(), CommitmentDiscountUsage(), Recommendations() and Transactions() return FOCUS 1.2 instead of 1.0: queries, reports and dashboards that call them get FOCUS 1.2's columns. Those that need FOCUS 1.0 call the versioned functions instead (the old build has them too, so they can switch before the deployment): Prices() -> Prices_v1_0(), Costs() -> Costs_v1_0(), CommitmentDiscountUsage() -> CommitmentDiscountUsage_v1_0(), Recommendations() -> Recommendations_v1_0(), Transactions() -> Transactions_v1_0().`,
  );
  const [step] = citing(planUpgrade(input('0.11'), input('12')), 'HUB442');
  assert.equal([step.phase, step.kind, step.performer, step.subject], ['after', 'manual', 'you', 'Hub']);
  assert.equal(
    step.details,
    FUNCTIONS.map((f) => `${f}() -> ${f}_v1_0()`),
  );
  assert.is(step.why, "12's unversioned Hub functions return FOCUS 1.2 instead of 1.0: other and more columns, real numbers instead of decimal.");
  // The release notes of a feed say it from the same fact (unversionedFocusChange).
  assert.ok(
    releaseChangeWords(getRelease('0.8'), getRelease('12')).includes(
      "Data Explorer's unversioned Hub functions (Costs(), Prices(), CommitmentDiscountUsage(), Recommendations(), Transactions()) return FOCUS 1.2 instead of 1.0: a query or report that needs the 1.0 columns calls the versioned function instead, e.g. Costs_v1_0().",
    ),
  );
});

test('HUB443: managed exports off without scopes; a warning read first, and every export object deleted says why', () => {
  const expected =
    "The new build turns managed exports off (enableManagedExports is false: hub.yaml scopes lists no scope, and managedExports.enabled is not set), so the deployment leaves pipeline config_ConfigureExports, pipeline config_StartExportProcess, pipeline config_RunExportJobs, pipeline config_StartBackfillProcess, pipeline config_RunBackfillJob, trigger config_SettingsUpdated, trigger config_DailySchedule and trigger config_MonthlySchedule of the old build, and the upgrade plan deletes them. That is right when the hub's export scopes come from hub.yaml. If scopes were added to config/settings.json by hand (the portal, a script), their exports are no longer created or run after the upgrade: list those scopes under scopes in hub.yaml, or set managedExports.enabled: true, and build again before deploying.";
  assert.is(message('0.11', '12', 'HUB443'), expected);
  const plan = planUpgrade(input('0.11'), input('12'));
  assert.equal(plan.warnings, [{ code: 'HUB443', subject: 'enableManagedExports', message: expected }]);
  const deleted = plan.steps.filter((s) => s.kind === 'deleteDataFactoryObject').map((s) => `${s.dataFactory!.kind} ${s.subject}`);
  assert.equal(deleted, [
    'triggers config_SettingsUpdated',
    'triggers config_DailySchedule',
    'triggers config_MonthlySchedule',
    'pipelines config_ConfigureExports',
    'pipelines config_StartExportProcess',
    'pipelines config_RunExportJobs',
    'pipelines config_StartBackfillProcess',
    'pipelines config_RunBackfillJob',
  ]);
  for (const s of plan.steps.filter((x) => x.kind === 'deleteDataFactoryObject' || (x.kind === 'stopTrigger' && x.subject.startsWith('config_')))) {
    assert.equal(s.cites[0], { code: 'HUB443', subject: 'enableManagedExports' }, `${s.kind} ${s.subject}`);
    assert.ok(
      s.why.endsWith(
        ' Managed exports are off in 12 (enableManagedExports false: hub.yaml scopes lists no scope); if scopes were added to config/settings.json by hand, list them under scopes in hub.yaml or set managedExports.enabled: true and build again instead.',
      ),
      s.why,
    );
  }
});

test('HUB443 from 0.4 names the pipelines of 0.4; none with scopes or with managed exports on, and none from 12 on', () => {
  assert.match(
    message('0.4', '12', 'HUB443') ?? '',
    'leaves pipeline config_ConfigureExports, pipeline config_ExportData, pipeline config_RunExports, pipeline config_BackfillData, pipeline config_RunBackfill, trigger config_SettingsUpdated',
  );
  const scoped = hubYaml({ dataExplorer: { name: 'myadx' }, scopes: ['/subscriptions/00000000-0000-0000-0000-000000000000'] });
  assert.not.ok(releaseNotes('0.11', '12', scoped).includes('HUB443 enableManagedExports'));
  assert.not.ok(planUpgrade(input('0.11', scoped), input('12', scoped)).steps.some((s) => s.kind === 'deleteDataFactoryObject'));
  const on = `${hubTextForRelease(ADX, '12').text}\nmanagedExports:\n  enabled: true\n`;
  const notes = diffBuilds(input('0.11'), releaseInput('12', on)).upgradeNotes.map((n) => n.code);
  assert.not.ok(notes.includes('HUB443'));
  assert.equal(releaseNotes('12', '13'), []);
});

test('HUB444: open data from the tag v12 instead of v0.11; the step checks it', () => {
  assert.is(
    message('0.11', '12', 'HUB444'),
    "After the deployment config_InitializeHub loads the open data (PricingUnits, Regions, ResourceTypes and Services) from https://github.com/microsoft/finops-toolkit/releases/download/v12/ (the release's git tag) instead of https://github.com/microsoft/finops-toolkit/releases/download/v0.11/. A URL built from a version string instead of the tag (the public 12.0's v12.0, #1885) names no release and fails; the cluster must reach github.com, and the pipeline's error OpenDataLoadFailed names the table and URL that failed.",
  );
  const [step] = citing(planUpgrade(input('0.11'), input('12')), 'HUB444');
  assert.equal([step.phase, step.kind, step.performer, step.subject], ['after', 'manual', 'you', 'config_InitializeHub']);
  assert.is(
    step.action,
    'Check that config_InitializeHub, which runs after the deployment, loaded PricingUnits, Regions, ResourceTypes, Services from https://github.com/microsoft/finops-toolkit/releases/download/v12/ (its error OpenDataLoadFailed names a table it could not load).',
  );
  // A new number of the same form is no news.
  assert.equal(releaseNotes('0.10', '0.11'), []);
});

test('HUB445: the first deployment of 12 retypes six tables once; the deployment step says what it costs', () => {
  assert.is(
    message('0.11', '12', 'HUB445'),
    "The first deployment of the new build retypes 6 tables of the Ingestion database once (decimal -> real; kql/IngestionRetype_<table>.kql): CommitmentDiscountUsage_raw, Costs_raw, Prices_raw, PricingUnits, Recommendations_raw and Transactions_raw. Each script drops its table's columns with their data and declares them again: the rows loaded before stay, empty in every column, until the table's retention removes them; every other table (the final tables among them) keeps its rows, and config_InitializeHub loads PricingUnits again after the deployment. Dropping columns changes only the table's schema (Data Explorer neither rewrites nor deletes the stored data), so a script takes about as long on a large table as on a small one, and the old rows keep their storage until retention removes them. Later deployments do not run the scripts again.",
  );
  const plan = planUpgrade(input('0.11'), input('12'));
  const [step] = citing(plan, 'HUB445');
  assert.equal([step.phase, step.kind, step.performer, step.subject], ['deploy', 'databaseScripts', 'template', 'Ingestion']);
  assert.is(plan.steps[step.n - 2].kind, 'settings', 'right after the deployment and its settings rewrite');
  assert.is(
    step.action,
    "12's one-time database scripts retype 6 tables of the Ingestion database (decimal -> real): CommitmentDiscountUsage_raw, Costs_raw, Prices_raw, PricingUnits, Recommendations_raw, Transactions_raw.",
  );
  assert.equal(step.details, [
    'CommitmentDiscountUsage_raw: kql/IngestionRetype_CommitmentDiscountUsage_raw.kql',
    'Costs_raw: kql/IngestionRetype_Costs_raw.kql',
    'Prices_raw: kql/IngestionRetype_Prices_raw.kql',
    'PricingUnits: kql/IngestionRetype_PricingUnits.kql (config_InitializeHub loads it again after the deployment)',
    'Recommendations_raw: kql/IngestionRetype_Recommendations_raw.kql',
    'Transactions_raw: kql/IngestionRetype_Transactions_raw.kql',
  ]);
  assert.match(step.why, 'the rows loaded before stay, empty in every column, until the table');
  assert.match(step.why, 'a script takes about as long on a large table as on a small one');
});

test('crossing 12 from earlier releases says the same; a hub with nothing 12 changes gets none', () => {
  const all = ['HUB442 Hub', 'HUB443 enableManagedExports', 'HUB445 Ingestion', 'HUB444 config_InitializeHub'];
  assert.equal(releaseNotes('0.8', '12'), all);
  assert.equal(releaseNotes('0.7', '14'), all);
  assert.match(
    message('0.7', '14', 'HUB444') ?? '',
    "from https://github.com/microsoft/finops-toolkit/releases/download/v14/ (the release's git tag) instead of https://github.com/microsoft/finops-toolkit/releases/download/v0.7/.",
  );
  // Without a cluster there are no functions, open data or tables to change: only the managed exports.
  const noCluster = hubYaml();
  assert.equal(releaseNotes('0.11', '12', noCluster), ['HUB443 enableManagedExports']);
  // 0.1 ran neither Data Explorer nor managed exports.
  assert.equal(releaseNotes('0.1', '12'), []);
});

test.run();
