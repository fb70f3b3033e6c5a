/**
 * `hubc diff` as a library: load two builds, compare them, render the result.
 *
 * ```ts
 * const a = loadDiffInput('0.6', 'hub.yaml');
 * const b = loadDiffInput('dist-templates/0.7');
 * const result = diffBuilds(a, b);            // DiffResult (schemas/diff-result.schema.json)
 * process.stdout.write(renderDiff(result, a, b, 'markdown'));
 * ```
 */
import { toJsonText } from '../model/json.js';
import { diffBuilds } from './compare.js';
import { formatMarkdown } from './format/markdown.js';
import { buildPatch, formatPatch } from './format/patch.js';
import { formatText } from './format/text.js';
import type { DiffInput, DiffResult } from './types.js';
import type { DiffFormat } from './formats.js';

export { diffBuilds, compareUpgrade, type UpgradeComparison, type KnownValues } from './compare.js';
export { changeWords } from './summary.js';
export { loadDiffInput, loadDiffPair, loadBuildFolder, DiffLoadError } from './load.js';
export { formatText } from './format/text.js';
export { formatMarkdown, escapeMarkdown } from './format/markdown.js';
export { buildPatch, applyDiffPatch, formatPatch, type DiffPatch, type FilePatch } from './format/patch.js';
export type * from './types.js';

export { DIFF_FORMATS, type DiffFormat } from './formats.js';

/**
 * Renders a comparison in one of the {@link DIFF_FORMATS}: `text` (coloured when `color`), `markdown`, `json`
 * (the {@link DiffResult} itself) or `patch` (RFC 6902 operations per file, from the inputs' artifacts).
 */
export function renderDiff(result: DiffResult, a: DiffInput, b: DiffInput, format: DiffFormat, color = false): string {
  switch (format) {
    case 'text':
      return formatText(result, { color });
    case 'markdown':
      return formatMarkdown(result);
    case 'json':
      return toJsonText(result);
    case 'patch':
      return formatPatch(buildPatch(a.label, a.build, b.label, b.build));
  }
}

/** Convenience: compare two loaded builds and render them. */
export function diffAndRender(a: DiffInput, b: DiffInput, format: DiffFormat, color = false): { result: DiffResult; output: string } {
  const result = diffBuilds(a, b);
  return { result, output: renderDiff(result, a, b, format, color) };
}
