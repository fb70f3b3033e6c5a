/**
 * Role assignment names across two builds (HUB750): the same principal, role and scope under another name
 * fails an upgrade with RoleAssignmentExists (#1604). Builds made here; `hubc diff`'s upgrade notes and
 * `hubc upgrade-plan`'s steps carry it.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { fromFiles } from '../../src/build/index.js';
import { renamedRoleAssignments, roleAssignmentRenames } from '../../src/catalogue/index.js';
import { diffBuilds } from '../../src/diff/index.js';
import { template } from '../support/catalogue.js';

const ROLE = 'ba92f5b4-2d11-453d-a403-e96b0029c9fe';
/** A template whose one role assignment is named guid(<seed>) for the factory's identity on the storage account. */
function withAssignment(seed: string): object {
  return template({
    resources: [
      {
        type: 'Microsoft.Authorization/roleAssignments',
        apiVersion: '2022-04-01',
        name: `[guid('${seed}', resourceGroup().id)]`,
        scope: "[format('Microsoft.Storage/storageAccounts/{0}', 'hubstore')]",
        properties: {
          roleDefinitionId: `[subscriptionResourceId('Microsoft.Authorization/roleDefinitions', '${ROLE}')]`,
          principalId: "[reference(resourceId('Microsoft.DataFactory/factories', 'hub-engine'), '2018-06-01', 'full').identity.principalId]",
          principalType: 'ServicePrincipal',
        },
      },
    ],
  });
}
const build = (release: string, seed: string) => fromFiles({ release, source: 'folder', files: new Map([['azuredeploy.json', JSON.stringify(withAssignment(seed), null, 2)]]) });

test('HUB750: the same principal, role and scope under another name fails; under the same name it passes', () => {
  const renamed = renamedRoleAssignments(build('0.9', 'storage-blob'), build('0.10', 'storage-blob-v2'));
  assert.is(renamed.length, 1);
  assert.is(renamed[0].to.role, ROLE);
  assert.match(renamed[0].to.principal, /^identity of \/subscriptions\/.*\/providers\/microsoft\.datafactory\/factories\/hub-engine$/);
  assert.match(renamed[0].to.scope, /\/resourcegroups\/hubc-resource-group\/providers\/microsoft\.storage\/storageaccounts\/hubstore$/);
  const d = roleAssignmentRenames(build('0.9', 'storage-blob'), build('0.10', 'storage-blob-v2'));
  assert.equal(
    d.map((x) => x.code),
    ['HUB750'],
  );
  assert.match(d[0].message, new RegExp(`is named ${renamed[0].from.name} in 0.9 and ${renamed[0].to.name} in 0.10: .* fails with RoleAssignmentExists`));
  assert.equal(roleAssignmentRenames(build('0.9', 'storage-blob'), build('0.10', 'storage-blob')), []);
});

test("hubc diff's upgrade notes carry it first of the notes that act before the deployment", () => {
  const side = (release: string, seed: string) => ({ label: release, source: 'folder' as const, release, build: build(release, seed) });
  const result = diffBuilds(side('0.9', 'a'), side('0.10', 'b'));
  const notes = result.upgradeNotes.filter((n) => n.kind === 'roleAssignmentRenamed');
  assert.is(notes.length, 1);
  assert.is(notes[0].code, 'HUB750');
  assert.match(notes[0].subject, /\/providers\/Microsoft\.Authorization\/roleAssignments\/[0-9a-f-]{36}$/);
  assert.equal(
    diffBuilds(side('0.9', 'a'), side('0.10', 'a')).upgradeNotes.filter((n) => n.kind === 'roleAssignmentRenamed'),
    [],
  );
});

test.run();
