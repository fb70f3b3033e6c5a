/**
 * Limits of `hubc simulate` the CLI needs when it registers its options, apart from the simulator so that
 * registering loads nothing of it (issue #15). `./simulate.ts` re-exports them.
 */

/** Default most pipeline runs one simulation starts (`--max-runs`). */
export const DEFAULT_MAX_RUNS = 200;
