/**
 * Issue #30 item 17: the portal form uses the portal's own pickers and validations. The region is the
 * Basics region picker; a second region is checked against the subscription's regions; scopes are a grid
 * of IDs held to the forms hub.yaml accepts; tags are the portal's tag editor. Checked by running the form's
 * own validations (src/emitters/uiDefinition/validate.ts) on values a user could enter, for every release.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { RELEASE_VERSIONS, getRelease, has } from '../../src/model/releases.js';
import { formOutputs, formScope } from '../../src/emitters/uiDefinition/evaluate.js';
import { formRefusals } from '../../src/emitters/uiDefinition/validate.js';
import { SCOPE_FORMS, checkScope, scopeExample } from '../../src/frontend/scopes.js';
import { compiled } from '../support/hubs.js';

const fixture = (v: string, c: string) => readFileSync(new URL(`../fixtures/${v}/${c}/hub.yaml`, import.meta.url), 'utf8');
const formOf = (v: string, c: string): any => JSON.parse(compiled(fixture(v, c)).artifacts.get('createUiDefinition.json')!);

/** Every element of a form (Basics and steps), with where it is. */
function elements(ui: any): { at: string; el: any }[] {
  return [...ui.parameters.basics.map((el: any) => ({ at: 'basics', el })), ...ui.parameters.steps.flatMap((s: any) => s.elements.map((el: any) => ({ at: s.name, el })))];
}

/** A subscription's regions as "Subscriptions - List Locations" returns them (the ArmApiControl's response). */
const SUBSCRIPTION_REGIONS = {
  value: [
    { name: 'westeurope', displayName: 'West Europe', metadata: { regionType: 'Physical' } },
    { name: 'eastus2', displayName: 'East US 2', metadata: { regionType: 'Physical' } },
    { name: 'uaenorth', displayName: 'UAE North', metadata: { regionType: 'Physical' } },
    { name: 'europe', displayName: 'Europe', metadata: { regionType: 'Logical' } },
  ],
};
const CTX = { location: 'westeurope', apiResponses: { eventGridRegions: SUBSCRIPTION_REGIONS } };

/** What hub.yaml cannot say and the user must type: the remote hub's storage key (a secret) when there is a remote hub. */
const SECRETS = { steps: { networking: { remoteHubStorageKey: 'c2VjcmV0' } } };

for (const v of RELEASE_VERSIONS) {
  test(`${v}: the form as it starts (hub.yaml's values, and the secrets) passes its own validations`, () => {
    for (const c of ['default', 'custom']) assert.equal(formRefusals(formOf(v, c), CTX, SECRETS), [], `${v} ${c}`);
  });
}

test('the hub region is the Basics region picker, [location()] as ARM-TTK wants; a hub.yaml region narrows the picker to it', () => {
  for (const v of RELEASE_VERSIONS) {
    for (const c of ['default', 'custom']) {
      const ui = formOf(v, c);
      assert.is(ui.parameters.outputs.location, '[location()]', `${v} ${c}`);
      const regionBoxes = elements(ui).filter(({ el }) => el.type === 'Microsoft.Common.TextBox' && /region|location/i.test(el.name) && el.name !== 'eventGridLocation');
      assert.equal(
        regionBoxes.map(({ el }) => el.name),
        [],
        `${v} ${c}: no free text box for the hub region`,
      );
    }
  }
  const custom = formOf('0.7', 'custom');
  assert.equal(custom.parameters.config.basics.location.allowedValues, ['westeurope']);
  assert.is(formOf('0.7', 'default').parameters.config.basics.location.allowedValues, undefined, 'no hub.yaml region: every region the resource types allow');
  // the portal offers only the allowed region, whatever region the user had before
  assert.is(formOutputs(custom, formScope(custom, { location: 'westus2' })).location, 'westeurope');
});

test("a second region (Event Grid) must be one of the chosen subscription's physical regions: westeuropa is refused", () => {
  const versions = RELEASE_VERSIONS.filter((v) => has(getRelease(v), 'eventGridRegistration'));
  assert.ok(versions.length > 0);
  for (const v of versions) {
    const ui = formOf(v, 'default');
    const api = elements(ui).find(({ el }) => el.type === 'Microsoft.Solutions.ArmApiControl');
    assert.ok(api, `${v}: the form lists the subscription's regions`);
    assert.is(api!.el.request.method, 'GET');
    assert.is(api!.el.request.path, "[concat(subscription().id, '/locations?api-version=2022-12-01')]");
    const refused = (region: string) => [...new Set(formRefusals(ui, CTX, { basics: { eventGridLocation: region } }).map((r) => r.element))];
    assert.equal(refused('westeuropa'), ['basics.eventGridLocation'], `${v}: westeuropa`);
    assert.equal(refused('europe'), ['basics.eventGridLocation'], `${v}: a logical region`);
    assert.equal(refused('West Europe'), ['basics.eventGridLocation'], `${v}: a display name`);
    assert.equal(refused('eastus2'), [], `${v}: eastus2`);
    assert.equal(refused(''), [], `${v}: empty is the hub's region`);
  }
});

test('scopes: an editable grid on a Scopes step, each row held to the scope forms hub.yaml accepts; the output is the list of IDs', () => {
  for (const v of RELEASE_VERSIONS) {
    const ui = formOf(v, 'custom');
    const name = Object.keys(ui.parameters.outputs).find((n) => /scope/i.test(n))!;
    const grid = elements(ui).find(({ el }) => el.name === name)!;
    assert.is(grid.at, 'scopes', `${v}: its own step, not Storage`);
    assert.is(grid.el.type, 'Microsoft.Common.EditableGrid');
    const rows = (ids: string[]) => ({ steps: { ...SECRETS.steps, scopes: { [name]: ids.map((scope) => ({ scope })) } } });
    const examples = SCOPE_FORMS.map(scopeExample);
    assert.equal(formRefusals(ui, CTX, rows(examples)), [], `${v}: every accepted form`);
    assert.equal(formOutputs(ui, formScope(ui, CTX, rows(examples)))[name], examples);
    const bad = [
      'subscriptions/00000000-0000-0000-0000-000000000000',
      '/subscriptions/not-a-guid',
      '/subscriptions/00000000-0000-0000-0000-000000000000/',
      '/providers/Microsoft.Billing/billingAccounts/1234567,/subscriptions/x',
      '',
    ];
    assert.equal(
      formRefusals(ui, CTX, rows(bad)).map((r) => r.element),
      bad.map((_, i) => `scopes.${name}[${i}].scope`),
      `${v}: each bad row refused`,
    );
  }
});

test("the form's scope pattern accepts exactly what hub.yaml's scope check accepts", () => {
  const ui = formOf('0.8', 'default');
  const grid = elements(ui).find(({ el }) => el.type === 'Microsoft.Common.EditableGrid')!.el;
  const pattern = new RegExp(grid.constraints.columns[0].element.constraints.regex);
  const samples = [
    ...SCOPE_FORMS.map(scopeExample),
    '/SUBSCRIPTIONS/00000000-0000-0000-0000-00000000000A',
    '/subscriptions/00000000-0000-0000-0000-000000000000/resourcegroups/rg.(x)',
    '/subscriptions/00000000-0000-0000-0000-000000000000/resourceGroups/rg.',
    '/providers/Microsoft.Billing/billingAccounts/1234567/departments/12',
    '/providers/Microsoft.Billing/billingAccounts/1234567/enrollmentAccounts/x',
    '/providers/Microsoft.Billing/billingAccount/1234567',
    '/providers/MicrosoftXBilling/billingAccounts/1234567',
    '/providers/Microsoft.Management/managementGroups/' + 'm'.repeat(90),
    '/providers/Microsoft.Management/managementGroups/' + 'm'.repeat(91),
    '/subscriptions/00000000-0000-0000-0000-000000000000/extra',
  ];
  for (const s of samples) assert.is(pattern.test(s), checkScope(s).ok, s);
});

test("tags: no JSON text box; the portal's tag editor feeds tags by resource, hub.yaml's tags pass as they are", () => {
  for (const v of RELEASE_VERSIONS) {
    const ui = formOf(v, 'custom');
    const boxes = elements(ui).filter(({ el }) => el.type === 'Microsoft.Common.TextBox');
    for (const [name, expr] of Object.entries<string>(ui.parameters.outputs)) {
      assert.not.match(expr, /parse\((steps\('[^']+'\)\.\w+|basics\('[^']+'\))\)/, `${v}: ${name} parses text a user typed`);
    }
    assert.equal(
      elements(ui)
        .filter(({ el }) => el.type === 'Microsoft.Common.TagsByResource')
        .map(({ at }) => at),
      ['tags'],
    );
    assert.not.ok(
      boxes.some(({ el }) => /tag/i.test(el.name)),
      `${v}: no tag text box`,
    );
  }
  const ui = formOf('0.7', 'custom');
  const out = formOutputs(ui, formScope(ui, CTX, { steps: { tags: { tagsByResource: { 'Microsoft.KeyVault/vaults': { team: 'finops' } } } } }));
  assert.equal(out.tags, { costCenter: '1234' });
  assert.equal(out.tagsByResource, { 'Microsoft.KeyVault/vaults': { team: 'finops' } });
});

test.run();
