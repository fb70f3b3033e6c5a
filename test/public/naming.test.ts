/**
 * `naming: public` (issue #24): for every release, hubc's template and the public release's
 * (`../shared/reference/public-templates`, nested deployments flattened) are evaluated with the same hub
 * name, location, subscription and resource group, and every resource both deploy must have the same name.
 * The resources only one side deploys are listed below, each with the docs/deviations.md row that explains
 * it; the lists must be exact (an entry that no longer applies fails too).
 *
 * Each template is evaluated once in full; further hub names (long, with `_`, cut at a hyphen) evaluate
 * names and role assignments only.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { flattenTemplate, type FlattenContext } from '../../src/expressions/arm/flatten.js';
import { compiled, fullHubHasRemoteHub, fullHubYaml, templateOf } from '../support/hubs.js';
import { deploymentContext, publicTemplate } from '../support/publicTemplates.js';
import { has, getRelease, RELEASE_VERSIONS } from '../../src/model/releases.js';
import { compare, deployed, HUBC_ONLY, parameters, PUBLIC_ONLY } from '../support/publicKnown.js';

const DEVIATIONS = readFileSync(new URL('../../docs/deviations.md', import.meta.url), 'utf8');

const onlyRoles = (type: string) => type === 'Microsoft.Authorization/roleAssignments';

for (const release of RELEASE_VERSIONS) {
  test(`${release}: with naming: public, every resource both templates deploy has the public release's name`, () => {
    const hubcTemplate = templateOf(compiled(fullHubYaml(release, { naming: 'public' })));
    const p = parameters(release, 'finops-hub');
    const result = compare(flattenTemplate(publicTemplate(release), deploymentContext(p.public)).resources, flattenTemplate(hubcTemplate, deploymentContext(p.hubc)).resources);
    assert.ok(result.shared >= 15, `only ${result.shared} resources in common`);
    assert.equal(result.publicOnly, Object.keys(PUBLIC_ONLY[release]).sort(), 'resources only the public release deploys');
    assert.equal(result.hubcOnly, Object.keys(HUBC_ONLY[release]).sort(), 'resources only hubc deploys');
  });

  test(`${release}: the same for other hub names (names and role assignments only)`, () => {
    const hubcTemplate = templateOf(compiled(fullHubYaml(release, { naming: 'public' })));
    for (const hubName of ['abc', 'Contoso_FinOps-Hub', 'a-very-long-hub-name-that-is-cut-at-a-hyphen-in-every-resource1', 'hub-2024-01']) {
      const p = parameters(release, hubName);
      const ctx = (params: Record<string, unknown>): FlattenContext => deploymentContext(params, { bodies: onlyRoles });
      const result = compare(flattenTemplate(publicTemplate(release), ctx(p.public)).resources, flattenTemplate(hubcTemplate, ctx(p.hubc)).resources);
      // The public 0.4+ remote hub key secret keeps `_`, which Key Vault secret names do not allow.
      const secret = (name: string) => (hubName.includes('_') && fullHubHasRemoteHub(getRelease(release)) ? [`Microsoft.KeyVault/vaults/secrets {vault}/${name}-storage-key`] : []);
      // A virtual network name over 64 characters, which the public 0.7 release does not cut (so it cannot deploy), is cut by hubc.
      const safe = hubName.toLowerCase().replace(/[-_]/g, '');
      const network = (name: string) =>
        has(getRelease(release), 'privateNetworking') && `${safe}-vnet-westeurope`.length > 64
          ? [`Microsoft.Network/networkSecurityGroups ${name}-vnet-westeurope-nsg`, `Microsoft.Network/virtualNetworks ${name}-vnet-westeurope`]
          : [];
      assert.equal(
        result.publicOnly,
        [...Object.keys(PUBLIC_ONLY[release]), ...secret(hubName.toLowerCase()), ...network(safe)].sort(),
        `${hubName}: resources only the public release deploys`,
      );
      assert.equal(
        result.hubcOnly,
        [...Object.keys(HUBC_ONLY[release]), ...secret(hubName.toLowerCase().replace(/_/g, '-')), ...network(safe.slice(0, 64 - '-vnet-westeurope'.length))].sort(),
        `${hubName}: resources only hubc deploys`,
      );
    }
  });
}

test('every known one-sided resource cites a row of docs/deviations.md', () => {
  for (const list of [PUBLIC_ONLY, HUBC_ONLY]) {
    for (const [release, known] of Object.entries(list)) {
      for (const [resource, doc] of Object.entries(known)) assert.ok(DEVIATIONS.includes(doc), `${release} ${resource}: docs/deviations.md has no '${doc}'`);
    }
  }
});

test('with the default naming (spec), the names differ where the specification says so', () => {
  const p = parameters('0.7', 'finops-hub');
  const hubc = deployed(flattenTemplate(templateOf(compiled(fullHubYaml('0.7'))), deploymentContext(p.hubc, { bodies: onlyRoles })).resources);
  const storage = hubc.find((r) => r.type === 'Microsoft.Storage/storageAccounts/blobServices')!.name!.split('/')[0];
  assert.match(storage, /^finopsstore[a-z0-9]{13}$/);
  assert.ok(hubc.some((r) => r.type === 'Microsoft.Storage/storageAccounts/blobServices/containers' && r.name!.endsWith('/rawexports')));
});

test.run();
