/**
 * Preloaded into every uvu process that `npm test` starts (scripts/test.mjs passes `-r <this file>`): makes
 * a hook that throws visible.
 *
 * uvu 0.5.6 runs a suite's `before` hooks (and, after a failed test, its `after.each` hooks) inside a
 * `try { ... } finally { ...; return }`, so an error they throw is dropped: the suite prints `(0 / N)` and
 * the process exits 0. This wraps the hooks of `test` and of every `suite()` so that such an error is
 * printed on stdout as one marked block (`[hubc-test] hook error ...`, read by scripts/test.mjs) before uvu
 * sees it; uvu's own behaviour is otherwise unchanged (the error is thrown on).
 *
 * The test files run as CommonJS under `uvu -r tsx` (uvu's runner `require`s them), so they share this
 * module's `require('uvu')` instance.
 */
'use strict';
const uvu = require('uvu');

/** First line of the block printed for a hook that threw; scripts/test.mjs looks for it. */
const MARK = '[hubc-test] hook error';

/** `register` (e.g. `test.before`) with each handler wrapped to print what it throws. */
function guarded(kind, register) {
  return (handler) =>
    register(async (state) => {
      try {
        return await handler(state);
      } catch (e) {
        const where = [state && state.__suite__ ? `suite "${state.__suite__}"` : '', state && state.__test__ ? `test "${state.__test__}"` : '']
          .filter(Boolean)
          .join(', ');
        const text = (e && e.stack) || String(e);
        process.stdout.write(`\n${MARK} in ${kind}${where ? ` (${where})` : ''}: ${text.split('\n').join('\n    ')}\n`);
        throw e;
      }
    });
}

/** Replaces the hook registrars of a uvu test object by guarded ones; returns it. */
function guard(t) {
  const before = guarded('before', t.before);
  before.each = guarded('before.each', t.before.each);
  const after = guarded('after', t.after);
  after.each = guarded('after.each', t.after.each);
  t.before = before;
  t.after = after;
  return t;
}

guard(uvu.test);
const suite = uvu.suite;
uvu.suite = (...args) => guard(suite(...args));
