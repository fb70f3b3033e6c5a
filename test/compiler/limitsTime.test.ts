/**
 * Every documented limit of hub.yaml (docs/hub-yaml.md, "Limits") is reachable in linear time (issue #29,
 * item 6): for each shape of text, a hub.yaml at the limit (4 MiB of text, 32 levels, 10,000 entries in a
 * mapping, 100,000 entries in all with aliases expanded) is answered within a bound set as a ratio to the
 * same shape at a twentieth of its size, timed in the same run (processor time of the process, not wall time). Linear work gives a ratio near 20 (more on a
 * loaded machine, and V8's garbage collection of a larger heap adds some: up to 57 was seen at a load average
 * of 15 on two cores); the quadratic costs this test was written for give more (100,000 aliases did not finish
 * in 15 minutes; 10,000 resource types of the wrong type took 27 s, 178 times a twentieth). The bound, 100,
 * sits between. A ratio past it is measured again, up to three times, each size keeping its least time (load
 * only ever adds time), and the small file counts as at least 10 ms. A quadratic cost too small to stand out
 * of the noise at these sizes (the place of each diagnostic searched for in its mapping: 1.6 s at 10,000
 * errors in one mapping) is held by a test of its own, without timing.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseDocument, type YAMLMap } from 'yaml';
import { compile } from '../../src/compiler/compile.js';
import { nodeAt } from '../../src/diagnostics/positions.js';
import { HUB_YAML_LIMITS } from '../../src/frontend/limits.js';

const HEAD = 'release: "0.7"\nhub:\n  name: contoso\n';
const { textLength, entries, totalEntries } = HUB_YAML_LIMITS;
/** Resource types of tagsByResource used to reach the entries in all: each holds `PER_TYPE` tags. */
const TYPES = 10;
const PER_TYPE = Math.floor((totalEntries - 20) / TYPES);
const RATIO = 100;
/** Times of the small file below this count as this: a few milliseconds are mostly timer and scheduling noise. */
const FLOOR_MS = 10;
/** Measurements of a shape whose ratio is past the bound, before the test fails. */
const ATTEMPTS = 3;
/** The small file of each shape: this part of the limit. */
const SMALL = 1 / 20;

const lines = (n: number, line: (i: number) => string) => Array.from({ length: n }, (_, i) => line(i)).join('');
const types = (n: number, entry: (i: number) => string) => `tagsByResource:\n${lines(TYPES, (t) => `  Microsoft.Test/type${t}:\n${lines(n, (i) => `    ${entry(i)}\n`)}`)}`;

/** Each shape at a scale up to 1 (1 = at the limit), with what the answer must hold. */
const SHAPES: Record<string, { text: (scale: number) => string; expect: string }> = {
  'text length: 4 MiB in 10,000 tag values': {
    text: (s) => `${HEAD}tags:\n${lines(Math.floor(s * entries), (i) => `  t${i}: "${'x'.repeat(Math.floor(textLength / entries) - 20)}"\n`)}`,
    expect: 'HUB105',
  },
  'nesting: 3,000 values 32 levels deep': { text: (s) => `${HEAD}tags:\n${lines(Math.floor(s * 3000), (i) => `  t${i}: ${'['.repeat(30)}${']'.repeat(30)}\n`)}`, expect: 'HUB103' },
  'entries of one mapping: 10,000 unknown keys': { text: (s) => `${HEAD}${lines(Math.floor(s * entries) - 3, (i) => `key${i}: 1\n`)}`, expect: 'HUB102' },
  'entries of one mapping: 10,000 times one key': { text: (s) => `${HEAD}tags:\n${lines(Math.floor(s * entries), () => '  t: v\n')}`, expect: 'HUB101' },
  'entries of one mapping: 10,000 resource types of the wrong type': {
    text: (s) => `${HEAD}tagsByResource:\n${lines(Math.floor(s * entries), (i) => `  Microsoft.Test/type${i}: 1\n`)}`,
    expect: 'HUB103',
  },
  'entries in all: 100,000 tags': { text: (s) => `${HEAD}${types(Math.floor(s * PER_TYPE), (i) => `t${i}: v`)}`, expect: 'HUB218' },
  'entries in all: 100,000 type errors': { text: (s) => `${HEAD}${types(Math.floor(s * PER_TYPE), (i) => `t${i}: 1`)}`, expect: 'HUB103' },
  'entries in all: 100,000 aliases of one value': { text: (s) => `${HEAD}anchor: &a v\n${types(Math.floor(s * PER_TYPE) - 1, (i) => `t${i}: *a`)}`, expect: 'HUB102' },
  'entries in all: aliases of a mapping, 100,000 entries expanded': {
    text: (s) => `${HEAD}anchor: &m {${lines(9, (i) => `k${i}: v, `)}}\nx: [${lines(Math.floor(s * (totalEntries / 10 - 10)), () => '*m, ')}]\n`,
    expect: 'HUB102',
  },
};

/** Milliseconds of the process's processor time (user and system, `process.cpuUsage`) since `from`. */
const cpuMs = (from: NodeJS.CpuUsage) => {
  const d = process.cpuUsage(from);
  return (d.user + d.system) / 1000;
};

/**
 * Milliseconds of processor time compile() takes for a text (the least of `runs`), and its diagnostic codes.
 * Processor time rather than wall time: on a machine whose cores are busy with other processes, wall time
 * grows with the waiting (a ratio of 117 was seen at a load average of 16), processor time barely does.
 */
function timed(text: string, runs: number): { ms: number; codes: Set<string> } {
  let ms = Infinity;
  let codes = new Set<string>();
  for (let i = 0; i < runs; i++) {
    const start = process.cpuUsage();
    const r = compile(text);
    ms = Math.min(ms, cpuMs(start));
    codes = new Set(r.diagnostics.map((d) => d.code));
  }
  return { ms, codes };
}

compile(`${HEAD}tags:\n  a: b\n`); // the schema is compiled once per process: not part of any shape

for (const [name, shape] of Object.entries(SHAPES)) {
  test(`${name}: answered within ${RATIO} times the time of a twentieth of it`, () => {
    const full = shape.text(1);
    assert.ok(full.length <= textLength, `${full.length} characters: within the text limit`);
    // The least time of each size over the attempts: load on the machine only ever adds time.
    let small = Infinity;
    let big = Infinity;
    let ratio = Infinity;
    for (let attempt = 0; attempt < ATTEMPTS && ratio > RATIO; attempt++) {
      small = Math.min(small, timed(shape.text(SMALL), 5).ms);
      const at = timed(full, 1);
      assert.ok(at.codes.has(shape.expect), `${[...at.codes].join(', ')}: expected ${shape.expect}`);
      assert.not.ok(
        [...at.codes].some((c) => c === 'HUB110' || c === 'HUB111' || c === 'HUB112'),
        `at the limit, not past it: ${[...at.codes].join(', ')}`,
      );
      big = Math.min(big, at.ms);
      ratio = big / Math.max(small, FLOOR_MS);
    }
    const detail = `${Math.round(big)} ms at the limit, ${Math.round(small)} ms at a twentieth`;
    if (process.env.HUBC_TEST_RATIOS) console.log(name, ratio.toFixed(1), detail);
    assert.ok(ratio <= RATIO, `ratio ${ratio.toFixed(1)}: ${detail}`);
  });
}

test('the place of a diagnostic in a mapping of 10,000 keys is found without going through the mapping again', () => {
  const text = `${HEAD}tags:\n${Array.from({ length: entries }, (_, i) => `  t${i}: 1\n`).join('')}`;
  const doc = parseDocument(text);
  const tags = (doc.contents as YAMLMap).get('tags', true) as unknown as YAMLMap;
  const first = nodeAt(doc.contents, ['tags', `t${entries - 1}`]);
  assert.is(first?.range?.[0], text.lastIndexOf(': 1') + 2);
  // Every later question is answered from the index the first one built: the items are not read again.
  const items = tags.items;
  tags.items = new Proxy(items, { get: (target, key) => (typeof key === 'string' && /^\d+$/.test(key) ? assert.unreachable(`items[${key}] read`) : Reflect.get(target, key)) });
  for (let i = 0; i < entries; i += 7) assert.is(nodeAt(doc.contents, ['tags', `t${i}`], true)?.range?.[0], text.indexOf(`  t${i}: `) + 2);
  tags.items = items;
});

test.run();
