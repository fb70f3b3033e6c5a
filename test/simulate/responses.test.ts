/**
 * The patterns of a `--responses` file (issue #29, item 7): `*` stands for any characters, the whole URL or
 * command text must match, case is ignored; the matcher takes time linear in the text for each literal
 * part of the pattern, never backtracking. A 32-character pattern (`*e` 14 times, then `*QQQ`) made the
 * regular expression it used to be turned into backtrack for over a minute on one URL.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync, copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Responses, wildcardMatch } from '../../src/simulate/responses.js';
import { runChild } from '../support/crash.js';
import { SIMULATE_FIXTURES, cleanStorages, emptyStorage } from '../support/simulate.js';

const HUB = new URL('../../hub.yaml', import.meta.url).pathname;
const ADVERSARIAL = `${'*e'.repeat(14)}*QQQ`;

test.after(() => cleanStorages());

test('a pattern matches the whole text, * any characters (none too), case ignored, other characters literally', () => {
  const cases: [string, string, boolean][] = [
    ['', '', true],
    ['', 'a', false],
    ['*', '', true],
    ['*', 'anything at all', true],
    ['abc', 'ABC', true],
    ['abc', 'abcd', false],
    ['a*', 'a', true],
    ['*c', 'abc', true],
    ['*c', 'abcd', false],
    ['a*c', 'ac', true],
    ['a*b*c', 'aXbYc', true],
    ['a*b*c', 'acb', false],
    ['ab*ba', 'aba', false],
    ['a**b', 'ab', true],
    ['*ab*ab*', 'xabyab', true],
    ['*ab*ab*', 'xaby', false],
    ['.show capacity*', '.SHOW CAPACITY | where x', true],
    ['https://x/a?b=(1)+[2]$', 'https://x/a?b=(1)+[2]$', true],
    ['https://x/a?b=(1)+[2]$', 'https://x/aab=(1)+[2]$', false],
    ['line1*line3', 'line1\nline2\nline3', true],
  ];
  for (const [pattern, text, expected] of cases) assert.is(wildcardMatch(pattern, text), expected, `${JSON.stringify(pattern)} ~ ${JSON.stringify(text)}`);
});

test('a requestBody pattern tells apart requests to one URL by their body; without one an entry answers any body', () => {
  const url = 'https://management.azure.com/providers/Microsoft.ResourceGraph/resources?api-version=2022-10-01';
  const r = new Responses({
    web: [
      { method: 'POST', url, requestBody: '*"$skipToken":"p2"}}', body: { page: 2 } },
      { method: 'POST', url, requestBody: '*"$top":500}}', body: { page: 1 } },
      { url: '*', body: { page: 'any' } },
    ],
  });
  assert.is(r.web('POST', url, '{"query":"q","options":{"$top":500,"$skipToken":"p2"}}')?.index, 0);
  assert.is(r.web('POST', url, '{"query":"q","options":{"$top":500}}')?.index, 1);
  assert.is(r.web('POST', url, '{"query":"q","options":{"$top":500,"$skipToken":"p3"}}')?.index, 2);
  assert.is(r.web('GET', url)?.index, 2, 'a request without a body matches only entries without a pattern or with *');
});

test('the adversarial pattern is answered at once, whatever the length of the text', () => {
  const url = `https://management.azure.com/subscriptions/${'e'.repeat(200_000)}`;
  const start = performance.now();
  assert.is(wildcardMatch(ADVERSARIAL, url), false);
  assert.is(wildcardMatch(ADVERSARIAL, `${url}QQQ`), true);
  const r = new Responses({
    web: [
      { url: ADVERSARIAL, status: 500 },
      { url: '*', status: 201 },
    ],
  });
  assert.is(r.web('GET', url)?.entry.status, 201);
  // Linear: 200,000 characters take milliseconds; the regular expression it replaces took over a minute on 100.
  assert.ok(performance.now() - start < 5_000, `${Math.round(performance.now() - start)} ms`);
});

test('hubc simulate --responses with the adversarial pattern ends (a child process; it hung for minutes before)', async () => {
  const dir = emptyStorage();
  mkdirSync(join(dir, 'config'), { recursive: true });
  copyFileSync(join(SIMULATE_FIXTURES, 'config/settings-two-scopes.json'), join(dir, 'config/settings.json'));
  const responses = join(dir, 'responses.json');
  writeFileSync(responses, JSON.stringify({ web: [{ url: ADVERSARIAL, status: 500 }] }));
  const r = await runChild(['simulate', HUB, '--storage', dir, '--schedule', 'daily', '--now', '2024-05-15T12:00:00Z', '--responses', responses], { killAfterMs: 60_000 });
  assert.is(r.signal, null, 'killed after 60 s: the matcher backtracks');
  assert.is(r.code, 0, r.stderr);
  assert.match(r.stdout, /Outcome: succeeded/);
});

test.run();
