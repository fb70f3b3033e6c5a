/**
 * Diagnostics: every problem hubc reports, with a stable code, a severity and a source position.
 *
 * Code ranges (listed in docs/diagnostics.md):
 * - HUB0xx: command line and file system
 * - HUB1xx: hub.yaml syntax and JSON Schema (shape) errors
 * - HUB2xx: hub.yaml semantic errors (values that are well-typed but wrong together)
 * - HUB3xx: validation of the generated output (ARM schema, Data Factory model and references, KQL)
 */

/** Severity of a diagnostic. Only `error` makes a build fail. */
export type Severity = 'error' | 'warning' | 'info';

/** A 1-based line/column position in a source file. */
export interface Position {
  /** 1-based line number. */
  line: number;
  /** 1-based column number (in UTF-16 code units, as editors count them). */
  col: number;
}

/** One problem found by any stage. */
export interface Diagnostic {
  /** Stable code such as `HUB104`; see docs/diagnostics.md. */
  code: string;
  severity: Severity;
  /** What is wrong, in one sentence. */
  message: string;
  /** How to fix it, in one sentence; omitted when there is nothing useful to add. */
  hint?: string;
  /** File the position refers to: `hub.yaml`, an output path such as `kql/IngestionSetup.kql`, or a logical name. */
  file: string;
  /** Start of the offending text; absent when the problem has no place in a file. */
  start?: Position;
  /** End of the offending text (exclusive); optional. */
  end?: Position;
  /** Extra location text for output objects, e.g. `pipeline rawexports_ExecuteETL, activity Read Manifest`. */
  path?: string;
  /** Other places that explain the problem, e.g. the hub.yaml line that decided a value a lint rule reports in the template. */
  related?: RelatedLocation[];
}

/** A place related to a diagnostic (SARIF `relatedLocations`). */
export interface RelatedLocation {
  file: string;
  start?: Position;
  /** What the place has to do with the diagnostic, e.g. `networking.publicAccess decides enablePublicAccess`. */
  message: string;
}

/**
 * The diagnostic a {@link HubcError} carries: code, severity, message and hint as a registry entry raises
 * them (`codes.HUB401.notBuild({ label })`), and the place (file, position, path) when the thrower knows it;
 * the catcher adds the file it does not (see {@link HubcError.toDiagnostic}).
 */
export type ErrorDiagnostic = Omit<Diagnostic, 'file' | 'severity'> & { file?: string; severity?: Severity };

/**
 * The one error class of hubc: a problem a command cannot go on after, described by the diagnostic it
 * carries (a code declared in src/diagnostics/). A stage subclasses it only to be told apart by its catcher
 * (`LoadError`, `PublishError`, `EnvironmentError`, ...); the subclasses add no state of the diagnostic.
 * `code`, `severity` and `hint` read the diagnostic (`hint` is `''` when it has none).
 */
export class HubcError extends Error {
  /** What went wrong; `severity` is `error` unless the raised entry says otherwise. */
  readonly diagnostic: Omit<Diagnostic, 'file'> & { file?: string };

  /**
   * @param raised a code raised through the diagnostic registry (`codes.HUB003.missing({ ... })`), a
   *   diagnostic, or another HubcError being passed on (its fields are read one by one: an Error's message
   *   and this class's getters are not enumerable)
   */
  constructor(raised: ErrorDiagnostic) {
    super(raised.message);
    this.name = new.target.name;
    const { code, message, hint, file, start, end, path, related } = raised;
    this.diagnostic = {
      code,
      severity: raised.severity ?? 'error',
      message,
      ...(hint !== undefined ? { hint } : {}),
      ...(file !== undefined ? { file } : {}),
      ...(start !== undefined ? { start } : {}),
      ...(end !== undefined ? { end } : {}),
      ...(path !== undefined ? { path } : {}),
      ...(related !== undefined ? { related } : {}),
    };
  }

  /** Stable code (src/diagnostics/, docs/diagnostics.md). */
  get code(): string {
    return this.diagnostic.code;
  }

  get severity(): Severity {
    return this.diagnostic.severity;
  }

  /** What to do about it, one line; `''` when the diagnostic has no hint. */
  get hint(): string {
    return this.diagnostic.hint ?? '';
  }

  /** The diagnostic, placed in `file` when the thrower did not name one. */
  toDiagnostic(file: string): Diagnostic {
    return { ...this.diagnostic, file: this.diagnostic.file ?? file };
  }
}

/**
 * A problem of the environment rather than of hub.yaml: validator data missing and not downloadable, no
 * network, a folder that cannot be read. The CLI reports it in one line with its hint and exits 2.
 */
export class EnvironmentError extends HubcError {}

const same = (text: string) => text;
/** No style: the text as it is. */
const PLAIN: DiagnosticStyle = { place: same, severity: (_s, text) => text, code: same, label: same };

/** True when at least one diagnostic is an error. */
export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === 'error');
}

/**
 * How the parts of a formatted diagnostic are shown (the CLI's colours on a terminal, src/cli/colour.ts);
 * each function returns its text with the same characters once control sequences are taken out.
 */
export interface DiagnosticStyle {
  /** `file:line:col` */
  place(text: string): string;
  /** `error`, `warning`, `info` */
  severity(severity: Severity, text: string): string;
  /** `HUB104` */
  code(text: string): string;
  /** The `hint:` label. */
  label(text: string): string;
}

/**
 * Formats a diagnostic the way tsc does: `hub.yaml:12:5 - error HUB104: message`, then the path (when the
 * message does not already name it) and the hint, each on its own indented line.
 */
export function formatDiagnostic(d: Diagnostic): string {
  return formatDiagnosticWith(d, PLAIN);
}

/** {@link formatDiagnostic} with its parts shown in a style (the CLI's colours on a terminal). */
export function formatDiagnosticWith(d: Diagnostic, s: DiagnosticStyle): string {
  const where = d.start ? `${d.file}:${d.start.line}:${d.start.col}` : d.file;
  const lines = [`${s.place(where)} - ${s.severity(d.severity, d.severity)} ${s.code(d.code)}: ${d.message}`];
  if (d.path && !d.message.includes(d.path)) lines.push(`  at ${d.path}`);
  if (d.hint) lines.push(`  ${s.label('hint:')} ${d.hint}`);
  for (const r of d.related ?? []) lines.push(`  from ${r.start ? `${r.file}:${r.start.line}:${r.start.col}` : r.file}: ${r.message}`);
  return lines.join('\n');
}

/**
 * Sorts diagnostics by file, line, column, code, message and path so output order never depends on
 * discovery order (the path keeps apart the two databases a shared KQL script runs in).
 */
export function sortDiagnostics(list: Diagnostic[]): Diagnostic[] {
  return [...list].sort(
    (a, b) =>
      a.file.localeCompare(b.file) ||
      (a.start?.line ?? 0) - (b.start?.line ?? 0) ||
      (a.start?.col ?? 0) - (b.start?.col ?? 0) ||
      a.code.localeCompare(b.code) ||
      a.message.localeCompare(b.message) ||
      (a.path ?? '').localeCompare(b.path ?? ''),
  );
}

/**
 * Converts a 0-based character offset into a 1-based line/column position. For many offsets into one text,
 * index it once with {@link offsetPositions}.
 * @param text the whole source text
 * @param offset 0-based UTF-16 offset into `text`; clamped to the text length
 */
export function positionAt(text: string, offset: number): Position {
  return offsetPositions(text)(offset);
}

/**
 * Maps 0-based offsets of a text to 1-based line and column, lines ending at `\n` (a `\r` before it counts
 * as the last character of its line). Computed from the text itself: the yaml package's LineCounter misses
 * the line breaks inside tokens it reports as errors (a multi-line plain scalar), which puts later
 * positions past the end of their line. Offsets past the end are clamped to it. The one line index of hubc:
 * hub.yaml, KQL scripts and emitted JSON (`jsonLocator`) all use it.
 */
export function offsetPositions(text: string): (offset: number) => Position {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return (offset) => {
    const o = Math.max(0, Math.min(offset, text.length));
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= o) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, col: o - starts[lo]! + 1 };
  };
}

/**
 * Totals as tsc and Bicep end a run with them: `0 errors, 1 warning` (singular for one). `hubc lint` and
 * `hubc validate` end their text output with it.
 */
export function countsText(errors: number, warnings: number): string {
  return `${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}`;
}
