import { test } from 'uvu';
import * as assert from 'uvu/assert';
import * as adf from '../../src/expressions/adf/index.js';
import { AdfParseError, parseAdfExpression, parseAdfValue, serializeAdfValue, walkAdf } from '../../src/expressions/adf/parser.js';
import type { AdfExprNode } from '../../src/expressions/adf/ast.js';

const str = (value: string): AdfExprNode => ({ kind: 'string', value });
const num = (value: number): AdfExprNode => ({ kind: 'number', value });
const call = (name: string, ...args: AdfExprNode[]): AdfExprNode => ({ kind: 'call', name, args });

function parseError(text: string, parse: (t: string) => unknown = parseAdfValue): AdfParseError {
  try {
    parse(text);
  } catch (e) {
    if (e instanceof AdfParseError) return e;
    throw e;
  }
  throw new Error(`expected a parse error for ${text}`);
}

test('literals: strings with doubled quotes, numbers, keywords', () => {
  assert.equal(parseAdfExpression("'it''s'"), str("it's"));
  assert.equal(parseAdfExpression("''"), str(''));
  assert.equal(parseAdfExpression("'a, b) }'"), str('a, b) }'));
  assert.equal(parseAdfExpression('42'), num(42));
  assert.equal(parseAdfExpression('-7'), num(-7));
  assert.equal(parseAdfExpression('1.5'), num(1.5));
  assert.equal(parseAdfExpression('.3'), num(0.3));
  assert.equal(parseAdfExpression('2e3'), num(2000));
  assert.equal(parseAdfExpression('true'), { kind: 'keyword', value: true });
  assert.equal(parseAdfExpression('false'), { kind: 'keyword', value: false });
  assert.equal(parseAdfExpression('null'), { kind: 'keyword', value: null });
});

test('nested calls with whitespace and no-argument calls', () => {
  assert.equal(parseAdfExpression(" concat( toLower(variables('a')) ,'/', utcNow() ) "), call('concat', call('toLower', call('variables', str('a'))), str('/'), call('utcNow')));
  assert.equal(parseAdfExpression('add(1, -1)'), call('add', num(1), num(-1)));
});

test('property chains with ?. and indexing, including names with spaces', () => {
  const node = parseAdfExpression("activity('Read Manifest').output?.firstRow.blobs[0]?['blob Name']");
  assert.equal(node, {
    kind: 'index',
    optional: true,
    index: str('blob Name'),
    target: {
      kind: 'index',
      index: num(0),
      target: {
        kind: 'property',
        name: 'blobs',
        target: { kind: 'property', name: 'firstRow', optional: true, target: { kind: 'property', name: 'output', target: call('activity', str('Read Manifest')) } },
      },
    },
  });
  const mca = parseAdfExpression("activity('Check for MCA Column in CSV').output.firstRow['Net Savings']");
  assert.is(mca.kind, 'index');
  assert.equal((mca as { index: AdfExprNode }).index, str('Net Savings'));
  // An index can be any expression.
  const dyn = parseAdfExpression('item()[pipeline().parameters.column]');
  assert.equal(dyn, {
    kind: 'index',
    target: call('item'),
    index: { kind: 'property', name: 'column', target: { kind: 'property', name: 'parameters', target: call('pipeline') } },
  });
});

test('parseAdfValue: whole-value expressions, literals and @@ escapes', () => {
  assert.equal(parseAdfValue('@pipeline().parameters.folderPath'), {
    kind: 'expression',
    node: { kind: 'property', name: 'folderPath', target: { kind: 'property', name: 'parameters', target: call('pipeline') } },
  });
  assert.equal(parseAdfValue('settings.json'), { kind: 'literal', value: 'settings.json' });
  assert.equal(parseAdfValue(''), { kind: 'literal', value: '' });
  assert.equal(parseAdfValue('@@'), { kind: 'literal', value: '@' });
  assert.equal(parseAdfValue('@@concat(1)'), { kind: 'literal', value: '@concat(1)' });
  assert.equal(parseAdfValue(' @'), { kind: 'literal', value: ' @' });
  assert.equal(parseAdfValue('user@contoso.com'), { kind: 'literal', value: 'user@contoso.com' });
  assert.equal(parseAdfValue('parameters[1]'), { kind: 'literal', value: 'parameters[1]' });
});

test('parseAdfValue: interpolation with @{...} and escaped @@{', () => {
  assert.equal(parseAdfValue("ingestion/@{variables('destinationFolder')}/manifest.json"), {
    kind: 'interpolation',
    parts: ['ingestion/', call('variables', str('destinationFolder')), '/manifest.json'],
  });
  assert.equal(parseAdfValue('@{dataset().fileName}'), {
    kind: 'interpolation',
    parts: [{ kind: 'property', name: 'fileName', target: call('dataset') }],
  });
  // A `}` inside a string literal does not close the interpolation.
  assert.equal(parseAdfValue("a@{concat('}', 'x')}b"), { kind: 'interpolation', parts: ['a', call('concat', str('}'), str('x')), 'b'] });
  assert.equal(parseAdfValue('Answer is: @@{pipeline().parameters.myNumber}'), {
    kind: 'literal',
    value: 'Answer is: @{pipeline().parameters.myNumber}',
  });
  assert.equal(parseAdfValue('{"type": "@{if(equals(1, 2), \'Blob\', \'Table\')}"}'), {
    kind: 'interpolation',
    parts: ['{"type": "', call('if', call('equals', num(1), num(2)), str('Blob'), str('Table')), '"}'],
  });
  assert.equal(parseAdfValue('@{1}@{2}'), { kind: 'interpolation', parts: [num(1), num(2)] });
});

test('syntax errors: the argument-list messages, word for word', () => {
  assert.is(parseError("@concat('a'").message, "expected ',' or ')' in the arguments of 'concat', found end of text");
  assert.is(parseError('@add(1 2)').message, "expected ',' or ')' in the arguments of 'add', found '2'");
  assert.equal(parseAdfExpression('f( )'), { kind: 'call', name: 'f', args: [] });
  assert.equal(parseAdfExpression("f( 1 , 'b' )"), {
    kind: 'call',
    name: 'f',
    args: [
      { kind: 'number', value: 1 },
      { kind: 'string', value: 'b' },
    ],
  });
});

test('syntax errors carry the offset of the problem', () => {
  let e = parseError("@concat('a', 'b'");
  assert.is(e.offset, 16);
  assert.match(e.message, /expected ',' or '\)'/);
  e = parseError("@concat('a)");
  assert.is(e.offset, 8);
  assert.match(e.message, /unterminated string/);
  e = parseError("@variables('x') extra");
  assert.is(e.offset, 16);
  assert.match(e.message, /after the expression/);
  e = parseError('@foo.bar');
  assert.match(e.message, /expected '\(' after function name 'foo'/);
  e = parseError("x @{variables('a')");
  assert.is(e.offset, 18);
  assert.match(e.message, /expected '\}'/);
  e = parseError('@{}');
  assert.is(e.offset, 2);
  e = parseError('@');
  assert.is(e.offset, 1);
  e = parseError('@item().');
  assert.is(e.offset, 8);
  assert.match(e.message, /property name/);
  e = parseError('@a[1');
  assert.match(e.message, /expected '\('/);
  e = parseError('@item()[1');
  assert.match(e.message, /expected '\]'/);
  e = parseError('@#');
  assert.is(e.offset, 1);
  e = parseError('12abc', parseAdfExpression);
  assert.is(e.offset, 0);
});

test('round trip: builder output parses and serializes back to the same JSON string', () => {
  const rm = adf.activity('Read Manifest').get('output').get('firstRow');
  const objects = {
    destinationFolder: adf.replace(
      adf.concat(
        adf.variables('hubDataset'),
        '/',
        adf.substring(adf.variables('date'), 0, 4),
        '/',
        adf.substring(adf.variables('date'), 4, 2),
        '/',
        adf.toLower(adf.variables('scope')),
      ),
      '//',
      '/',
    ),
    spaces: adf.activity('Check').get('output').get('firstRow').at('Net Savings'),
    spacesGet: rm.get('Net Savings', true),
    optional: rm.get('blobs', true).at(0).get('blobName'),
    numbers: adf.createArray(0, -1, 1.5, 0.25, 1e21, true, false, null, "it's"),
    dynamicIndex: adf.item().at(adf.pipelineParameter('column')),
    interpolation: adf.interp`ingestion/${adf.variables('destinationFolder')}/@{literal}/${rm.get('runInfo').get('runId')}`,
    leadingAt: adf.interp`@home ${adf.item()}`,
    expressionWrapper: adf.expression(adf.interp`Bearer ${adf.pipelineParameter('token')}`),
    dates: adf.formatDateTime(adf.addToTime(adf.startOfMonth(adf.utcNow()), -1, 'Month'), "yyyy-MM-dd'T'HH:mm:ss.fffffffZ"),
    trigger: adf.triggerBody().get('folderPath'),
    dataset: adf.interp`${adf.datasetParameter('folderPath')}/${adf.datasetParameter('fileName')}`,
  };
  const wire = JSON.parse(JSON.stringify(objects)) as Record<string, unknown>;
  const strings: string[] = [];
  const collect = (v: unknown) => {
    if (typeof v === 'string') strings.push(v);
    else if (v && typeof v === 'object') Object.values(v).forEach(collect);
  };
  collect(wire);
  assert.ok(strings.length >= 12);
  for (const s of strings) {
    if (s === 'Expression') continue; // the `type` of the { value, type } wrapper
    const parsed = parseAdfValue(s);
    assert.is.not(parsed.kind, 'literal', s);
    assert.is(serializeAdfValue(parsed), s);
  }
  assert.is(wire.spaces, "@activity('Check').output.firstRow['Net Savings']");
  assert.is(wire.spacesGet, "@activity('Read Manifest').output.firstRow?['Net Savings']");
  const interp = parseAdfValue(wire.interpolation as string);
  assert.is(interp.kind, 'interpolation');
  assert.is((interp as { parts: unknown[] }).parts[2], '/@{literal}/');
  assert.equal(parseAdfValue(wire.leadingAt as string), { kind: 'interpolation', parts: ['@home ', call('item')] });
});

test('walkAdf visits every node, parents first', () => {
  const names: string[] = [];
  walkAdf(parseAdfExpression("concat(variables('a'), item().b[activity('x').output.i])"), (n) => {
    if (n.kind === 'call') names.push(n.name);
  });
  assert.equal(names, ['concat', 'variables', 'item', 'activity']);
});

test.run();
