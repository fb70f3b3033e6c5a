/**
 * The parts of `src/deploy` one at a time: resource providers a template needs, the what-if summary,
 * ARM errors, and the checks of a `--parameters` file; plus the CLI's sign-in failure and usage errors.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compiled, DEFAULT_HUB_YAML, hubYaml, templateOf } from '../support/hubs.js';
import { requiredProviders, registerCommand } from '../../src/deploy/providers.js';
import { formatWhatIf, summarizeWhatIf } from '../../src/deploy/whatIf.js';
import { armFailureOf, formatArmError } from '../../src/azure/errors.js';
import { missingSecrets, parseParametersText } from '../../src/deploy/parameters.js';
import { armConnection, normalizeArmEndpoint } from '../../src/azure/index.js';
import type { runCli } from '../../src/cli/program.js';
import { runHubc } from '../support/cli.js';
import { ArmStandin } from '../support/armStandin.js';
import { RequestWatch } from '../support/azureTest.js';
import { deployArgs, scenario } from './scenario.js';
import { fromFiles, TEMPLATE_FILE } from '../../src/build/index.js';

const TEMPLATE = templateOf(compiled(DEFAULT_HUB_YAML));
/** The template view (src/build) of a template given as JSON. */
const viewOf = (t: unknown) => fromFiles({ release: 'test', source: 'folder', files: new Map([[TEMPLATE_FILE, JSON.stringify(t)]]) }).template;
const namespaces = (t: any, values?: Record<string, unknown>) => requiredProviders(viewOf(t), values).map((p) => p.namespace);

test('providers: the default hub needs Event Grid (always), Data Factory, Storage, Key Vault, Network, identities, deployment scripts; no Kusto', () => {
  assert.equal(namespaces(TEMPLATE), [
    'Microsoft.Authorization',
    'Microsoft.ContainerInstance',
    'Microsoft.DataFactory',
    'Microsoft.EventGrid',
    'Microsoft.KeyVault',
    'Microsoft.ManagedIdentity',
    'Microsoft.Network',
    'Microsoft.Resources',
    'Microsoft.Storage',
  ]);
  const eventGrid = requiredProviders(viewOf(TEMPLATE)).find((p) => p.namespace === 'Microsoft.EventGrid')!;
  assert.ok(eventGrid.reasons.some((r) => r.startsWith('blob-event triggers')));
});

test('providers: Microsoft.Kusto when Data Explorer is on, from hub.yaml or from a parameter value', () => {
  assert.ok(namespaces(TEMPLATE, { dataExplorerName: 'myadx' }).includes('Microsoft.Kusto'));
  const withAdx = templateOf(
    compiled(
      hubYaml({ dataExplorer: { name: 'myadx', sku: { name: 'Dev(No SLA)_Standard_E2a_v4', tier: 'Basic', capacity: 1 }, databases: { ingestion: 'Ingestion', hub: 'Hub' } } }),
    ),
  );
  assert.ok(namespaces(withAdx).includes('Microsoft.Kusto'));
  assert.not.ok(namespaces(withAdx, { dataExplorerName: '' }).includes('Microsoft.Kusto'), 'a parameter value turns it off again');
});

test("providers: read from the resource tree: a child written with a short type is of its parent's namespace; nested resources count unless their deployment or their own condition is off", () => {
  const nested = (name: string, condition: unknown, scope: string | undefined, inner: object[]) => ({
    type: 'Microsoft.Resources/deployments',
    name,
    ...(condition === undefined ? {} : { condition }),
    properties: { mode: 'Incremental', ...(scope ? { expressionEvaluationOptions: { scope } } : {}), template: { resources: inner } },
  });
  const t = {
    parameters: { withWeb: { type: 'bool', defaultValue: false } },
    resources: [
      { type: 'Microsoft.Storage/storageAccounts', name: 'x', resources: [{ type: 'blobServices', name: 'default' }] },
      nested('on', undefined, undefined, [
        { type: 'Microsoft.Sql/servers', name: 's' },
        { type: 'Microsoft.Web/sites', name: 'w', condition: "[parameters('withWeb')]" },
      ]),
      nested('off', false, 'inner', [{ type: 'Microsoft.Cache/redis', name: 'r' }]),
      nested('own', undefined, 'inner', [{ type: 'Microsoft.Search/searchServices', name: 'q', condition: "[parameters('unknownHere')]" }]),
    ],
  };
  assert.equal(namespaces(t), ['Microsoft.EventGrid', 'Microsoft.Resources', 'Microsoft.Search', 'Microsoft.Sql', 'Microsoft.Storage']);
  assert.ok(namespaces(t, { withWeb: true }).includes('Microsoft.Web'));
});

test('providers: Event Grid is required even for a template without Event Grid resources', () => {
  const t = {
    resources: [
      { type: 'Microsoft.Storage/storageAccounts', name: 'x' },
      { type: 'Microsoft.Web/sites', condition: false, name: 'y' },
    ],
  };
  assert.equal(namespaces(t), ['Microsoft.EventGrid', 'Microsoft.Storage']);
  assert.is(registerCommand('Microsoft.EventGrid', 'S'), 'az provider register --namespace Microsoft.EventGrid --subscription S --wait');
});

test('what-if: changes sorted by type then resource, counts for every type, Delete and Deploy rendered, errors read', () => {
  const s = summarizeWhatIf({
    status: 'Succeeded',
    properties: {
      changes: [
        { resourceId: '/subscriptions/s/resourceGroups/g/providers/Microsoft.Web/sites/b', changeType: 'Delete' },
        { resourceId: '/subscriptions/s/resourceGroups/g/providers/Microsoft.Web/sites/a', changeType: 'Delete' },
        { resourceId: '/subscriptions/s/resourceGroups/g/providers/Microsoft.Storage/storageAccounts/s1', changeType: 'Deploy' },
        {
          resourceId: '/subscriptions/s/resourceGroups/g/providers/Microsoft.Storage/storageAccounts/s2',
          changeType: 'Modify',
          delta: [{ path: 'kind', propertyChangeType: 'NoEffect', before: 'StorageV2', after: 'StorageV2' }],
        },
      ],
    },
  });
  assert.equal(s.counts, { Create: 0, Modify: 1, Delete: 2, Deploy: 1, NoChange: 0, Ignore: 0, Unsupported: 0 });
  assert.equal(formatWhatIf(s), [
    'what-if: 1 to modify, 2 to delete, 1 to deploy',
    '  modify (1):',
    '    ~ Microsoft.Storage/storageAccounts/s2',
    '        x kind: "StorageV2" (no effect: the service keeps its own value)',
    '  delete (2):',
    '    - Microsoft.Web/sites/a',
    '    - Microsoft.Web/sites/b',
    '  deploy (no change predicted, properties unknown) (1):',
    '    ! Microsoft.Storage/storageAccounts/s1',
  ]);
  const failed = summarizeWhatIf({ status: 'Failed', error: { code: 'InvalidTemplate', message: 'bad', details: [{ code: 'X', message: 'y', target: 't' }] } });
  assert.equal(failed.error, { code: 'InvalidTemplate', message: 'bad', details: [{ code: 'X', message: 'y', target: 't', details: [] }] });
  assert.equal(formatWhatIf(summarizeWhatIf({ status: 'Succeeded', properties: { changes: [] } })), ['what-if: no resources']);
});

test('errors: an HTTP error is read from the raw body and classified; sign-in and network errors too', () => {
  const rest = (statusCode: number, body: unknown) => Object.assign(new Error('x'), { name: 'RestError', statusCode, response: { bodyAsText: JSON.stringify(body) } });
  const nested = { error: { code: 'A', message: 'outer', target: 't', details: [{ code: 'B', message: 'inner', details: [{ code: 'C', message: 'deepest' }] }] } };
  const f = armFailureOf(rest(400, nested));
  assert.equal(f, {
    kind: 'arm',
    status: 400,
    error: { code: 'A', message: 'outer', target: 't', details: [{ code: 'B', message: 'inner', details: [{ code: 'C', message: 'deepest', details: [] }] }] },
  });
  assert.equal(formatArmError(f.error, ''), ['A (target: t): outer', '  B: inner', '    C: deepest']);
  assert.is(armFailureOf(rest(403, { error: { code: 'AuthorizationFailed', message: 'no' } })).kind, 'forbidden');
  assert.is(armFailureOf(rest(429, { error: { code: 'TooManyRequests', message: 'slow down' } })).kind, 'throttled');
  assert.is(armFailureOf(Object.assign(new Error('no token'), { name: 'CredentialUnavailableError' })).kind, 'auth');
  assert.is(armFailureOf(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' })).kind, 'network');
});

const DECLARED = TEMPLATE.parameters;

test('parameters file: unknown names (with a suggestion), malformed entries and placeholder references are errors', () => {
  const r = parseParametersText(
    JSON.stringify({
      $schema: 'x',
      contentVersion: '1.0.0.0',
      parameters: {
        hubname: { value: 'a' },
        storageSkuu: { value: 'Premium_ZRS' },
        tags: { value: {}, reference: { keyVault: { id: 'v' }, secretName: 's' } },
        scopesToMonitor: [],
        remoteHubStorageKey: {
          reference: {
            keyVault: { id: '/subscriptions/<subscription-id>/resourceGroups/<resource-group>/providers/Microsoft.KeyVault/vaults/<vault-name>' },
            secretName: '<secret-name>',
          },
        },
      },
    }),
    'p.json',
    DECLARED,
  );
  assert.equal(Object.keys(r.parameters), ['hubName'], 'names are matched case-insensitively and keep the template spelling');
  assert.equal(
    r.diagnostics.map((d) => [d.code, d.path, d.hint?.slice(0, 30)]),
    [
      ['HUB421', 'parameters.storageSkuu', "Did you mean 'storageSku'?"],
      ['HUB422', 'parameters.tags', 'Each parameter is { "value": .'],
      ['HUB422', 'parameters.scopesToMonitor', 'Each parameter is { "value": .'],
      ['HUB424', 'parameters.remoteHubStorageKey', 'Put the vault resource ID and '],
    ],
  );
  const bad = parseParametersText('{ "parameters": { "hubName": ', 'p.json', DECLARED);
  assert.is(bad.diagnostics[0].code, 'HUB420');
  assert.match(bad.diagnostics[0].message, /^p\.json is not valid JSON: /);
  assert.equal(parseParametersText('{ "hubName": { "value": "x" } }', 'p.json', DECLARED).parameters, { hubName: { value: 'x' } }, 'a bare map, as az accepts');
});

test('parameters: a remote hub needs its key (HUB423); a Key Vault reference or a value satisfies it', () => {
  assert.equal(missingSecrets(DECLARED, {}, undefined), [], 'no remote hub: no key needed');
  const uri = { remoteHubStorageUri: { value: 'https://remote.dfs.core.windows.net/' } };
  const missing = missingSecrets(DECLARED, uri, 'p.json');
  assert.equal(
    missing.map((d) => [d.code, d.file, d.path]),
    [['HUB423', 'p.json', 'parameters.remoteHubStorageKey']],
  );
  assert.equal(missingSecrets(DECLARED, { ...uri, remoteHubStorageKey: { value: '' } }, 'p.json').length, 1, 'an empty value counts as missing');
  assert.equal(missingSecrets(DECLARED, { ...uri, remoteHubStorageKey: { value: 'k' } }, 'p.json'), []);
  const uriFromVault = { remoteHubStorageUri: { reference: { keyVault: { id: '/subscriptions/s/resourceGroups/g/providers/Microsoft.KeyVault/vaults/v' }, secretName: 'uri' } } };
  assert.equal(missingSecrets(DECLARED, uriFromVault, 'p.json').length, 1, 'a URI only known at deployment counts as a remote hub');
  assert.equal(
    missingSecrets(
      DECLARED,
      { ...uri, remoteHubStorageKey: { reference: { keyVault: { id: '/subscriptions/s/resourceGroups/g/providers/Microsoft.KeyVault/vaults/v' }, secretName: 'k' } } },
      'p.json',
    ),
    [],
  );
});

test('connection: the cloud picks endpoint, token scope and portal; --arm-endpoint changes only the endpoint', () => {
  const cred = { getToken: async () => null };
  assert.equal(
    { ...armConnection('AzureUSGovernment', 'S', cred), credential: undefined },
    {
      subscriptionId: 'S',
      endpoint: 'https://management.usgovcloudapi.net',
      scope: 'https://management.usgovcloudapi.net/.default',
      credential: undefined,
      clientOptions: undefined,
      portal: 'https://portal.azure.us',
    },
  );
  const c = armConnection('AzureChinaCloud', 'S', cred, 'https://127.0.0.1:8443');
  assert.equal([c.endpoint, c.scope], ['https://127.0.0.1:8443', 'https://management.chinacloudapi.cn/.default']);
  assert.is(normalizeArmEndpoint('https://127.0.0.1:8443/'), 'https://127.0.0.1:8443');
  assert.throws(() => normalizeArmEndpoint('http://127.0.0.1:8443'), /not an https URL/);
});

const cli = (argv: string[], overrides?: Parameters<typeof runCli>[2]) => runHubc(argv, overrides);

test('sign-in failure: one line naming the sign-in options, exit 2, and no request reaches the stand-in', async () => {
  const standin = await ArmStandin.start(scenario());
  const watch = new RequestWatch();
  const failing = { getToken: async () => Promise.reject(Object.assign(new Error('DefaultAzureCredential: no credential found'), { name: 'CredentialUnavailableError' })) };
  try {
    const r = await cli([...deployArgs('--what-if'), '--arm-endpoint', standin.endpoint], { azure: { credential: failing, clientOptions: standin.clientOptions } });
    assert.is(r.code, 2);
    assert.match(
      r.stderr,
      'error HUB438: cannot sign in to Azure while checking or creating resource group rg-hub: CredentialUnavailableError: DefaultAzureCredential: no credential found',
    );
    assert.match(r.stderr, 'hint: Sign in first (az login, Connect-AzAccount, azd auth login');
    assert.equal(standin.requests, []);
    assert.equal(watch.hosts, []);
  } finally {
    watch.close();
    await standin.stop();
  }
});

test('deploy usage errors: subscription, resource group, endpoint and two hub files are checked before anything runs', async () => {
  const missing = await cli(['deploy', '--resource-group', 'g']);
  assert.is(missing.code, 2);
  assert.match(missing.stderr, /required option '--subscription <id>' not specified/);
  const guid = await cli(['deploy', '--subscription', 'abc', '-g', 'g']);
  assert.is(guid.code, 2);
  assert.match(guid.stderr, /Not a valid subscription ID \(a GUID\)/);
  const endpoint = await cli(['deploy', '--subscription', '00000000-0000-0000-0000-000000000000', '-g', 'g', '--arm-endpoint', 'http://127.0.0.1:1']);
  assert.is(endpoint.code, 2);
  assert.match(endpoint.stderr, /not an https URL/);
  const two = await cli(['deploy', 'a.yaml', '--hub', 'b.yaml', '--subscription', '00000000-0000-0000-0000-000000000000', '-g', 'g']);
  assert.is(two.code, 2);
  assert.match(two.stderr, /two hub files given: 'a.yaml' and --hub 'b.yaml'/);
  const cloud = await cli(['deploy', '--subscription', '00000000-0000-0000-0000-000000000000', '-g', 'g', '--cloud', 'AzureChinaClod']);
  assert.is(cloud.code, 2);
  assert.match(cloud.stderr, /Did you mean 'AzureChinaCloud'\?/);
});

test('a parameters file error stops the run before any call to Azure (exit 1)', async () => {
  const { writeFileSync, mkdtempSync } = await import('node:fs');
  const { join } = await import('node:path');
  const { tmpdir } = await import('node:os');
  const file = join(mkdtempSync(join(tmpdir(), 'hubc-params-')), 'p.json');
  writeFileSync(file, JSON.stringify({ parameters: { remoteHubStorageUri: { value: 'https://remote.dfs.core.windows.net/' } } }));
  const standin = await ArmStandin.start(scenario());
  try {
    const r = await cli([...deployArgs('--parameters', file, '--what-if'), '--arm-endpoint', standin.endpoint], {
      azure: { credential: { getToken: async () => null }, clientOptions: standin.clientOptions },
    });
    assert.is(r.code, 1);
    assert.match(r.stderr, `${file} - error HUB423: remoteHubStorageKey is needed by this hub but no value is given`);
    assert.equal(standin.requests, []);
  } finally {
    await standin.stop();
  }
});

test.run();
