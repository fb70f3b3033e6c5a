/**
 * What `hubc diff` and `hubc upgrade-plan` print reads as the hub's own terms (issue #30 item 13): an added
 * scope is `+ "<scope>"`, not a changed default holding both lists; a long value that changes keeps its
 * beginning, so it says what it is, and shows where it differs; upgrade notes and steps name resources
 * by their names for the hub (unknown parts as placeholders), not by ARM expression.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parse, stringify } from 'yaml';
import { diffBuilds, formatText } from '../../src/diff/index.js';
import { planUpgrade } from '../../src/upgrade/index.js';
import { DEFAULT_HUB_YAML } from '../support/hubs.js';
import { releaseInput } from '../support/releaseBuilds.js';

const ARM_EXPRESSION = /\[(concat|format|replace|variables|parameters|guid)\(/;
const SUB = '/subscriptions/00000000-0000-0000-0000-0000000000a1';
const BILLING = '/providers/Microsoft.Billing/billingAccounts/1234567';

const withScopes = (scopes: string[]) => stringify({ ...parse(DEFAULT_HUB_YAML), scopes });

test('an added scope is "+ scope", in the template default and in settings.json', () => {
  const result = diffBuilds(releaseInput('0.7', withScopes([SUB])), releaseInput('0.7', withScopes([SUB, BILLING])));
  const parameter = result.groups[0].sections.find((s) => s.id === 'parameters')!.items.find((i) => i.name === 'scopesToMonitor')!;
  assert.equal(parameter.changes, [{ path: 'defaultValue[1]', change: 'added', to: BILLING }]);
  const text = formatText(result);
  assert.match(text, `        defaultValue + "${BILLING}"\n`);
  assert.match(text, `        scopes + {"scope":"${BILLING}"}\n`);
  assert.not.match(text, /^ +(defaultValue|scopes)\b.*…/m, 'the scope lines are not cut');
  const removed = formatText(diffBuilds(releaseInput('0.7', withScopes([SUB, BILLING])), releaseInput('0.7', withScopes([BILLING]))));
  assert.match(removed, `        defaultValue - "${SUB}"\n`);
});

test('a long changed value keeps its beginning and shows where it differs', () => {
  const text = formatText(diffBuilds(releaseInput('0.7'), releaseInput('0.8')));
  const line = text.split('\n').find((l) => l.includes('metadata.description') && l.includes('enablePublic') === false && l.includes('True allows'))!;
  assert.ok(line, text.slice(0, 2000));
  const [from, to] = line.replace(/^ *metadata\.description: /, '').split(' -> ');
  for (const side of [from, to]) assert.match(side, /^"True allows public access to the data lake/, side);
  assert.match(to, /Key Vault and Data Explorer/);
});

test('upgrade notes and plan steps name resources for the hub, not by ARM expression', () => {
  const notes = diffBuilds(releaseInput('0.5'), releaseInput('0.6')).upgradeNotes;
  const namespace = notes.find((n) => n.code === 'HUB407')!;
  assert.match(namespace.message, 'Resource Microsoft.EventGrid/namespaces finops-hub-events-{unique} (with its role assignments)');
  const doc = { parameters: { hubName: { value: 'finops-hub' }, enablePublicAccess: { value: 'True' } } };
  const plan = planUpgrade(releaseInput('0.7'), releaseInput('0.8'), { parameters: { file: 'p.json', doc } });
  const deletions = plan.steps.filter((s) => s.kind === 'deleteResource' || (s.kind === 'manual' && s.resource));
  assert.ok(deletions.length > 10);
  for (const s of deletions) assert.not.match(s.action, ARM_EXPRESSION, s.action);
  assert.ok(
    deletions.some((s) => s.action === 'Delete Microsoft.Network/privateDnsZones privatelink.blob.{storageSuffix}.'),
    deletions.map((s) => s.action).join('\n'),
  );
  // The machine-readable target keeps the name as the template writes it.
  assert.ok(deletions.some((s) => ARM_EXPRESSION.test(s.resource!.name)));
});

test.run();
