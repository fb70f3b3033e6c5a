/**
 * Where `hubc lint` places its findings (src/lint/written.ts): in `<out>/<release>/<file>` only when that
 * file holds exactly what was linted; otherwise in `<release>/<file>` of the build in memory, with a note,
 * so no position points into another build's text. Links are not followed out of the folder.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { writeRelease } from '../../src/compiler/write.js';
import { findingFiles } from '../../src/lint/written.js';
import { formatLintText } from '../../src/lint/format.js';
import { toSarif } from '../../src/lint/sarif.js';
import { compiled, DEFAULT_HUB_YAML } from '../support/hubs.js';
import { lintResultOf, widenedBuild } from '../support/lintFindings.js';

const work = mkdtempSync(join(tmpdir(), 'hubc-written-'));
const linted = widenedBuild();
const result = lintResultOf(linted);
const lines = linted.get('azuredeploy.json')!.split('\n');

/** The text output for build folder `out`. */
const text = (out: string) => formatLintText(result, findingFiles(out, result.reports), out);

test('a build folder that holds the build linted: findings at <out>/<release>/<file>:line:col, no note', async () => {
  const out = join(work, 'same');
  await writeRelease(out, '0.7', linted);
  const rel = relative(process.cwd(), out).split('\\').join('/');
  const { findings, summary } = text(rel);
  assert.is(findings.length, 2);
  for (const f of findings) assert.ok(f.startsWith(`${rel}/0.7/azuredeploy.json:`), f);
  const line = Number(/:(\d+):\d+ - /.exec(findings[0]!)![1]);
  assert.match(lines[line - 1]!, /"properties"|"secrets"/);
  assert.not.ok(summary.some((s) => s.includes('does not hold')));
  const sarif: any = toSarif(result, { files: findingFiles(rel, result.reports) });
  assert.equal(sarif.runs[0].results[0].locations[0].physicalLocation.artifactLocation, { uri: `${rel}/0.7/azuredeploy.json` });
  assert.not.ok('originalUriBaseIds' in sarif.runs[0]);
});

test('a build folder that holds another build: findings name <release>/<file> of the build in memory, and say so', async () => {
  const out = join(work, 'other');
  await writeRelease(out, '0.7', compiled(DEFAULT_HUB_YAML).artifacts);
  const { findings, summary } = text(out);
  for (const f of findings) assert.ok(f.startsWith('<0.7>/azuredeploy.json:'), f);
  assert.ok(
    summary.includes(
      `0.7: ${out}/0.7 does not hold this build (azuredeploy.json missing or different); findings name the files of the build in memory as <0.7>/<file>: \`hubc build\` writes them`,
    ),
    summary.join('\n'),
  );
});

test('no build folder at all: the same', () => {
  const { findings, summary } = text(join(work, 'missing'));
  for (const f of findings) assert.ok(f.startsWith('<0.7>/azuredeploy.json:'), f);
  assert.ok(summary.some((s) => s.includes('does not hold this build')));
});

test('a file that is a link, or a release folder linked out of the build folder, is not read', async () => {
  const outside = join(work, 'outside');
  await writeRelease(outside, '0.7', linted);
  const linkedFile = join(work, 'linked-file');
  mkdirSync(join(linkedFile, '0.7'), { recursive: true });
  symlinkSync(join(outside, '0.7', 'azuredeploy.json'), join(linkedFile, '0.7', 'azuredeploy.json'));
  assert.is(findingFiles(linkedFile, result.reports).written('0.7', 'azuredeploy.json'), false);
  const linkedFolder = join(work, 'linked-folder');
  mkdirSync(linkedFolder);
  symlinkSync(join(outside, '0.7'), join(linkedFolder, '0.7'));
  assert.is(findingFiles(linkedFolder, result.reports).written('0.7', 'azuredeploy.json'), false);
  assert.is(findingFiles(outside, result.reports).written('0.7', 'azuredeploy.json'), true, 'the folder itself holds it');
});

test('a file of the same size but other bytes is another build', async () => {
  const out = join(work, 'same-size');
  await writeRelease(out, '0.7', linted);
  const t = linted.get('azuredeploy.json')!;
  writeFileSync(join(out, '0.7', 'azuredeploy.json'), t.replace('"set"', '"del"'));
  assert.is(findingFiles(out, result.reports).written('0.7', 'azuredeploy.json'), false);
});

test.after(() => rmSync(work, { recursive: true, force: true }));

test.run();
