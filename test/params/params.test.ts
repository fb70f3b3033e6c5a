/**
 * `hubc params`: the parameters file holds hub.yaml's value of every template parameter it can hold,
 * never a secret, and is accepted by the official deploymentParameters schema
 * (`schemas/2019-04-01/deploymentParameters.json`, with the `parameterValueTypes` and
 * `keyVaultReference` definitions of `schemas/2019-04-01/deploymentTemplate.json` it refers to), read
 * from a local copy of the schemas (see `parametersSchemaDir`).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv04 from 'ajv-draft-04';
import { runHubc } from '../support/cli.js';
import { armSchemaCacheDir, sharedArmSchemaCandidates } from '../../src/validators/armSchema/locate.js';
import { parseParametersText, missingSecrets } from '../../src/deploy/parameters.js';
import { compiled, hubYaml, templateOf } from '../support/hubs.js';

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
    "  left out location: computed by the template at deployment: [resourceGroup().location]",
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
    reference: { keyVault: { id: '/subscriptions/<subscription-id>/resourceGroups/<resource-group>/providers/Microsoft.KeyVault/vaults/<vault-name>' }, secretName: '<secret-name>' },
  });
  // The warning names the file written, not the default name (issue #21 item 9: `params --out b.json`).
  assert.match(r.stderr, `${out} - warning HUB425: remoteHubStorageKey is a secret and is not written`);
  assert.match(r.stderr, `--parameters @${out} --parameters remoteHubStorageKey=<value>`);
  assert.not.match(r.stderr, 'azuredeploy.parameters.json');
  const piped = await cli('params', '--hub', hubFile('remote.yaml', { ...REMOTE, hub: { name: 'remote-hub', location: 'eastus2', eventGridLocation: '' } }), '--out', '-');
  assert.match(piped.stderr, '<stdout> - warning HUB425');
  assert.match(piped.stderr, '--parameters @<the saved file> --parameters remoteHubStorageKey=<value>');
  const declared = templateOf(compiled(hubYaml({ ...REMOTE, hub: { name: 'remote-hub', location: 'eastus2', eventGridLocation: '' } }))).parameters;
  assert.equal(parseParametersText(readFileSync(out, 'utf8'), out, declared).diagnostics.map((d) => d.code), ['HUB424'], 'hubc deploy refuses the placeholders');
});

test('--key-vault: the key becomes a reference to that vault (secret name: the parameter name, or --key-secret)', async () => {
  const hub = hubFile('remote2.yaml', REMOTE);
  const out = join(DIR, 'vault.parameters.json');
  const r = await cli('params', hub, '--out', out, '--key-vault', VAULT, '--format', 'json');
  assert.is(r.code, 0, r.stderr);
  const report = JSON.parse(r.stdout);
  assert.equal(report.references, ['remoteHubStorageKey']);
  assert.equal(report.diagnostics, []);
  assert.equal(report.omitted.map((o: any) => o.name), ['location']);
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

/**
 * The folder holding `schemas/2019-04-01/deploymentParameters.json`, looked for where the other tests
 * find the ARM schemas (`ARM_SCHEMAS_DIR`, `HUBC_SHARED_DIR`/arm-schemas, `shared/arm-schemas` beside the
 * checkout, the schema cache), but never downloaded: this suite reaches no address but 127.0.0.1.
 */
function parametersSchemaDir(): { dir?: string; tried: string[] } {
  const shared = process.env.HUBC_SHARED_DIR ? [resolve(process.env.HUBC_SHARED_DIR, 'arm-schemas')] : [];
  const candidates = [...new Set([process.env.ARM_SCHEMAS_DIR, ...shared, ...sharedArmSchemaCandidates(), armSchemaCacheDir()])].filter((d): d is string => !!d);
  const dir = candidates.find((d) => existsSync(join(d, 'schemas/2019-04-01/deploymentParameters.json')) && existsSync(join(d, 'schemas/2019-04-01/deploymentTemplate.json')));
  return { dir, tried: candidates };
}

const schemaDir = parametersSchemaDir();
if (schemaDir.dir) {
  test('the official deploymentParameters schema accepts every file hubc params writes, and rejects a broken one', async () => {
    const Ajv = Ajv04.default;
    const ajv = new Ajv({ strict: false, validateSchema: false, allErrors: true, logger: false });
    const read = (f: string) => JSON.parse(readFileSync(join(schemaDir.dir!, 'schemas/2019-04-01', f), 'utf8'));
    // Compiling all of deploymentTemplate.json would pull in every resource schema: register only the two
    // definitions deploymentParameters.json refers to, unchanged, under the official id.
    const { parameterValueTypes, keyVaultReference } = read('deploymentTemplate.json').definitions;
    ajv.addSchema({ definitions: { parameterValueTypes, keyVaultReference } }, 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json');
    const parametersSchema = read('deploymentParameters.json');
    delete parametersSchema.id;
    ajv.addSchema(parametersSchema, 'https://schema.management.azure.com/schemas/2019-04-01/deploymentParameters.json');
    const validate = ajv.getSchema('https://schema.management.azure.com/schemas/2019-04-01/deploymentParameters.json')!;
    for (const name of ['default.parameters.json', 'remote.parameters.json', 'vault.parameters.json']) {
      const file = JSON.parse(readFileSync(join(DIR, name), 'utf8'));
      assert.ok(validate(file), `${name}: ${ajv.errorsText(validate.errors)}`);
    }
    assert.not.ok(validate({ $schema: 'x', contentVersion: '1.0.0.0', parameters: { a: { value: 1, reference: { keyVault: { id: 'v' }, secretName: 's' } } } }), 'value and reference together are refused');
  });
} else {
  // Printed, not silent: the check needs the official file, which is not in every copy of the schemas.
  console.log(`NOTE params.test.ts: deploymentParameters schema check not run: schemas/2019-04-01/deploymentParameters.json not found in ${schemaDir.tried.join(', ')}`);
}

test.run();
