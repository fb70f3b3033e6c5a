import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? sources(full) : full.endsWith('.ts') ? [full] : [];
  });
}

test('every diagnostic code the source can emit is documented in docs/diagnostics.md', () => {
  const docs = readFileSync(join(ROOT, 'docs/diagnostics.md'), 'utf8');
  const documented = new Set([...docs.matchAll(/^\| (HUB\d{3}) \|/gm)].map((m) => m[1]));
  const emitted = new Set(sources(join(ROOT, 'src')).flatMap((f) => [...readFileSync(f, 'utf8').matchAll(/'(HUB\d{3})'/g)].map((m) => m[1])));
  assert.ok(emitted.size > 20, `found ${emitted.size} codes`);
  const missing = [...emitted].filter((c) => !documented.has(c)).sort();
  assert.equal(missing, [], `undocumented codes: ${missing.join(', ')}`);
});

test.run();
