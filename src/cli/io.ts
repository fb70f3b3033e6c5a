/**
 * What a CLI command writes and how it fails: the output streams (replaceable in tests), diagnostic
 * reporting in `text` or `json` form, and the exit codes.
 *
 * Exit codes (docs/commands.md): 0 success, 1 diagnostics with errors (or, for `diff`, a difference),
 * 2 usage or environment errors (bad flags, a missing validator data folder, no network).
 */
import { createInterface } from 'node:readline/promises';
import { isatty } from 'node:tty';
import { formatDiagnostic, formatDiagnosticWith, type Diagnostic, type DiagnosticStyle, type EnvironmentError } from '../diagnostics/diagnostic.js';
import { colourWanted, DIAGNOSTIC_COLOURS } from './colour.js';
import { codes, type Raised } from '../diagnostics/index.js';
import { HUBC_BUGS, HUBC_VERSION } from '../util/version.js';
import { oneLine } from '../util/text.js';

/** Exit codes of every hubc command; 70 is `EX_SOFTWARE` of sysexits.h, an internal error. */
export const EXIT = { ok: 0, diagnostics: 1, usage: 2, internal: 70 } as const;

/** Output formats every command accepts. */
export type OutputFormat = 'text' | 'json';

/** Where a command writes. `process` streams in the real CLI; buffers in tests. */
export interface CliIO {
  out(text: string): void;
  err(text: string): void;
  /** True when stdout is a terminal (prompts, progress). */
  isTTY: boolean;
  /** True when stderr is a terminal: progress lines go there (absent: false). */
  errIsTTY?: boolean;
  /** True when diagnostics written to `err` are coloured (./colour.ts decides it for the process). */
  colour?: boolean;
  /**
   * Asks a question on the terminal and resolves to the line typed; absent when stdin or stdout is not a
   * terminal (then a command that needs an answer refuses instead of waiting).
   */
  ask?(question: string): Promise<string>;
}

/** Asks on the process's terminal (readline over stdin/stdout). */
async function askOnTerminal(question: string): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return await rl.question(question);
  } finally {
    rl.close();
  }
}

/** The process's own streams. */
export const processIO: CliIO = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  isTTY: Boolean(process.stdout.isTTY),
  errIsTTY: Boolean(process.stderr.isTTY),
  colour: colourWanted(process.env, Boolean(process.stderr.isTTY)),
  ...(isatty(0) && isatty(1) ? { ask: askOnTerminal } : {}),
};

/**
 * Reports diagnostics: `text` writes each to stderr in tsc form; `json` writes one JSON object
 * `{ ...extra, diagnostics }` to stdout.
 */
export function reportDiagnostics(io: CliIO, diagnostics: readonly Diagnostic[], format: OutputFormat, extra: Record<string, unknown> = {}): void {
  if (format === 'json') io.out(`${JSON.stringify({ ...extra, diagnostics }, null, 2)}\n`);
  else for (const d of diagnostics) io.err(`${formatDiagnosticIn(io, d)}\n`);
}

/** A diagnostic as `io.err` shows it: coloured when it wants colour. */
export function formatDiagnosticIn(io: CliIO, d: Diagnostic): string {
  return io.colour ? formatDiagnosticWith(d, DIAGNOSTIC_COLOURS) : formatDiagnostic(d);
}

/** The colours of diagnostics written to `io.err`, when it wants them. */
export function diagnosticStyle(io: CliIO): DiagnosticStyle | undefined {
  return io.colour ? DIAGNOSTIC_COLOURS : undefined;
}

/**
 * Reports an {@link EnvironmentError}: one line on stderr (`error HUB003: <message>. <hint>`), or with `json`
 * a valid JSON object `{ error: { code, message, hint }, diagnostics: [] }` on stdout.
 * @returns {@link EXIT.usage}
 */
export function reportEnvironmentError(io: CliIO, e: EnvironmentError, format: OutputFormat): number {
  return reportErrorLine(io, e, format);
}

/**
 * Reports a usage error (options that do not go together, a value not of its form: HUB060-HUB063) as an
 * environment error is reported: one line with its code and hint, or the JSON object with `json`.
 * @param raised a code raised through the diagnostic registry (`codes.HUB061.needs({ ... })`)
 * @returns {@link EXIT.usage}
 */
export function reportUsageError(io: CliIO, raised: Raised, format: OutputFormat = 'text'): number {
  return reportErrorLine(io, { code: raised.code, message: raised.message, hint: raised.hint ?? '' }, format);
}

/** One error line on stderr (`error HUB003: <message>. <hint>`), or with `json` `{ error, diagnostics: [] }` on stdout; exit 2. */
function reportErrorLine(io: CliIO, e: { code: string; message: string; hint: string }, format: OutputFormat): number {
  if (format === 'json') io.out(`${JSON.stringify({ error: { code: e.code, message: e.message, hint: e.hint }, diagnostics: [] }, null, 2)}\n`);
  else {
    const c = io.colour ? DIAGNOSTIC_COLOURS : undefined;
    const head = c ? `${c.severity('error', 'error')} ${c.code(e.code)}` : `error ${e.code}`;
    io.err(`${`${head}: ${e.message.replace(/[.\s]+$/, '')}. ${e.hint}`.replace(/\s*\n\s*/g, ' ')}\n`);
  }
  return EXIT.usage;
}

/** Most characters of an internal error's message printed (the message may quote input). */
const INTERNAL_MESSAGE_LIMIT = 500;

/**
 * Reports an error no command expected (a bug in hubc): one line `error HUB000: internal error in hubc
 * <version>: <message>. <where to report it>` on stderr, or with `json` the object `{ error: { code,
 * message, hint }, diagnostics: [] }` on stdout; never a stack trace, unless `HUBC_DEBUG` is set (then it
 * follows on stderr). The message is put on one line, without control characters, at most 500 characters.
 * @returns {@link EXIT.internal}
 */
export function reportInternalError(io: CliIO, e: unknown, format: string | undefined): number {
  const raw = e instanceof Error ? `${e.name === 'Error' ? '' : `${e.name}: `}${e.message}` : String(e);
  const message = oneLine(raw, INTERNAL_MESSAGE_LIMIT) || 'unknown error';
  const raised = codes.HUB000.raise({ version: HUBC_VERSION, message, where: HUBC_BUGS });
  try {
    if (format === 'json') io.out(`${JSON.stringify({ error: { code: raised.code, message: raised.message, hint: raised.hint }, diagnostics: [] }, null, 2)}\n`);
    else io.err(`error ${raised.code}: ${raised.message}. ${raised.hint}\n`);
  } catch {
    // the output itself failed (the injected error may be there): the exit code still says it
  }
  if (process.env.HUBC_DEBUG && e instanceof Error && e.stack) {
    try {
      io.err(`${e.stack}\n`);
    } catch {
      // as above
    }
  }
  return EXIT.internal;
}

/**
 * What a run that builds several releases from one hub.yaml (`build --all`, `publish --all`) prints in
 * text form: each release's diagnostics, except that its HUB221 warnings (sections the release does not
 * have that hold only defaults, so nothing is lost: a hub.yaml written for 0.7 gives 52 of them over
 * 0.1-0.6) become one line per release naming their lines (issue #21). `hubc build --release X` and
 * `--format json` still give every one.
 * @param builds each release with the diagnostics of its compile and checks
 * @param file the hub.yaml, as the diagnostics name it
 */
export function collapseLeftOutSections(builds: readonly { release: string; diagnostics: readonly Diagnostic[] }[], file: string): Diagnostic[] {
  return builds.flatMap(({ release, diagnostics }) => {
    const leftOut = diagnostics.filter((d) => d.code === codes.HUB221.code);
    if (!leftOut.length) return [...diagnostics];
    const lines = [...new Set(leftOut.map((d) => d.start?.line ?? 0))].filter((l) => l > 0).sort((a, b) => a - b);
    return [...diagnostics.filter((d) => d.code !== codes.HUB221.code), { ...codes.HUB221.summary({ release, lines, file }), file }];
  });
}
