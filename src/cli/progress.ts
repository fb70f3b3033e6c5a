/**
 * A progress line on a terminal: one line of stderr rewritten in place (`\r` and ANSI "erase line") as work
 * goes on, and erased when it is done, so the output that follows starts on a clean line. Shown only when
 * stderr is a terminal and the output is text: piped, redirected or with `--format json`, nothing is
 * written (as npm, cargo and git print progress only to a terminal).
 */
import type { CliIO } from './io.js';

/** Longest progress text shown (cut with `…`), so that it stays on one line of a usual terminal. */
const MAX_CHARS = 110;

/** "Erase the whole line" (ECMA-48 EL with parameter 2) after a carriage return. */
const ERASE = '\r\x1b[2K';

/** A progress line (see the module comment); `show` and `done` do nothing when it is not shown. */
export interface ProgressLine {
  /** True when progress is written (a terminal, text output). */
  readonly shown: boolean;
  /** Replaces the line with `text`. */
  show(text: string): void;
  /** Writes a line that stays (above the progress line). */
  say(text: string): void;
  /** Erases the line. */
  done(): void;
}

/** The progress line of a command: on `io`'s stderr when it is a terminal and `format` is text. */
export function progressLine(io: CliIO, format: string): ProgressLine {
  const shown = Boolean(io.errIsTTY) && format === 'text';
  let dirty = false;
  return {
    shown,
    show(text) {
      if (!shown) return;
      io.err(`${ERASE}${text.length > MAX_CHARS ? `${text.slice(0, MAX_CHARS - 1)}…` : text}`);
      dirty = true;
    },
    say(text) {
      if (!shown) return;
      io.err(`${dirty ? ERASE : ''}${text}\n`);
      dirty = false;
    },
    done() {
      if (shown && dirty) io.err(ERASE);
      dirty = false;
    },
  };
}
