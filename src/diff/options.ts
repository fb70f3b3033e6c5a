/**
 * The output formats of `hubc diff`, apart from the comparison so that the CLI registers `--format`
 * without loading it (issue #15). `./index.ts` re-exports them.
 */

/** Output formats of `hubc diff`: coloured or plain `text`, `markdown`, `json` (DiffResult), `patch` (RFC 6902 per file). */
export const DIFF_FORMATS = ['text', 'markdown', 'json', 'patch'] as const;

/** One of {@link DIFF_FORMATS}. */
export type DiffFormat = (typeof DIFF_FORMATS)[number];
