/**
 * `hubc import`'s errors name the input at fault (issue #30 item 16): a saved parameter file the release
 * cannot be told from (HUB481), or that is no parameter file (HUB483), is reported against that file, not
 * against the hub.yaml to be written; an online import's against the resource group.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runHubc } from '../support/cli.js';

const work = mkdtempSync(join(tmpdir(), 'hubc-import-where-'));

test('HUB481 of a parameter file the release cannot be told from names that file, not the hub.yaml', async () => {
  // hubName and location alone: every public release declares them.
  const params = join(work, 'ambiguous.parameters.json');
  writeFileSync(params, JSON.stringify({ parameters: { hubName: { value: 'contoso-hub' }, location: { value: 'westeurope' } } }));
  const out = join(work, 'hub.yaml');
  const r = await runHubc(['import', '--parameters', params, '--out', out]);
  assert.is(r.code, 2);
  assert.match(r.stderr, new RegExp(`^${params.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} - error HUB481: the hub release cannot be told from the parameters of `, 'm'));
  assert.not.match(r.stderr, /hub\.yaml - error/);
  assert.not.ok(existsSync(out));
  const json = JSON.parse((await runHubc(['import', '--parameters', params, '--out', out, '--format', 'json'])).stdout);
  assert.is(json.diagnostics[0].file, params);
});

test('HUB483 of a file that is no parameter file names that file', async () => {
  const params = join(work, 'not-parameters.json');
  writeFileSync(params, '[1, 2]');
  const r = await runHubc(['import', '--parameters', params, '--out', join(work, 'x.yaml')]);
  assert.is(r.code, 2);
  assert.match(r.stderr, /not-parameters\.json - error HUB483: .*not-parameters\.json is not a deployment parameter file/);
});

test.run();
