/**
 * The clean-up script (deleteOldResources.sh) run with bash against the stand-in az over a factory
 * holding what each earlier release left behind. The stand-in refuses, as Data Factory does, to delete a
 * started trigger or a pipeline that another pipeline or a trigger still references.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { StandIn, callsOf, option, requireBashAndJq, type FactoryObject, type FactoryState } from '../../support/deploymentScripts.js';
import { LEGACY_PIPELINES, LEGACY_TRIGGERS } from '../../../src/modules/dataFactory/index.js';

requireBashAndJq();

const NAMESPACE = '/subscriptions/0/resourceGroups/finops/providers/Microsoft.EventGrid/namespaces/finops-hub-ns-abc';
const trigger = (name: string, runtimeState: 'Started' | 'Stopped', pipelines: string[] = []): FactoryObject => ({
  name,
  properties: { type: 'BlobEventsTrigger', runtimeState, pipelines: pipelines.map((p) => ({ pipelineReference: { referenceName: p, type: 'PipelineReference' } })) },
});
const execute = (pipeline: string) => ({ name: `Run ${pipeline}`, type: 'ExecutePipeline', typeProperties: { pipeline: { referenceName: pipeline, type: 'PipelineReference' } } });
/** A pipeline in the REST shape; `runs` are run through Execute Pipeline activities. */
const pipeline = (name: string, runs: string[] = []): FactoryObject => ({ name, properties: { activities: runs.map(execute) } });
/** The same in the flattened shape of the Azure CLI's Data Factory models, one Execute Pipeline nested in a ForEach. */
const flatPipeline = (name: string, runs: string[]): FactoryObject => ({
  name,
  activities: [{ name: 'Each', type: 'ForEach', activities: runs.map((p) => ({ name: `Run ${p}`, type: 'ExecutePipeline', pipeline: { referenceName: p, type: 'PipelineReference' } })) }],
});

/** What the current release deploys (kept by the clean-up). */
const CURRENT = {
  triggers: [trigger('config_SettingsUpdated', 'Stopped', ['config_ConfigureExports']), trigger('rawexports_ManifestAdded', 'Stopped', ['rawexports_ExecuteETL'])],
  pipelines: [pipeline('config_ConfigureExports'), pipeline('rawexports_ExecuteETL', ['rawexports_ETL_ingestion']), pipeline('rawexports_ETL_ingestion')],
};
/** Leftovers of the earlier releases (names from each release's template; see docs/deviations.md). */
const LEFTOVERS: Record<string, { triggers: FactoryObject[]; pipelines: FactoryObject[] }> = {
  '0.1': { triggers: [trigger('msexports', 'Started', ['msexports_extract'])], pipelines: [pipeline('msexports_extract', ['msexports_transform']), pipeline('msexports_transform')] },
  '0.2-0.3': {
    triggers: [trigger('msexports_FileAdded', 'Started', ['msexports_ExecuteETL'])],
    pipelines: [pipeline('msexports_ETL_ingestion'), pipeline('msexports_ExecuteETL', ['msexports_ETL_ingestion'])],
  },
  '0.4-0.5': {
    triggers: [trigger('msexports_FileAdded', 'Stopped', ['msexports_ExecuteETL']), trigger('msexports_daily', 'Started'), trigger('msexports_monthly', 'Started')],
    pipelines: [
      pipeline('config_BackfillData'),
      flatPipeline('config_RunBackfill', ['config_BackfillData']),
      pipeline('config_ExportData'),
      pipeline('config_RunExports', ['config_ExportData']),
      pipeline('msexports_ETL_ingestion'),
      pipeline('msexports_ExecuteETL', ['msexports_ETL_ingestion']),
    ],
  },
  '0.6': {
    triggers: [trigger('msexports_ManifestAdded', 'Started', ['msexports_ExecuteETL']), trigger('rawexports_FileAdded', 'Stopped')],
    pipelines: [pipeline('msexports_ETL_ingestion'), pipeline('msexports_ExecuteETL', ['msexports_ETL_ingestion'])],
  },
};

const factoryWith = (extra: { triggers: FactoryObject[]; pipelines: FactoryObject[] }): FactoryState => ({
  resourceGroup: 'finops',
  name: 'finops-hub-engine-abc',
  triggers: [...extra.triggers, ...CURRENT.triggers],
  pipelines: [...extra.pipelines, ...CURRENT.pipelines],
});
const env = (o: Record<string, string> = {}) => ({
  DataFactorySubscriptionId: '',
  DataFactoryResourceGroup: 'finops',
  DataFactoryName: 'finops-hub-engine-abc',
  LegacyTriggers: LEGACY_TRIGGERS,
  LegacyPipelines: LEGACY_PIPELINES,
  EventGridNamespaceId: NAMESPACE,
  ...o,
});
const names = (list: FactoryObject[]) => list.map((x) => x.name);

for (const [release, leftovers] of Object.entries(LEFTOVERS)) {
  test(`the leftovers of ${release} are deleted: triggers stopped first, pipelines before the pipelines they run`, () => {
    const s = new StandIn({ factory: factoryWith(leftovers) });
    const run = s.run('deleteOldResources', env());
    assert.is(run.status, 0, run.stderr);
    const f = s.factory();
    assert.equal(names(f.triggers), names(CURRENT.triggers));
    assert.equal(names(f.pipelines), names(CURRENT.pipelines));
    const started = leftovers.triggers.filter((t) => (t.properties as any).runtimeState === 'Started').map((t) => t.name);
    assert.equal(callsOf(run, 'datafactory', 'trigger', 'stop').map((c) => option(c, '--name')), started);
    assert.equal(run.outputs.deletedTriggers.sort(), names(leftovers.triggers).sort());
    assert.equal(run.outputs.deletedPipelines.sort(), names(leftovers.pipelines).sort());
    for (const c of [...callsOf(run, 'datafactory', 'trigger', 'delete'), ...callsOf(run, 'datafactory', 'pipeline', 'delete')]) assert.ok(c.includes('--yes'), c.join(' '));
    assert.equal(callsOf(run, 'resource', 'delete'), [['resource', 'delete', '--ids', NAMESPACE, '--only-show-errors', '-o', 'none']]);
    assert.is(run.outputs.eventGridNamespace, 'deleted');
  });
}

test('a factory without leftovers: nothing deleted; names match whole and case-insensitively', () => {
  const s = new StandIn({ factory: factoryWith({ triggers: [trigger('msexports_FileAddedV2', 'Started'), trigger('MSEXPORTS_DAILY', 'Stopped')], pipelines: [pipeline('my_msexports_extract')] }) });
  const run = s.run('deleteOldResources', env());
  assert.is(run.status, 0, run.stderr);
  assert.equal(names(s.factory().triggers), ['msexports_FileAddedV2', ...names(CURRENT.triggers)]);
  assert.equal(names(s.factory().pipelines), ['my_msexports_extract', ...names(CURRENT.pipelines)]);
  assert.equal(run.outputs.deletedTriggers, ['MSEXPORTS_DAILY']);
});

test('empty patterns delete nothing and need no Data Factory call; no namespace, no resource call', () => {
  const s = new StandIn({ factory: factoryWith(LEFTOVERS['0.1']!) });
  let run = s.run('deleteOldResources', env({ LegacyTriggers: '', LegacyPipelines: '' }));
  assert.is(run.status, 0, run.stderr);
  assert.equal(run.calls, [['resource', 'delete', '--ids', NAMESPACE, '--only-show-errors', '-o', 'none']]);
  run = s.run('deleteOldResources', env({ LegacyTriggers: '', LegacyPipelines: '', EventGridNamespaceId: '' }));
  assert.equal(run.calls, []);
  assert.equal(run.outputs, { deletedTriggers: [], deletedPipelines: [], eventGridNamespace: 'none given' });
  assert.equal(names(s.factory().pipelines), names(factoryWith(LEFTOVERS['0.1']!).pipelines));
});

test('a namespace that cannot be deleted is reported, and the deployment goes on', () => {
  const s = new StandIn({ factory: factoryWith({ triggers: [], pipelines: [] }), failures: [{ command: 'resource delete', stderr: '(AuthorizationFailed) no' }] });
  const run = s.run('deleteOldResources', env());
  assert.is(run.status, 0, run.stderr);
  assert.match(run.stdout, `WARNING: could not delete ${NAMESPACE}`);
  assert.match(run.outputs.eventGridNamespace, /^not deleted: .*AuthorizationFailed/);
});

test('a leftover pipeline something current still runs fails the deployment with the service\'s reason', () => {
  const f = factoryWith(LEFTOVERS['0.6']!);
  f.pipelines.push(pipeline('custom_Wrapper', ['msexports_ExecuteETL']));
  const run = new StandIn({ factory: f }).run('deleteOldResources', env());
  assert.is.not(run.status, 0);
  assert.match(run.stderr, "referenced by pipeline custom_Wrapper");
  assert.match(run.stderr, 'could not delete pipeline msexports_ExecuteETL of data factory finops-hub-engine-abc');
});

test('an invalid pattern is named before anything is called', () => {
  const run = new StandIn({ factory: factoryWith({ triggers: [], pipelines: [] }) }).run('deleteOldResources', env({ LegacyPipelines: '^(msexports' }));
  assert.is.not(run.status, 0);
  assert.match(run.stderr, 'LegacyPipelines is not a valid regular expression: ^(msexports');
  assert.equal(run.calls, []);
});

test.run();
