/**
 * The clean-up script (deleteOldResources.sh) run with bash against the stand-in az over a factory
 * holding what each earlier release left behind. The stand-in refuses, as Data Factory does, to delete a
 * started trigger or a pipeline that another pipeline or a trigger still references.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { StandIn, callsOf, option, requireBashAndJq, templateScriptEnv, type FactoryObject, type FactoryState } from '../../support/deploymentScripts.js';
import { compiled, templateOf } from '../../support/hubs.js';
import { releaseBuild } from '../../support/releaseBuilds.js';
import { getRelease, RELEASE_VERSIONS, type PipelineRole, type Release, type TriggerRole } from '../../../src/model/releases.js';

requireBashAndJq();

const trigger = (name: string, runtimeState: 'Started' | 'Stopped', pipelines: string[] = []): FactoryObject => ({
  name,
  properties: { type: 'BlobEventsTrigger', runtimeState, pipelines: pipelines.map((p) => ({ pipelineReference: { referenceName: p, type: 'PipelineReference' } })) },
});
const execute = (pipeline: string) => ({ name: `Run ${pipeline}`, type: 'ExecutePipeline', typeProperties: { pipeline: { referenceName: pipeline, type: 'PipelineReference' } } });
/** A pipeline in the REST shape; `runs` are run through Execute Pipeline activities. */
const pipeline = (name: string, runs: string[] = []): FactoryObject => ({ name, properties: { activities: runs.map(execute) } });
/** The same in the flattened shape of the Azure CLI's Data Factory models, the Execute Pipeline nested in a ForEach. */
const flatPipeline = (name: string, runs: string[]): FactoryObject => ({
  name,
  activities: [
    { name: 'Each', type: 'ForEach', activities: runs.map((p) => ({ name: `Run ${p}`, type: 'ExecutePipeline', pipeline: { referenceName: p, type: 'PipelineReference' } })) },
  ],
});

/** Which pipeline a pipeline runs (Execute Pipeline) and a trigger starts, by role, in every release. */
const RUNS: Partial<Record<PipelineRole, PipelineRole>> = {
  exportQueue: 'exportEtl',
  startExports: 'runExports',
  startBackfill: 'runBackfill',
  ingestionQueue: 'ingestionEtl',
  queriesQueue: 'queriesEtl',
  queriesEtl: 'resourceGraphQuery',
};
const STARTS: Record<TriggerRole, PipelineRole> = {
  exportAdded: 'exportQueue',
  settingsUpdated: 'configureExports',
  dailySchedule: 'startExports',
  monthlySchedule: 'startExports',
  ingestionManifestAdded: 'ingestionQueue',
  queriesSchedule: 'queriesQueue',
};

/**
 * The triggers and pipelines a hub of `release` has in its factory, named as hubc names them or as the
 * public release did (after its `msexports` container); every trigger in `state`. Pipelines that run
 * others come last (Data Factory lists by name), in the flattened shape when `flat`.
 */
function factoryObjects(release: Release, naming: 'hubc' | 'public', state: 'Started' | 'Stopped', flat = false) {
  const c = release.exportContainer;
  const name = (n: string) => (naming === 'public' && (n === c || n.startsWith(`${c}_`)) ? `msexports${n.slice(c.length)}` : n);
  const pipelineOf = (role: PipelineRole) => (release.pipelines[role] ? name(release.pipelines[role]!) : undefined);
  const roles = Object.keys(release.pipelines) as PipelineRole[];
  const pipelines = roles.map((role) => {
    const runs = RUNS[role] && pipelineOf(RUNS[role]!) ? [pipelineOf(RUNS[role]!)!] : [];
    return runs.length && flat ? flatPipeline(pipelineOf(role)!, runs) : pipeline(pipelineOf(role)!, runs);
  });
  pipelines.sort((a, b) => (a.name < b.name ? 1 : -1));
  const triggers = (Object.keys(release.triggers) as TriggerRole[]).map((role) =>
    trigger(name(release.triggers[role]!), state, pipelineOf(STARTS[role]) ? [pipelineOf(STARTS[role])!] : []),
  );
  return { triggers, pipelines };
}
const names = (list: FactoryObject[]) => list.map((x) => x.name).sort();

/** The factory while release `to` deploys over `from`: the old objects, started, and the new ones (stopped). */
function upgradeFactory(from: Release, to: Release, naming: 'hubc' | 'public', flat: boolean): FactoryState {
  const old = factoryObjects(from, naming, 'Started', flat);
  const current = factoryObjects(to, 'hubc', 'Stopped');
  const taken = new Set([...current.triggers, ...current.pipelines].map((o) => o.name.toLowerCase()));
  return {
    resourceGroup: 'finops',
    name: '',
    triggers: [...old.triggers.filter((o) => !taken.has(o.name.toLowerCase())), ...current.triggers],
    pipelines: [...old.pipelines.filter((o) => !taken.has(o.name.toLowerCase())), ...current.pipelines],
  };
}

const latest = getRelease(RELEASE_VERSIONS[RELEASE_VERSIONS.length - 1]!);
const latestEnv = templateScriptEnv(templateOf(compiled()), '_deleteOldResources');

for (const version of RELEASE_VERSIONS.slice(0, -1)) {
  for (const naming of ['hubc', 'public'] as const) {
    test(`upgrading a ${naming} ${version} hub to ${latest.version}: its leftovers are stopped and deleted, pipelines before those they run`, () => {
      const from = getRelease(version);
      const s = new StandIn({ factory: { ...upgradeFactory(from, latest, naming, naming === 'public'), name: latestEnv.DataFactoryName } });
      const before = s.factory();
      const run = s.run('deleteOldResources', latestEnv);
      assert.is(run.status, 0, run.stderr);
      const current = factoryObjects(latest, 'hubc', 'Stopped');
      const after = s.factory();
      assert.equal(names(after.triggers), names(current.triggers));
      assert.equal(names(after.pipelines), names(current.pipelines));
      const leftovers = before.triggers.filter((t) => !names(current.triggers).includes(t.name));
      // A hubc release whose Data Factory names the latest all keeps (0.7 -> 0.8; 13 -> 14, which only adds) leaves nothing to delete.
      const kept = (a: Readonly<Record<string, string | undefined>>, b: Readonly<Record<string, string | undefined>>) =>
        Object.values(a).every((n) => Object.values(b).includes(n));
      const sameNames = naming === 'hubc' && kept(from.pipelines, latest.pipelines) && kept(from.triggers, latest.triggers);
      assert.is(leftovers.length + before.pipelines.length > current.pipelines.length, !sameNames, 'the old release left something');
      assert.equal(
        callsOf(run, 'datafactory', 'trigger', 'stop')
          .map((c) => option(c, '--name'))
          .sort(),
        names(leftovers),
      );
      assert.equal(run.outputs.deletedTriggers.sort(), names(leftovers));
      assert.equal(run.outputs.deletedPipelines.sort(), names(before.pipelines.filter((p) => !names(current.pipelines).includes(p.name))));
      for (const c of [...callsOf(run, 'datafactory', 'trigger', 'delete'), ...callsOf(run, 'datafactory', 'pipeline', 'delete')]) assert.ok(c.includes('--yes'), c.join(' '));
      assert.equal(callsOf(run, 'resource', 'delete'), [['resource', 'delete', '--ids', latestEnv.EventGridNamespaceId!, '--only-show-errors', '-o', 'none']]);
      assert.is(run.outputs.eventGridNamespace, 'deleted');
    });
  }
}

test("each release's template deletes the objects of the releases before it (0.1 to 0.4, public names)", () => {
  const env = templateScriptEnv(JSON.parse(releaseBuild('0.4').get('azuredeploy.json')!), '_deleteOldResources');
  const s = new StandIn({ factory: { ...upgradeFactory(getRelease('0.1'), getRelease('0.4'), 'public', false), name: env.DataFactoryName } });
  const run = s.run('deleteOldResources', env);
  assert.is(run.status, 0, run.stderr);
  const current = factoryObjects(getRelease('0.4'), 'hubc', 'Stopped');
  assert.equal(names(s.factory().triggers), names(current.triggers));
  assert.equal(names(s.factory().pipelines), names(current.pipelines));
  assert.equal(run.outputs.deletedTriggers, ['msexports']);
});

const NAMESPACE = latestEnv.EventGridNamespaceId!;
const env = (o: Record<string, string> = {}) => ({ ...latestEnv, ...o });
const CURRENT = factoryObjects(latest, 'hubc', 'Stopped');
const factoryWith = (extra: { triggers: FactoryObject[]; pipelines: FactoryObject[] }): FactoryState => ({
  resourceGroup: 'finops',
  name: latestEnv.DataFactoryName!,
  triggers: [...extra.triggers, ...CURRENT.triggers],
  pipelines: [...extra.pipelines, ...CURRENT.pipelines],
});
const LEFTOVERS_01 = factoryObjects(getRelease('0.1'), 'public', 'Started');

test('a factory without leftovers: nothing deleted; names match whole and case-insensitively', () => {
  const s = new StandIn({
    factory: factoryWith({ triggers: [trigger('msexports_FileAddedV2', 'Started'), trigger('MSEXPORTS_FILEADDED', 'Stopped')], pipelines: [pipeline('my_msexports_extract')] }),
  });
  const run = s.run('deleteOldResources', env());
  assert.is(run.status, 0, run.stderr);
  assert.equal(names(s.factory().triggers), names([trigger('msexports_FileAddedV2', 'Started'), ...CURRENT.triggers]));
  assert.equal(names(s.factory().pipelines), names([pipeline('my_msexports_extract'), ...CURRENT.pipelines]));
  assert.equal(run.outputs.deletedTriggers, ['MSEXPORTS_FILEADDED']);
  assert.equal(callsOf(run, 'datafactory', 'trigger', 'stop'), [], 'a stopped trigger is not stopped again');
});

test('empty patterns delete nothing and need no Data Factory call; no namespace, no resource call', () => {
  const s = new StandIn({ factory: factoryWith(LEFTOVERS_01) });
  let run = s.run('deleteOldResources', env({ LegacyTriggers: '', LegacyPipelines: '' }));
  assert.is(run.status, 0, run.stderr);
  assert.equal(run.calls, [['resource', 'delete', '--ids', NAMESPACE, '--only-show-errors', '-o', 'none']]);
  run = s.run('deleteOldResources', env({ LegacyTriggers: '', LegacyPipelines: '', EventGridNamespaceId: '' }));
  assert.equal(run.calls, []);
  assert.equal(run.outputs, { deletedTriggers: [], deletedPipelines: [], eventGridNamespace: 'none given' });
  assert.equal(names(s.factory().pipelines), names(factoryWith(LEFTOVERS_01).pipelines));
});

test('a namespace that cannot be deleted is reported, and the deployment goes on', () => {
  const s = new StandIn({ factory: factoryWith({ triggers: [], pipelines: [] }), failures: [{ command: 'resource delete', stderr: '(AuthorizationFailed) no' }] });
  const run = s.run('deleteOldResources', env());
  assert.is(run.status, 0, run.stderr);
  assert.match(run.stdout, `WARNING: could not delete ${NAMESPACE}`);
  assert.match(run.outputs.eventGridNamespace, /^not deleted: .*AuthorizationFailed/);
});

test("a leftover pipeline something current still runs fails the deployment with the service's reason", () => {
  const f = factoryWith(LEFTOVERS_01);
  f.pipelines.push(pipeline('custom_Wrapper', ['msexports_extract']));
  const run = new StandIn({ factory: f }).run('deleteOldResources', env());
  assert.is.not(run.status, 0);
  assert.match(run.stderr, 'referenced by pipeline custom_Wrapper');
  assert.match(run.stderr, `could not delete pipeline msexports_extract of data factory ${latestEnv.DataFactoryName}`);
});

test('an invalid pattern is named before anything is called', () => {
  const run = new StandIn({ factory: factoryWith({ triggers: [], pipelines: [] }) }).run('deleteOldResources', env({ LegacyPipelines: '^(msexports' }));
  assert.is.not(run.status, 0);
  assert.match(run.stderr, 'LegacyPipelines is not a valid regular expression: ^(msexports');
  assert.equal(run.calls, []);
});

test.run();
