/**
 * scripts/node-smoke.mjs, which `.ci/run` runs on Node 22 and 24 after the suite (issue #30, item 11): with
 * `--node PATH` it runs init, build --all, lint, simulate of a shipped example and publish with that Node and
 * passes with the Node running the tests; a Node that does not run fails every step. (Installing Node 22 and
 * 24 from the registry is CI's part: the suite reaches no registry.)
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { nodePackage, STEPS } from '../../scripts/node-smoke.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const smoke = (node: string) => spawnSync(process.execPath, ['scripts/node-smoke.mjs', '--node', node], { cwd: ROOT, encoding: 'utf8' });

test('every step passes with the Node that runs the tests', () => {
  const r = smoke(process.execPath);
  assert.is(r.status, 0, `${r.stdout}${r.stderr}`);
  for (const s of STEPS) assert.match(r.stdout, `ok   node ${process.version}: hubc ${s.name}\n`);
  assert.match(r.stdout, /node smoke: hubc \S+ ran every step/);
});

test('a Node that does not run fails the smoke run, naming each step', () => {
  const r = smoke('/nonexistent/node');
  assert.is(r.status, 1);
  assert.match(r.stdout, 'FAIL node /nonexistent/node (does not run): hubc init');
  assert.match(r.stdout, `node smoke: ${STEPS.length} step(s) failed`);
});

test('the Node binary package of this machine', () => {
  assert.is(nodePackage(), `node-${process.platform === 'win32' ? 'win' : process.platform}-${process.arch}`);
});

test.run();
