/**
 * Text that came from outside (an ARM error message, an exception's message quoting input) made safe to
 * print on a terminal: terminal escape sequences and other control characters removed, and bounded.
 */

/**
 * Escape sequences: CSI (`ESC [` ... final byte, or the 8-bit CSI U+009B), OSC/DCS/APC/PM/SOS strings
 * (`ESC ]`, `ESC P`, `ESC _`, `ESC ^`, `ESC X` ... up to BEL or `ESC \`, or their 8-bit forms), and any
 * other two-character `ESC x` sequence.
 */
const ESCAPE_SEQUENCE =
  // oxlint-disable-next-line no-control-regex -- the terminal escape sequences this file removes
  /(?:\u001b\[|\u009b)[\u0030-\u003f]*[\u0020-\u002f]*[\u0040-\u007e]?|(?:\u001b[\]P_^X]|[\u009d\u0090\u009f\u009e\u0098])[\s\S]*?(?:\u0007|\u001b\\|\u009c|$)|\u001b[\s\S]?/g;

/** C0 controls but tab and line feed, DEL, C1 controls, and the Unicode bidirectional overrides and isolates. */
// oxlint-disable-next-line no-control-regex -- the control characters this file removes
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/**
 * `text` without terminal escape sequences and control characters (tabs and line feeds are kept; a
 * carriage return is removed, so no line can overwrite another).
 */
export function stripControl(text: string): string {
  return text.replace(ESCAPE_SEQUENCE, '').replace(CONTROL, '');
}

/**
 * `text` for one line of output: control characters removed ({@link stripControl}), every run of white
 * space (line feeds and tabs included) one space, trimmed, and cut at `max` characters with `…` when longer.
 */
export function oneLine(text: string, max = Infinity): string {
  const flat = stripControl(text).replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, Math.max(0, max - 1))}…` : flat;
}
