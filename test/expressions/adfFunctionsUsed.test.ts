/**
 * Every Data Factory function and activity type the emitted pipelines of every release use is one the
 * evaluator and the simulator implement. The list of functions is pinned here, so a pipeline that starts
 * using a new function shows up as a failing test (add the function under src/expressions/adf/functions/
 * with its documented semantics and unit tests, then extend the list).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compile } from '../../src/compiler/compile.js';
import { RELEASE_VERSIONS } from '../../src/model/releases.js';
import { ADF_EVALUATOR_FUNCTIONS, evaluateAdfValue } from '../../src/expressions/adf/evaluate.js';
import { adfValueNodes, parseAdfValue, walkAdf } from '../../src/expressions/adf/parser.js';
import { supportedActivityTypes } from '../../src/simulate/engine.js';
import '../../src/simulate/activities/index.js';
import { fullHubYaml } from '../support/hubs.js';

/** Functions the emitted pipelines use (lower case), across releases. */
const FUNCTIONS_USED = [
  'activity',
  'adddays',
  'and',
  'coalesce',
  'concat',
  'contains',
  'createarray',
  'dataset',
  'empty',
  'endswith',
  'equals',
  'first',
  'formatdatetime',
  'greater',
  'if',
  'int',
  'item',
  'join',
  'json',
  'last',
  'length',
  'less',
  'lessorequals',
  'linkedservice',
  'max',
  'not',
  'or',
  'pipeline',
  'range',
  'replace',
  'skip',
  'split',
  'startofmonth',
  'startswith',
  'string',
  'sub',
  'substring',
  'subtractfromtime',
  'take',
  'tolower',
  'triggerbody',
  'union',
  'utcnow',
  'variables',
];

const functions = new Set<string>();
const activityTypes = new Set<string>();

function walk(v: unknown): void {
  if (typeof v === 'string') {
    if (!v.includes('@')) return;
    let parsed;
    try {
      parsed = parseAdfValue(v);
    } catch {
      return; // not every string is an expression position; the reference checker covers syntax
    }
    for (const n of adfValueNodes(parsed)) walkAdf(n, (x) => x.kind === 'call' && functions.add(x.name.toLowerCase()));
    return;
  }
  if (Array.isArray(v)) return v.forEach(walk);
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    if (typeof o.type === 'string' && typeof o.name === 'string' && 'dependsOn' in o) activityTypes.add(o.type);
    Object.values(o).forEach(walk);
  }
}

for (const release of RELEASE_VERSIONS) {
  const r = compile(fullHubYaml(release));
  if (!r.release) throw new Error(r.diagnostics.map((d) => `${d.code} ${d.message}`).join('\n'));
  for (const [path, text] of r.artifacts) if (path.startsWith('datafactory/')) walk(JSON.parse(text));
}

test('the functions the emitted pipelines use are the pinned list', () => {
  assert.equal([...functions].sort(), [...FUNCTIONS_USED].sort());
});

test('the evaluator implements every function the pipelines use', () => {
  const missing = [...functions].filter((f) => !ADF_EVALUATOR_FUNCTIONS.includes(f));
  assert.equal(missing, []);
});

test('the simulator implements every activity type the pipelines use', () => {
  const missing = [...activityTypes].filter((t) => !supportedActivityTypes().includes(t));
  assert.equal(missing, []);
  assert.ok(activityTypes.has('Copy') && activityTypes.has('AzureDataExplorerCommand'));
});

test('dayOfYear counts from January 1 (leap years included)', () => {
  const ctx = { utcNow: '2024-12-31T23:59:59Z' };
  assert.is(evaluateAdfValue("@dayOfYear('2024-01-01T00:00:00Z')", ctx), 1);
  assert.is(evaluateAdfValue("@dayOfYear('2024-03-01')", ctx), 61);
  assert.is(evaluateAdfValue("@dayOfYear('2023-03-01')", ctx), 60);
  assert.is(evaluateAdfValue('@dayOfYear(utcNow())', ctx), 366);
});

test.run();
