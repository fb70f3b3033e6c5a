/**
 * The environment of a hubc child process in the tests: the test process's own, without `FORCE_COLOR`.
 * uvu sets `FORCE_COLOR=1` in its process for its own output (uvu/bin.js), and a child would inherit it and
 * colour its diagnostics (src/cli/colour.ts), which the tests read as text. A test of colours sets it itself.
 * @param extra variables to add or replace
 */
export function childEnv(extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const { FORCE_COLOR: _, ...env } = process.env;
  return { ...env, ...extra };
}
