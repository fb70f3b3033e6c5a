/**
 * Steps several commands share: read a hub.yaml and compile it, reporting failures the same way.
 */
import { readFileSync } from 'node:fs';
import { compile, type CompileResult } from '../../compiler/compile.js';
import { hasErrors } from '../../compiler/diagnostics.js';
import { EXIT, reportDiagnostics, type CliIO, type OutputFormat } from '../io.js';

/** Context every command's action gets. */
export interface CommandContext {
  io: CliIO;
  /** Sets the process exit code of this run. */
  exit(code: number): void;
}

/**
 * Reads and compiles a hub.yaml file, for `release` when given (else the file's). On a read error (HUB001) or any error diagnostic, reports them and
 * returns the exit code instead of a result.
 */
export function compileFile(io: CliIO, file: string, format: OutputFormat, release?: string): CompileResult | number {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    reportDiagnostics(
      io,
      [{ code: 'HUB001', severity: 'error', message: `cannot read ${file}: ${(e as Error).message}`, hint: 'Pass the path of a hub.yaml file.', file }],
      format,
    );
    return EXIT.diagnostics;
  }
  const result = compile(text, { file, release });
  if (hasErrors(result.diagnostics) || !result.release) {
    reportDiagnostics(io, result.diagnostics, format);
    return EXIT.diagnostics;
  }
  return result;
}
