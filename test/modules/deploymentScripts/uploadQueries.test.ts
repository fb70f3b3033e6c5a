/**
 * The query-file upload script (uploadQueries.sh) run with bash against the stand-in az: the template's own
 * environment writes exactly the build's query files of the groups switched on; a later deployment that
 * switches a group off deletes the files it wrote before, never a file a hub owner added; a stopped run is
 * finished by the next; bad input fails before anything is written.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compile } from '../../../src/compiler/compile.js';
import { StandIn, callsOf, option, requireBashAndJq, templateScriptEnv } from '../../support/deploymentScripts.js';
import { recommendationsHubYaml } from '../../support/recommendations.js';
import { RECOMMENDATION_QUERIES, queryFileName } from '../../../src/modules/recommendations/index.js';
import { deploymentScriptText } from '../../../src/modules/deploymentScripts/scripts.js';
import { Template } from '../../support/template.js';

requireBashAndJq();

const artifacts = compile(recommendationsHubYaml({ recommendations: { enabled: true } })).artifacts;
const template = JSON.parse(artifacts.get('azuredeploy.json')!);
const env = (parameters: Record<string, unknown> = {}) => templateScriptEnv(template, '_uploadQueries', { enableRecommendations: true, ...parameters });
const names = (group?: 'ahb' | 'spot') => RECOMMENDATION_QUERIES.filter((q) => q.group === group).map(queryFileName);
/** The query files in the stand-in storage. */
const stored = (s: StandIn, account: string) => RECOMMENDATION_QUERIES.map(queryFileName).filter((n) => s.readBlob(account, 'config', `queries/${n}.json`) !== undefined);

test("the template's environment writes the build's query files of the groups switched on, and records them", () => {
  const e = env({ enableAHBRecommendations: true });
  const s = new StandIn();
  const run = s.run('uploadQueries', e);
  assert.is(run.status, 0, run.stderr);
  assert.equal(stored(s, e.storageAccountName).sort(), [...names(), ...names('ahb')].sort());
  for (const n of stored(s, e.storageAccountName)) assert.is(s.readBlob(e.storageAccountName, 'config', `queries/${n}.json`), artifacts.get(`config/queries/${n}.json`), n);
  assert.equal(JSON.parse(s.readBlob(e.storageAccountName, 'config', 'hubc/queries.json')!).files, [...names(), ...names('ahb')].sort());
  for (const c of callsOf(run, 'storage', 'blob')) assert.is(option(c, '--auth-mode'), 'login', c.join(' '));
  assert.equal(run.outputs.deleted, []);
  s.dispose();
});

test('switching a group off deletes the files an earlier deployment wrote; a file a hub owner added stays', () => {
  const s = new StandIn();
  const on = env({ enableAHBRecommendations: true, enableSpotRecommendations: true });
  const account = on.storageAccountName;
  assert.is(s.run('uploadQueries', on).status, 0);
  s.writeBlob(account, 'config', 'queries/Contoso-Custom.json', '{"dataset":"Recommendations"}');
  const run = s.run('uploadQueries', env({ enableSpotRecommendations: false, enableAHBRecommendations: true }));
  assert.is(run.status, 0, run.stderr);
  assert.equal(stored(s, account).sort(), [...names(), ...names('ahb')].sort());
  assert.equal(run.outputs.deleted, names('spot'));
  assert.ok(s.readBlob(account, 'config', 'queries/Contoso-Custom.json'), 'never recorded, never deleted');
  assert.match(run.stdout, /NonSpotAKSClusters\.json deleted/);
  s.dispose();
});

test('a run stopped after recording, before deleting, is finished by the next: the stale names stay recorded until deleted', () => {
  const s = new StandIn({ failures: [{ command: 'storage blob delete', stderr: 'ERROR: network' }] });
  const all = env({ enableAHBRecommendations: true });
  const account = all.storageAccountName;
  assert.is(s.run('uploadQueries', all).status, 0);
  const failed = s.run('uploadQueries', env());
  assert.not.equal(failed.status, 0);
  assert.ok(JSON.parse(s.readBlob(account, 'config', 'hubc/queries.json')!).files.includes(names('ahb')[0]), 'still recorded');
  const s2 = new StandIn();
  // The same storage, without the failure: copy the blobs over.
  for (const n of [...stored(s, account), 'hubc/queries.json']) {
    const path = n.startsWith('hubc/') ? n : `queries/${n}.json`;
    s2.writeBlob(account, 'config', path, s.readBlob(account, 'config', path)!);
  }
  const again = s2.run('uploadQueries', env());
  assert.is(again.status, 0, again.stderr);
  assert.equal(stored(s2, account).sort(), names().sort());
  assert.equal(JSON.parse(s2.readBlob(account, 'config', 'hubc/queries.json')!).files, names().sort());
  s.dispose();
  s2.dispose();
});

test('the template passes only variables the script reads, and the script runs as the blob manager after the settings upload', () => {
  const code = deploymentScriptText('uploadQueries')
    .split('\n')
    .filter((l) => !l.trimStart().startsWith('#'))
    .join('\n');
  for (const name of Object.keys(env())) assert.match(code, new RegExp(`\\b${name}\\b`), name);
  const [script] = Template.fromJSON(template).findResources('Microsoft.Resources/deploymentScripts', { name: /_uploadQueries$/ });
  const [settings] = Template.fromJSON(template).findResources('Microsoft.Resources/deploymentScripts', { name: /_uploadSettings$/ });
  assert.equal(script.identity, settings.identity);
  assert.ok(
    script.dependsOn.some((d: string) => d.includes('_uploadSettings')),
    'one script in the network at a time',
  );
});

test('bad input fails before anything is written', () => {
  const s = new StandIn();
  const cases: Record<string, string>[] = [{ queryFiles: '[1]' }, { queryFiles: '{"../x": "y"}' }, { folder: 'a/b' }];
  for (const bad of cases) {
    const run = s.run('uploadQueries', { ...env(), ...bad });
    assert.is(run.status, 1, JSON.stringify(bad));
    assert.equal(callsOf(run, 'storage', 'blob', 'upload'), [], JSON.stringify(bad));
  }
  s.dispose();
});

test.run();
