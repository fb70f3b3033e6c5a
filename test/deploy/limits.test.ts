/**
 * `hubc deploy` never hangs and prints nothing unbounded (issue #20, finding 10), each fault injected into
 * the ARM stand-in: a deployment stuck in Running and a what-if stuck at 202 (the overall --timeout, HUB440
 * with the deployment's portal link once it was started), a server that never answers (the per-request
 * time-out, retried), `Retry-After: 3600` (capped), an unknown status value (HUB441, never a final state),
 * malformed status answers (asked again), error details nested 10,000 and 2,000 levels deep and escape
 * sequences in error text (bounded, cleaned). Time-outs and caps are short (the two --timeout runs take 2 s each).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ArmStandin, TEST_TOKEN, type InjectedAnswer, type RecordedRequest } from '../support/armStandin.js';
import { runChild } from '../support/crash.js';
import { deployArgs, RG, run, scenario, SUB } from './scenario.js';
import { DEFAULT_LIMITS, parseDuration } from '../../src/azure/deadline.js';
import { runHubc } from '../support/cli.js';

const DEPLOYMENT = 'hubc-finops-hub-0.7';
const LINK = `https://portal.azure.com/#blade/HubsExtension/DeploymentDetailsBlade/overview/id/${encodeURIComponent(`/subscriptions/${SUB}/resourceGroups/${RG}/providers/Microsoft.Resources/deployments/${DEPLOYMENT}`)}`;
/** Short limits: requests time out after 200 ms, Retry-After waits at most 20 ms, 3 unreadable states in a row. */
const FAST = { requestTimeoutMs: 200, retryAfterCapMs: 20, unreadableStates: 3 };
const existing = { resourceGroups: { [RG]: 'westeurope' } };

type Intercept = (r: RecordedRequest, seen: number) => InjectedAnswer | 'hang' | undefined;
const isStatus = (r: RecordedRequest) => r.method === 'GET' && r.path.includes('/operationStatuses/');
const isWhatIfPoll = (r: RecordedRequest) => r.method === 'GET' && r.path.includes('/operationresults/whatif-');
const count = (calls: string[], re: RegExp) => calls.filter((c) => re.test(c)).length;

/** An ARM error nested `levels` deep, as JSON text (too deep for JSON.stringify), with `top` as the top message. */
function nestedError(levels: number, top = 'the template is invalid'): string {
  return `{"error":{"code":"InvalidTemplate","message":${JSON.stringify(top)},"details":[${'{"code":"Nested","message":"one level down","details":['.repeat(levels)}{"code":"Leaf","message":"the bottom"}${']}'.repeat(levels)}]}}`;
}

test('a deployment stuck in Running: HUB440 after --timeout, exit 2, with the portal link; never an ended state', async () => {
  const s = scenario({ ...existing, intercept: (r) => (isStatus(r) ? { status: 200, body: { status: 'Running' } } : undefined) });
  const r = await run(s, deployArgs('--yes', '--timeout', '2s'), false, FAST);
  assert.is(r.code, 2, r.stderr);
  assert.match(r.stderr, 'error HUB440: hubc deploy stopped after 2 s (--timeout) while waiting for the deployment to end');
  assert.match(r.stderr, `The deployment may still be running: follow it at ${LINK}`);
  assert.not.match(r.stderr, 'ended in state');
  assert.ok(count(r.standin.calls(), /operationStatuses/) > 1, 'it polled until the deadline');
});

test('a what-if stuck at 202: HUB440 while waiting for the what-if result; nothing was deployed', async () => {
  const s = scenario({
    ...existing,
    intercept: (r) => (isWhatIfPoll(r) ? { status: 202, headers: { location: `${r.path}?api-version=${r.apiVersion}`, 'retry-after': '0' } } : undefined),
  });
  const r = await run(s, deployArgs('--yes', '--timeout', '2s', '--format', 'json'), false, FAST);
  assert.is(r.code, 2, r.stderr);
  const out = JSON.parse(r.stdout);
  assert.is(out.diagnostics[0].code, 'HUB440');
  assert.match(out.diagnostics[0].message, 'while waiting for the what-if result');
  assert.match(out.diagnostics[0].hint, 'Nothing was deployed');
  assert.not.ok(r.standin.calls().some((c) => c.startsWith('PUT') && c.includes('/deployments/')));
});

test('a server that never answers: the request times out and is retried 3 times, then a network error (HUB439), exit 2', async () => {
  const silent = await run(scenario({ ...existing, intercept: (r) => (r.method === 'HEAD' ? 'hang' : undefined) }), deployArgs('--what-if'), false, FAST);
  assert.is(silent.code, 2);
  assert.match(silent.stderr, /error HUB439: checking or creating resource group rg-hub failed: ETIMEDOUT: no answer from 127\.0\.0\.1:\d+ within 200 ms/);
  assert.is(count(silent.standin.calls(), /^HEAD /), 4, 'sent once and retried 3 times');
});

test('a request never answered once, Retry-After: 3600 (on a 429 and on the what-if poll) and malformed status answers: each is retried, and the deployment ends as it did', async () => {
  const faults: Intercept = (r, seen): InjectedAnswer | 'hang' | undefined => {
    if (r.method === 'HEAD' && seen === 0) return 'hang';
    if (r.method === 'GET' && r.path.endsWith('/providers') && seen === 0)
      return { status: 429, body: { error: { code: 'TooManyRequests', message: 'slow down' } }, headers: { 'retry-after': '3600' } };
    if (isWhatIfPoll(r) && seen === 0) return { status: 202, headers: { location: `${r.path}?api-version=${r.apiVersion}`, 'retry-after': '3600' } };
    if (isStatus(r) && seen === 0) return { status: 200, text: '{}' };
    if (isStatus(r) && seen === 1) return { status: 200, text: '<html>gateway</html>' };
    return undefined;
  };
  const s = scenario({ ...existing, intercept: faults });
  const r = await run(s, deployArgs('--yes'), false, FAST);
  assert.is(r.code, 0, r.stderr);
  assert.match(r.stdout, 'deployment succeeded; outputs:');
  const calls = r.standin.calls();
  assert.is(count(calls, /^HEAD /), 2, 'the unanswered request timed out and was sent again');
  assert.is(count(calls, /^GET \/subscriptions\/[^/]+\/providers$/), 2, 'the 429 was retried (after the capped wait)');
  assert.ok(count(calls, /operationStatuses/) >= 3, 'the two malformed answers were asked again');
});

test('an unknown status value: asked again, then HUB441 "could not read the deployment\'s state" with the portal link, exit 2', async () => {
  const s = scenario({ ...existing, intercept: (r) => (isStatus(r) ? { status: 200, body: { status: 'Frobnicating' } } : undefined) });
  const r = await run(s, deployArgs('--yes'), false, FAST);
  assert.is(r.code, 2, r.stderr);
  assert.match(
    r.stderr,
    "error HUB441: could not read the deployment's state while waiting for the deployment to end: the status 'Frobnicating' is not one ARM documents (3 answers in a row)",
  );
  assert.match(r.stderr, `see it at ${LINK}`);
  assert.is(count(r.standin.calls(), /operationStatuses/), 3);
  assert.not.match(r.stderr, 'ended in state');
});

test('error details nested 10,000 levels: printed to 8 levels with a count of the rest; escape sequences removed; exit 1', async () => {
  const evil = 'bad \u001b[2J\u001b]0;owned\u0007template\r\nsecond line \u009b31m';
  const s = scenario({ ...existing, intercept: (r) => (r.path.endsWith('/validate') ? { status: 400, text: nestedError(10_000, evil) } : undefined) });
  const r = await run(s, deployArgs('--yes'), false, FAST);
  assert.is(r.code, 1, r.stderr);
  const lines = r.stderr.split('\n');
  assert.ok(lines.includes('    InvalidTemplate: bad template second line'), r.stderr.slice(0, 500));
  assert.is(lines.filter((l) => l.trim().startsWith('Nested: one level down')).length, 8);
  assert.ok(lines.includes('                      (9993 more details not shown)'), lines.slice(-4).join('\n'));
  // oxlint-disable-next-line no-control-regex -- asserts that no control character reaches the terminal
  assert.not.match(r.stdout + r.stderr, /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
  assert.ok(r.stderr.length < 5000);
});

test('error details nested 2,000 levels with --format json: valid JSON of bounded size, control characters escaped', async () => {
  const s = scenario({ ...existing, intercept: (r) => (r.path.endsWith('/validate') ? { status: 400, text: nestedError(2000, 'c1 \u009b31m and bidi \u202e here') } : undefined) });
  const r = await run(s, deployArgs('--yes', '--format', 'json'), false, FAST);
  assert.is(r.code, 1, r.stderr);
  assert.ok(r.stdout.length < 20_000, `${r.stdout.length} bytes`);
  const out = JSON.parse(r.stdout);
  assert.is(out.arm.code, 'InvalidTemplate');
  assert.is(out.arm.message, 'c1 and bidi here');
  let depth = 0;
  for (let e = out.arm; e.details.length; e = e.details[0]) depth++;
  assert.is(depth, 8);
  assert.not.match(r.stdout, /[\u007f-\u009f\u202a-\u202e]/);
});

test('an operations listing whose nextLink loops, or never ends: read a page at a time and stopped; the deployment ends as it did (a child process with a 96 MB heap; it died of V8 out-of-memory before, exit 134)', async () => {
  for (const [nextLink, said] of [
    ['repeat', "note: ARM's listing of the deployment operations leads back to a page it already gave (a nextLink seen before); hubc stopped reading it"],
    ['endless', "note: ARM's listing of the deployment operations goes on past 5000 entries; hubc stopped reading it"],
  ] as const) {
    const base = scenario(existing);
    const standin = await ArmStandin.start({ ...base, deploy: { ...base.deploy, morePages: { nextLink, filler: 2000 } } });
    try {
      const r = await runChild([...deployArgs('--yes'), '--arm-endpoint', standin.endpoint], {
        env: {
          HUBC_TEST_TOKEN: TEST_TOKEN,
          HUBC_TEST_CA: standin.ca,
          HUBC_TEST_TIMING: JSON.stringify({ ...DEFAULT_LIMITS, ...FAST, pollIntervalMs: 20, registrationTimeoutMs: 5000 }),
          NODE_OPTIONS: '--max-old-space-size=96',
        },
        killAfterMs: 120_000,
      });
      assert.is(r.signal, null, `${nextLink}: ended by a signal (SIGABRT: out of memory; SIGKILL: still running after 2 minutes)`);
      assert.is(r.code, 0, `${nextLink}: ${r.stderr.slice(0, 2000)}`);
      assert.match(r.stdout, 'deployment succeeded; outputs:');
      assert.match(r.stdout, /Succeeded {2}Microsoft\.DataFactory\/factories finops-hub-engine-123 \(Created\)/);
      assert.is(r.stdout.split(said).length, 2, `${nextLink}: said once`);
      const pages = count(standin.calls(), /\/operations$/);
      const listings = count(standin.calls(), /\/operations$/) - standin.requests.filter((q) => q.skipToken).length;
      // A repeated nextLink is seen on the second page; 2,000 entries a page pass 5,000 on the fourth. On a
      // loaded machine a page request can time out and be sent again (the SDK's retry policy: at most 4
      // sends of one request, src/azure/policies.ts), which counts as a page here: bounded all the same.
      const perListing = nextLink === 'repeat' ? 2 : 4;
      assert.ok(pages <= listings * perListing * 4, `${pages} pages for ${listings} listings`);
    } finally {
      await standin.stop();
    }
  }
});

test('--timeout takes 90m, 2h, 300s, 1500ms or bare seconds (default 2h); anything else is a usage error', async () => {
  assert.equal(['90m', '2h', '300s', '1500ms', '300'].map(parseDuration), [5_400_000, 7_200_000, 300_000, 1500, 300_000]);
  assert.throws(() => parseDuration('soon'), /not a duration/);
  const r = await runHubc(deployArgs('--timeout', 'soon'));
  assert.is(r.code, 2);
  assert.match(r.stderr, "option '--timeout <duration>' argument 'soon' is invalid");
  const help = await runHubc(['deploy', '--help']);
  assert.match(help.stdout, /--timeout <duration>.*\(default: 2h\)/s);
  assert.is(parseDuration('2h'), DEFAULT_LIMITS.timeoutMs, 'the default shown is the one applied');
});

test.run();
