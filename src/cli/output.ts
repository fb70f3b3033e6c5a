/**
 * Writing one output file a command was asked for (`--out FILE` of `hubc params` and `hubc upgrade-plan`)
 * through src/util/files.ts: atomic, never through a symbolic link, never over a device, FIFO or socket.
 */
import { EnvironmentError } from '../diagnostics/diagnostic.js';
import { codes } from '../diagnostics/index.js';
import { UnsafePathError, writeFileAtomic } from '../util/files.js';
import { EXIT, reportDiagnostics, reportEnvironmentError, type CliIO, type OutputFormat } from './io.js';

/**
 * Writes `text` to `path` atomically and reports a failure.
 * @param fault the fault point between the flushed temporary file and the rename (src/util/fault.ts)
 * @returns undefined when written; else the exit code 2, for a path that is not a regular file (HUB010) or
 *   when the file system refuses (HUB002)
 */
export function writeOutputFile(io: CliIO, path: string, text: string, format: OutputFormat, fault: string): number | undefined {
  try {
    writeFileAtomic(path, text, { fault });
    return undefined;
  } catch (e) {
    if (e instanceof UnsafePathError) return reportEnvironmentError(io, new EnvironmentError(codes.HUB010.raise({ path: e.path, what: e.what })), format);
    reportDiagnostics(io, [{ ...codes.HUB002.file({ file: path, detail: (e as Error).message }), file: path }], format);
    return EXIT.usage;
  }
}
