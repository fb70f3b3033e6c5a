/**
 * `hubc diff` as a library, and the face of src/diff (the only file other folders import): compare two
 * builds (loaded with src/load), render the result. `hubc upgrade-plan` (src/upgrade) uses the comparison
 * (`compareUpgrade`, what it rests on: `UpgradeComparison`, `Leftovers`, `RemovedDataset`), the parameter
 * notes of two templates (`parameterNotes`), `diffValues` and the shapes of the result.
 *
 * ```ts
 * const a = loadBuild('0.6', 'hub.yaml');       // src/load
 * const b = loadBuild('dist-templates/0.7');
 * const result = diffBuilds(a, b);            // DiffResult (schemas/diff-result.schema.json)
 * process.stdout.write(renderDiff(result, a, b, 'markdown'));
 * ```
 */
import { toJsonText } from '../model/json.js';
import { diffBuilds } from './compare.js';
import { formatMarkdown } from './format/markdown.js';
import { buildPatch, formatPatch } from './format/patch.js';
import { formatText } from './format/text.js';
import type { DiffResult } from './types.js';
import type { LoadedBuild } from '../load/index.js';
import type { DiffFormat } from './options.js';

export { diffBuilds, compareUpgrade, type UpgradeComparison } from './compare.js';
export { parameterNotes } from './upgrade.js';
export { fabricScriptDatabase } from './fabric.js';
export type { Leftovers } from './leftovers.js';
export type { ReleaseChanges } from './releaseChanges.js';
export type { RemovedDataset } from './components.js';
export { diffValues } from './values.js';
export { changeWords } from './summary.js';
export { sideOf } from './types.js';
export { formatText } from './format/text.js';
export { formatMarkdown, escapeMarkdown } from './format/markdown.js';
export { buildPatch, applyDiffPatch, formatPatch } from './format/patch.js';
export type * from './types.js';

export { type DiffFormat } from './options.js';

/**
 * Renders a comparison in one of the {@link DIFF_FORMATS}: `text` (coloured when `color`), `markdown`, `json`
 * (the {@link DiffResult} itself) or `patch` (RFC 6902 operations per file, from the inputs' artifacts).
 */
export function renderDiff(result: DiffResult, a: LoadedBuild, b: LoadedBuild, format: DiffFormat, color = false): string {
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
export function diffAndRender(a: LoadedBuild, b: LoadedBuild, format: DiffFormat, color = false): { result: DiffResult; output: string } {
  const result = diffBuilds(a, b);
  return { result, output: renderDiff(result, a, b, format, color) };
}
