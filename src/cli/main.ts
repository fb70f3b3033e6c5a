#!/usr/bin/env node
/**
 * The `hubc` command line: a thin shell around the library.
 *
 *   hubc build [FILE] [--out DIR] [--format text|json]   compile FILE (default hub.yaml) into DIR/<release>/ (default dist-templates)
 *   hubc validate [FILE] [--format text|json]            compile and run every output validator; write nothing
 *
 * Exit codes: 0 success, 1 diagnostics with errors, 2 usage or internal error.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { compile, HUBC_VERSION } from '../compiler/compile.js';
import { formatDiagnostic, hasErrors, type Diagnostic } from '../compiler/diagnostics.js';
import { writeRelease } from '../compiler/write.js';
import { validateOutput } from '../compiler/validateOutput.js';

const USAGE = `Usage:
  hubc build [FILE] [--out DIR] [--format text|json]
  hubc validate [FILE] [--format text|json]
  hubc --version

FILE defaults to hub.yaml; DIR defaults to dist-templates. Output goes to DIR/<release>/.`;

function report(diagnostics: Diagnostic[], format: string, extra: Record<string, unknown> = {}): void {
  if (format === 'json') {
    process.stdout.write(`${JSON.stringify({ ...extra, diagnostics }, null, 2)}\n`);
  } else {
    for (const d of diagnostics) process.stderr.write(`${formatDiagnostic(d)}\n`);
  }
}

function readInput(file: string, format: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    report(
      [{ code: 'HUB001', severity: 'error', message: `cannot read ${file}: ${(e as Error).message}`, hint: 'Pass the path of a hub.yaml file.', file }],
      format,
    );
    return undefined;
  }
}

/** Runs the CLI with the given arguments; returns the exit code. */
export function main(argv: string[]): number {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        out: { type: 'string', short: 'o', default: 'dist-templates' },
        format: { type: 'string', default: 'text' },
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'v' },
      },
    });
  } catch (e) {
    process.stderr.write(`${(e as Error).message}\n${USAGE}\n`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.version) {
    process.stdout.write(`${HUBC_VERSION}\n`);
    return 0;
  }
  const [command, file = 'hub.yaml', ...rest] = positionals;
  if (values.help || !command) {
    process.stdout.write(`${USAGE}\n`);
    return values.help ? 0 : 2;
  }
  const format = values.format ?? 'text';
  if ((format !== 'text' && format !== 'json') || rest.length || (command !== 'build' && command !== 'validate')) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const text = readInput(file, format);
  if (text === undefined) return 1;
  const result = compile(text, { file });
  if (hasErrors(result.diagnostics) || !result.release) {
    report(result.diagnostics, format);
    return 1;
  }
  const checked = validateOutput(result, command === 'validate' ? 'full' : 'quick');
  const diagnostics = [...result.diagnostics, ...checked];
  if (hasErrors(diagnostics)) {
    report(diagnostics, format);
    return 1;
  }
  if (command === 'validate') {
    report(diagnostics, format, { release: result.release, files: result.artifacts.size, valid: true });
    if (format === 'text') process.stdout.write(`${file}: release ${result.release}, ${result.artifacts.size} files, all validators clean\n`);
    return 0;
  }
  try {
    const target = writeRelease(values.out ?? 'dist-templates', result.release, result.artifacts);
    report(diagnostics, format, { release: result.release, out: target, files: [...result.artifacts.keys()] });
    if (format === 'text') process.stdout.write(`wrote ${result.artifacts.size} files to ${target}\n`);
    return 0;
  } catch (e) {
    report([{ code: 'HUB002', severity: 'error', message: `cannot write output: ${(e as Error).message}`, hint: 'Check that the output folder is writable.', file: values.out ?? 'dist-templates' }], format);
    return 1;
  }
}

process.exitCode = main(process.argv.slice(2));
