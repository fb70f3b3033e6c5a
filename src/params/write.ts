/**
 * Writing the parameters file of `hubc params --out FILE` without losing a hand-edited one (issue #30
 * item 9): a new file is created exclusively; an existing file that already holds the text is left as it
 * is; an existing file with other content is replaced only when asked (`--force`), as `hubc init` and
 * `hubc import` never replace a file. A link, folder, FIFO or device at the path is left to the atomic
 * writer, which refuses it (src/util/files.ts).
 */
import { isDeepStrictEqual } from 'node:util';
import { createFileExclusive, lstatIfExists, writeFileAtomic } from '../util/files.js';
import { INPUT_LIMITS, InputFileError, readInputFile } from '../util/inputFiles.js';
import { isObject } from '../util/json.js';

/** Thrown when the file exists with other content and `force` was not given; nothing was written. */
export class ParametersFileExistsError extends Error {
  /**
   * @param differing the parameters whose entries differ between the file and the new text (sorted), or
   *   undefined when the file is not a parameters file (not JSON, no `parameters` object)
   */
  constructor(
    readonly file: string,
    readonly differing: string[] | undefined,
  ) {
    super(`${file} already exists with other content`);
    this.name = 'ParametersFileExistsError';
  }
}

/**
 * The parameters whose entries differ between two parameters files' texts.
 * @returns the names in order, or undefined when `existing` is not a parameters file
 */
export function differingParameters(existing: string, text: string): string[] | undefined {
  let old: unknown;
  try {
    old = JSON.parse(existing);
  } catch {
    return undefined;
  }
  if (!isObject(old) || !isObject(old.parameters)) return undefined;
  const before = old.parameters;
  const after = (JSON.parse(text) as { parameters: Record<string, unknown> }).parameters;
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((n) => !isDeepStrictEqual(before[n], after[n])).sort();
}

/**
 * Writes `text` to `path` unless that would replace other content without `force`.
 * @param options `force`: replace a file with other content; `fault`: the fault point of the atomic write
 * @returns `written`, or `unchanged` when the file held `text` already
 * @throws ParametersFileExistsError when a regular file with other content is there and `force` is not set
 * @throws UnsafePathError (src/util/files.ts) when the path is a link, folder, FIFO, socket or device
 * @throws the file system's error otherwise
 */
export function writeParametersFile(path: string, text: string, options: { force?: boolean; fault?: string } = {}): 'written' | 'unchanged' {
  const st = lstatIfExists(path);
  if (st?.isFile()) {
    let existing: string | undefined;
    try {
      existing = readInputFile(path, { maxBytes: INPUT_LIMITS.json });
    } catch (e) {
      if (!(e instanceof InputFileError)) throw e;
      existing = undefined; // too large (or gone meanwhile): not a file hubc params wrote
    }
    if (existing === text) return 'unchanged';
    if (!options.force) throw new ParametersFileExistsError(path, existing === undefined ? undefined : differingParameters(existing, text));
  }
  if (st || options.force) {
    writeFileAtomic(path, text, { fault: options.fault });
    return 'written';
  }
  try {
    createFileExclusive(path, text);
  } catch (e) {
    // Created meanwhile by someone else: theirs is kept.
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') throw new ParametersFileExistsError(path, undefined);
    throw e;
  }
  return 'written';
}
