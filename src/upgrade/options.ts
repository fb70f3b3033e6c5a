/**
 * The output formats of `hubc upgrade-plan`, apart from the planner so that the CLI registers `--format`
 * without loading it (issue #15). `./index.ts` re-exports them.
 */

/** Output formats of `hubc upgrade-plan`: `text`, `markdown`, `json` (the UpgradePlan), `mermaid` (the steps' order as a graph). */
export const PLAN_FORMATS = ['text', 'markdown', 'json', 'mermaid'] as const;

/** One of {@link PLAN_FORMATS}. */
export type PlanFormat = (typeof PLAN_FORMATS)[number];
