/**
 * Durations as people write them on a command line (`--timeout 90m`) and as messages print them.
 */

/** `90 min`, `2 h`, `45 s`, `1500 ms`. */
export function formatDuration(ms: number): string {
  if (ms % 3_600_000 === 0) return `${ms / 3_600_000} h`;
  if (ms % 60_000 === 0) return `${ms / 60_000} min`;
  if (ms % 1000 === 0) return `${ms / 1000} s`;
  return `${ms} ms`;
}

/**
 * Parses a `--timeout` value: a number with a unit `ms`, `s`, `m` or `h` (`90m`, `2h`, `1500ms`); a bare
 * number is seconds.
 * @returns milliseconds (at least 1)
 * @throws Error with a message for the user when the text is not such a duration
 */
export function parseDuration(text: string): number {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|min|h)?\s*$/i.exec(text);
  if (!m) throw new Error(`'${text}' is not a duration; expected e.g. 90m, 2h, 300s`);
  const unit = (m[2] ?? 's').toLowerCase();
  const ms = Number(m[1]) * ({ ms: 1, s: 1000, m: 60_000, min: 60_000, h: 3_600_000 } as Record<string, number>)[unit];
  if (!(ms >= 1) || !Number.isFinite(ms)) throw new Error(`'${text}' is not a positive duration`);
  return Math.round(ms);
}
