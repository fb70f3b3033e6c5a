/**
 * The JSON files `hubc diff` and `hubc upgrade-plan` read from a folder or a public template are held to
 * limits before anything recurses over them (issue #29, item 10): arrays and objects nested more than 128
 * levels (HUB475) and ARM expressions nested more than 64 (HUB476) are positioned diagnostics, exit 2. A
 * resource nested 5,000 levels deep, or an expression of 2,000 nested calls, was a stack overflow (HUB000,
 * exit 70) in a real process.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeRelease } from '../../src/compiler/write.js';
import { ArmNestingError, ARM_EXPRESSION_DEPTH, parseArmExpression } from '../../src/expressions/arm/parser.js';
import { evaluateTemplateString } from '../../src/expressions/arm/evaluate.js';
import { JSON_DEPTH, jsonLimitPassed } from '../../src/expressions/arm/inputLimits.js';
import { PublicTemplateError, readPublicTemplate } from '../../src/public/templates.js';
import { releaseBuild } from '../support/releaseBuilds.js';
import { runChild } from '../support/crash.js';
import { runHubc } from '../support/cli.js';

const work = mkdtempSync(join(tmpdir(), 'hubc-diff-limits-'));
const calls = (n: number) => `${'concat('.repeat(n)}'a'${')'.repeat(n)}`;

/**
 * A build folder of 0.7 whose first resource gets `"deep": <json>` as its first property (level 5 of the
 * template); the line and column `skip` characters into the value.
 */
async function folderWith(name: string, json: string, skip: number): Promise<{ dir: string; line: number; col: number }> {
  const artifacts = new Map(releaseBuild('0.7'));
  const text = artifacts.get('azuredeploy.json')!.replace('"properties": {', `"properties": {\n"deep": ${json},`);
  artifacts.set('azuredeploy.json', text);
  const dir = await writeRelease(join(work, name), '0.7', artifacts);
  const before = text.slice(0, text.indexOf('"deep": ') + '"deep": '.length + skip).split('\n');
  return { dir, line: before.length, col: before[before.length - 1]!.length + 1 };
}

test('diff and upgrade-plan of a folder with a resource nested 5,000 levels: HUB475 where level 129 opens, exit 2 (a child process)', async () => {
  const json = `${'{"a":'.repeat(5000)}"x"${'}'.repeat(5000)}`;
  // Level 1 is the template, 2 resources, 3 the resource, 4 properties: level 129 is the 125th '{"a":'.
  const where = await folderWith('deep-json', json, '{"a":'.length * 124);
  const base = await writeRelease(join(work, 'base'), '0.7', releaseBuild('0.7'));
  for (const command of ['diff', 'upgrade-plan']) {
    const r = await runChild([command, base, where.dir]);
    assert.is(r.code, 2, `${command}: ${r.stderr}`);
    assert.not.match(r.stderr, /HUB000|RangeError|\n\s+at /);
    assert.match(r.stderr, `${join(where.dir, 'azuredeploy.json')}:${where.line}:${where.col} - error HUB475: the JSON nests arrays and objects more than 128 levels deep`);
    assert.match(r.stderr, /error HUB401: .*azuredeploy\.json is past a limit of what hubc reads/);
  }
});

test('diff and upgrade-plan of a folder with an expression of 2,000 nested calls: HUB476 at the string, exit 2 (a child process)', async () => {
  const where = await folderWith('deep-expression', JSON.stringify(`[${calls(2000)}]`), 0);
  const base = join(work, 'base', '0.7');
  for (const command of ['diff', 'upgrade-plan']) {
    const r = await runChild([command, where.dir, base, '--format', 'json']);
    assert.is(r.code, 2, `${command}: ${r.stderr}`);
    const out = JSON.parse(r.stdout);
    assert.equal(
      out.diagnostics.map((d: { code: string; file: string; start: unknown }) => [d.code, d.file, d.start]),
      [['HUB476', join(where.dir, 'azuredeploy.json'), { line: where.line, col: where.col }]],
      command,
    );
    assert.match(out.diagnostics[0].message, 'nests calls, indexes and properties more than 64 levels deep');
  }
});

test('a public template past a limit: the same positioned diagnostic (HUB419 says which file)', () => {
  const file = join(work, 'finops-hub-0.7.json');
  writeFileSync(file, `{"$schema": "https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#",\n "resources": [${'['.repeat(200)}${']'.repeat(200)}]}`);
  try {
    readPublicTemplate(file);
    assert.unreachable();
  } catch (e) {
    assert.instance(e, PublicTemplateError);
    const err = e as PublicTemplateError;
    assert.is(err.code, 'HUB419');
    assert.equal(
      err.diagnostics.map((d) => [d.code, d.file, d.start]),
      [['HUB475', file, { line: 2, col: 15 + JSON_DEPTH - 1 }]],
    );
  }
});

test('JSON files given to other commands nested 100,000 deep: one diagnostic with the limit and the position, exit 2 (deploy 1), no stack overflow (upgrade-plan and import were HUB000)', async () => {
  const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
  const params = join(work, 'deep.parameters.json');
  writeFileSync(params, `{"parameters": {"hubName": {"value": ${deep}}}}`);
  const responses = join(work, 'deep.responses.json');
  writeFileSync(responses, `{"web": [{"url": "*", "body": ${deep}}]}`);
  const hub = new URL('../../hub.yaml', import.meta.url).pathname;
  const said = (offset: number) => `the JSON nests arrays and objects more than 128 levels deep (line 1 column ${offset + 1}, position ${offset})`;
  // Three levels open before the value: level 129 is its 126th '['.
  const at = `{"parameters": {"hubName": {"value": `.length + JSON_DEPTH - 3;
  for (const [args, code, exit] of [
    [['upgrade-plan', '0.6', '0.7', '--hub', hub, '--parameters', params], 'HUB491', 2],
    [['import', '--parameters', params, '--release', '0.7', '--out', join(work, 'never.yaml')], 'HUB483', 2],
    // deploy positions it in the file, as any JSON error of a parameter file (exit 1).
    [['deploy', hub, '--subscription', '00000000-0000-0000-0000-000000000000', '-g', 'rg', '--parameters', params, '--what-if'], 'HUB420', 1],
  ] as const) {
    const r = await runHubc([...args]);
    assert.is(r.code, exit, `${args[0]}: ${r.stderr}`);
    assert.match(r.stderr, `error ${code}: `, args[0]);
    assert.match(r.stderr, said(at), args[0]);
  }
  const sim = await runHubc(['simulate', hub, '--storage', work, '--schedule', 'daily', '--responses', responses]);
  assert.is(sim.code, 2);
  assert.match(sim.stderr, `error HUB456: cannot read the responses file ${responses}: ${said(`{"web": [{"url": "*", "body": `.length + JSON_DEPTH - 3)}`);
});

test('the limits: 128 levels of JSON and 64 of an expression are read; one more is refused, also as a chain of properties or indexes', () => {
  const nested = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
  assert.is(jsonLimitPassed(nested(JSON_DEPTH)), undefined);
  assert.equal(jsonLimitPassed(nested(JSON_DEPTH + 1)), { kind: 'json', offset: JSON_DEPTH, limit: JSON_DEPTH });
  // Brackets inside strings are text.
  assert.is(jsonLimitPassed(`["${'['.repeat(500)}", "\\"${'{'.repeat(500)}"]`), undefined);
  assert.is(evaluateTemplateString(`[${calls(ARM_EXPRESSION_DEPTH - 1)}]`), 'a');
  assert.throws(
    () => parseArmExpression(calls(ARM_EXPRESSION_DEPTH)),
    (e: unknown) => e instanceof ArmNestingError,
  );
  assert.throws(
    () => parseArmExpression(`createObject('a', 1)${'.a'.repeat(10_000)}`),
    (e: unknown) => e instanceof ArmNestingError,
  );
  assert.throws(
    () => parseArmExpression(`createArray(1)${'[0]'.repeat(10_000)}`),
    (e: unknown) => e instanceof ArmNestingError,
  );
  assert.equal(jsonLimitPassed(JSON.stringify({ a: `[${calls(100)}]` })), { kind: 'expression', offset: 5, limit: ARM_EXPRESSION_DEPTH });
  // Escaped literals ("[[") are not expressions; hubc's own templates pass.
  assert.is(jsonLimitPassed(JSON.stringify({ a: `[[${calls(100)}]` })), undefined);
  assert.is(jsonLimitPassed(readFileSync(new URL('../../dist-templates/0.7/azuredeploy.json', import.meta.url), 'utf8')), undefined);
});

test.run();
