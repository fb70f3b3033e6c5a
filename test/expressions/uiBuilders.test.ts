import { test } from 'uvu';
import * as assert from 'uvu/assert';
import * as ui from '../../src/expressions/ui/index.js';
import { parseArmString } from '../../src/expressions/arm/semantics.js';
import { Arm } from '../../src/expressions/arm/ast.js';

const text = (e: ui.UiExpr) => JSON.parse(JSON.stringify(e)) as string;

test('form references: steps(), basics(), location()', () => {
  assert.is(text(ui.steps('storage', 'storageSku')), "[steps('storage').storageSku]");
  assert.is(text(ui.basics('hubName')), "[basics('hubName')]");
  assert.is(text(ui.location()), '[location()]');
  assert.is(text(ui.steps('tags', 'odd-name')), "[steps('tags')['odd-name']]", 'a name that is not an identifier is indexed');
});

test('one escaping rule: quotes doubled, brackets and JSON kept, also inside parse()', () => {
  const value = { owner: "O'Brien", note: '[not an expression]', nested: { list: ['a,b', "it's"] } };
  const e = ui.parseJson(value);
  assert.is(text(e), `[parse('${JSON.stringify(value).replace(/'/g, "''")}')]`);
  const parsed = parseArmString(text(e));
  assert.ok(parsed && typeof parsed === 'object' && parsed.kind === 'call');
  assert.equal(JSON.parse((parsed as any).args[0].value), value, 'the JSON survives the round trip');
  assert.is(text(ui.startsWith(ui.steps('x', 'y'), "Dev(No SLA)_'q")), "[startsWith(steps('x').y, 'Dev(No SLA)_''q')]");
});

test('logic and literals: integers, booleans as functions', () => {
  const isDev = ui.startsWith(ui.steps('dataExplorer', 'dataExplorerSkuName'), 'Dev(No SLA)_');
  assert.is(
    text(ui.if_(isDev, 1, ui.steps('dataExplorer', 'dataExplorerSkuCapacity'))),
    "[if(startsWith(steps('dataExplorer').dataExplorerSkuName, 'Dev(No SLA)_'), 1, steps('dataExplorer').dataExplorerSkuCapacity)]",
  );
  assert.is(text(ui.and(ui.not(ui.empty(ui.basics('a'))), true)), "[and(not(empty(basics('a'))), true())]");
  assert.is(text(ui.if_(ui.empty(ui.steps('s', 'x')), ui.parse('[]'), ui.split(ui.steps('s', 'x'), ','))), "[if(empty(steps('s').x), parse('[]'), split(steps('s').x, ','))]");
});

test("lambdas in the form's arrow syntax: map and filter build them, the form parser reads them back to the same tree", () => {
  const rows = ui.steps('scopes', 'scopesToMonitor');
  const ids = ui.map(rows, 'row', (row) => row.get('scope'));
  assert.is(text(ids), "[map(steps('scopes').scopesToMonitor, (row) => row.scope)]");
  const nested = ui.map(
    ui.filter(ui.basics('regions').get('value'), 'r', (r) => ui.equals(r.get('metadata').get('regionType'), 'Physical')),
    'r',
    (r) => ui.concat(r.get('name'), "'s"),
  );
  const written = text(nested);
  assert.is(written, "[map(filter(basics('regions').value, (r) => equals(r.metadata.regionType, 'Physical')), (r) => concat(r.name, '''s'))]");
  assert.equal(ui.parseFormValue(written), nested.expr, 'parsed back to the tree it was written from');
  assert.is(text(new ui.UiExpr(ui.parseFormValue(written) as any)), written);
  // the tree is the template's lambda(): a template writes it the template's way, and its parser does not take arrows
  assert.is(JSON.parse(JSON.stringify(new Arm(ids.expr))), "[map(steps('scopes').scopesToMonitor, lambda('row', lambdaVariables('row').scope))]");
  assert.throws(() => parseArmString('[map(x(), (row) => row.scope)]'), /unexpected '\('/);
  assert.throws(() => ui.parseFormValue('[map(x(), (row) => other.scope)]'), /must be followed by "\("/, "only the lambda's own parameter is a variable");
  assert.throws(() => ui.map(rows, 'not a name', (r) => r), /not an identifier/);
});

test.run();
