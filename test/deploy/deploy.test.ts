/**
 * `hubc deploy` end to end: the real `@azure/arm-resources` SDK, driven by the CLI in-process, against
 * the local ARM stand-in (`test/support/armStandin.ts`: HTTPS on 127.0.0.1 with a certificate made by the
 * test and trusted through the SDK's `tlsOptions.ca`, no test-only transport), signed by the test's own
 * `FixedTokenCredential`. Asserted: the requests sent (method, path, api-version, body), what is printed,
 * exit codes, and that every HTTP request of the run went to 127.0.0.1 with the injected credential
 * (so `DefaultAzureCredential` and the managed-identity endpoint were never used).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compiled, DEFAULT_HUB_YAML, templateOf } from '../support/hubs.js';
import { API_VERSION, deployArgs, RG, rgId, run, scenario, SUB } from './scenario.js';

const TEMPLATE = templateOf(compiled(DEFAULT_HUB_YAML));
const DEPLOYMENT = 'hubc-finops-hub-0.7';
const dep = `/subscriptions/${SUB}/resourcegroups/${RG}/providers/Microsoft.Resources/deployments/${DEPLOYMENT}`;

test('--what-if: creates the missing resource group, registers Microsoft.EventGrid, validates, shows the what-if and stops', async () => {
  const r = await run(scenario({ validate: 'async' }), deployArgs('--location', 'westeurope', '--what-if'));
  assert.is(r.code, 0, r.stderr);
  assert.equal(r.standin.calls(), [
    `HEAD /subscriptions/${SUB}/resourcegroups/${RG}`,
    `PUT /subscriptions/${SUB}/resourcegroups/${RG}`,
    `GET /subscriptions/${SUB}/providers`,
    `POST /subscriptions/${SUB}/providers/Microsoft.EventGrid/register`,
    `GET /subscriptions/${SUB}/providers/Microsoft.EventGrid`,
    `POST ${dep}/validate`,
    `GET /subscriptions/${SUB}/operationresults/validate-${DEPLOYMENT}`,
    `POST ${dep}/whatIf`,
    `GET /subscriptions/${SUB}/operationresults/whatif-${DEPLOYMENT}`,
    `GET /subscriptions/${SUB}/operationresults/whatif-${DEPLOYMENT}`,
  ]);
  for (const q of r.standin.requests) assert.is(q.apiVersion, API_VERSION, `${q.method} ${q.path}`);
  assert.equal(r.standin.requests[1].body, { location: 'westeurope' });
  const validate = r.standin.requests.find((q) => q.path.endsWith('/validate'))!;
  assert.equal(validate.body, { properties: { template: TEMPLATE, parameters: {}, mode: 'Incremental' } });
  const whatIf = r.standin.requests.find((q) => q.path.endsWith('/whatIf'))!;
  assert.equal(whatIf.body, validate.body);

  assert.match(r.stdout, 'created resource group rg-hub in westeurope');
  assert.match(r.stdout, 'resource provider Microsoft.EventGrid is NotRegistered: registering it');
  assert.match(r.stdout, 'resource provider Microsoft.EventGrid is Registered');
  assert.match(r.stdout, 'validation passed');
  const whatIfText = r.stdout.slice(r.stdout.indexOf('what-if:'));
  assert.equal(whatIfText.split('\n'), [
    'what-if: 1 to create, 1 to modify, 1 to no change, 1 to ignore, 1 to unsupported by what-if',
    '  create (1):',
    '    + Microsoft.Storage/storageAccounts/finopshubstore123',
    '  modify (1):',
    '    ~ Microsoft.KeyVault/vaults/finops-hub-vault-123',
    '        ~ properties.sku.name: "standard" => "premium"',
    `        + tags.cm-resource-parent: "${rgId}/providers/Microsoft.Cloud/hubs/finops-hub"`,
    '        - properties.accessPolicies[0]: {"objectId":"abc"}',
    '  no change (1):',
    '    = Microsoft.ManagedIdentity/userAssignedIdentities/finops-hub-identity',
    '  ignore (not in the template, left as is) (1):',
    '    * Microsoft.Compute/virtualMachines/unrelated-vm',
    '  unsupported by what-if (1):',
    '    x Microsoft.Resources/deploymentScripts/uploadSettings - Changes to deployment scripts cannot be predicted.',
    '',
  ]);
  assert.not.ok(
    r.standin.requests.some((q) => q.method === 'PUT' && q.path.includes('/deployments/')),
    'nothing deployed',
  );
  assert.ok(r.credential.scopes.length > 0, 'the injected credential signed the requests');
  for (const s of r.credential.scopes) assert.equal(s, ['https://management.azure.com/.default']);
  assert.ok(r.hosts.length >= r.standin.requests.length);
  assert.equal([...new Set(r.hosts)], ['127.0.0.1'], 'no request left 127.0.0.1 (no Azure, no managed-identity endpoint)');
});

test('a full deploy with --yes: parameters file sent, throttled provider list retried after Retry-After, one line per operation, outputs printed', async () => {
  const { writeFileSync, mkdtempSync } = await import('node:fs');
  const { join } = await import('node:path');
  const { tmpdir } = await import('node:os');
  const file = join(mkdtempSync(join(tmpdir(), 'hubc-deploy-')), 'p.json');
  writeFileSync(file, JSON.stringify({ parameters: { hubName: { value: 'my-hub' }, storageSku: { value: 'Premium_ZRS' } } }));
  const s = scenario({ resourceGroups: { [RG]: 'westeurope' }, throttle: { method: 'GET', path: /\/providers$/, times: 1, retryAfter: '1' } });
  const r = await run(s, deployArgs('--parameters', file, '--yes', '--name', 'first-deploy'));
  assert.is(r.code, 0, r.stderr);
  const calls = r.standin.calls();
  assert.equal(
    calls.slice(0, 3),
    [`HEAD /subscriptions/${SUB}/resourcegroups/${RG}`, `GET /subscriptions/${SUB}/providers`, `GET /subscriptions/${SUB}/providers`],
    'the 429 answer was retried',
  );
  assert.not.ok(
    calls.some((c) => c.startsWith('PUT /subscriptions/') && c.endsWith(`/resourcegroups/${RG}`)),
    'existing group not re-created',
  );
  const put = r.standin.requests.find((q) => q.method === 'PUT' && q.path.endsWith('/deployments/first-deploy'))!;
  assert.ok(put, calls.join('\n'));
  assert.equal(put.body, { properties: { template: TEMPLATE, parameters: { hubName: { value: 'my-hub' }, storageSku: { value: 'Premium_ZRS' } }, mode: 'Incremental' } });
  assert.ok(
    calls.some((c) => c.includes('/deployments/first-deploy/operationStatuses/')),
    'polled Azure-AsyncOperation',
  );
  assert.ok(calls.some((c) => c === `GET /subscriptions/${SUB}/resourcegroups/${RG}/deployments/first-deploy/operations`));
  const progress = r.stdout.split('\n').filter((l) => /^  (Running|Succeeded|Failed) /.test(l));
  assert.equal(progress, [
    '  Running    Microsoft.Storage/storageAccounts finopshubstore123',
    '  Succeeded  Microsoft.Storage/storageAccounts finopshubstore123 (Created)',
    '  Running    Microsoft.KeyVault/vaults finops-hub-vault-123',
    '  Succeeded  Microsoft.KeyVault/vaults finops-hub-vault-123 (OK)',
    '  Running    Microsoft.DataFactory/factories finops-hub-engine-123',
    '  Succeeded  Microsoft.DataFactory/factories finops-hub-engine-123 (Created)',
  ]);
  assert.match(
    r.stdout,
    'deployment succeeded; outputs:\n  name: "rg-hub"\n  storageAccountName: "finopshubstore123"\n  managedIdentityId: "33333333-3333-3333-3333-333333333333"\n',
  );
  assert.is(r.stderr, '');
  assert.equal([...new Set(r.hosts)], ['127.0.0.1']);
});

test('--format json: one JSON document on stdout with providers, what-if, operations and outputs; progress on stderr', async () => {
  const r = await run(scenario({ resourceGroups: { [RG]: 'westeurope' } }), deployArgs('--yes', '--format', 'json'));
  assert.is(r.code, 0, r.stderr);
  const out = JSON.parse(r.stdout);
  assert.is(out.status, 'deployed');
  assert.is(out.subscription, SUB);
  assert.is(out.deployment, DEPLOYMENT);
  assert.is(out.release, '0.7');
  assert.is(out.resourceGroupCreated, false);
  assert.equal(out.outputs, { name: 'rg-hub', storageAccountName: 'finopshubstore123', managedIdentityId: '33333333-3333-3333-3333-333333333333' });
  assert.equal(out.whatIf.counts, { Create: 1, Modify: 1, Delete: 0, Deploy: 0, NoChange: 1, Ignore: 1, Unsupported: 1 });
  assert.equal(out.whatIf.changes[1].propertyChanges[0], { path: 'properties.sku.name', change: 'Modify', before: 'standard', after: 'premium' });
  assert.equal(
    out.operations.map((o: any) => [o.resourceName, o.state]),
    [
      ['finopshubstore123', 'Succeeded'],
      ['finops-hub-vault-123', 'Succeeded'],
      ['finops-hub-engine-123', 'Succeeded'],
    ],
  );
  const eventGrid = out.providers.find((p: any) => p.namespace === 'Microsoft.EventGrid');
  assert.equal({ ...eventGrid, reasons: undefined }, { namespace: 'Microsoft.EventGrid', before: 'NotRegistered', action: 'registered', after: 'Registered', reasons: undefined });
  assert.equal(out.diagnostics, []);
  assert.match(r.stderr, 'Succeeded  Microsoft.DataFactory/factories finops-hub-engine-123');
});

test('a validation error is shown with its code, target and nested details; nothing after validation runs; exit 1', async () => {
  const validate = {
    code: 'InvalidTemplateDeployment',
    message: "The template deployment 'hubc-finops-hub-0.7' is not valid according to the validation procedure.",
    details: [
      {
        code: 'PreflightValidationCheckFailed',
        message: 'Preflight validation failed.',
        details: [{ code: 'StorageAccountAlreadyTaken', target: 'finopshubstore123', message: 'The storage account named finopshubstore123 is already taken.' }],
      },
    ],
  };
  const r = await run(scenario({ resourceGroups: { [RG]: 'westeurope' }, validate }), deployArgs('--yes'));
  assert.is(r.code, 1);
  assert.match(r.stderr, `deployment ${DEPLOYMENT} - error HUB433: Azure Resource Manager refused validating the deployment (HTTP 400)`);
  assert.match(
    r.stderr,
    [
      '  ARM error:',
      `    InvalidTemplateDeployment: ${validate.message}`,
      '      PreflightValidationCheckFailed: Preflight validation failed.',
      '        StorageAccountAlreadyTaken (target: finopshubstore123): The storage account named finopshubstore123 is already taken.',
    ].join('\n'),
  );
  assert.not.ok(r.standin.calls().some((c) => c.endsWith('/whatIf') || (c.startsWith('PUT') && c.includes('/deployments/'))));
});

test('without permission to register Microsoft.EventGrid: stops before validating and prints the az command that registers it; exit 2', async () => {
  const r = await run(scenario({ resourceGroups: { [RG]: 'westeurope' }, registerForbidden: ['Microsoft.EventGrid'] }), deployArgs('--yes'));
  assert.is(r.code, 2);
  assert.match(r.stderr, `subscription ${SUB} - error HUB430: resource provider Microsoft.EventGrid is not registered and the signed-in identity may not register it (HTTP 403)`);
  assert.match(
    r.stderr,
    `hint: Ask someone with Contributor or Owner on the subscription to run: az provider register --namespace Microsoft.EventGrid --subscription ${SUB} --wait`,
  );
  assert.match(r.stderr, "AuthorizationFailed: The client 'user@example.com'");
  assert.equal(r.standin.calls().slice(-1), [`POST /subscriptions/${SUB}/providers/Microsoft.EventGrid/register`]);
});

test('confirmation: refused without a terminal (exit 2), asked on a terminal (no: exit 1, yes: deploys)', async () => {
  const s = () => scenario({ resourceGroups: { [RG]: 'westeurope' } });
  const putDeployment = (calls: string[]) => calls.some((c) => c === `PUT ${dep}`);
  const noTty = await run(s(), deployArgs());
  assert.is(noTty.code, 2);
  assert.match(noTty.stderr, 'error HUB436: not deploying without confirmation: there is no terminal to ask on');
  assert.match(noTty.stderr, 'hint: Pass --yes to deploy these changes, or --what-if to only preview them.');
  assert.match(noTty.stdout, 'what-if: 1 to create', 'the what-if result is shown before refusing');
  assert.not.ok(putDeployment(noTty.standin.calls()));

  const no = await run(s(), deployArgs(), 'n');
  assert.equal(no.questions, [`Deploy these changes to resource group ${RG}? [y/N] `]);
  assert.is(no.code, 1);
  assert.match(no.stderr, 'error HUB437: deployment cancelled; nothing was changed');
  assert.not.ok(putDeployment(no.standin.calls()));

  const yes = await run(s(), deployArgs(), 'yes');
  assert.is(yes.code, 0, yes.stderr);
  assert.ok(putDeployment(yes.standin.calls()));
});

test('a failed deployment: the failed operation is shown in the progress, the deployment error with its details; exit 1 (json too)', async () => {
  const conflict = { code: 'StorageAccountAlreadyTaken', message: 'The storage account named finopshubstore123 is already taken.', target: 'finopshubstore123' };
  const s = scenario({ resourceGroups: { [RG]: 'westeurope' } });
  s.deploy.operations[0] = { ...s.deploy.operations[0], state: 'Failed', statusCode: 'Conflict', error: conflict };
  s.deploy.error = {
    code: 'DeploymentFailed',
    message: 'At least one resource deployment operation failed.',
    details: [{ code: 'Conflict', message: 'Resource conflict.', details: [conflict] }],
  };
  const r = await run(s, deployArgs('--yes'));
  assert.is(r.code, 1);
  assert.match(
    r.stdout,
    '  Failed     Microsoft.Storage/storageAccounts finopshubstore123 (Conflict) - StorageAccountAlreadyTaken: The storage account named finopshubstore123 is already taken.',
  );
  assert.match(r.stderr, 'error HUB434: the deployment failed');
  assert.match(
    r.stderr,
    '    DeploymentFailed: At least one resource deployment operation failed.\n      Conflict: Resource conflict.\n        StorageAccountAlreadyTaken (target: finopshubstore123): The storage account',
  );
  assert.ok(r.standin.calls().includes(`GET ${dep}`), 'the deployment was read for its error');

  const s2 = scenario({ resourceGroups: { [RG]: 'westeurope' } });
  s2.deploy = { ...s.deploy };
  const j = await run(s2, deployArgs('--yes', '--format', 'json'));
  assert.is(j.code, 1);
  const out = JSON.parse(j.stdout);
  assert.is(out.status, 'failed');
  assert.is(out.diagnostics[0].code, 'HUB434');
  assert.equal(out.arm, {
    code: 'DeploymentFailed',
    message: 'At least one resource deployment operation failed.',
    details: [{ code: 'Conflict', message: 'Resource conflict.', details: [{ ...conflict, details: [] }] }],
  });
  assert.equal(out.operations[0].error, { ...conflict, details: [] });
});

test('a missing resource group without --location: exit 2 before any provider or deployment call', async () => {
  const r = await run(scenario(), deployArgs('--what-if'));
  assert.is(r.code, 2);
  assert.match(r.stderr, `resource group ${RG} - error HUB432: resource group ${RG} does not exist and no --location is given to create it`);
  assert.equal(r.standin.calls(), [`HEAD /subscriptions/${SUB}/resourcegroups/${RG}`]);
});

test.run();
