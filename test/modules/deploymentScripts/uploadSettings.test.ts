/**
 * The settings upload script (uploadSettings.sh) run with bash against the stand-in az, over a
 * settings.json of every shape earlier releases wrote, and the no-silent-loss rules: scopes added by
 * hand and unknown keys are kept, and what changed is reported in the script's outputs.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compiled, fullHubYaml, hubYaml, templateOf } from '../../support/hubs.js';
import { releaseBuild } from '../../support/releaseBuilds.js';
import { StandIn, callsOf, option, requireBashAndJq, templateScriptEnv } from '../../support/deploymentScripts.js';
import { RELEASE_VERSIONS } from '../../../src/model/releases.js';

requireBashAndJq();

const ACCOUNT = 'finopsstoreabc';
const SCHEMA_URL = 'https://aka.ms/finops/hubs/settings-schema';
const LEARN_MORE = 'https://aka.ms/finops/hubs';
const A = '/subscriptions/aaaaaaaa-0000-0000-0000-000000000001';
const B = '/subscriptions/bbbbbbbb-0000-0000-0000-000000000002';
const HAND = '/providers/Microsoft.Billing/billingAccounts/1234567';

/** The environment of a 0.7 hub with Data Explorer parameters (every variable of the contract). */
function env07(o: Record<string, string | undefined> = {}): Record<string, string> {
  const all: Record<string, string | undefined> = {
    ftkVersion: '0.7',
    scopes: '[]',
    exportContainer: 'rawexports',
    exportRetentionInDays: '0',
    ingestionRetentionInMonths: '13',
    rawRetentionInDays: '0',
    finalRetentionInMonths: '13',
    storageAccountName: ACCOUNT,
    containerName: 'config',
    schemaFiles: JSON.stringify({ 'focuscost_1.0': '{ "a": 1 }\n' }),
    ...o,
  };
  return Object.fromEntries(Object.entries(all).filter((e): e is [string, string] => e[1] !== undefined));
}
/** A release whose settings carry no retention (0.1-0.3): no retention variables at all. */
const envNoRetention = (o: Record<string, string> = {}) =>
  env07({
    ftkVersion: '0.3',
    exportRetentionInDays: undefined,
    ingestionRetentionInMonths: undefined,
    rawRetentionInDays: undefined,
    finalRetentionInMonths: undefined,
    schemaFiles: '{}',
    ...o,
  });

/** Runs the script over an optional existing settings.json (and hubc/deployment.json). */
function upload(existing: string | undefined, env: Record<string, string>, state?: string) {
  const s = new StandIn();
  if (existing !== undefined) s.writeBlob(ACCOUNT, 'config', 'settings.json', existing);
  if (state !== undefined) s.writeBlob(ACCOUNT, 'config', 'hubc/deployment.json', state);
  const run = s.run('uploadSettings', env);
  const text = s.readBlob(ACCOUNT, 'config', 'settings.json');
  let settings: any;
  try {
    settings = text === undefined ? undefined : JSON.parse(text);
  } catch {
    settings = undefined;
  }
  return { s, run, text, settings };
}
const json = (v: unknown) => JSON.stringify(v, null, 2) + '\n';

test('a missing settings.json is created exactly as the build writes config/settings.json, in every release', () => {
  for (const version of RELEASE_VERSIONS) {
    // The template's own environment, evaluated with its default parameters.
    const artifacts = releaseBuild(version, fullHubYaml(version));
    const env = templateScriptEnv(JSON.parse(artifacts.get('azuredeploy.json')!), '_uploadSettings');
    const s = new StandIn();
    const run = s.run('uploadSettings', env);
    assert.is(run.status, 0, `${version}: ${run.stderr}`);
    assert.is(s.readBlob(env.storageAccountName, 'config', 'settings.json'), artifacts.get('config/settings.json'), version);
    const schemas = [...artifacts].filter(([path]) => path.startsWith('config/schemas/'));
    for (const [path, content] of schemas) assert.is(s.readBlob(env.storageAccountName, 'config', path.slice('config/'.length)), content, `${version} ${path}`);
    assert.equal(JSON.parse(s.readBlob(env.storageAccountName, 'config', 'hubc/deployment.json')!), { scopes: JSON.parse(env.scopes) }, version);
    const uploads = callsOf(run, 'storage', 'blob', 'upload');
    assert.is(uploads.length, 2 + schemas.length, version);
    for (const c of callsOf(run, 'storage', 'blob')) assert.is(option(c, '--auth-mode'), 'login', c.join(' '));
    for (const c of uploads) assert.is(option(c, '--content-type'), 'application/json');
    assert.equal(
      run.outputs,
      {
        settingsFile: 'created',
        previousSettingsFile: 'missing',
        addedScopes: JSON.parse(env.scopes),
        keptScopes: [],
        removedScopes: [],
        migratedKeys: [],
        changedSettings: [],
        unknownKeys: [],
        warnings: [],
      },
      version,
    );
  }
});

test("0.1-0.3 shape: version and scopes updated, hand-added scopes kept after the deployment's, key order kept", () => {
  const old = { $schema: SCHEMA_URL, type: 'HubInstance', version: '0.1.1', learnMore: LEARN_MORE, scopes: [{ scope: HAND }, { scope: A }] };
  const { run, text, settings } = upload(json(old), env07({ scopes: JSON.stringify([A, B]) }));
  assert.is(run.status, 0, run.stderr);
  assert.equal(Object.keys(settings), ['$schema', 'type', 'version', 'learnMore', 'scopes', 'retention']);
  assert.is(settings.version, '0.7');
  assert.equal(settings.scopes, [{ scope: A }, { scope: B }, { scope: HAND }]);
  assert.equal(settings.retention, { rawexports: { days: 0 }, ingestion: { months: 13 }, raw: { days: 0 }, final: { months: 13 } });
  assert.ok(text!.endsWith('}\n') && text!.includes('\n  "scopes": [\n'), '2-space JSON with a final newline');
  assert.equal(run.outputs.addedScopes, [B]);
  assert.equal(run.outputs.keptScopes, [HAND]);
  assert.is(run.outputs.settingsFile, 'updated');
  assert.ok(run.outputs.changedSettings.includes('version'));
  assert.match(run.stdout, `scope kept (not in the deployment, added to settings.json by hand): ${HAND}`);
});

test('a release without retention settings adds no retention', () => {
  const old = { $schema: SCHEMA_URL, type: 'HubInstance', version: '0.2', learnMore: LEARN_MORE, scopes: [] };
  const { run, settings } = upload(json(old), envNoRetention({ scopes: JSON.stringify([A]) }));
  assert.is(run.status, 0, run.stderr);
  assert.equal(settings, { ...old, version: '0.3', scopes: [{ scope: A }] });
  assert.equal(
    callsOf(run, 'storage', 'blob', 'upload').map((c) => option(c, '--name')),
    ['settings.json', 'hubc/deployment.json'],
  );
});

test('the older exportScopes string array becomes scopes entries and the key goes', () => {
  const old = { $schema: SCHEMA_URL, type: 'HubInstance', version: '0.0.1', learnMore: LEARN_MORE, exportScopes: [HAND, A] };
  const { run, settings } = upload(json(old), envNoRetention({ scopes: JSON.stringify([A]) }));
  assert.is(run.status, 0, run.stderr);
  assert.not.ok('exportScopes' in settings);
  assert.equal(settings.scopes, [{ scope: A }, { scope: HAND }]);
  assert.equal(run.outputs.migratedKeys, ['exportScopes -> scopes']);
  assert.equal(run.outputs.keptScopes, [HAND]);
  assert.equal(run.outputs.addedScopes, []);
});

test("0.4-0.6 shape: retention.msexports becomes retention.rawexports, the deployment's values win", () => {
  const old = {
    $schema: SCHEMA_URL,
    type: 'HubInstance',
    version: '0.5',
    learnMore: LEARN_MORE,
    scopes: [{ scope: A }],
    retention: { msexports: { days: 5 }, ingestion: { months: 24 } },
  };
  const { run, settings } = upload(json(old), env07({ scopes: JSON.stringify([A]), exportRetentionInDays: '7', ingestionRetentionInMonths: '13' }));
  assert.is(run.status, 0, run.stderr);
  assert.equal(settings.retention, { rawexports: { days: 7 }, ingestion: { months: 13 }, raw: { days: 0 }, final: { months: 13 } });
  assert.equal(Object.keys(settings.retention), ['rawexports', 'ingestion', 'raw', 'final']);
  assert.equal(run.outputs.migratedKeys, ['retention.msexports -> retention.rawexports']);
  assert.equal(run.outputs.changedSettings, [
    'retention.final.months',
    'retention.ingestion.months',
    'retention.msexports.days',
    'retention.raw.days',
    'retention.rawexports.days',
    'version',
  ]);
});

test('retention.msexports keeps its value when the deployment passes no retention', () => {
  const old = { version: '0.6', scopes: [], retention: { msexports: { days: 5 }, ingestion: { months: 24 } } };
  const { run, settings } = upload(json(old), envNoRetention());
  assert.is(run.status, 0, run.stderr);
  assert.equal(settings.retention, { rawexports: { days: 5 }, ingestion: { months: 24 } });
  // Both keys present: rawexports's values win, msexports's other members are kept.
  const both = upload(json({ scopes: [], retention: { msexports: { days: 5, note: 'x' }, rawexports: { days: 9 } } }), envNoRetention());
  assert.equal(both.settings.retention, { rawexports: { days: 9, note: 'x' } });
});

test('0.7 shape written by hubc with the same values: nothing is uploaded but the state and schema files', () => {
  const current = {
    $schema: SCHEMA_URL,
    type: 'HubInstance',
    version: '0.7',
    learnMore: LEARN_MORE,
    scopes: [{ scope: A }],
    retention: { rawexports: { days: 0 }, ingestion: { months: 13 }, raw: { days: 0 }, final: { months: 13 } },
  };
  const compact = JSON.stringify(current);
  const { run, text } = upload(compact, env07({ scopes: JSON.stringify([A]) }));
  assert.is(run.status, 0, run.stderr);
  assert.is(text, compact, 'the file is left byte for byte');
  assert.is(run.outputs.settingsFile, 'unchanged');
  assert.equal(
    callsOf(run, 'storage', 'blob', 'upload').map((c) => option(c, '--name')),
    ['hubc/deployment.json', 'schemas/focuscost_1.0.json'],
  );
});

test('unknown keys and unknown members of scope entries are kept as they were', () => {
  const old = { version: '0.7', team: { owner: 'finance', tags: ['a'] }, scopes: [{ scope: HAND, tenantId: 't1' }, 42], retention: { rawexports: { days: 1, comment: 'mine' } } };
  const { run, settings } = upload(json(old), env07({ scopes: JSON.stringify([HAND.toUpperCase()]) }));
  assert.is(run.status, 0, run.stderr);
  assert.equal(settings.team, old.team);
  assert.equal(settings.scopes, [{ scope: HAND.toUpperCase(), tenantId: 't1' }, 42]);
  assert.equal(settings.retention.rawexports, { days: 0, comment: 'mine' });
  assert.equal(run.outputs.unknownKeys, ['team']);
  assert.equal(Object.keys(settings), ['version', 'team', 'scopes', 'retention']);
});

test("scopes are merged case-insensitively: the deployment's first and in its spelling, no duplicates, no member lost", () => {
  const old = { scopes: [{ scope: A.toUpperCase(), note: 1 }, { scope: '' }, { scope: HAND }, { scope: HAND.toLowerCase(), label: 'x' }, { scope: A, extra: 2 }] };
  const { run, settings } = upload(json(old), env07({ scopes: JSON.stringify([A, A.toUpperCase(), B, '']) }));
  assert.is(run.status, 0, run.stderr);
  assert.equal(settings.scopes, [{ scope: A, note: 1, extra: 2 }, { scope: B }, { scope: HAND, label: 'x' }]);
  assert.equal(run.outputs.addedScopes, [B]);
  assert.equal(run.outputs.keptScopes, [HAND]);
  // A single scope object (accepted by the pipelines) becomes a list.
  const single = upload(json({ scopes: { scope: HAND } }), env07());
  assert.equal(single.settings.scopes, [{ scope: HAND }]);
  assert.equal(single.run.outputs.migratedKeys, ['scopes (single value -> list)']);
});

test('a scope removed from the deployment goes only if an earlier deployment put it there', () => {
  const s = new StandIn();
  s.writeBlob(ACCOUNT, 'config', 'settings.json', json({ version: '0.5', scopes: [{ scope: HAND }] }));
  // Upgrade from a release that recorded nothing: every scope of the file is kept.
  let run = s.run('uploadSettings', env07({ scopes: JSON.stringify([A, B]) }));
  assert.is(run.status, 0, run.stderr);
  assert.equal(JSON.parse(s.readBlob(ACCOUNT, 'config', 'hubc/deployment.json')!), { scopes: [A, B] });
  // B leaves hub.yaml: removed; HAND was added by hand: kept.
  run = s.run('uploadSettings', env07({ scopes: JSON.stringify([A]) }));
  assert.is(run.status, 0, run.stderr);
  assert.equal(JSON.parse(s.readBlob(ACCOUNT, 'config', 'settings.json')!).scopes, [{ scope: A }, { scope: HAND }]);
  assert.equal(run.outputs.removedScopes, [B]);
  assert.equal(run.outputs.keptScopes, [HAND]);
  assert.match(run.stdout, `scope removed (an earlier deployment added it, this one does not list it): ${B}`);
  // Without a record (deleted or unreadable) nothing is removed.
  const unreadable = upload(json({ scopes: [{ scope: A }, { scope: B }] }), env07({ scopes: JSON.stringify([A]) }), '{not json');
  assert.equal(unreadable.settings.scopes, [{ scope: A }, { scope: B }]);
  assert.equal(unreadable.run.outputs.removedScopes, []);
  assert.equal(unreadable.run.outputs.warnings, ['hubc/deployment.json is unreadable; no scope was removed from settings.json']);
});

test('an empty settings.json is replaced by a new document', () => {
  const { run, settings } = upload('  \n', env07({ scopes: JSON.stringify([A]) }));
  assert.is(run.status, 0, run.stderr);
  assert.equal(settings.scopes, [{ scope: A }]);
  assert.is(settings.$schema, SCHEMA_URL);
  assert.is(run.outputs.settingsFile, 'created');
  assert.is(run.outputs.previousSettingsFile, 'empty');
});

test('invalid JSON fails the deployment with a clear message and nothing is written', () => {
  for (const [label, bad, reason] of [
    ['truncated', '{ "version": "0.5", "scopes": [', /not a valid settings file/],
    ['not an object', '[{ "scope": "/subscriptions/x" }]', /the top level is array, not an object/],
    ['scopes of a wrong type', '{ "scopes": 5 }', /scopes is 5; expected a list of scopes/],
    ['retention of a wrong type', '{ "retention": "13 months" }', /retention is "13 months"; expected an object/],
  ] as const) {
    const { s, run, text } = upload(bad, env07({ scopes: JSON.stringify([A]) }));
    assert.is.not(run.status, 0, label);
    assert.match(run.stderr, /settings\.json in container config of storage account finopsstoreabc/, label);
    assert.match(run.stderr, reason, `${label}: ${run.stderr}`);
    assert.match(run.stderr, /Nothing was changed/, label);
    assert.is(text, bad, `${label}: the file is untouched`);
    assert.equal(callsOf(run, 'storage', 'blob', 'upload'), [], label);
    assert.is(s.readBlob(ACCOUNT, 'config', 'hubc/deployment.json'), undefined, label);
  }
});

test('a failing storage call fails the deployment; bad variables are named', () => {
  const s = new StandIn({ failures: [{ command: 'storage blob upload', stderr: 'AuthorizationPermissionMismatch', exitCode: 1 }] });
  const run = s.run('uploadSettings', env07());
  assert.is.not(run.status, 0);
  assert.match(run.stderr, /could not write settings\.json to container config of storage account finopsstoreabc/);
  // A check that fails is never taken for a missing file: the existing settings.json is not replaced.
  for (const command of ['storage blob exists', 'storage blob download']) {
    const t = new StandIn({ failures: [{ command, stderr: 'ServiceUnavailable', exitCode: 1 }] });
    t.writeBlob(ACCOUNT, 'config', 'settings.json', '{"scopes": [{"scope": "/subscriptions/kept"}]}');
    const r = t.run('uploadSettings', env07());
    assert.is.not(r.status, 0, command);
    assert.match(r.stderr, /could not (check for|read) settings\.json in|from container config/, command);
    assert.equal(callsOf(r, 'storage', 'blob', 'upload'), [], command);
    assert.is(t.readBlob(ACCOUNT, 'config', 'settings.json'), '{"scopes": [{"scope": "/subscriptions/kept"}]}');
  }
  for (const [o, message] of [
    [{ scopes: '/subscriptions/x' }, /scopes is not a JSON array of scope IDs/],
    [{ exportRetentionInDays: 'seven' }, /exportRetentionInDays is 'seven'; expected a whole number/],
    [{ ftkVersion: '' }, /ftkVersion is not set/],
    [{ schemaFiles: '["x"]' }, /schemaFiles is not a JSON object/],
  ] as const) {
    const r = new StandIn().run('uploadSettings', env07(o));
    assert.is.not(r.status, 0);
    assert.match(r.stderr, message);
    assert.equal(r.calls, [], 'fails before touching storage');
  }
});

test("hub.yaml's scopes reach the script through the template parameter", () => {
  const env = templateScriptEnv(templateOf(compiled(hubYaml({ scopes: [A, HAND] }))), '_uploadSettings');
  const { run, settings } = upload(json({ scopes: [{ scope: B }] }), env07({ scopes: env.scopes }));
  assert.is(run.status, 0, run.stderr);
  assert.equal(settings.scopes, [{ scope: A }, { scope: HAND }, { scope: B }]);
});

test.run();
