/**
 * Release 12's `ingestion_ExecuteETL` in the simulator:
 * a stopped cluster is started and waited for before the files are listed; a running one (or an answer
 * without a state) is not started; a state that cannot be read stops the run with DataExplorerStateReadFailed.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compile } from '../../src/compiler/compile.js';
import { simulate } from '../../src/simulate/index.js';
import type { ResponsesFile } from '../../src/simulate/responses.js';
import { fullHubYaml } from '../support/hubs.js';
import { cleanStorages, emptyStorage } from '../support/simulate.js';

test.after.each(() => cleanStorages());

const CLUSTER = '*/providers/Microsoft.Kusto/clusters/*';
const run = async (responses: ResponsesFile) => {
  const build = compile(fullHubYaml('0.8'), { release: '12' });
  assert.ok(build.release, build.diagnostics.map((d) => d.message).join('\n'));
  return simulate({
    artifacts: build.artifacts,
    release: '12',
    storage: emptyStorage(),
    start: { kind: 'pipeline', pipeline: 'ingestion_ExecuteETL', parameters: { folderPath: 'ingestion/Costs/2024/05/sub' } },
    now: '2024-05-15T12:00:00Z',
    responses,
  });
};
const calls = (r: Awaited<ReturnType<typeof run>>) => r.requests.map((q) => `${q.method} ${q.url.replace(/^.*\/clusters\/[^/?]+/, '<cluster>').replace(/\?.*$/, '')}`);

test('a stopped cluster is started, then read until it runs; then the folder is listed', async () => {
  const r = await run({
    web: [
      { method: 'GET', url: `${CLUSTER}?api-version=*`, body: { properties: { state: 'Stopped' } }, once: true },
      { method: 'POST', url: `${CLUSTER}/start?api-version=*`, status: 202, body: {} },
      { method: 'GET', url: `${CLUSTER}?api-version=*`, body: { properties: { state: 'Starting' } }, once: true },
      { method: 'GET', url: `${CLUSTER}?api-version=*`, body: { properties: { state: 'Running' } } },
    ],
  });
  assert.equal(calls(r), ['GET <cluster>', 'POST <cluster>/start', 'GET <cluster>', 'GET <cluster>']);
  const acts = r.runs[0].activities;
  assert.is(acts.find((a) => a.name === 'Wait Until Cluster Runs')!.status, 'Succeeded');
  assert.is(acts.find((a) => a.name === 'List Files')!.status !== 'Skipped', true, 'the files are listed after the cluster runs');
  assert.is(r.runs[0].error?.errorCode, 'IngestionFilesNotFound', 'the empty folder, not the cluster, ends this run');
});

test('a cluster that runs (or an answer without a state) is not started', async () => {
  for (const web of [[{ method: 'GET', url: `${CLUSTER}?api-version=*`, body: { properties: { state: 'Running' } } }], []]) {
    const r = await run({ web });
    assert.equal(calls(r), ['GET <cluster>', 'GET <cluster>']);
    assert.is(r.runs[0].error?.errorCode, 'IngestionFilesNotFound');
  }
});

test('a state that cannot be read stops the run, naming the role the factory needs', async () => {
  const r = await run({ web: [{ method: 'GET', url: `${CLUSTER}?api-version=*`, status: 403, body: { error: { code: 'AuthorizationFailed', message: 'not allowed' } } }] });
  assert.is(r.runs[0].status, 'Failed');
  assert.is(r.runs[0].error?.errorCode, 'DataExplorerStateReadFailed');
  assert.match(r.runs[0].error!.message, 'Kusto Contributor');
  assert.equal(calls(r), ['GET <cluster>']);
});

test.run();
