/**
 * ARM's template limits (HUB720-HUB723) and release download tags (HUB740) in the failure catalogue, on
 * templates made here: over and under each limit, measured as src/catalogue/limits.ts says (compact UTF-8
 * bytes, as written and as expanded; an expression's length without its string literals).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ARM_LIMITS } from '../../src/catalogue/limits.js';
import { wrongTags } from '../../src/catalogue/downloads.js';
import { findings, summary, template } from '../support/catalogue.js';

const secret = (bytes: number, name = 's') => ({
  type: 'Microsoft.KeyVault/vaults/secrets',
  apiVersion: '2023-07-01',
  name: `v/${name}`,
  properties: { value: 'x'.repeat(bytes) },
});
const codesOf = (t: object, entries: string[]) => findings(t, { entries }).map((d) => d.code);

test('HUB720: a template over 4 MiB as the request carries it fails; one under passes', () => {
  const big = template({ resources: [0, 1, 2, 3, 4].map((i) => secret(900 * 1024, `s${i}`)) });
  const d = findings(big, { entries: ['arm/template-size'] });
  assert.equal(
    d.map((x) => x.code),
    ['HUB720'],
  );
  assert.match(d[0].message, /^the template is \d+ bytes as the deployment request carries it \(compact JSON, with the parameter values\), more than the 4194304 ARM accepts/);
  assert.equal(codesOf(template({ resources: [0, 1, 2, 3].map((i) => secret(900 * 1024, `s${i}`)) }), ['arm/template-size']), []);
});

test('HUB720: measured expanded too: a variable read by many resources counts at each read', () => {
  const t = template({
    variables: { big: 'y'.repeat(300 * 1024) },
    resources: Array.from({ length: 16 }, (_, i) => ({ ...secret(0, `s${i}`), properties: { value: "[variables('big')]" } })),
  });
  const d = findings(t, { entries: ['arm/template-size'] });
  assert.equal(
    d.map((x) => x.code),
    ['HUB720'],
  );
  assert.match(d[0].message, /expanded for this deployment/);
});

test('HUB721: a resource definition over 1 MiB fails, as written or expanded; a nested deployment is measured without its inline template', () => {
  assert.equal(codesOf(template({ resources: [secret(1100 * 1024)] }), ['arm/resource-size']), ['HUB721']);
  const expanded = template({ variables: { big: 'y'.repeat(1100 * 1024) }, resources: [{ ...secret(0), properties: { value: "[variables('big')]" } }] });
  assert.equal(codesOf(expanded, ['arm/resource-size']), ['HUB721']);
  const nested = template({
    resources: [
      {
        type: 'Microsoft.Resources/deployments',
        apiVersion: '2022-09-01',
        name: 'inner',
        properties: { mode: 'Incremental', expressionEvaluationOptions: { scope: 'inner' }, template: template({ resources: [0, 1].map((i) => secret(700 * 1024, `s${i}`)) }) },
      },
    ],
  });
  assert.equal(codesOf(nested, ['arm/resource-size']), []);
});

test('HUB722: more than 256 parameters (or 64 outputs) in one template fails, a nested template counted on its own', () => {
  const params = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`p${i}`, { type: 'string', defaultValue: '' }]));
  assert.equal(summary(findings(template({ parameters: params(257), resources: [] }), { entries: ['arm/template-counts'] })), [
    'HUB722 the template has 257 parameters, more than the 256 ARM allows: the deployment fails validation',
  ]);
  assert.equal(codesOf(template({ parameters: params(256), resources: [] }), ['arm/template-counts']), []);
  const outputs = Object.fromEntries(Array.from({ length: 65 }, (_, i) => [`o${i}`, { type: 'string', value: 'x' }]));
  assert.equal(codesOf(template({ resources: [], outputs }), ['arm/template-counts']), ['HUB722']);
  assert.equal(codesOf(template({ resources: [{ ...secret(0), copy: { name: 'many', count: 801 } }] }), ['arm/template-counts']), ['HUB722']);
  assert.is(ARM_LIMITS.variables, 512);
});

test('HUB723: an expression over 24,576 characters without its literals fails; a long literal inside one passes (public 0.8 deploys one of 111,292)', () => {
  const calls = `[concat(${Array.from({ length: 3000 }, () => "parameters('p')").join(', ')})]`;
  assert.ok(calls.length > ARM_LIMITS.expressionCharacters);
  const t = template({ parameters: { p: { type: 'string', defaultValue: 'a' } }, resources: [{ ...secret(0), properties: { value: calls } }] });
  assert.equal(codesOf(t, ['arm/expression-length']), ['HUB723']);
  const literal = template({ resources: [{ ...secret(0), properties: { value: `[replace('${'k'.repeat(100000)}', 'a', 'b')]` } }] });
  assert.equal(codesOf(literal, ['arm/expression-length']), []);
});

test('HUB740: a download URL with a tag the repository does not have (12.0: v12.0 for v12) fails; its tags pass', () => {
  assert.equal(wrongTags('https://github.com/microsoft/finops-toolkit/releases/download/v12.0/PricingUnits.csv'), [
    { url: 'https://github.com/microsoft/finops-toolkit/releases/download/v12.0/', tag: 'v12.0', expected: 'v12' },
  ]);
  assert.equal(wrongTags('https://github.com/microsoft/finops-toolkit/releases/download/v0.12/x.csv')[0].expected, 'v12');
  for (const tag of ['v0.11', 'v12', 'v14', 'v15']) assert.equal(wrongTags(`https://github.com/microsoft/finops-toolkit/releases/download/${tag}/x.csv`), [], tag);
  assert.equal(wrongTags('https://github.com/someone/else/releases/download/v12.0/x.csv'), [], 'a repository without a tag list is not judged');
  const t = template({
    parameters: { version: { type: 'string', defaultValue: '12.0' } },
    resources: [
      {
        type: 'Microsoft.DataFactory/factories/pipelines',
        apiVersion: '2018-06-01',
        name: 'f/p',
        properties: { activities: [], annotations: ["[format('https://github.com/microsoft/finops-toolkit/releases/download/v{0}/Regions.csv', parameters('version'))]"] },
      },
    ],
  });
  assert.equal(codesOf(t, ['downloads/release-tag']), ['HUB740']);
  assert.equal(findings(t, { entries: ['downloads/release-tag'], parameters: { version: '13' } }), []);
});

test.run();
