/**
 * The values a template value can take over the deployments a template accepts
 * (src/expressions/arm/possible.ts): a parameter's bounds and allowed values, a value given, both branches
 * of an `if()` on an unknown condition, every value of a table looked up with an unknown key (and the
 * fallback of a `coalesce()` for a key it lacks), a nested deployment's parameters from its caller and a
 * sibling's output through `reference()`. And the two evaluator changes they needed: `shallowMerge()` of
 * objects known in part, and Data Factory's `True` (ARM's `format()` of a bool).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { TemplatePossibilities } from '../../src/expressions/arm/possible.js';
import { templateResources } from '../../src/expressions/arm/resources.js';
import { foldArm } from '../../src/expressions/arm/evaluate.js';
import { parseArmExpression } from '../../src/expressions/arm/parser.js';
import { serializeArm } from '../../src/expressions/arm/ast.js';
import { parseAdfExpression, parseAdfValue } from '../../src/expressions/adf/parser.js';

const possible = (
  template: object,
  value: unknown,
  parameters: Record<string, unknown> = {},
  node?: (n: ReturnType<typeof templateResources>) => ReturnType<typeof templateResources>[number],
) => {
  const nodes = templateResources(template);
  return new TemplatePossibilities(template as never, { parameters }).withResources(nodes).of(node?.(nodes), value);
};
const values = (r: { values: { value: unknown }[] }) => r.values.map((v) => v.value);

test("a parameter's bounds, its allowed values, or the value given", () => {
  const t = { parameters: { n: { type: 'int', minValue: 1, maxValue: 2048 }, sku: { type: 'string', allowedValues: ['a', 'b'] }, free: { type: 'string' } } };
  assert.equal(values(possible(t, "[parameters('n')]")), [1, 2048]);
  assert.equal(possible(t, "[parameters('n')]").values[1].because, [{ kind: 'parameter', name: 'n', value: 2048, bound: 'maxValue' }]);
  assert.equal(values(possible(t, "[parameters('sku')]")), ['a', 'b']);
  assert.equal(values(possible(t, "[parameters('n')]", { n: 7 })), [7]);
  const free = possible(t, "[toLower(parameters('free'))]");
  assert.equal(free.values, []);
  assert.is(free.unknown, "[toLower(parameters('free'))]");
});

test("both branches of an if() on an unknown condition; a table looked up with an unknown key, and coalesce's fallback", () => {
  const t = { parameters: { on: { type: 'bool' }, region: { type: 'string' } }, variables: { table: { a: 'A', b: 'B' } } };
  assert.equal(values(possible(t, "[if(parameters('on'), 30, 4)]")), [30, 4]);
  const r = possible(t, "[coalesce(tryGet(variables('table'), parameters('region')), 'Other')]");
  assert.equal(values(r), ['A', 'B', 'Other']);
  assert.equal(r.values[0].because, [{ kind: 'key', key: 'a' }]);
  assert.equal(r.values[2].because, [{ kind: 'otherKey' }]);
  assert.equal(values(possible(t, "[variables('table')[parameters('region')]]")), ['A', 'B']);
});

test("a nested deployment's parameters come from its caller; a sibling's output through reference()", () => {
  const inner = (template: object, parameters: object, name: string) => ({
    type: 'Microsoft.Resources/deployments',
    apiVersion: '2022-09-01',
    name,
    properties: { mode: 'Incremental', expressionEvaluationOptions: { scope: 'inner' }, parameters, template },
  });
  const t = {
    parameters: { capacity: { type: 'int', minValue: 1, maxValue: 64 }, location: { type: 'string' } },
    resources: {
      zones: inner(
        {
          parameters: { location: { type: 'string' } },
          variables: { table: { x: 'X Time' } },
          outputs: { zone: { type: 'string', value: "[coalesce(tryGet(variables('table'), parameters('location')), 'UTC')]" } },
        },
        { location: { value: "[parameters('location')]" } },
        'zones',
      ),
      app: inner(
        {
          parameters: { capacity: { type: 'int' }, zone: { type: 'string' } },
          resources: [
            {
              type: 'Microsoft.DataFactory/factories/triggers',
              apiVersion: '2018-06-01',
              name: 'f/t',
              properties: { batch: "[parameters('capacity')]", zone: "[parameters('zone')]" },
            },
          ],
        },
        { capacity: { value: "[parameters('capacity')]" }, zone: { value: "[reference('zones').outputs.zone.value]" } },
        'app',
      ),
    },
  };
  const trigger = (nodes: ReturnType<typeof templateResources>) => nodes.find((n) => n.type.endsWith('triggers'))!;
  assert.equal(values(possible(t, "[parameters('capacity')]", {}, trigger)), [1, 64]);
  assert.equal(values(possible(t, "[parameters('zone')]", {}, trigger)), ['X Time', 'UTC']);
  assert.equal(values(possible(t, "[parameters('zone')]", { location: 'x' }, trigger)), ['X Time']);
});

test('shallowMerge() of objects known in part keeps the known members', () => {
  const folded = foldArm(parseArmExpression("shallowMerge(createArray(createObject('a', 1, 'b', reference('x').id), createObject('c', 2)))"));
  assert.ok('kind' in folded);
  const text = serializeArm(folded as never);
  assert.match(text, /createObject\('a', 1, 'b', reference\('x'\)\.id, 'c', 2\)/);
  const known = foldArm(parseArmExpression("shallowMerge(createArray(createObject('a', 1), createObject('a', 3)))"));
  assert.equal(known, { value: { a: 3 } });
});

test("Data Factory reads True and False in any case (ARM's format() of a bool, the public 12.0's @equals(True, true))", () => {
  assert.equal(parseAdfValue('@equals(True, true)'), parseAdfValue('@equals(true, true)'));
  assert.equal(parseAdfExpression('FALSE'), { kind: 'keyword', value: false });
});

test.run();
