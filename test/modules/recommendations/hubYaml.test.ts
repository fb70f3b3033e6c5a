/**
 * hub.yaml `recommendations`: the model; the Reader role the template cannot grant said at build time
 * (HUB231, naming the Azure RBAC scopes of hub.yaml and the commands); an optional group without the
 * recommendations (HUB232); a release without the feature (HUB220/HUB221); and the release-table seam the
 * tests use, which puts the table back.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compile } from '../../../src/compiler/compile.js';
import { formatDiagnostic } from '../../../src/diagnostics/diagnostic.js';
import { getRelease, has, withReleaseRows, type Release } from '../../../src/model/releases.js';
import { grantCommands, isRbacScope, MANUAL_GRANTS } from '../../../src/model/grants.js';
import { modelOf } from '../../support/hubs.js';
import { recommendationsHubYaml, RELEASE_WITHOUT_RECOMMENDATIONS, TEST_SCOPES } from '../../support/recommendations.js';

const diagnostics = (text: string) => compile(text, { file: 'hub.yaml' }).diagnostics;
/** The line of a `key:` in a text. */
const lineOf = (text: string, key: string) => text.split('\n').findIndex((l) => l.trimStart().startsWith(`${key}:`)) + 1;

test('the model takes recommendations from hub.yaml, all off by default', () => {
  assert.equal(modelOf(recommendationsHubYaml()).recommendations, { enabled: false, ahb: false, spot: false });
  assert.equal(modelOf(recommendationsHubYaml({ recommendations: { enabled: true, spot: true } })).recommendations, { enabled: true, ahb: false, spot: true });
});

test('HUB231 at recommendations.enabled: the Reader role on the subscriptions and management groups of hub.yaml, with the commands', () => {
  const text = recommendationsHubYaml({ recommendations: { enabled: true }, scopes: TEST_SCOPES });
  const found = diagnostics(text);
  assert.equal(
    found.map((d) => d.code),
    ['HUB231'],
  );
  const d = found[0];
  assert.is(d.severity, 'warning');
  assert.is(d.start?.line, lineOf(text, 'enabled'));
  const rbac = TEST_SCOPES.filter(isRbacScope);
  assert.equal(rbac, TEST_SCOPES.slice(0, 3), 'a billing account is not an Azure RBAC scope');
  for (const s of rbac) assert.ok(d.message.includes(s), s);
  assert.not.ok(d.message.includes('billingAccounts'));
  assert.match(d.message, /Reader role/);
  for (const s of rbac)
    assert.ok(d.hint!.includes(`az role assignment create --assignee-object-id "$principal" --assignee-principal-type ServicePrincipal --role Reader --scope ${s}`), s);
  assert.match(d.hint!, /principal=\$\(az deployment group show -g <resource group> -n <deployment name> --query properties\.outputs\.managedIdentityId\.value -o tsv\)/);
});

test('HUB231 without a scope Azure RBAC knows names the scopes to choose and a placeholder in the command', () => {
  const found = diagnostics(recommendationsHubYaml({ recommendations: { enabled: true }, scopes: ['/providers/Microsoft.Billing/billingAccounts/1234567'] }));
  assert.equal(
    found.map((d) => d.code),
    ['HUB231'],
  );
  assert.match(found[0].message, /management groups or subscriptions to analyze \(hub\.yaml scopes names none\)/);
  assert.match(found[0].hint!, /--scope <management group or subscription ID>$/);
  assert.equal(
    grantCommands(MANUAL_GRANTS[0], [], { resourceGroup: 'rg', deployment: 'hub' })[0],
    'principal=$(az deployment group show -g rg -n hub --query properties.outputs.managedIdentityId.value -o tsv)',
  );
});

test('HUB232 at an optional group switched on without the recommendations; nothing with them off altogether', () => {
  const text = recommendationsHubYaml({ recommendations: { enabled: false, ahb: true } });
  const found = diagnostics(text);
  assert.equal(found.map(formatDiagnostic).length, 1);
  assert.is(found[0].code, 'HUB232');
  assert.is(found[0].start?.line, lineOf(text, 'ahb'));
  assert.match(found[0].message, /recommendations\.ahb is true but recommendations\.enabled is false/);
  assert.equal(diagnostics(recommendationsHubYaml({ recommendations: { enabled: false } })), []);
});

test('a release without the feature: HUB220 for a value that would change the deployment, HUB221 for defaults only', () => {
  const on = recommendationsHubYaml({ recommendations: { enabled: true } }, RELEASE_WITHOUT_RECOMMENDATIONS);
  const e = diagnostics(on);
  assert.equal(
    e.map((d) => d.code),
    ['HUB220'],
  );
  assert.is(e[0].start?.line, lineOf(on, 'enabled'));
  assert.match(
    e[0].message,
    new RegExp(
      `recommendations\\.enabled configures recommendations from Azure Resource Graph, which hub release ${RELEASE_WITHOUT_RECOMMENDATIONS.replace('.', '\\.')} does not have`,
    ),
  );
  const off = recommendationsHubYaml({ recommendations: { enabled: false } }, RELEASE_WITHOUT_RECOMMENDATIONS);
  assert.equal(
    diagnostics(off).map((d) => [d.code, d.severity]),
    [['HUB221', 'warning']],
  );
});

test('the release-table seam stands a row in while its function runs, and puts the table back after a return, a throw or a promise', async () => {
  const W = RELEASE_WITHOUT_RECOMMENDATIONS;
  const row = (): Release => ({ ...getRelease(W), features: new Set([...getRelease(W).features, 'recommendations']) });
  const withFeature = <T>(fn: () => T): T => withReleaseRows([row()], fn);
  assert.not.ok(has(getRelease(W), 'recommendations'));
  assert.ok(withFeature(() => has(getRelease(W), 'recommendations')));
  assert.not.ok(has(getRelease(W), 'recommendations'));
  assert.throws(
    () =>
      withFeature(() => {
        throw new Error('inside');
      }),
    /inside/,
  );
  assert.not.ok(has(getRelease(W), 'recommendations'));
  const seen = await withFeature(async () => {
    await new Promise((r) => setTimeout(r, 1));
    return has(getRelease(W), 'recommendations');
  });
  assert.ok(seen, 'the row stays in place until the promise settles');
  assert.not.ok(has(getRelease(W), 'recommendations'));
  const added = withReleaseRows([{ ...row(), version: '99' }], () => has(getRelease('99'), 'recommendations'));
  assert.ok(added, 'a row of a new version is added to the table');
  assert.throws(() => getRelease('99'), /unknown hub release 99/);
});

test.run();
