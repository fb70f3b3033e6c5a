/**
 * The trigger script (triggers.sh) run with bash against the stand-in az: stopping before the factory
 * changes and starting after it, for triggers that exist and ones that do not, and the setup pipelines
 * run after the start.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compiled, templateOf } from '../../support/hubs.js';
import { StandIn, TEST_SUBSCRIPTION, callsOf, option, requireBashAndJq, templateScriptEnv, type FactoryObject, type FactoryState } from '../../support/deploymentScripts.js';

requireBashAndJq();

const SUB = TEST_SUBSCRIPTION;
const trigger = (name: string, runtimeState: 'Started' | 'Stopped'): FactoryObject => ({ name, properties: { type: 'ScheduleTrigger', runtimeState } });
const pipeline = (name: string): FactoryObject => ({ name, properties: { activities: [] } });
const factoryOf = (triggers: FactoryObject[], pipelines: FactoryObject[] = []): FactoryState => ({
  subscription: SUB,
  resourceGroup: 'finops',
  name: 'finops-hub-engine-abc',
  triggers,
  pipelines,
});
const env = (o: Record<string, string>) => ({
  DataFactorySubscriptionId: SUB,
  DataFactoryResourceGroup: 'finops',
  DataFactoryName: 'finops-hub-engine-abc',
  Triggers: '[]',
  Pipelines: '[]',
  ...o,
});
const states = (f: FactoryState) => Object.fromEntries(f.triggers.map((t) => [t.name, (t.properties as any).runtimeState]));
/** The calls without the extension install, as `verb name` strings (sleep as `sleep N`). */
const steps = (calls: string[][]) =>
  calls.filter((c) => c[0] !== 'extension').map((c) => (c[0] === 'sleep' ? `sleep ${c[1]}` : `${c.slice(1, 3).join(' ')}${option(c, '--name') ? ' ' + option(c, '--name') : ''}`));

test('stopping: started triggers are stopped, then the script waits; stopped and missing ones are left alone', () => {
  const s = new StandIn({
    factory: factoryOf([trigger('config_DailySchedule', 'Started'), trigger('config_MonthlySchedule', 'Stopped'), trigger('config_SettingsUpdated', 'Started')]),
  });
  const run = s.run(
    'triggers',
    env({ Stop: 'true', Triggers: JSON.stringify(['config_SettingsUpdated', 'config_DailySchedule', 'config_MonthlySchedule', 'ingestion_ManifestAdded']) }),
  );
  assert.is(run.status, 0, run.stderr);
  assert.equal(steps(run.calls), ['trigger list', 'trigger stop config_SettingsUpdated', 'trigger stop config_DailySchedule', 'sleep 10']);
  assert.equal(states(s.factory()), { config_DailySchedule: 'Stopped', config_MonthlySchedule: 'Stopped', config_SettingsUpdated: 'Stopped' });
  assert.equal(run.outputs, {
    changed: ['config_SettingsUpdated', 'config_DailySchedule'],
    unchanged: ['config_MonthlySchedule'],
    missing: ['ingestion_ManifestAdded'],
    retried: [],
    pipelinesRun: [],
  });
  assert.match(run.stdout, 'Trigger ingestion_ManifestAdded does not exist; skipped.');
  // Every Data Factory call names the factory, its group and subscription; the extension is installed first.
  assert.equal(run.calls[0], ['extension', 'add', '--name', 'datafactory', '--yes', '--only-show-errors', '-o', 'none']);
  for (const c of callsOf(run, 'datafactory')) {
    assert.equal([option(c, '--resource-group'), option(c, '--factory-name'), option(c, '--subscription')], ['finops', 'finops-hub-engine-abc', SUB]);
  }
});

test('starting: the script waits, starts stopped triggers, then runs the setup pipelines that exist', () => {
  const s = new StandIn({ factory: factoryOf([trigger('config_DailySchedule', 'Stopped'), trigger('rawexports_ManifestAdded', 'Started')], [pipeline('config_InitializeHub')]) });
  const run = s.run(
    'triggers',
    env({
      Stop: 'false',
      Triggers: JSON.stringify(['config_DailySchedule', 'rawexports_ManifestAdded', 'ingestion_ManifestAdded']),
      Pipelines: JSON.stringify(['config_InitializeHub', 'config_Missing']),
    }),
  );
  assert.is(run.status, 0, run.stderr);
  assert.equal(steps(run.calls), ['trigger list', 'sleep 10', 'trigger start config_DailySchedule', 'pipeline list', 'pipeline create-run config_InitializeHub']);
  assert.equal(states(s.factory()), { config_DailySchedule: 'Started', rawexports_ManifestAdded: 'Started' });
  assert.equal(s.factory().runs, ['config_InitializeHub']);
  assert.equal(run.outputs, {
    changed: ['config_DailySchedule'],
    unchanged: ['rawexports_ManifestAdded'],
    missing: ['ingestion_ManifestAdded'],
    retried: [],
    pipelinesRun: [{ pipeline: 'config_InitializeHub', runId: 'run-1' }],
  });
  assert.match(run.stdout, 'Pipeline config_Missing does not exist; not run.');
});

test("nothing to change: no wait, no trigger call; names match case-insensitively in the factory's spelling", () => {
  const s = new StandIn({ factory: factoryOf([trigger('config_DailySchedule', 'Stopped')]) });
  let run = s.run('triggers', env({ Stop: 'true', Triggers: JSON.stringify(['CONFIG_dailyschedule', 'gone']) }));
  assert.is(run.status, 0, run.stderr);
  assert.equal(steps(run.calls), ['trigger list']);
  assert.equal(run.outputs.unchanged, ['config_DailySchedule']);
  run = s.run('triggers', env({ Stop: 'false', Triggers: JSON.stringify(['CONFIG_dailyschedule']), Pipelines: '[]' }));
  assert.equal(steps(run.calls), ['trigger list', 'sleep 10', 'trigger start config_DailySchedule']);
});

test('a trigger that cannot be stopped fails the deployment, naming it', () => {
  const s = new StandIn({
    factory: factoryOf([trigger('config_DailySchedule', 'Started')]),
    failures: [{ command: 'datafactory trigger stop', name: 'config_DailySchedule', stderr: '(AuthorizationFailed) not allowed' }],
  });
  const run = s.run('triggers', env({ Stop: 'true', Triggers: '["config_DailySchedule"]' }));
  assert.is.not(run.status, 0);
  assert.match(run.stderr, '(AuthorizationFailed) not allowed');
  assert.match(run.stderr, 'could not stop trigger config_DailySchedule of data factory finops-hub-engine-abc');
});

test('a factory that is not there (wrong group or subscription) fails the deployment', () => {
  const s = new StandIn({ factory: { ...factoryOf([]), subscription: '11111111-1111-1111-1111-111111111111' } });
  const run = s.run('triggers', env({ Stop: 'true', Triggers: '["a"]' }));
  assert.is.not(run.status, 0);
  assert.match(run.stderr, /ResourceNotFound/);
  assert.match(run.stderr, 'could not list the triggers of data factory finops-hub-engine-abc');
});

test('bad variables are named before anything is called', () => {
  for (const [o, message] of [
    [{ Stop: 'yes' }, /Stop is 'yes'; expected 'true' or 'false'/],
    [{ Stop: 'true', Triggers: 'config_DailySchedule' }, /Triggers is not a JSON array of names: config_DailySchedule/],
    [{ Stop: 'false', Pipelines: '{"a":1}' }, /Pipelines is not a JSON array of names/],
    [{ Stop: 'true', DataFactoryName: '' }, /DataFactoryName is not set/],
  ] as const) {
    const run = new StandIn({ factory: factoryOf([]) }).run('triggers', env(o));
    assert.is.not(run.status, 0);
    assert.match(run.stderr, message);
    assert.equal(run.calls, []);
  }
});

test("the template's stop and start scripts, with its own variables, over a factory with every trigger of the build", () => {
  const r = compiled();
  const t = templateOf(r);
  const stop = templateScriptEnv(t, '_stopTriggers');
  const start = templateScriptEnv(t, '_startTriggers');
  const names: string[] = JSON.parse(stop.Triggers);
  assert.ok(names.length >= 3, stop.Triggers);
  const built = (kind: string) => [...r.artifacts.keys()].filter((p) => p.startsWith(`datafactory/${kind}/`)).map((p) => p.slice(`datafactory/${kind}/`.length, -'.json'.length));
  const s = new StandIn({
    factory: {
      subscription: SUB,
      resourceGroup: 'finops',
      name: stop.DataFactoryName,
      triggers: built('triggers').map((n) => trigger(n, 'Started')),
      pipelines: built('pipelines').map(pipeline),
    },
  });
  let run = s.run('triggers', stop);
  assert.is(run.status, 0, run.stderr);
  assert.ok(
    Object.values(states(s.factory())).every((v) => v === 'Stopped'),
    JSON.stringify(states(s.factory())),
  );
  run = s.run('triggers', start);
  assert.is(run.status, 0, run.stderr);
  for (const n of names) assert.is(states(s.factory())[n], built('triggers').includes(n) ? 'Started' : undefined, n);
  // config_InitializeHub sets up Data Explorer: the default hub (no cluster) does not deploy it, so it is not run;
  // config_ConfigureExports creates the exports of the settings.json the deployment wrote, which no stopped trigger saw.
  assert.equal(JSON.parse(start.Pipelines), ['config_InitializeHub', 'config_ConfigureExports']);
  assert.not.ok(built('pipelines').includes('config_InitializeHub'));
  assert.match(run.stdout, 'Pipeline config_InitializeHub does not exist; not run.');
  assert.equal(s.factory().runs, ['config_ConfigureExports']);
});

test.run();
