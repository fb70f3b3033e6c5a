/**
 * docs/adopting.md shows a takeover as the commands give it (issue #31): the saved parameter file of a
 * public 0.7 hub (private network, a cluster, infrastructure encryption), `hubc import` of it, the hub.yaml
 * written, `hubc upgrade-plan public:0.7 hub.yaml`, and the warning a 0.6 hub upgraded without its imported
 * `networking` gets. Each block of the page marked `<!-- adopting:NAME -->` must be what this test makes of
 * the same commands (the working folder left out of paths); `UPDATE_GOLDEN=1` rewrites the blocks, then the
 * test fails once so the diff is read. Needs the public templates (test/support/publicTemplates.ts).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runHubc } from '../support/cli.js';
import { publicTemplatesDir } from '../support/publicTemplates.js';
import { publicParameterFile } from '../support/takeover.js';

const DOC = fileURLToPath(new URL('../../docs/adopting.md', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'hubc-adopting-'));

/** Output as the page shows it: paths relative to the working folder, the schema modeline as `<hubc>`. */
const shown = (text: string) =>
  text
    .split(`${dir}/`)
    .join('')
    .replace(/\$schema=\S*schemas\/hub\.schema\.json/, '$schema=<hubc>/schemas/hub.schema.json');

/** The blocks of the page, by name, as the commands give them. */
async function blocks(): Promise<Record<string, string>> {
  const templates = publicTemplatesDir();
  const params = join(dir, 'contoso-hub.parameters.json');
  writeFileSync(params, `${JSON.stringify(publicParameterFile({ release: '0.7', publicAccess: false, cluster: true }), null, 2)}\n`);
  const hub = join(dir, 'hub.yaml');
  const imported = await runHubc(['import', '--parameters', params, '--release', '0.7', '--out', hub]);
  assert.is(imported.code, 0, imported.stderr);
  const plan = await runHubc(['upgrade-plan', 'public:0.7', hub, '--public-templates', templates, '--parameters', params]);
  assert.is(plan.code, 0, plan.stderr);
  // A public 0.6 hub: imported, then built for 0.7 with and without the networking line import wrote.
  const params06 = join(dir, 'contoso-hub-06.parameters.json');
  writeFileSync(params06, JSON.stringify(publicParameterFile({ release: '0.6' })));
  const hub06 = join(dir, 'hub-0.6.yaml');
  assert.is((await runHubc(['import', '--parameters', params06, '--release', '0.6', '--out', hub06])).code, 0);
  const text06 = readFileSync(hub06, 'utf8');
  const hub07 = join(dir, 'hub-0.7.yaml');
  writeFileSync(hub07, text06.replace('release: "0.6"', 'release: "0.7"').replace(/networking:\n {2}publicAccess: true[^\n]*\n/, ''));
  const closed = await runHubc(['upgrade-plan', 'public:0.6', hub07, '--public-templates', templates]);
  assert.is(closed.code, 0, closed.stderr);
  const readFirst = closed.stdout.split('\n\n').find((p) => p.startsWith('Read first'));
  assert.ok(readFirst, 'the 0.6 -> 0.7 plan without networking opens with its warning');
  return {
    parameters: readFileSync(params, 'utf8'),
    'import-output': shown(imported.stdout),
    'hub-yaml': shown(readFileSync(hub, 'utf8')),
    plan: shown(plan.stdout),
    'networking-06': shown(text06.slice(text06.indexOf('networking:'))),
    'read-first': `${shown(closed.stdout.split('\n').slice(0, 3).join('\n'))}\n\n${shown(readFirst!)}\n`,
  };
}

/** The fenced block after `<!-- adopting:NAME -->`. */
const BLOCK = (name: string) => new RegExp(`(<!-- adopting:${name} -->\\n\`\`\`[a-z]*\\n)([\\s\\S]*?)(\`\`\`\\n)`);

test('docs/adopting.md shows what the commands give (UPDATE_GOLDEN=1 rewrites its blocks)', async () => {
  const made = await blocks();
  let doc = readFileSync(DOC, 'utf8');
  const stale: string[] = [];
  for (const [name, text] of Object.entries(made)) {
    const m = BLOCK(name).exec(doc);
    assert.ok(m, `docs/adopting.md has no block <!-- adopting:${name} -->`);
    if (m![2] === text) continue;
    stale.push(name);
    doc = doc.replace(BLOCK(name), (_, open: string, _old: string, close: string) => `${open}${text}${close}`);
  }
  if (stale.length && process.env.UPDATE_GOLDEN === '1') {
    writeFileSync(DOC, doc);
    assert.unreachable(`wrote docs/adopting.md (blocks ${stale.join(', ')}): read the diff, then run again`);
  }
  assert.equal(stale, [], 'blocks that differ from the commands (UPDATE_GOLDEN=1 rewrites them)');
});

test.run();
