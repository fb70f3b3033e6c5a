/**
 * hub.yaml's `release:` read as a release name (src/model/releaseNames.ts), before the schema sees it: the
 * value becomes the release's id, so every later stage and every output names the release one way.
 *
 * - Written unquoted (`release: 12`, `release: 0.10`), YAML reads a number, and `0.10` would be the number 0.1:
 *   the text as written in the file is the name, so `0.10` stays release 0.10, never 0.1.
 * - Another name of a release (`12.0`, the version its hub records; `0.12`, the public file it was also
 *   published as; `v12`, its git tag) builds that release, with the warning HUB260 that names the id.
 * - A name no release goes by is left as written, for the schema's HUB104.
 */
import { isScalar } from 'yaml';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { codes } from '../diagnostics/index.js';
import { nodeAt } from '../diagnostics/positions.js';
import { getRelease } from '../model/releases.js';
import { nameMeaning, releaseNamed } from '../model/releaseNames.js';
import { locate, type SourceDocument } from './parse.js';

/** The text of `release:` as written in the file, when its value is a plain scalar (a number or a string). */
function writtenRelease(source: SourceDocument): string | undefined {
  const node = nodeAt(source.doc.contents, ['release'], false);
  if (!isScalar(node) || !node.range) return undefined;
  if (typeof node.value === 'string') return node.value;
  if (typeof node.value !== 'number') return undefined;
  return source.text.slice(node.range[0], node.range[1]).trim();
}

/**
 * Replaces `data.release` (and the file's own `release:` when `--release` replaced it) with the id of the
 * release it names, in place.
 * @param fromOption true when `data.release` came from `--release` (then the file's value is `source.declaredRelease`)
 * @returns the HUB260 warnings, positioned at the file's `release:`
 */
export function canonicalRelease(source: SourceDocument, data: Record<string, unknown>, fromOption: boolean): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const fileValue = fromOption ? source.declaredRelease : data.release;
  const written = typeof fileValue === 'number' ? writtenRelease(source) : typeof fileValue === 'string' ? fileValue : undefined;
  const fileId = written === undefined ? undefined : releaseNamed(written);
  if (written !== undefined && fileId !== undefined) {
    const meaning = nameMeaning(getRelease(fileId), written);
    if (meaning) diagnostics.push({ ...codes.HUB260.raise({ written, release: fileId, what: meaning }), file: source.file, start: locate(source, ['release']), path: 'release' });
    if (fromOption) source.declaredRelease = fileId;
    else data.release = fileId;
  }
  if (fromOption && typeof data.release === 'string') data.release = releaseNamed(data.release) ?? data.release;
  return diagnostics;
}
