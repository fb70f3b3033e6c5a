/**
 * `hubc params`: the parameters file holds hub.yaml's value of every template parameter it can hold,
 * never a secret, and is accepted by the official deploymentParameters schema
 * (`schemas/2019-04-01/deploymentParameters.json`, with the `parameterValueTypes` and
 * `keyVaultReference` definitions of `schemas/2019-04-01/deploymentTemplate.json` it refers to; see
 * `PARAMETERS_FILE_SHAPE`).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv04 from 'ajv-draft-04';
import { runHubc } from '../support/cli.js';
import { parseParametersText, missingSecrets } from '../../src/deploy/parameters.js';
import { compiled, hubYaml, templateOf } from '../support/hubs.js';
import { sharedText } from '../support/sharedData.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DIR = mkdtempSync(join(tmpdir(), 'hubc-params-'));
const VAULT = '/subscriptions/00000000-0000-0000-0000-000000000000/resourceGroups/secrets/providers/Microsoft.KeyVault/vaults/hub-secrets';

/** Writes a hub.yaml into the temp folder and returns its path. */
function hubFile(name: string, overrides: Record<string, unknown> = {}): string {
  const path = join(DIR, name);
  writeFileSync(path, hubYaml(overrides));
  return path;
}

const cli = (...argv: string[]) => runHubc(argv);

const REMOTE = { remoteHub: { storageUri: 'https://remotehub.dfs.core.windows.net/' } };

test('the default hub: every parameter with its hub.yaml value; expression defaults and the unused secret left out', async () => {
  const out = join(DIR, 'default.parameters.json');
  const r = await cli('params', join(ROOT, 'hub.yaml'), '--out', out);
  assert.is(r.code, 0, r.stderr);
  const file = JSON.parse(readFileSync(out, 'utf8'));
  assert.is(file.$schema, 'https://schema.management.azure.com/schemas/2019-04-01/deploymentParameters.json#');
  assert.is(file.contentVersion, '1.0.0.0');
  const template = templateOf(compiled());
  const expected = Object.fromEntries(
    Object.entries(template.parameters as Record<string, any>)
      .filter(([name]) => !['location', 'remoteHubStorageKey'].includes(name))
      .map(([name, p]) => [name, { value: p.defaultValue }]),
  );
  assert.equal(file.parameters, expected);
  assert.is(Object.keys(file.parameters).length, 18);
  assert.equal(r.stdout.split('\n'), [
    `wrote ${out}: 18 parameters for release 0.7`,
    '  left out location: computed by the template at deployment: [resourceGroup().location]',
    '  left out remoteHubStorageKey: secret, not used by this hub (remoteHubStorageUri is empty)',
    '',
  ]);
  assert.is(readFileSync(out, 'utf8'), `${JSON.stringify(file, null, 2)}\n`, '2-space JSON with a final newline');
  assert.equal(parseParametersText(readFileSync(out, 'utf8'), out, template.parameters).diagnostics, [], 'hubc deploy --parameters accepts it');
});

test('a hub with a location and a remote hub: location written; the key only as a Key Vault reference with placeholders (HUB425) ', async () => {
  const out = join(DIR, 'remote.parameters.json');
  const r = await cli('params', '--hub', hubFile('remote.yaml', { ...REMOTE, hub: { name: 'remote-hub', location: 'eastus2', eventGridLocation: '' } }), '--out', out);
  assert.is(r.code, 0, r.stderr);
  const file = JSON.parse(readFileSync(out, 'utf8'));
  assert.equal(file.parameters.location, { value: 'eastus2' });
  assert.equal(file.parameters.remoteHubStorageUri, { value: 'https://remotehub.dfs.core.windows.net/' });
  assert.equal(file.parameters.remoteHubStorageKey, {
    reference: {
      keyVault: { id: '/subscriptions/<subscription-id>/resourceGroups/<resource-group>/providers/Microsoft.KeyVault/vaults/<vault-name>' },
      secretName: '<secret-name>',
    },
  });
  // The warning names the file written, not the default name (issue #21 item 9: `params --out b.json`).
  assert.match(r.stderr, `${out} - warning HUB425: remoteHubStorageKey is a secret and is not written`);
  assert.match(r.stderr, `--parameters @${out} --parameters remoteHubStorageKey=<value>`);
  assert.not.match(r.stderr, 'azuredeploy.parameters.json');
  const piped = await cli('params', '--hub', hubFile('remote.yaml', { ...REMOTE, hub: { name: 'remote-hub', location: 'eastus2', eventGridLocation: '' } }), '--out', '-');
  assert.match(piped.stderr, '<stdout> - warning HUB425');
  assert.match(piped.stderr, '--parameters @<the saved file> --parameters remoteHubStorageKey=<value>');
  const declared = templateOf(compiled(hubYaml({ ...REMOTE, hub: { name: 'remote-hub', location: 'eastus2', eventGridLocation: '' } }))).parameters;
  assert.equal(
    parseParametersText(readFileSync(out, 'utf8'), out, declared).diagnostics.map((d) => d.code),
    ['HUB424'],
    'hubc deploy refuses the placeholders',
  );
});

test('--key-vault: the key becomes a reference to that vault (secret name: the parameter name, or --key-secret)', async () => {
  const hub = hubFile('remote2.yaml', REMOTE);
  const out = join(DIR, 'vault.parameters.json');
  const r = await cli('params', hub, '--out', out, '--key-vault', VAULT, '--format', 'json');
  assert.is(r.code, 0, r.stderr);
  const report = JSON.parse(r.stdout);
  assert.equal(report.references, ['remoteHubStorageKey']);
  assert.equal(report.diagnostics, []);
  assert.equal(
    report.omitted.map((o: any) => o.name),
    ['location'],
  );
  const file = JSON.parse(readFileSync(out, 'utf8'));
  assert.equal(file.parameters.remoteHubStorageKey, { reference: { keyVault: { id: VAULT }, secretName: 'remoteHubStorageKey' } });
  const declared = templateOf(compiled(hubYaml(REMOTE))).parameters;
  const read = parseParametersText(readFileSync(out, 'utf8'), out, declared);
  assert.equal([read.diagnostics, missingSecrets(declared, read.parameters, out)], [[], []]);

  const named = await cli('params', hub, '--out', '-', '--key-vault', VAULT, '--key-secret', 'remote-key');
  assert.is(named.code, 0);
  assert.equal(JSON.parse(named.stdout).parameters.remoteHubStorageKey.reference.secretName, 'remote-key');
  const alone = await cli('params', hub, '--key-secret', 'remote-key');
  assert.is(alone.code, 2);
  assert.match(alone.stderr, '--key-secret needs --key-vault');
  const badVault = await cli('params', hub, '--key-vault', 'my-vault');
  assert.is(badVault.code, 2);
  assert.match(badVault.stderr, /Expected \/subscriptions\/<id>\/resourceGroups/);
});

test('errors: an unreadable hub.yaml (HUB001) and an unwritable output (HUB002) exit 2, as environment errors do', async () => {
  const missing = await cli('params', join(DIR, 'nope.yaml'));
  assert.is(missing.code, 2);
  assert.match(missing.stderr, 'error HUB001: cannot read');
  const unwritable = await cli('params', join(ROOT, 'hub.yaml'), '--out', join(DIR, 'no-such-dir', 'p.json'));
  assert.is(unwritable.code, 2);
  assert.match(unwritable.stderr, 'error HUB002: cannot write');
});

test('an existing parameters file is never overwritten silently: the same content is left as it is, other content is refused unless --force (HUB004)', async () => {
  const out = join(DIR, 'edited.parameters.json');
  const hub = hubFile('edited.yaml');
  assert.is((await cli('params', hub, '--out', out)).code, 0);
  const written = readFileSync(out, 'utf8');
  const count = Object.keys(JSON.parse(written).parameters).length;
  // Again with the same hub.yaml: nothing to change, nothing written, exit 0.
  const again = await cli('params', hub, '--out', out);
  assert.is(again.code, 0, again.stderr);
  assert.equal(again.stdout.split('\n')[0], `${out} is current: ${count} parameters for release 0.7`);
  // A hand edit: refused, named, the file kept byte for byte.
  const edited = written.replace('"Premium_LRS"', '"Premium_ZRS"').replace('"value": 13', '"value": 24');
  assert.is.not(edited, written);
  writeFileSync(out, edited);
  const refused = await cli('params', hub, '--out', out);
  assert.is(refused.code, 2);
  assert.is(refused.stdout, '');
  assert.is(
    refused.stderr,
    `${out} - error HUB004: ${out} already exists and differs from what hubc params writes for this hub.yaml (ingestionRetentionInMonths, storageSku); hubc params does not overwrite it\n` +
      '  hint: To replace it, run again with --force (its values are lost); to keep it, pass another file with --out.\n',
  );
  assert.is(readFileSync(out, 'utf8'), edited);
  const json = await cli('params', hub, '--out', out, '--format', 'json');
  assert.is(json.code, 2);
  assert.equal(
    JSON.parse(json.stdout).diagnostics.map((d: { code: string }) => d.code),
    ['HUB004'],
  );
  // A file that is not a parameters file at all is refused the same way.
  writeFileSync(out, 'not json');
  assert.match((await cli('params', hub, '--out', out)).stderr, `${out} already exists and is not a parameters file hubc params wrote; hubc params does not overwrite it`);
  // --force replaces it.
  const forced = await cli('params', hub, '--out', out, '--force');
  assert.is(forced.code, 0, forced.stderr);
  assert.is(readFileSync(out, 'utf8'), written);
});

/**
 * The top level of a parameters file as "Create Resource Manager parameters file" documents it
 * (https://learn.microsoft.com/azure/azure-resource-manager/templates/parameter-files: `$schema`,
 * `contentVersion` of four numbers, `parameters` whose each entry holds a `value` or a Key Vault
 * `reference`, and optional `metadata`), the shape of the official
 * `schemas/2019-04-01/deploymentParameters.json`. Its two definitions are taken unchanged from the official
 * `deploymentTemplate.json` of the ARM schemas the other tests read (that file is not in every copy of
 * the schemas, nor in this workspace's ../shared, so the test does not wait for it).
 */
const PARAMETERS_FILE_SHAPE = {
  type: 'object',
  properties: {
    $schema: { type: 'string' },
    contentVersion: { type: 'string', pattern: '^[0-9]+\\.[0-9]+\\.[0-9]+\\.[0-9]+$' },
    parameters: { type: 'object', additionalProperties: { $ref: '#/definitions/parameter' } },
  },
  required: ['$schema', 'contentVersion', 'parameters'],
  definitions: {
    parameter: {
      type: 'object',
      properties: {
        value: { $ref: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#/definitions/parameterValueTypes' },
        reference: { $ref: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#/definitions/keyVaultReference' },
        metadata: { type: 'object' },
      },
      oneOf: [{ required: ['value'] }, { required: ['reference'] }],
    },
  },
};

test('every file hubc params writes has the documented parameters-file shape, with the official value and Key Vault reference definitions; a broken one is refused', async () => {
  const template = JSON.parse(await sharedText('arm-schemas/schemas/2019-04-01/deploymentTemplate.json'));
  const Ajv = Ajv04.default;
  const ajv = new Ajv({ strict: false, validateSchema: false, allErrors: true, logger: false });
  // Compiling all of deploymentTemplate.json would pull in every resource schema: register only the two
  // definitions a parameters file refers to, unchanged, under the official id.
  const { parameterValueTypes, keyVaultReference } = template.definitions;
  ajv.addSchema({ definitions: { parameterValueTypes, keyVaultReference } }, 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json');
  const validate = ajv.compile(PARAMETERS_FILE_SHAPE);
  for (const name of ['default.parameters.json', 'remote.parameters.json', 'vault.parameters.json']) {
    const file = JSON.parse(readFileSync(join(DIR, name), 'utf8'));
    assert.ok(validate(file), `${name}: ${ajv.errorsText(validate.errors)}`);
  }
  assert.not.ok(
    validate({ $schema: 'x', contentVersion: '1.0.0.0', parameters: { a: { value: 1, reference: { keyVault: { id: 'v' }, secretName: 's' } } } }),
    'value and reference together are refused',
  );
  assert.not.ok(validate({ $schema: 'x', contentVersion: '1.0', parameters: {} }), 'a content version of two numbers is refused');
  assert.not.ok(validate({ $schema: 'x', contentVersion: '1.0.0.0', parameters: { a: { reference: { secretName: 's' } } } }), 'a reference without its vault is refused');
});

test.run();
