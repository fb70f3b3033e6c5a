import { test } from 'uvu';
import * as assert from 'uvu/assert';
import * as arm from '../../src/expressions/arm/index.js';
import { serializeArm } from '../../src/expressions/arm/ast.js';
import { parseArmExpression } from '../../src/expressions/arm/parser.js';
import {
  ArmEvalError,
  ArmUnknownValueError,
  armFolder,
  armGuid,
  evaluateArm,
  evaluateTemplateString,
  foldArm,
  foldTemplateValue,
  isArmKnown,
  templateContext,
  armUniqueString as uniqueString,
  type ArmEvalContext,
  type ArmValue,
} from '../../src/expressions/arm/evaluate.js';

const SUB = '00000000-0000-0000-0000-000000000000';
const FULL: ArmEvalContext = {
  subscriptionId: SUB,
  tenantId: '11111111-1111-1111-1111-111111111111',
  resourceGroup: { name: 'finops-rg', location: 'westeurope' },
  deploymentName: 'hub-deploy',
  environment: 'AzureCloud',
};

const ev = (text: string, ctx: ArmEvalContext = FULL): ArmValue => evaluateArm(parseArmExpression(text), ctx);
/** Folds and returns `{ value }` or the residual text. */
const fold = (text: string, ctx: ArmEvalContext = {}): ArmValue | string => {
  const f = foldArm(parseArmExpression(text), ctx);
  return isArmKnown(f) ? f.value : `[${serializeArm(f)}]`;
};
function throwsEval(text: string, pattern: RegExp, ctx: ArmEvalContext = FULL): void {
  try {
    ev(text, ctx);
  } catch (e) {
    assert.instance(e, ArmEvalError);
    assert.match((e as Error).message, pattern);
    return;
  }
  assert.unreachable(`expected ${text} to fail`);
}

test('uniqueString: published example, format and determinism', () => {
  // Published input/output pair (JasonWhall/go-azure-uniquestring README): "hello" + "world".
  assert.is(uniqueString('hello', 'world'), 'a7wkljktk6wne');
  assert.is(ev("uniqueString('hello', 'world')"), 'a7wkljktk6wne');
  assert.is(ev("uniqueString('hello-world')"), 'a7wkljktk6wne', 'arguments are joined with "-"');
  const inputs = ['', 'a', 'abcdefg', 'abcdefgh', 'abcdefghi', 'ünïcödé', `/subscriptions/${SUB}/resourceGroups/finops-rg`];
  const seen = new Set<string>();
  for (const s of inputs) {
    const u = uniqueString(s);
    assert.match(u, /^[a-z2-7]{13}$/, s);
    assert.is(uniqueString(s), u, 'deterministic');
    seen.add(u);
  }
  assert.is(seen.size, inputs.length, 'different inputs give different strings');
});

test('guid: name-based UUID v5 in the ARM namespace', () => {
  // Expected values computed with Python's uuid.uuid5 (RFC 4122 reference behaviour) and the ARM namespace.
  assert.is(armGuid('hello'), '520f8434-fe3a-5d99-888d-450a827486a1');
  assert.is(ev("guid('hello', 'world')"), 'a5b868f8-11fe-567a-ace0-e77cc87f104e');
  const g = ev("guid(resourceGroup().id, 'x')") as string;
  assert.match(g, /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  assert.is(ev("guid(resourceGroup().id, 'x')"), g);
});

test('hub naming expression gives 3-24 lowercase letters and digits', () => {
  const expr = "concat(take(toLower(replace(replace(parameters('hubName'),'-',''),'_','')), 11), uniqueString(parameters('hubName'), resourceGroup().id))";
  const results = new Map<string, string>();
  for (const hubName of ['a', 'finops-hub', 'My_Very-Long_HUB-name-with-many-words-1234', 'UPPER', 'x_y-z']) {
    const name = ev(expr, { ...FULL, parameters: { hubName } }) as string;
    assert.match(name, /^[a-z0-9]{3,24}$/, `${hubName} -> ${name}`);
    assert.ok(name.endsWith(uniqueString(hubName, `/subscriptions/${SUB}/resourceGroups/finops-rg`)));
    results.set(hubName, name);
  }
  assert.is(results.get('a')!.length, 14);
  assert.ok(results.get('My_Very-Long_HUB-name-with-many-words-1234')!.startsWith('myverylongh'));
  assert.ok(results.get('x_y-z')!.startsWith('xyz'));
});

test('string functions', () => {
  const cases: [string, ArmValue][] = [
    ["concat('a', 'b', 'c')", 'abc'],
    ['concat(createArray(1, 2), createArray(3))', [1, 2, 3]],
    ["format('{0}-{1}-{0}', 'a', 'b')", 'a-b-a'],
    ["format('{0:D3}|{1,4}|{1,-4}|{{x}}', 7, 'ab')", '007|  ab|ab  |{x}'],
    ["format('{0}', true)", 'True'],
    ["toLower('AbC')", 'abc'],
    ["toUpper('AbC')", 'ABC'],
    ["replace('a-b-c', '-', '')", 'abc'],
    ["take('abcdef', 3)", 'abc'],
    ["take('ab', 10)", 'ab'],
    ['take(createArray(1, 2, 3), 2)', [1, 2]],
    ["skip('abcdef', 4)", 'ef'],
    ['skip(createArray(1, 2, 3), 1)', [2, 3]],
    ["substring('abcdef', 2, 3)", 'cde'],
    ["substring('abcdef', 2)", 'cdef'],
    ["length('abc')", 3],
    ['length(createArray(1, 2))', 2],
    ["length(createObject('a', 1))", 1],
    ["empty('')", true],
    ['empty(createObject())', true],
    ['empty(null())', true],
    ["join(createArray('a', 'b'), ',')", 'a,b'],
    ["split('a,b;c', createArray(',', ';'))", ['a', 'b', 'c']],
    ["split('a--b', '-')", ['a', '', 'b']],
    ["first('abc')", 'a'],
    ['last(createArray(1, 2, 3))', 3],
    ["startsWith('FinOps', 'fin')", true],
    ["endsWith('FinOps', 'OPS')", true],
    ["indexOf('FinOps', 'O')", 3],
    ["indexOf('abc', 'z')", -1],
    ["trim('  x  ')", 'x'],
    ["base64('hub')", 'aHVi'],
    ["base64ToString('aHVi')", 'hub'],
    ["uri('https://a.blob.core.windows.net/', 'config/settings.json')", 'https://a.blob.core.windows.net/config/settings.json'],
    ["uri('https://a.example.com/x/y', 'z')", 'https://a.example.com/x/z'],
    ["uriComponent('a b/c')", 'a%20b%2Fc'],
    ["string(createObject('a', 1, 'b', createArray('x')))", '{"a":1,"b":["x"]}'],
    ['string(false())', 'False'],
    ['string(12)', '12'],
    ['json(\'{"a":[1,null]}\').a', [1, null]],
    ["padLeft('7', 3, '0')", '007'],
  ];
  for (const [text, expected] of cases) assert.equal(ev(text), expected, text);
});

test('logic, comparison, numbers, objects and arrays', () => {
  const cases: [string, ArmValue][] = [
    ["equals(createObject('a', createArray(1)), json('{\"a\":[1]}'))", true],
    ["equals('a', 'A')", false],
    ['not(true())', false],
    ['and(true(), false())', false],
    ['or(false(), true())', true],
    ["if(equals(1, 1), 'yes', 'no')", 'yes'],
    ["bool('TRUE')", true],
    ["bool('false')", false],
    ['bool(1)', true],
    ["int('42')", 42],
    ['less(1, 2)', true],
    ["greater('b', 'a')", true],
    ['lessOrEquals(2, 2)', true],
    ['greaterOrEquals(1, 2)', false],
    ['min(3, 1, 2)', 1],
    ['max(createArray(3, 9, 2))', 9],
    ['add(2, 3)', 5],
    ['div(7, 2)', 3],
    ['div(-7, 2)', -3],
    ['mod(7, 3)', 1],
    ["contains('OneTwo', 'Two')", true],
    ["contains('OneTwo', 'two')", false],
    ["contains(createObject('Key', 1), 'key')", true],
    ["contains(createArray('a', 'b'), 'b')", true],
    ["coalesce(null(), null(), 'x')", 'x'],
    ["union(createObject('a', 1, 'b', 2), createObject('b', 3, 'c', 4))", { a: 1, b: 3, c: 4 }],
    ['union(createArray(1, 2), createArray(2, 3))', [1, 2, 3]],
    ["createObject('a', 1, 'b', createArray(true()))", { a: 1, b: [true] }],
    ["tryGet(createObject('a', 1), 'b')", null],
    ["tryGet(createObject('a', 1), 'A')", 1],
    ["createObject('Name', 'x').name", 'x'],
    ['json(\'{"Tags":{"k":"v"}}\')[\'tags\'].K', 'v'],
    ['createArray(1, 2, 3)[1]', 2],
    ['range(2, 3)', [2, 3, 4]],
    ['intersection(createArray(1, 2, 3), createArray(3, 2))', [2, 3]],
    ["filter(createArray(1, 2, 3, 4), lambda('x', greater(lambdaVariables('x'), 2)))", [3, 4]],
    ["reduce(createArray(1, 2, 3), 0, lambda('acc', 'x', add(lambdaVariables('acc'), lambdaVariables('x'))))", 6],
  ];
  for (const [text, expected] of cases) assert.equal(ev(text), expected, text);
});

test('cidrSubnet, cidrHost and parseCidr', () => {
  assert.is(ev("cidrSubnet('10.20.30.0/26', 28, 0)"), '10.20.30.0/28');
  assert.is(ev("cidrSubnet('10.20.30.0/26', 28, 1)"), '10.20.30.16/28');
  assert.is(ev("cidrSubnet('10.20.30.0/26', 27, 1)"), '10.20.30.32/27');
  assert.is(ev("cidrSubnet('10.144.0.0/20', 24, 15)"), '10.144.15.0/24');
  assert.is(ev("cidrSubnet('10.20.30.5/26', 26, 0)"), '10.20.30.0/26', 'host bits are masked');
  assert.is(ev("cidrHost('10.144.3.0/24', 0)"), '10.144.3.1');
  assert.equal(ev("parseCidr('10.144.0.0/20')"), {
    network: '10.144.0.0',
    netmask: '255.255.240.0',
    broadcast: '10.144.15.255',
    firstUsable: '10.144.0.1',
    lastUsable: '10.144.15.254',
    cidr: 20,
  });
  assert.is(ev("cidrSubnet('fdad:3236:5555::/48', 52, 2)"), 'fdad:3236:5555:2000::/52');
  throwsEval("cidrSubnet('10.20.30.0/26', 28, 4)", /out of range/);
  throwsEval("cidrSubnet('10.20.30.0/26', 24, 0)", /newCIDR/);
  throwsEval("cidrSubnet('10.20.300.0/26', 28, 0)", /not an IPv4 address/);
});

test('deployment context: resourceGroup, subscription, environment, resource IDs', () => {
  assert.is(ev('resourceGroup().id'), `/subscriptions/${SUB}/resourceGroups/finops-rg`);
  assert.is(ev('resourceGroup().location'), 'westeurope');
  assert.is(ev('subscription().subscriptionId'), SUB);
  assert.is(ev('tenant().tenantId'), '11111111-1111-1111-1111-111111111111');
  assert.is(ev('deployment().name'), 'hub-deploy');
  assert.is(ev('environment().resourceManager'), 'https://management.azure.com/');
  assert.is(ev('environment().suffixes.storage'), 'core.windows.net');
  assert.is(ev('environment().suffixes.keyvaultDns'), '.vault.azure.net');
  assert.is(
    ev("resourceId('Microsoft.Network/virtualNetworks/subnets', 'vnet', 'sub')"),
    `/subscriptions/${SUB}/resourceGroups/finops-rg/providers/Microsoft.Network/virtualNetworks/vnet/subnets/sub`,
  );
  assert.is(
    ev("resourceId('other-rg', 'Microsoft.Storage/storageAccounts', 'sa')"),
    `/subscriptions/${SUB}/resourceGroups/other-rg/providers/Microsoft.Storage/storageAccounts/sa`,
  );
  assert.is(ev("subscriptionResourceId('Microsoft.Authorization/roleDefinitions', 'abc')"), `/subscriptions/${SUB}/providers/Microsoft.Authorization/roleDefinitions/abc`);
  assert.is(ev("tenantResourceId('Microsoft.Management/managementGroups', 'mg')"), '/providers/Microsoft.Management/managementGroups/mg');
  assert.is(
    ev("extensionResourceId(resourceId('Microsoft.Storage/storageAccounts', 'sa'), 'Microsoft.Authorization/locks', 'l')"),
    `/subscriptions/${SUB}/resourceGroups/finops-rg/providers/Microsoft.Storage/storageAccounts/sa/providers/Microsoft.Authorization/locks/l`,
  );
  throwsEval("resourceId('Microsoft.Network/virtualNetworks/subnets', 'vnet')", /name segment/);
  assert.is(ev("concat('x', string(copyIndex(1)))", { copyIndex: 2 }), 'x3');
  assert.is(ev("copyIndex('loop')", { copyIndex: { loop: 4 } }), 4);
});

test('partial evaluation: unknown deployment values stay residual, the rest folds', () => {
  const name = "concat(take(toLower(replace(replace(parameters('hubName'),'-',''),'_','')), 11), uniqueString(parameters('hubName'), resourceGroup().id))";
  assert.is(fold(name, { parameters: { hubName: 'Finops-Hub_1' } }), "[concat('finopshub1', uniqueString('Finops-Hub_1', resourceGroup().id))]");
  assert.is(
    fold(name),
    "[concat(take(toLower(replace(replace(parameters('hubName'), '-', ''), '_', '')), 11), uniqueString(parameters('hubName'), resourceGroup().id))]",
    'nothing known: the expression stays as it is',
  );
  assert.is(fold("toLower(parameters('hubName'))", { parameters: { hubName: 'HUB' } }), 'hub');
  assert.is(fold("uniqueString(parameters('hubName'), resourceGroup().id)", { parameters: { hubName: 'h' } }), "[uniqueString('h', resourceGroup().id)]");
  // Known resource group name and location, unknown subscription: id stays residual, location folds.
  assert.is(fold("concat(resourceGroup().location, '-', resourceGroup().id)", { resourceGroup: { name: 'rg', location: 'eastus' } }), "[concat('eastus-', resourceGroup().id)]");
  // if() folds on a known condition even when the untaken branch is unknown.
  assert.is(fold("if(equals(parameters('mode'), 'a'), 'x', reference('r').y)", { parameters: { mode: 'a' } }), 'x');
  assert.is(fold("if(equals(parameters('mode'), 'a'), 'x', parameters('other'))", { parameters: { mode: 'b' } }), "[parameters('other')]");
  assert.is(fold("if(parameters('flag'), 'x', 'y')"), "[if(parameters('flag'), 'x', 'y')]");
  // A branch that would fail is kept as written while the condition is unknown (ARM never evaluates it if untaken).
  assert.is(fold("if(parameters('flag'), substring('ab', 5), toUpper('y'))"), "[if(parameters('flag'), substring('ab', 5), 'Y')]");
  assert.is(fold("and(parameters('a'), false())"), false);
  assert.is(fold("or(parameters('a'), true())"), true);
  // reference() and list*() are never known before deployment; their arguments still fold.
  assert.is(
    fold("reference(resourceId('Microsoft.Storage/storageAccounts', toLower('SA')), '2022-09-01').primaryEndpoints.dfs", FULL),
    `[reference('/subscriptions/${SUB}/resourceGroups/finops-rg/providers/Microsoft.Storage/storageAccounts/sa', '2022-09-01').primaryEndpoints.dfs]`,
  );
  assert.is(
    fold("listKeys(resourceId('Microsoft.Storage/storageAccounts', 'sa'), '2022-09-01').keys[0].value"),
    "[listKeys(resourceId('Microsoft.Storage/storageAccounts', 'sa'), '2022-09-01').keys[0].value]",
  );
  // Known values inside a residual are written with ARM functions, not bare literals.
  assert.is(fold("createArray(parameters('p'), true(), null(), createObject('a', 1))"), "[createArray(parameters('p'), true(), null(), createObject('a', 1))]");
});

test('partial evaluation: variables fold lazily, partially known objects answer what they know', () => {
  const variables = {
    // The hub's naming variables (src/modules/core/names.ts), written out so the test does not follow changes there.
    uniqueSuffix: "[uniqueString(parameters('hubName'), resourceGroup().id)]",
    hubNameSafe: "[toLower(replace(replace(parameters('hubName'), '-', ''), '_', ''))]",
    storageAccountName: "[concat(take(variables('hubNameSafe'), 6), 'store', variables('uniqueSuffix'))]",
    settings: { known: 'k', unknown: "[parameters('p')]", nested: { n: 1 } },
    loop: "[variables('loop')]",
  };
  const ctx: ArmEvalContext = { parameters: { hubName: 'my-hub' }, variables };
  assert.is(fold("variables('hubNameSafe')", ctx), 'myhub');
  assert.is(fold("variables('storageAccountName')", ctx), "[concat('myhubstore', uniqueString('my-hub', resourceGroup().id))]");
  assert.is(fold("variables('settings').known", ctx), 'k');
  assert.is(fold("variables('settings').nested.n", ctx), 1);
  assert.is(fold("length(variables('settings'))", ctx), 3);
  assert.is(fold("contains(variables('settings'), 'KNOWN')", ctx), true);
  assert.is(fold("variables('settings').unknown", ctx), "[parameters('p')]");
  assert.is(fold("variables('storageAccountName')", { ...ctx, inlineVariables: false }), "[variables('storageAccountName')]");
  assert.is(fold("variables('storageAccountName')", { ...ctx, ...FULL }), `myhubstore${uniqueString('my-hub', `/subscriptions/${SUB}/resourceGroups/finops-rg`)}`);
  assert.throws(() => fold("variables('loop')", ctx), /refers to itself/);
  assert.throws(() => fold("variables('missing')", ctx), /no variable 'missing'/);
  // Variable copy loops.
  const copyCtx: ArmEvalContext = { variables: { copy: [{ name: 'disks', count: 3, input: "[concat('disk', copyIndex('disks'))]" }] } };
  assert.equal(fold("variables('disks')", copyCtx), ['disk0', 'disk1', 'disk2']);
});

test('evaluateArm: unknown values and unknown functions throw', () => {
  try {
    evaluateArm(parseArmExpression("concat('a', parameters('missing'))"), FULL);
    assert.unreachable('should throw');
  } catch (e) {
    assert.instance(e, ArmUnknownValueError);
    assert.is(serializeArm((e as ArmUnknownValueError).residual), "concat('a', parameters('missing'))");
  }
  throwsEval('noSuchFunction(1)', /unknown ARM function 'noSuchFunction'/);
  throwsEval("substring('abc', 2, 5)", /runs past the end/);
  throwsEval("int('x1')", /not an integer/);
  throwsEval("createObject('a')", /even number/);
  throwsEval('toLower(1)', /must be a string/);
  throwsEval('concat()', /^concat\(\) takes at least 1 argument\(s\), got 0$/);
  throwsEval("substring('a')", /^substring\(\) takes 2 to 3 argument\(s\), got 1$/);
  throwsEval('toLower()', /^toLower\(\) takes 1 argument\(s\), got 0$/);
  throwsEval("createObject('a', 1).b", /no property 'b'/);
  throwsEval('createArray(1)[3]', /out of range/);
  // Unknown functions fail even during partial evaluation.
  assert.throws(() => foldArm(parseArmExpression('nope()')), /unknown ARM function/);
});

test('user-defined functions', () => {
  const functions = [
    { namespace: 'hub', members: { name: { parameters: [{ name: 'prefix', type: 'string' }], output: { type: 'string', value: "[concat(parameters('prefix'), '-hub')]" } } } },
  ];
  assert.is(ev("hub.name('x')", { functions }), 'x-hub');
  assert.is(ev("HUB.Name('x')", { functions }), 'x-hub', 'names are case-insensitive');
  assert.is(fold("hub.name(parameters('p'))", { functions }), "[hub.name(parameters('p'))]");
  throwsEval("other.fn('x')", /unknown user-defined function/, { functions });
});

test('evaluateTemplateString, foldTemplateValue and templateContext', () => {
  assert.is(evaluateTemplateString("[concat('a', 'b')]"), 'ab');
  assert.is(evaluateTemplateString('[[literal]'), '[literal]');
  assert.is(evaluateTemplateString('plain'), 'plain');
  assert.throws(
    () => evaluateTemplateString("[parameters('x')]"),
    (e: unknown) => e instanceof ArmUnknownValueError,
  );

  const template = {
    parameters: { hubName: { type: 'string' }, location: { type: 'string', defaultValue: '[resourceGroup().location]' } },
    variables: { safe: "[toLower(parameters('hubName'))]" },
  };
  const json = {
    name: "[variables('safe')]",
    location: "[parameters('location')]",
    id: '[resourceGroup().id]',
    flags: ['[equals(1, 1)]', '[[escaped]', 3],
    tags: "[createObject('k', variables('safe'))]",
    bracket: "[concat('[', 'x', ']')]",
    expr: arm.concat(arm.variables('safe'), '-x'),
  };
  const ctx = templateContext(template, { parameters: { hubName: 'HUB' }, resourceGroup: { location: 'westus' }, useDefaults: true });
  assert.equal(foldTemplateValue(json, ctx), {
    name: 'hub',
    location: 'westus',
    id: '[resourceGroup().id]',
    flags: [true, '[[escaped]', 3],
    tags: { k: 'hub' },
    bracket: '[[x]',
    expr: 'hub-x',
  });
  // Invalid expressions throw, or stay as written with keepInvalid.
  assert.throws(() => foldTemplateValue({ a: '["x"]' }), /unexpected '"'/);
  assert.equal(foldTemplateValue({ a: '["x"]', b: "[substring('a', 3)]", c: '[add(1, 1)]' }, {}, { keepInvalid: true }), { a: '["x"]', b: "[substring('a', 3)]", c: 2 });
  // Inner-scope nested templates keep their own expressions; the parameters passed to them fold.
  const nested = {
    type: 'Microsoft.Resources/deployments',
    name: "[concat('n-', variables('safe'))]",
    properties: {
      expressionEvaluationOptions: { scope: 'inner' },
      parameters: { p: { value: "[variables('safe')]" } },
      template: { parameters: { p: { type: 'string' } }, outputs: { o: { type: 'string', value: "[parameters('p')]" } } },
    },
  };
  assert.equal(foldTemplateValue(nested, ctx), {
    ...nested,
    name: 'n-hub',
    properties: { ...nested.properties, parameters: { p: { value: 'hub' } } },
  });
  // Without defaults the parameter stays unknown.
  const noDefaults = templateContext(template, { parameters: { hubName: 'HUB' } });
  assert.is((foldTemplateValue({ l: "[parameters('location')]" }, noDefaults) as { l: string }).l, "[parameters('location')]");
});

test('armFolder caches variables across calls', () => {
  let reads = 0;
  const variables = new Proxy({ v: "[toLower('X')]" } as Record<string, unknown>, {
    get(target, key) {
      if (key === 'v') reads++;
      return target[key as string];
    },
  });
  const f = armFolder({ variables });
  for (let i = 0; i < 5; i++) assert.equal(f(parseArmExpression("variables('v')")), { value: 'x' });
  assert.is(reads, 1);
});

test.run();
