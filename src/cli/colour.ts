/**
 * Colours of diagnostics on a terminal, as tsc shows them: the place cyan, `error` red, `warning` yellow,
 * `info` blue, the code grey, the `hint:` label dim. Whether to colour follows the conventions other
 * command-line tools follow (Node's own `getColorDepth`, chalk): `FORCE_COLOR` turns colour on (`0` or
 * `false` off; https://force-color.org), else `NO_COLOR` (https://no-color.org), `NODE_DISABLE_COLORS` or
 * `TERM=dumb` turn it off, else it is on when stderr, where diagnostics go, is a terminal. `--format json`
 * prints no text to colour. The colours are node:util `styleText` (Node 20.12 and later; without it, no
 * colour), asked not to check the stream itself, since this decides.
 */
import * as util from 'node:util';
import type { DiagnosticStyle, Severity } from '../diagnostics/diagnostic.js';

/**
 * Whether diagnostics are coloured.
 * @param env the environment (`process.env`)
 * @param isTTY whether stderr is a terminal
 */
export function colourWanted(env: Readonly<Record<string, string | undefined>>, isTTY: boolean): boolean {
  const force = env.FORCE_COLOR;
  if (force !== undefined) return force !== '0' && force.toLowerCase() !== 'false';
  if (env.NO_COLOR || env.NODE_DISABLE_COLORS || env.TERM === 'dumb') return false;
  return isTTY;
}

type Format = 'cyan' | 'red' | 'yellow' | 'blue' | 'gray' | 'dim';

/** node:util `styleText`, missing before Node 20.12. */
const styleText = (util as { styleText?: (format: Format, text: string, options?: { validateStream?: boolean }) => string }).styleText;

const paint = (format: Format) => (text: string) => (styleText ? styleText(format, text, { validateStream: false }) : text);

const SEVERITY: Record<Severity, Format> = { error: 'red', warning: 'yellow', info: 'blue' };

/** The colours of a diagnostic's parts. */
export const DIAGNOSTIC_COLOURS: DiagnosticStyle = {
  place: paint('cyan'),
  severity: (severity, text) => paint(SEVERITY[severity])(text),
  code: paint('gray'),
  label: paint('dim'),
};
