/**
 * Reading what a user hands hubc: every input file of every command (hub.yaml, parameters files,
 * `--responses`, the files of a build or feed folder given to `diff` and `upgrade-plan`) goes through
 * {@link readInputFile} or {@link readInputTree}, which read only regular files (after symbolic links), of at
 * most a known size, and never block:
 *
 * - the path is `stat`ed first and anything but a regular file is refused before it is opened: a FIFO
 *   (`mkfifo`), a device (`/dev/zero`, `/dev/stdin`), a socket, a folder where a file is expected;
 * - it is then opened with `O_NONBLOCK` (so that a path swapped for a FIFO between the `stat` and the
 *   `open` cannot block) and `fstat`ed again, and the open file itself must be regular;
 * - at most `maxBytes` are read: a file larger than that is refused from its size, and one that grows
 *   while it is read is refused once it passes the limit, so memory stays bounded by the limit;
 * - a folder is walked without following a symbolic link out of it: a link whose target resolves
 *   outside the folder is refused (a link inside it is read as its target), and the walk stops at a
 *   number of files and a total size.
 *
 * The limits ({@link INPUT_LIMITS}) are documented in docs/commands.md "Limits"; each command turns an
 * {@link InputFileError} into its own diagnostic (HUB001 for hub.yaml, HUB401 for a build folder, ...)
 * and exits 2.
 */
import { closeSync, constants, fstatSync, lstatSync, openSync, opendirSync, readSync, realpathSync, statSync, type Stats } from 'node:fs';
import { join, sep } from 'node:path';

const MiB = 1024 * 1024;

/** Most bytes hubc reads from one input file, by kind (docs/commands.md "Limits"). */
export const INPUT_LIMITS = {
  /**
   * A hub.yaml: 8 MiB. The default hub is 3 KB; the limit leaves room for very large but legitimate
   * files (a 3.5 MB hub.yaml of 200,000 tags is read, and its content checks say what is wrong with it).
   */
  hubYaml: 8 * MiB,
  /**
   * A JSON document hubc reads: a deployment parameters file (ARM accepts at most 4 MB), a `--responses`
   * file of `hubc simulate`, a hub's `config/settings.json` read by `hubc deploy --upgrade`: 4 MiB.
   */
  json: 4 * MiB,
  /** One file of a build or release folder (`diff`, `upgrade-plan`): 16 MiB (ARM deploys templates of 4 MB at most). */
  buildFile: 16 * MiB,
  /** All files of a build or release folder together: 64 MiB. */
  buildFolder: 64 * MiB,
  /** Files of a build or release folder: 10,000 (a build has about 100). */
  buildFolderFiles: 10_000,
  /** One official ARM JSON schema file (`--schemas-dir`, `ARM_SCHEMAS_DIR`, the download cache): 64 MiB (the largest is about 1.2 MB). */
  armSchemaFile: 64 * MiB,
} as const;

/** Why an input was refused. */
export type InputFileProblem = 'missing' | 'not-a-file' | 'too-large' | 'outside' | 'unreadable';

/**
 * An input file or folder that hubc does not read. `detail` says why without naming the file (for the
 * `cannot read FILE: DETAIL` messages of the diagnostics), e.g. `a FIFO (named pipe), not a regular file`;
 * `message` is `cannot read FILE: DETAIL`.
 */
export class InputFileError extends Error {
  /**
   * @param file the path as given (for a file inside a folder: the folder as given, joined with its path)
   * @param problem the kind of refusal
   * @param detail why, without the file name
   */
  constructor(
    readonly file: string,
    readonly problem: InputFileProblem,
    readonly detail: string,
  ) {
    super(`cannot read ${file}: ${detail}`);
    this.name = 'InputFileError';
  }
}

/** What a file is, in words: `a FIFO`, `a character device`, `a folder`, ... */
function kindOf(st: Stats): string {
  if (st.isDirectory()) return 'a folder';
  if (st.isFIFO()) return 'a FIFO (named pipe)';
  if (st.isCharacterDevice()) return 'a character device';
  if (st.isBlockDevice()) return 'a block device';
  if (st.isSocket()) return 'a socket';
  if (st.isSymbolicLink()) return 'a symbolic link';
  return 'not a regular file';
}

/** `8 MiB`, `4 MiB`, `512 KiB`, `100 bytes`. */
export function formatBytes(n: number): string {
  if (n >= MiB && n % MiB === 0) return `${n / MiB} MiB`;
  if (n >= 1024 && n % 1024 === 0) return `${n / 1024} KiB`;
  return `${n} bytes`;
}

const notAFile = (file: string, st: Stats) => new InputFileError(file, 'not-a-file', `it is ${kindOf(st)}, not a regular file`);
const tooLarge = (file: string, max: number, size?: number) =>
  new InputFileError(file, 'too-large', `it is larger than ${formatBytes(max)}${size === undefined ? '' : ` (${size} bytes)`}, the most hubc reads from such a file`);

/** Maps a file system error to an {@link InputFileError}. */
function fromSystemError(file: string, e: unknown): InputFileError {
  const err = e as NodeJS.ErrnoException;
  if (err.code === 'ENOENT' || err.code === 'ENOTDIR') return new InputFileError(file, 'missing', 'no such file or folder');
  return new InputFileError(file, 'unreadable', err.message ?? String(e));
}

/** Options of {@link readInputFile}. */
export interface ReadInputOptions {
  /** Most bytes read; a larger file is refused (one of {@link INPUT_LIMITS}). */
  maxBytes: number;
  /** How messages name the file (default: `file`). */
  name?: string;
}

/** Open flags: read only, and never wait for a writer (FIFOs) or a device. */
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

/**
 * Reads one input file as UTF-8 text (see the module comment for what is refused).
 * @param file path as the user gave it (relative to the working folder); it also names the file in messages
 * @throws InputFileError when the file is missing, not a regular file (after symbolic links), larger than
 *   `maxBytes`, or cannot be read
 */
export function readInputFile(file: string, options: ReadInputOptions): string {
  return readInputBytes(file, options).toString('utf8');
}

/** {@link readInputFile}, as bytes. */
export function readInputBytes(path: string, options: ReadInputOptions): Buffer {
  const { maxBytes } = options;
  const file = options.name ?? path;
  let st: Stats;
  try {
    st = statSync(path);
  } catch (e) {
    throw fromSystemError(file, e);
  }
  if (!st.isFile()) throw notAFile(file, st);
  if (st.size > maxBytes) throw tooLarge(file, maxBytes, st.size);
  let fd: number;
  try {
    fd = openSync(path, OPEN_FLAGS);
  } catch (e) {
    throw fromSystemError(file, e);
  }
  try {
    const opened = fstatSync(fd);
    if (!opened.isFile()) throw notAFile(file, opened);
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      // Reads one byte past the limit, to tell a file of exactly maxBytes from a longer one.
      const chunk = Buffer.allocUnsafe(Math.min(64 * 1024, maxBytes + 1 - total));
      const n = readSync(fd, chunk, 0, chunk.length, null);
      if (n === 0) break;
      total += n;
      if (total > maxBytes) throw tooLarge(file, maxBytes);
      chunks.push(n === chunk.length ? chunk : chunk.subarray(0, n));
    }
    return Buffer.concat(chunks, total);
  } catch (e) {
    throw e instanceof InputFileError ? e : fromSystemError(file, e);
  } finally {
    closeSync(fd);
  }
}

/** Options of {@link readInputTree}. */
export interface ReadTreeOptions {
  /** Most bytes of one file (default {@link INPUT_LIMITS}.buildFile). */
  maxFileBytes?: number;
  /** Most bytes of all files together (default {@link INPUT_LIMITS}.buildFolder). */
  maxTotalBytes?: number;
  /** Most files (default {@link INPUT_LIMITS}.buildFolderFiles). */
  maxFiles?: number;
  /** Skip entries whose name starts with `.` (default true). */
  skipHidden?: boolean;
}

/** Whether `path` is `root` or inside it (both absolute and resolved). */
function isInside(root: string, path: string): boolean {
  return path === root || path.startsWith(root.endsWith(sep) ? root : `${root}${sep}`);
}

/**
 * Every regular file under a folder, as `/`-separated relative paths -> UTF-8 text, in sorted path order.
 * A symbolic link is followed only when its target resolves inside the folder; folders are entered once
 * (a link back to a folder already walked is not walked again).
 * @param dir the folder as the user gave it (it may itself be a symbolic link)
 * @throws InputFileError `outside` for a link out of the folder, `not-a-file` for a FIFO, device or
 *   socket in it, `too-large` when a file or the whole passes its limit, `missing`/`unreadable` otherwise
 */
export function readInputTree(dir: string, options: ReadTreeOptions = {}): Map<string, string> {
  const maxFile = options.maxFileBytes ?? INPUT_LIMITS.buildFile;
  const maxTotal = options.maxTotalBytes ?? INPUT_LIMITS.buildFolder;
  const maxFiles = options.maxFiles ?? INPUT_LIMITS.buildFolderFiles;
  const skipHidden = options.skipHidden ?? true;
  let root: string;
  try {
    root = realpathSync(dir);
  } catch (e) {
    throw fromSystemError(dir, e);
  }
  const out: [string, string][] = [];
  const walked = new Set<string>();
  let total = 0;
  const tooManyFiles = () => new InputFileError(dir, 'too-large', `it holds more than ${maxFiles} files, the most hubc reads from a folder`);
  const walk = (real: string, rel: string) => {
    if (walked.has(real)) return;
    walked.add(real);
    const names: string[] = [];
    try {
      // Read entry by entry, so that a folder of millions of entries is refused without listing them all.
      const d = opendirSync(real);
      try {
        for (let e = d.readSync(); e; e = d.readSync()) {
          if (names.push(e.name) > maxFiles) throw tooManyFiles();
        }
      } finally {
        d.closeSync();
      }
    } catch (e) {
      throw e instanceof InputFileError ? e : fromSystemError(rel ? join(dir, rel) : dir, e);
    }
    names.sort();
    for (const name of names) {
      if (skipHidden && name.startsWith('.')) continue;
      const path = rel ? `${rel}/${name}` : name;
      const shown = join(dir, path);
      let target = join(real, name);
      let st: Stats;
      try {
        st = lstatSync(target);
        if (st.isSymbolicLink()) {
          const resolved = realpathSync(target);
          if (!isInside(root, resolved)) {
            throw new InputFileError(shown, 'outside', `it is a symbolic link to ${resolved}, outside ${dir}; hubc reads nothing outside the folder it was given`);
          }
          target = resolved;
          st = statSync(target);
        }
      } catch (e) {
        throw e instanceof InputFileError ? e : fromSystemError(shown, e);
      }
      if (st.isDirectory()) walk(target, path);
      else {
        if (!st.isFile()) throw notAFile(shown, st);
        if (out.length >= maxFiles) throw tooManyFiles();
        const bytes = readInputBytes(target, { maxBytes: maxFile, name: shown });
        total += bytes.length;
        if (total > maxTotal) throw new InputFileError(dir, 'too-large', `its files together are larger than ${formatBytes(maxTotal)}, the most hubc reads from a folder`);
        out.push([path, bytes.toString('utf8')]);
      }
    }
  };
  walk(root, '');
  return new Map(out.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
