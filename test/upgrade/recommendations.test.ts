/**
 * A hub that turns the recommendations on needs the Reader role its template cannot grant: `hubc diff` says
 * so (HUB660, naming B's Azure RBAC scopes) and `hubc upgrade-plan` has the step with the commands, which
 * cites the note; from a release without the feature, from the feature off, never when it stays on or off.
 * Made from the data row of src/model/grants.ts.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compile } from '../../src/compiler/compile.js';
import { formatDiagnostic, hasErrors } from '../../src/diagnostics/diagnostic.js';
import { diffBuilds } from '../../src/diff/index.js';
import { planUpgrade } from '../../src/upgrade/index.js';
import { fromCompile } from '../../src/build/index.js';
import type { LoadedBuild } from '../../src/load/index.js';
import { recommendationsHubYaml, RECOMMENDATIONS_RELEASE, RELEASE_WITHOUT_RECOMMENDATIONS, TEST_SCOPES } from '../support/recommendations.js';

/** A build of hub.yaml overrides for a release (by default the newest with the feature). */
function input(label: string, overrides: Record<string, unknown>, release = RECOMMENDATIONS_RELEASE): LoadedBuild {
  const r = compile(recommendationsHubYaml(overrides, release));
  assert.not.ok(hasErrors(r.diagnostics), r.diagnostics.map(formatDiagnostic).join('\n'));
  return { label, source: 'hub.yaml', release, build: fromCompile(r) };
}

const on = input('on', { recommendations: { enabled: true }, scopes: TEST_SCOPES });
const off = input('off', { scopes: TEST_SCOPES });
/** The same hub on the newest release without the feature. */
const before = input(RELEASE_WITHOUT_RECOMMENDATIONS, { scopes: TEST_SCOPES }, RELEASE_WITHOUT_RECOMMENDATIONS);

const grantNotes = (a: LoadedBuild, b: LoadedBuild) => diffBuilds(a, b).upgradeNotes.filter((n) => n.code === 'HUB660');

test('turning the recommendations on is a note naming the role and the subscriptions and management group of B, not its billing scope', () => {
  const [note] = grantNotes(off, on);
  assert.ok(note);
  assert.is(note.kind, 'roleToGrant');
  assert.is(note.subject, 'enableRecommendations');
  assert.match(note.message, /Reader role/);
  for (const s of TEST_SCOPES.slice(0, 3)) assert.ok(note.message.includes(s), s);
  assert.not.ok(note.message.includes('billingAccounts'));
});

test('from a release without the feature the note is there too; not when the recommendations stay on, stay off, or are turned off', () => {
  assert.is(grantNotes(before, on).length, 1);
  assert.equal(grantNotes(on, on), []);
  assert.equal(grantNotes(off, off), []);
  assert.equal(grantNotes(on, off), []);
  assert.equal(grantNotes(before, off), []);
});

test('the plan grants the role after the deployment, one command per scope, citing the note; with the deployment known, its resource group', () => {
  const plan = planUpgrade(off, on);
  const step = plan.steps.find((s) => s.cites.some((c) => c.code === 'HUB660'))!;
  assert.ok(step, plan.steps.map((s) => `${s.kind} ${s.subject}`).join('\n'));
  assert.equal([step.phase, step.kind, step.performer, step.subject], ['after', 'manual', 'you', 'enableRecommendations']);
  assert.equal(step.cites[0], { code: 'HUB660', subject: 'enableRecommendations' });
  assert.match(
    step.details![0],
    /^principal=\$\(az deployment group show -g <resource group> -n <deployment name> --query properties\.outputs\.managedIdentityId\.value -o tsv\)$/,
  );
  assert.equal(
    step.details!.slice(1),
    TEST_SCOPES.slice(0, 3).map((s) => `az role assignment create --assignee-object-id "$principal" --assignee-principal-type ServicePrincipal --role Reader --scope ${s}`),
  );
  const context = {
    subscriptionId: '00000000-0000-0000-0000-0000000000a1',
    resourceGroup: { name: 'finops-rg', id: '/subscriptions/00000000-0000-0000-0000-0000000000a1/resourceGroups/finops-rg', location: 'westeurope' },
  };
  const known = planUpgrade(off, on, { context });
  assert.match(known.steps.find((s) => s.subject === 'enableRecommendations')!.details![0], / -g finops-rg /);
});

test('a saved parameter file that turns them on in A: no note, the hub has them already', () => {
  const parameters = {
    file: 'a.parameters.json',
    doc: {
      $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentParameters.json#',
      contentVersion: '1.0.0.0',
      parameters: { enableRecommendations: { value: true } },
    },
  };
  const plan = planUpgrade(off, on, { parameters });
  assert.not.ok(plan.steps.some((s) => s.cites.some((c) => c.code === 'HUB660')));
});

test.run();
