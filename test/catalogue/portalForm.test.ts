/**
 * The portal form entries of the failure catalogue on forms written here, each failing as a public form did:
 * an output naming no parameter (HUB710, 0.10-13 `fabricCapacity`), an empty string for an int (HUB711,
 * 14.0), a value outside the allowed ones (HUB712), a reference to an element a section lacks (HUB713,
 * 0.12 `networking.enableManagedExports`), a regex that rejects its default (HUB714), a parameter without
 * default the form never sends (HUB715); and the values the form sends when nobody changes it.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { portalDefaults } from '../../src/catalogue/index.js';
import { findings, summary, template } from '../support/catalogue.js';

const T = template({
  parameters: {
    hubName: { type: 'string' },
    fabricCapacityUnits: { type: 'int', defaultValue: 2, minValue: 1, maxValue: 2048 },
    storageSku: { type: 'string', defaultValue: 'Premium_LRS', allowedValues: ['Premium_LRS', 'Premium_ZRS'] },
    enableManagedExports: { type: 'bool', defaultValue: true },
  },
  resources: [],
});

/** A form with a basics text box, a section with a drop-down and a check box, and the outputs given. */
function form(outputs: Record<string, unknown>, extra: { hubDefault?: string; skus?: string[]; capacities?: string[] } = {}) {
  return {
    $schema: 'https://schema.management.azure.com/schemas/0.1.2-preview/CreateUIDefinition.MultiVm.json#',
    handler: 'Microsoft.Azure.CreateUIDef',
    version: '0.1.2-preview',
    parameters: {
      basics: [
        { name: 'hubName', type: 'Microsoft.Common.TextBox', defaultValue: extra.hubDefault ?? 'finops-hub', constraints: { required: true, regex: '^[a-z][a-z0-9-]{2,62}$' } },
        {
          name: 'fabric',
          type: 'Microsoft.Common.Section',
          elements: [
            {
              name: 'capacity',
              type: 'Microsoft.Common.DropDown',
              defaultValue: 'F2',
              constraints: { allowedValues: (extra.capacities ?? ['2', '4']).map((v) => ({ label: `F${v}`, value: v })) },
            },
          ],
        },
      ],
      steps: [
        {
          name: 'advanced',
          elements: [
            {
              name: 'storage',
              type: 'Microsoft.Common.Section',
              elements: [
                {
                  name: 'sku',
                  type: 'Microsoft.Common.DropDown',
                  defaultValue: 'LRS',
                  constraints: { allowedValues: (extra.skus ?? ['Premium_LRS']).map((v) => ({ label: v.slice(-3), value: v })) },
                },
                { name: 'managedExports', type: 'Microsoft.Common.CheckBox' },
              ],
            },
          ],
        },
      ],
      outputs: { hubName: "[basics('hubName')]", ...outputs },
    },
  };
}
const check = (ui: object, entries: string[]) => summary(findings(T, { ui, entries }));

test('HUB710: an output that names no parameter (0.10-13 fabricCapacity) fails, naming the parameter meant', () => {
  assert.equal(check(form({ fabricCapacity: "[basics('fabric').capacity]" }), ['ui/output-parameter']), [
    "HUB710 the portal form outputs 'fabricCapacity', which the template does not declare: the value chosen in the form never reaches the template (the template has 'fabricCapacityUnits'), and ARM rejects a deployment that passes a parameter the template lacks",
  ]);
  assert.equal(check(form({ fabricCapacityUnits: "[basics('fabric').capacity]" }), ['ui/output-parameter']), []);
});

test("HUB711: an empty string for an int in one branch (14.0) fails; a drop-down's text of a number passes", () => {
  const d = findings(T, { ui: form({ fabricCapacityUnits: "[if(equals(basics('hubName'), 'x'), basics('fabric').capacity, '')]" }), entries: ['ui/output-type'] });
  assert.equal(summary(d), [
    "HUB711 the portal form sends \"\" for the int parameter 'fabricCapacityUnits' when equals(basics('hubName'), 'x') is false: ARM cannot read it as an integer and rejects the deployment (InvalidTemplate)",
  ]);
  assert.is(d[0].file, 'createUiDefinition.json');
  assert.ok(d[0].start, 'placed at the output');
  assert.equal(check(form({ fabricCapacityUnits: "[basics('fabric').capacity]", enableManagedExports: "[steps('advanced').storage.managedExports]" }), ['ui/output-type']), []);
  assert.equal(check(form({ enableManagedExports: "[if(equals(basics('hubName'), 'x'), steps('advanced').storage.managedExports, 'no')]" }), ['ui/output-type']).length, 1);
});

test('HUB712: a drop-down value outside allowedValues, or outside minValue/maxValue, fails', () => {
  assert.equal(check(form({ storageSku: "[steps('advanced').storage.sku]" }, { skus: ['Premium_LRS', 'Standard_LRS'] }), ['ui/output-allowed-values']), [
    'HUB712 the portal form can send "Standard_LRS" for \'storageSku\', which is not among its allowed values ("Premium_LRS", "Premium_ZRS"): ARM rejects the deployment',
  ]);
  assert.equal(check(form({ fabricCapacityUnits: "[basics('fabric').capacity]" }, { capacities: ['2', '4096'] }), ['ui/output-allowed-values']), [
    "HUB712 the portal form can send 4096 for 'fabricCapacityUnits', outside 1-2048: ARM rejects the deployment",
  ]);
  assert.equal(check(form({ storageSku: "[steps('advanced').storage.sku]", fabricCapacityUnits: "[basics('fabric').capacity]" }), ['ui/output-allowed-values']), []);
});

test('HUB713: a step or element the form lacks (0.12: networking.enableManagedExports) fails', () => {
  assert.equal(check(form({ enableManagedExports: "[steps('advanced').networking.enableManagedExports]" }), ['ui/references']), [
    "HUB713 the portal form reads steps('advanced').networking.enableManagedExports, but step 'advanced' has no element 'networking': the expression gives null, and the parameter it feeds gets no value",
  ]);
  assert.equal(check(form({ enableManagedExports: "[steps('advanced').storage.managedExport]" }), ['ui/references']), [
    "HUB713 the portal form reads steps('advanced').storage.managedExport, but section 'storage' has no element 'managedExport' (it has 'managedExports'): the expression gives null, and the parameter it feeds gets no value",
  ]);
  assert.equal(
    check(form({ enableManagedExports: "[steps('networking').enablePublicAccess]" }), ['ui/references']).map((x) => x.slice(0, 6)),
    ['HUB713'],
  );
  assert.equal(check(form({ enableManagedExports: "[steps('advanced').storage.managedExports]" }), ['ui/references']), []);
});

test("HUB714: a validation regex that rejects the element's own default fails", () => {
  assert.equal(check(form({}, { hubDefault: 'FinOps Hub' }), ['ui/regex-default']), [
    'HUB714 the portal form\'s element \'hubName\' starts with "FinOps Hub", which its own validation "^[a-z][a-z0-9-]{2,62}$" rejects: the form cannot be submitted until the value is changed (never, when the element is hidden)',
  ]);
  assert.equal(check(form({}), ['ui/regex-default']), []);
});

test('HUB715: a parameter without default the form does not send fails', () => {
  const noHub = form({});
  delete (noHub.parameters.outputs as Record<string, unknown>).hubName;
  assert.equal(summary(findings(T, { ui: noHub, entries: ['ui/required-parameters'] })), [
    "HUB715 the template parameter 'hubName' has no default and the portal form does not output it: ARM rejects a portal deployment (\"The value for the template parameter 'hubName' is not provided\")",
  ]);
  assert.equal(check(form({}), ['ui/required-parameters']), []);
});

test("the form's defaults: text box and check box defaults, a drop-down's label read as its value, if() followed", () => {
  assert.equal(
    portalDefaults(
      form({
        fabricCapacityUnits: "[basics('fabric').capacity]",
        enableManagedExports: "[steps('advanced').storage.managedExports]",
        storageSku: "[if(steps('advanced').storage.managedExports, 'Premium_ZRS', steps('advanced').storage.sku)]",
        location: '[location()]',
      }) as never,
    ),
    { hubName: 'finops-hub', fabricCapacityUnits: '2', enableManagedExports: false, storageSku: 'Premium_LRS' },
  );
});

test.run();
