/**
 * Preloaded into every uvu process that `npm test` starts (scripts/test.mjs passes `-r <this file>`): makes
 * a hook that throws visible, and turns a test whose data is missing into a skipped test.
 *
 * uvu 0.5.6 runs a suite's `before` hooks (and, after a failed test, its `after.each` hooks) inside a
 * `try { ... } finally { ...; return }`, so an error they throw is dropped: the suite prints `(0 / N)` and
 * the process exits 0. This wraps the hooks of `test` and of every `suite()` so that such an error is
 * printed on stdout as one marked block (`[hubc-test] hook error ...`, read by scripts/test.mjs) before uvu
 * sees it; uvu's own behaviour is otherwise unchanged (the error is thrown on).
 *
 * A test (or a `before` hook) that throws a `MissingTestData` error (test/support/testData.ts: data the
 * repository does not hold, such as `../shared`) is not failed: one line `[hubc-test] skipped "<test>": need
 * <need>: <detail>` is printed (scripts/test.mjs counts it as skipped) and the test ends; a `before` hook's
 * skips every test of its suite. With `HUBC_REQUIRE_TEST_DATA` set (CI), the error goes through as a failure.
 *
 * The test files run as CommonJS under `uvu -r tsx` (uvu's runner `require`s them), so they share this
 * module's `require('uvu')` instance.
 */
'use strict';
const uvu = require('uvu');

/** First line of the block printed for a hook that threw; scripts/test.mjs looks for it. */
const MARK = '[hubc-test] hook error';

/** First words of the line printed for a test skipped for missing data; scripts/test.mjs looks for it. */
const SKIP_MARK = '[hubc-test] skipped';

/** True for the error test/support/testData.ts throws for missing data, when missing data may be skipped. */
function skippable(e) {
  return !!e && e.name === 'MissingTestData' && typeof e.need === 'string' && !process.env.HUBC_REQUIRE_TEST_DATA;
}

/** Prints the skip line of a test (one line: newlines of the detail become spaces). */
function printSkip(name, e) {
  const detail = String(e.message).replace(/\s*\n\s*/g, ' ');
  process.stdout.write(`\n${SKIP_MARK} ${JSON.stringify(String(name))}: need ${e.need}: ${detail}\n`);
}

/**
 * `register` (e.g. `test.before`) with each handler wrapped to print what it throws. Missing data found by
 * a `before` hook is kept in `missing.suite` instead, for the tests of the suite to skip, and by a
 * `before.each` hook in `missing.each`, for the test about to run.
 */
function guarded(kind, register, current) {
  return (handler) => {
    const missing = current();
    return register(async (state) => {
      try {
        return await handler(state);
      } catch (e) {
        if ((kind === 'before' || kind === 'before.each') && skippable(e)) {
          missing[kind === 'before' ? 'suite' : 'each'] = e;
          return undefined;
        }
        const where = [state && state.__suite__ ? `suite "${state.__suite__}"` : '', state && state.__test__ ? `test "${state.__test__}"` : ''].filter(Boolean).join(', ');
        const text = (e && e.stack) || String(e);
        process.stdout.write(`\n${MARK} in ${kind}${where ? ` (${where})` : ''}: ${text.split('\n').join('\n    ')}\n`);
        throw e;
      }
    });
  };
}

/** A test handler that ends as skipped (a line, no failure) when its data, or its suite's, is missing. */
function skipping(name, handler, missing) {
  return async (state) => {
    const before = missing.suite ?? missing.each;
    missing.each = undefined;
    if (before) return printSkip(name, before);
    try {
      return await handler(state);
    } catch (e) {
      if (!skippable(e)) throw e;
      return printSkip(name, e);
    }
  };
}

/**
 * A uvu test object like `t` whose hook registrars are guarded and whose tests skip on missing data;
 * `skip` is `t`'s own. uvu reuses a test object after `run()` (the default `test` serves every file of a
 * process), so what a `before` hook found missing is kept per run: each `run()` starts a new record.
 */
function guard(t) {
  let missing = { suite: undefined, each: undefined };
  const current = () => missing;
  const before = guarded('before', t.before, current);
  before.each = guarded('before.each', t.before.each, current);
  const after = guarded('after', t.after, current);
  after.each = guarded('after.each', t.after.each, current);
  const wrapped = (name, handler) => t(name, skipping(name, handler, missing));
  wrapped.only = (name, handler) => t.only(name, skipping(name, handler, missing));
  wrapped.skip = t.skip;
  wrapped.run = () => {
    t.run();
    missing = { suite: undefined, each: undefined };
  };
  wrapped.before = before;
  wrapped.after = after;
  return wrapped;
}

uvu.test = guard(uvu.test);
const suite = uvu.suite;
uvu.suite = (...args) => guard(suite(...args));
