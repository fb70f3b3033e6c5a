/**
 * ARM's string functions (`concat` also joins arrays), with `format()` implemented as .NET composite
 * formatting. `startsWith`, `endsWith`, `indexOf` and `lastIndexOf` ignore case. Source: "String functions
 * for ARM templates" (learn.microsoft.com/azure/azure-resource-manager/templates/template-functions-string).
 */
import { isDeepStrictEqual } from 'node:util';
import { armGuid, armUniqueString } from './hashing.js';
import { allKnown, asInt, asString, defineIn, fail, INF, scalarText, type ArmFunctionTable } from './common.js';
import { ArmEvalError, armToString, foldedArray, known, residualCall, type ArmValue, type Folded } from './folded.js';

/** The string functions, by lower-cased name. */
export const STRING_FUNCTIONS: ArmFunctionTable = new Map();
const def = defineIn(STRING_FUNCTIONS);

def('base64', 1, 1, { fn: ([s]) => Buffer.from(asString('base64', s), 'utf8').toString('base64') });
def('base64ToString', 1, 1, { fn: ([s]) => Buffer.from(asString('base64ToString', s), 'base64').toString('utf8') });
def('base64ToJson', 1, 1, { fn: ([s]) => parseJsonText('base64ToJson', Buffer.from(asString('base64ToJson', s), 'base64').toString('utf8')) });
def('dataUri', 1, 1, { fn: ([s]) => `data:text/plain;charset=utf8;base64,${Buffer.from(asString('dataUri', s), 'utf8').toString('base64')}` });
def('dataUriToString', 1, 1, {
  fn: ([s]) => {
    const text = asString('dataUriToString', s);
    const m = /^data:[^,]*?(;base64)?,(.*)$/s.exec(text);
    if (!m) fail('dataUriToString', 'argument is not a data URI');
    return m[1] ? Buffer.from(m[2], 'base64').toString('utf8') : decodeURIComponent(m[2]);
  },
});
def('concat', 1, INF, {
  fn: (args) => {
    if (args.every(Array.isArray)) return (args as ArmValue[][]).flat(1);
    if (args.some(Array.isArray)) fail('concat', 'arguments must be all strings or all arrays');
    return args.map((a) => scalarText('concat', a)).join('');
  },
  partial: (args) => {
    if (allKnown(args)) return undefined;
    // Arrays of known length: concatenate the items.
    if (args.every((a) => a.t === 'a' || (a.t === 'v' && Array.isArray(a.v)))) {
      return foldedArray(args.flatMap((a) => (a.t === 'a' ? a.items : (a as { v: ArmValue[] }).v.map(known))));
    }
    // Strings: merge adjacent known pieces.
    if (!args.some((a) => a.t === 'v' && typeof a.v === 'string')) return undefined;
    const out: Folded[] = [];
    for (const a of args) {
      const prev = out.at(-1);
      if (a.t === 'v' && (typeof a.v === 'string' || typeof a.v === 'number') && prev?.t === 'v') {
        out[out.length - 1] = known(scalarText('concat', prev.v) + scalarText('concat', a.v));
      } else if (a.t === 'v' && typeof a.v === 'number') {
        out.push(known(String(a.v)));
      } else {
        out.push(a);
      }
    }
    return residualCall('concat', out);
  },
});
def('format', 1, INF, { fn: ([f, ...rest]) => formatNet(asString('format', f, 'format string'), rest) });
def('toLower', 1, 1, { fn: ([s]) => asString('toLower', s).toLowerCase() });
def('toUpper', 1, 1, { fn: ([s]) => asString('toUpper', s).toUpperCase() });
def('trim', 1, 1, { fn: ([s]) => asString('trim', s).trim() });
def('replace', 3, 3, {
  fn: ([s, a, b]) => {
    const from = asString('replace', a, 'oldString');
    if (!from) fail('replace', 'oldString must not be empty');
    return asString('replace', s, 'originalString')
      .split(from)
      .join(asString('replace', b, 'newString'));
  },
});
def('take', 2, 2, {
  fn: ([v, n]) => {
    const count = Math.max(0, asInt('take', n, 'numberToTake'));
    if (Array.isArray(v)) return v.slice(0, count);
    return asString('take', v, 'originalValue').slice(0, count);
  },
  partial: ([v, n]) => (v.t === 'a' && n.t === 'v' ? foldedArray(v.items.slice(0, Math.max(0, asInt('take', n.v)))) : undefined),
});
def('skip', 2, 2, {
  fn: ([v, n]) => {
    const count = Math.max(0, asInt('skip', n, 'numberToSkip'));
    if (Array.isArray(v)) return v.slice(count);
    return asString('skip', v, 'originalValue').slice(count);
  },
  partial: ([v, n]) => (v.t === 'a' && n.t === 'v' ? foldedArray(v.items.slice(Math.max(0, asInt('skip', n.v)))) : undefined),
});
def('substring', 2, 3, {
  fn: ([s, a, b]) => {
    const text = asString('substring', s, 'stringToParse');
    const start = asInt('substring', a, 'startIndex');
    const len = b === undefined ? text.length - start : asInt('substring', b, 'length');
    if (start < 0 || start > text.length) fail('substring', `startIndex ${start} is outside the string (length ${text.length})`);
    if (len < 0 || start + len > text.length) fail('substring', `length ${len} from ${start} runs past the end of the string (length ${text.length})`);
    return text.substring(start, start + len);
  },
});
def('padLeft', 2, 3, {
  fn: ([v, n, c]) => {
    const text = typeof v === 'number' ? String(v) : asString('padLeft', v, 'valueToPad');
    const pad = c === undefined ? ' ' : asString('padLeft', c, 'paddingCharacter');
    if (pad.length !== 1) fail('padLeft', 'paddingCharacter must be one character');
    return text.padStart(asInt('padLeft', n, 'totalLength'), pad);
  },
});
def('split', 2, 2, {
  fn: ([s, d]) => {
    const text = asString('split', s, 'inputString');
    const delims = Array.isArray(d) ? d.map((x) => asString('split', x, 'delimiter')) : [asString('split', d, 'delimiter')];
    const nonEmpty = delims.filter(Boolean);
    if (!nonEmpty.length) return [text];
    return text.split(new RegExp(nonEmpty.map((x) => x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')));
  },
});
def('startsWith', 2, 2, { fn: ([s, p]) => asString('startsWith', s).toLowerCase().startsWith(asString('startsWith', p).toLowerCase()) });
def('endsWith', 2, 2, { fn: ([s, p]) => asString('endsWith', s).toLowerCase().endsWith(asString('endsWith', p).toLowerCase()) });
def('indexOf', 2, 2, {
  fn: ([s, p]) => {
    if (Array.isArray(s)) return s.findIndex((x) => isDeepStrictEqual(x, p));
    return asString('indexOf', s).toLowerCase().indexOf(asString('indexOf', p).toLowerCase());
  },
});
def('lastIndexOf', 2, 2, {
  fn: ([s, p]) => {
    if (Array.isArray(s)) {
      for (let i = s.length - 1; i >= 0; i--) if (isDeepStrictEqual(s[i], p)) return i;
      return -1;
    }
    return asString('lastIndexOf', s).toLowerCase().lastIndexOf(asString('lastIndexOf', p).toLowerCase());
  },
});
def('string', 1, 1, { fn: ([v]) => armToString(v) });
def('json', 1, 1, { fn: ([s]) => parseJsonText('json', asString('json', s)) });
def('uri', 2, 2, {
  fn: ([b, r]) => {
    try {
      return new URL(asString('uri', r, 'relativeUri'), asString('uri', b, 'baseUri')).toString();
    } catch (e) {
      if (e instanceof ArmEvalError) throw e;
      fail('uri', `cannot combine '${String(b)}' and '${String(r)}'`);
    }
  },
});
def('uriComponent', 1, 1, {
  fn: ([s]) => encodeURIComponent(asString('uriComponent', s)).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`),
});
def('uriComponentToString', 1, 1, { fn: ([s]) => decodeURIComponent(asString('uriComponentToString', s)) });
def('uniqueString', 1, INF, { fn: (args) => armUniqueString(...args.map((a) => asString('uniqueString', a))) });
def('guid', 1, INF, { fn: (args) => armGuid(...args.map((a) => asString('guid', a))) });
def('newGuid', 0, 0);
def('utcNow', 0, 1);

function parseJsonText(fn: string, text: string): ArmValue {
  try {
    return JSON.parse(text) as ArmValue;
  } catch {
    fail(fn, `'${text.length > 60 ? `${text.slice(0, 60)}...` : text}' is not valid JSON`);
  }
}

/**
 * .NET composite formatting as ARM `format()` uses it: `{index[,alignment][:format]}`, `{{`/`}}`
 * escapes. Supported format strings for integers: `D<n>`, `X<n>`/`x<n>`, `N<n>` (invariant culture).
 */
function formatNet(template: string, args: ArmValue[]): string {
  let out = '';
  for (let i = 0; i < template.length; i++) {
    const ch = template[i];
    if (ch === '{') {
      if (template[i + 1] === '{') {
        out += '{';
        i++;
        continue;
      }
      const end = template.indexOf('}', i);
      if (end < 0) fail('format', `unclosed "{" at ${i} in the format string`);
      const m = /^\s*(\d+)\s*(?:,\s*(-?\d+)\s*)?(?::(.*))?$/s.exec(template.slice(i + 1, end));
      if (!m) fail('format', `bad placeholder '${template.slice(i, end + 1)}'`);
      const index = Number(m[1]);
      if (index >= args.length) fail('format', `placeholder {${index}} has no argument (${args.length} given)`);
      let text = formatOne(args[index], m[3]);
      if (m[2]) {
        const width = Number(m[2]);
        text = width < 0 ? text.padEnd(-width) : text.padStart(width);
      }
      out += text;
      i = end;
    } else if (ch === '}') {
      if (template[i + 1] === '}') i++;
      else fail('format', `unmatched "}" at ${i} in the format string`);
      out += '}';
    } else {
      out += ch;
    }
  }
  return out;
}

function formatOne(v: ArmValue, spec: string | undefined): string {
  if (!spec || typeof v !== 'number') return armToString(v);
  const m = /^([DdXxNn])(\d*)$/.exec(spec);
  if (!m) return armToString(v);
  const digits = m[2] ? Number(m[2]) : undefined;
  switch (m[1]) {
    case 'D':
    case 'd': {
      const s = Math.abs(v)
        .toString()
        .padStart(digits ?? 0, '0');
      return v < 0 ? `-${s}` : s;
    }
    case 'X':
    case 'x': {
      const s = (v >>> 0).toString(16).padStart(digits ?? 0, '0');
      return m[1] === 'X' ? s.toUpperCase() : s;
    }
    default: {
      const d = digits ?? 2;
      const fixed = Math.abs(v).toFixed(d);
      const [int, frac] = fixed.split('.');
      const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
      return `${v < 0 ? '-' : ''}${grouped}${frac ? `.${frac}` : ''}`;
    }
  }
}
