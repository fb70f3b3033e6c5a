/**
 * `hubc validate` says what it is doing (issue #30 item 6): on a terminal, one progress line on stderr
 * (compiling, the template against the ARM schemas, the KQL commands analysed so far, lint), erased
 * before the summary, and before a first run downloads the ARM schemas a line saying so; nothing when
 * stderr is not a terminal or with --format json.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runHubc } from '../support/cli.js';
import { compiled, templateOf } from '../support/hubs.js';
import { sharedArmSchemas } from '../support/sharedData.js';
import { startArmMirror } from '../support/armMirror.js';
import { progressLine } from '../../src/cli/progress.js';
import { startKqlValidation } from '../../src/validate/cached.js';
import { NO_CACHE } from '../../src/cache/index.js';
import type { CliIO } from '../../src/cli/io.js';

const HUB = fileURLToPath(new URL('../../hub.yaml', import.meta.url));
const source = sharedArmSchemas([templateOf(compiled())]);
source.catch(() => undefined);
const work = mkdtempSync(join(tmpdir(), 'hubc-progress-'));
const noShared = join(work, 'checkout-parent');
mkdirSync(noShared);
const ERASE = '\r\x1b[2K';

/** Runs hubc in-process with environment variables set for the run. */
async function hubc(argv: string[], env: Record<string, string | undefined>, errIsTTY: boolean) {
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  const apply = (values: Record<string, string | undefined>) => {
    for (const [k, v] of Object.entries(values)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  };
  apply(env);
  try {
    return await runHubc(argv, { errIsTTY });
  } finally {
    apply(saved);
  }
}

test('the progress line: written in place on a terminal with text output, erased when done; nothing otherwise', () => {
  const written: string[] = [];
  const io = (errIsTTY: boolean): CliIO => ({ out: () => undefined, err: (t) => void written.push(t), isTTY: false, errIsTTY });
  const line = progressLine(io(true), 'text');
  line.show('step one');
  line.show('x'.repeat(200));
  line.say('a line that stays');
  line.done();
  assert.equal(written, [`${ERASE}step one`, `${ERASE}${'x'.repeat(109)}…`, `${ERASE}a line that stays\n`]);
  written.length = 0;
  for (const [tty, format] of [
    [false, 'text'],
    [true, 'json'],
  ] as const) {
    const quiet = progressLine(io(tty), format);
    quiet.show('x');
    quiet.say('y');
    quiet.done();
    assert.not.ok(quiet.shown);
  }
  assert.equal(written, []);
});

test('first run on a terminal: says it downloads the schemas, shows each step, erases the line before the summary', async () => {
  const mirror = await startArmMirror(await source);
  try {
    const env = {
      XDG_CACHE_HOME: join(work, 'home'),
      HUBC_CACHE_DIR: join(work, 'results'),
      HUBC_ARM_SCHEMAS_URL: mirror.url,
      HUBC_CHECKOUT_PARENT: noShared,
      ARM_SCHEMAS_DIR: undefined,
    };
    const r = await hubc(['validate', HUB], env, true);
    assert.is(r.code, 0, r.stderr);
    const fetch = r.stderr.indexOf('hubc validate: first use: downloading the ARM JSON schemas the template needs (');
    assert.ok(fetch >= 0, r.stderr);
    assert.match(r.stderr, `from ${mirror.url} into ${join(work, 'home', 'hubc', 'arm-schemas')}; later runs read them there\n`);
    const steps = ['hubc validate: compiling', 'hubc validate: checking ', 'hubc validate: running the lint rules'].map((s) => r.stderr.indexOf(`${ERASE}${s}`));
    assert.ok(
      steps.every((i, k) => i >= 0 && (k === 0 || i > steps[k - 1])),
      `steps in order: ${JSON.stringify(r.stderr)}`,
    );
    assert.ok(fetch > steps[0] && fetch < steps[1], 'the download is said before the schemas are used');
    assert.ok(r.stderr.endsWith(ERASE), 'the progress line is erased');
    assert.match(r.stdout, /all validators clean/);
    // Not a terminal, or JSON: nothing on stderr (the JSON run is read back from the cache the first filled).
    const piped = await hubc(['validate', HUB, '--no-cache'], env, false);
    assert.is(piped.code, 0);
    assert.is(piped.stderr, '');
    const json = await hubc(['validate', HUB, '--format', 'json'], env, true);
    assert.is(json.stderr, '');
    assert.is(JSON.parse(json.stdout).valid, true);
  } finally {
    await mirror.close();
  }
});

test('the KQL analysis reports how many commands are done, never backwards, up to all of them', async () => {
  const text = Array.from({ length: 25 }, (_, i) => `.create-merge table T${i} (a: string, b: long)`).join('\n\n');
  const seen: number[] = [];
  const { done } = await startKqlValidation([{ file: 'kql/Test.kql', database: 'Ingestion', text }], NO_CACHE, {
    key: 'k',
    knownKey: 'kk',
    worker: true,
    progress: (n) => seen.push(n),
  });
  const result = await done;
  assert.is(result.commands.analysed + result.commands.reused, 25);
  assert.equal(seen, [10, 20]);
});

test.run();
