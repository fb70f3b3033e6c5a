/**
 * Tests that need something the repository does not hold (the `../shared` reference data, a Chromium):
 * they throw {@link MissingTestData} when it is not there, and count as skipped, not as passed or failed
 * (issue #30, item 1).
 *
 * How: scripts/uvu-guard.cjs, preloaded into every uvu process of `npm test`, wraps each test (and each
 * `before` hook) so that a `MissingTestData` it throws prints one line `[hubc-test] skipped "<test>": need
 * <need>: <detail>` instead of failing the test; a `before` hook that throws it skips every test of its
 * suite. scripts/test.mjs counts those lines as skipped and lists them by need under its summary. With
 * `HUBC_REQUIRE_TEST_DATA` set (`.ci/run` sets it), the guard lets the error through, so the test
 * fails with the message saying where the data was looked for: CI runs everything.
 *
 * The data and where it is looked for: README "Test data", test/support/sharedData.ts,
 * test/support/publicTemplates.ts.
 */

/**
 * What a test needs and where it looked. scripts/uvu-guard.cjs recognises it by `name` and reads `need`
 * (it runs as CommonJS and cannot share this class).
 */
export class MissingTestData extends Error {
  override readonly name = 'MissingTestData';
  /**
   * @param need what is missing, as the skip summary groups it (`../shared/reference/public-templates`)
   * @param detail where it was looked for and why each place failed
   */
  constructor(
    readonly need: string,
    detail: string,
  ) {
    super(`${need} is not available: ${detail} (see README "Test data")`);
  }
}
