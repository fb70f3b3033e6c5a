/**
 * The trigger start script of release 13 on (triggers.sh with Stop=false and StartWaitSeconds) run with bash
 * against the stand-in az: a
 * blob-event trigger whose Event Grid subscription is still provisioning (#1996: "Resource cannot be updated
 * during provisioning") is tried again after growing pauses until it starts; any other error fails at once;
 * a subscription that stays provisioning past StartWaitSeconds fails the deployment, naming the trigger and
 * the command that starts it later.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { StandIn, TEST_SUBSCRIPTION, option, requireBashAndJq, type FactoryObject, type FactoryState } from '../../support/deploymentScripts.js';

requireBashAndJq();

const trigger = (name: string, runtimeState: 'Started' | 'Stopped'): FactoryObject => ({ name, properties: { type: 'BlobEventsTrigger', runtimeState } });
const factoryOf = (triggers: FactoryObject[], pipelines: FactoryObject[] = []): FactoryState => ({
  subscription: TEST_SUBSCRIPTION,
  resourceGroup: 'finops',
  name: 'finops-hub-engine-abc',
  triggers,
  pipelines,
});
const env = (o: Record<string, string>) => ({
  DataFactorySubscriptionId: TEST_SUBSCRIPTION,
  DataFactoryResourceGroup: 'finops',
  DataFactoryName: 'finops-hub-engine-abc',
  Triggers: '[]',
  Pipelines: '[]',
  Stop: 'false',
  StartWaitSeconds: '900',
  ...o,
});
const PROVISIONING = '(BadRequest) Resource cannot be updated during provisioning';
const states = (f: FactoryState) => Object.fromEntries(f.triggers.map((t) => [t.name, (t.properties as any).runtimeState]));
const steps = (calls: string[][]) =>
  calls.filter((c) => c[0] !== 'extension').map((c) => (c[0] === 'sleep' ? `sleep ${c[1]}` : `${c.slice(1, 3).join(' ')}${option(c, '--name') ? ' ' + option(c, '--name') : ''}`));

test('a trigger whose Event Grid subscription is provisioning is started again after 10, 20, 40 s until it starts', () => {
  const s = new StandIn({
    factory: factoryOf(
      [trigger('rawexports_ManifestAdded', 'Stopped'), trigger('config_DailySchedule', 'Stopped')],
      [{ name: 'config_InitializeHub', properties: { activities: [] } }],
    ),
    failures: [{ command: 'datafactory trigger start', name: 'rawexports_ManifestAdded', stderr: PROVISIONING, times: 3 }],
  });
  const run = s.run(
    'triggers',
    env({ Triggers: JSON.stringify(['rawexports_ManifestAdded', 'config_DailySchedule', 'ingestion_ManifestAdded']), Pipelines: '["config_InitializeHub"]' }),
  );
  assert.is(run.status, 0, run.stderr);
  assert.equal(steps(run.calls), [
    'trigger list',
    'sleep 10',
    'trigger start rawexports_ManifestAdded',
    'sleep 10',
    'trigger start rawexports_ManifestAdded',
    'sleep 20',
    'trigger start rawexports_ManifestAdded',
    'sleep 40',
    'trigger start rawexports_ManifestAdded',
    'trigger start config_DailySchedule',
    'pipeline list',
    'pipeline create-run config_InitializeHub',
  ]);
  assert.equal(states(s.factory()), { rawexports_ManifestAdded: 'Started', config_DailySchedule: 'Started' });
  assert.equal(run.outputs, {
    changed: ['rawexports_ManifestAdded', 'config_DailySchedule'],
    unchanged: [],
    missing: ['ingestion_ManifestAdded'],
    retried: [{ trigger: 'rawexports_ManifestAdded', attempts: 4 }],
    pipelinesRun: [{ pipeline: 'config_InitializeHub', runId: 'run-1' }],
  });
  assert.match(run.stdout, 'Trigger rawexports_ManifestAdded cannot start yet (its Event Grid subscription is provisioning); trying again in 10s.');
});

test('any other error fails at once, without waiting', () => {
  const s = new StandIn({
    factory: factoryOf([trigger('rawexports_ManifestAdded', 'Stopped')]),
    failures: [{ command: 'datafactory trigger start', name: 'rawexports_ManifestAdded', stderr: '(AuthorizationFailed) not allowed' }],
  });
  const run = s.run('triggers', env({ Triggers: '["rawexports_ManifestAdded"]' }));
  assert.is.not(run.status, 0);
  assert.equal(steps(run.calls), ['trigger list', 'sleep 10', 'trigger start rawexports_ManifestAdded']);
  assert.match(run.stderr, '(AuthorizationFailed) not allowed');
  assert.match(run.stderr, 'could not start trigger rawexports_ManifestAdded of data factory finops-hub-engine-abc');
});

test('without StartWaitSeconds (releases before 13) a provisioning trigger fails the start at once, as any error', () => {
  const s = new StandIn({
    factory: factoryOf([trigger('rawexports_ManifestAdded', 'Stopped')]),
    failures: [{ command: 'datafactory trigger start', name: 'rawexports_ManifestAdded', stderr: PROVISIONING }],
  });
  const { StartWaitSeconds: _, ...without } = env({ Triggers: '["rawexports_ManifestAdded"]' });
  const run = s.run('triggers', without);
  assert.is.not(run.status, 0);
  assert.equal(steps(run.calls), ['trigger list', 'sleep 10', 'trigger start rawexports_ManifestAdded']);
  assert.match(run.stderr, 'could not start trigger rawexports_ManifestAdded of data factory finops-hub-engine-abc');
});

test('a subscription still provisioning after StartWaitSeconds fails the deployment, naming the trigger and how to start it', () => {
  const s = new StandIn({
    factory: factoryOf([trigger('rawexports_ManifestAdded', 'Stopped')]),
    failures: [{ command: 'datafactory trigger start', name: 'rawexports_ManifestAdded', stderr: PROVISIONING }],
  });
  const run = s.run('triggers', env({ Triggers: '["rawexports_ManifestAdded"]', StartWaitSeconds: '100' }));
  assert.is.not(run.status, 0);
  // 10 + 20 + 40 = 70 s waited; the next pause (60 s) would pass 100 s.
  assert.equal(
    steps(run.calls).filter((c) => c.startsWith('sleep')),
    ['sleep 10', 'sleep 10', 'sleep 20', 'sleep 40'],
  );
  assert.match(run.stderr, 'trigger rawexports_ManifestAdded of data factory finops-hub-engine-abc still could not start after 4 attempts over 70s');
  assert.match(run.stderr, 'az datafactory trigger start --resource-group finops --factory-name finops-hub-engine-abc --name rawexports_ManifestAdded');
  assert.equal(states(s.factory()), { rawexports_ManifestAdded: 'Stopped' });
});

test('started triggers are left alone; a StartWaitSeconds that is not a number is refused', () => {
  const s = new StandIn({ factory: factoryOf([trigger('config_DailySchedule', 'Started')]) });
  let run = s.run('triggers', env({ Triggers: '["config_DailySchedule"]' }));
  assert.is(run.status, 0, run.stderr);
  assert.equal(steps(run.calls), ['trigger list']);
  assert.equal(run.outputs.unchanged, ['config_DailySchedule']);
  run = s.run('triggers', env({ StartWaitSeconds: 'soon' }));
  assert.is.not(run.status, 0);
  assert.match(run.stderr, "StartWaitSeconds is 'soon'");
});

test.run();
