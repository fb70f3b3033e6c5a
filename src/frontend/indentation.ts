/**
 * Indentation mistakes of a hub.yaml, found from its lines, so that a YAML syntax error they cause can be
 * said in words ("line 4 is indented 3 spaces, more than 'name' on line 3") instead of in the parser's
 * terms ("Implicit keys need to be on a single line", "All mapping items must start at the same column").
 *
 * A line of block mappings and lists is a key (`name: value`, `name:`), a list item (`- value`, `- name:
 * value`) or the continuation of a plain value. Every key and item is at the indentation of a key or item
 * above it that is still open (its sibling), or deeper than a key or item whose value is a block on the
 * following lines (`hub:`). A line that is neither is a mistake of one of two kinds: deeper than the key
 * above it, which already has a value (`deeper`), or between two open levels (`between`). Flow
 * collections (`[...]`, `{...}`) and block scalars (`|`, `>`) are passed over; the findings are only used
 * to word errors the YAML parser reported (src/frontend/parse.ts), never to find errors of their own.
 */

/** One open level: a key or a list item and what it belongs to. */
export interface IndentLevel {
  /** Spaces before the key or the `-`. */
  indent: number;
  /** 1-based line. */
  line: number;
  kind: 'key' | 'item';
  /** The key's name; undefined for an item. */
  key?: string;
  /** The level it belongs to (undefined at the top). */
  parent?: IndentLevel;
}

/** A line whose indentation fits no open level. */
export interface IndentProblem {
  /** 1-based line of the mistake, and its indentation in spaces. */
  line: number;
  indent: number;
  /** Whether the line is a key or a list item. */
  kind: 'key' | 'item';
  /**
   * `deeper`: more indented than `levels[0]`, the key or item just above, which holds a value already;
   * `between`: less indented than `levels[0]` and more than the next open level (levels nearest first).
   */
  problem: 'deeper' | 'between';
  levels: IndentLevel[];
}

/** What one line holds. */
interface LineShape {
  indent: number;
  kind: 'key' | 'item' | 'text';
  key?: string;
  /** True when the key or item has no value on its line (a block follows, or null). */
  opens: boolean;
  /** For `- name: value`: the mapping inside the item, at this indentation. */
  inner?: { indent: number; key: string; opens: boolean };
  /** True when the value starts a block scalar (`|`, `>`). */
  blockScalar: boolean;
  /** How far `[` and `{` outnumber `]` and `}` on the line (quoted text and comments left out). */
  flowDepth: number;
}

const KEY = /^("(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|[^\s#'"\-?:,[\]{}][^#]*?|-[^\s#][^#]*?)\s*:(?:\s+(.*))?$/;

/** Removes quoted text and a trailing comment from a value. */
function bare(value: string): string {
  return value
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^']|'')*'/g, '""')
    .replace(/(^|\s)#.*$/, '')
    .trim();
}

function flowDepthOf(value: string): number {
  const v = bare(value);
  return (v.match(/[[{]/g)?.length ?? 0) - (v.match(/[\]}]/g)?.length ?? 0);
}

/** The key and value of `key: value` text, if it is one. */
function keyValue(text: string): { key: string; value: string } | undefined {
  const m = KEY.exec(text);
  if (!m) return undefined;
  return { key: m[1]!.replace(/^(["'])(.*)\1$/, '$2'), value: bare(m[2] ?? '') };
}

/** What a content line (not blank, not a comment) holds. */
function shapeOf(line: string): LineShape {
  const indent = line.length - line.trimStart().length;
  const text = line.trim();
  const blockScalar = (v: string) => /^[|>][-+0-9]*$/.test(v);
  if (text === '-' || text.startsWith('- ')) {
    const after = text.slice(1).trimStart();
    const innerIndent = indent + (text.length - after.length);
    const kv = after && !after.startsWith('#') ? keyValue(after) : undefined;
    const value = kv ? kv.value : bare(after);
    return {
      indent,
      kind: 'item',
      opens: !after || after.startsWith('#'),
      inner: kv ? { indent: innerIndent, key: kv.key, opens: kv.value === '' } : undefined,
      blockScalar: blockScalar(value),
      flowDepth: flowDepthOf(value),
    };
  }
  const kv = keyValue(text);
  if (kv) return { indent, kind: 'key', key: kv.key, opens: kv.value === '', blockScalar: blockScalar(kv.value), flowDepth: flowDepthOf(kv.value) };
  return { indent, kind: 'text', opens: false, blockScalar: false, flowDepth: flowDepthOf(text) };
}

/**
 * The indentation mistakes of a YAML text, first line first. After a mistake the line is taken as the
 * writer likely meant it (a sibling of the nearest level), so one mistake is reported once.
 */
export function indentationProblems(text: string): IndentProblem[] {
  const lines = text.split(/\r?\n/);
  const problems: IndentProblem[] = [];
  /** Open levels, outermost first. */
  let stack: IndentLevel[] = [];
  /** The last level whose value is a block on the next lines, while no deeper line has come yet. */
  let opener: IndentLevel | undefined;
  let skip: { until: 'dedent'; indent: number } | { until: 'closed'; depth: number } | undefined;
  lines.forEach((raw, index) => {
    const line = index + 1;
    const trimmed = raw.trim();
    if (trimmed === '' || trimmed.startsWith('#') || trimmed === '---' || trimmed === '...') return;
    const shape = shapeOf(raw);
    if (skip?.until === 'dedent') {
      if (shape.indent > skip.indent) return;
      skip = undefined;
    } else if (skip?.until === 'closed') {
      skip.depth += flowDepthOf(trimmed);
      if (skip.depth <= 0) skip = undefined;
      return;
    }
    if (shape.kind === 'text') return;
    const level = placeLine(shape, line, stack, opener, problems);
    stack = level.stack;
    opener = level.opener;
    if (shape.blockScalar) skip = { until: 'dedent', indent: shape.indent };
    else if (shape.flowDepth > 0) skip = { until: 'closed', depth: shape.flowDepth };
  });
  return problems;
}

/** Places one key or item line among the open levels, recording a mistake; returns the new open levels. */
function placeLine(
  shape: LineShape,
  line: number,
  stack: IndentLevel[],
  opener: IndentLevel | undefined,
  problems: IndentProblem[],
): { stack: IndentLevel[]; opener?: IndentLevel } {
  const kind = shape.kind as 'key' | 'item';
  let parent: IndentLevel | undefined;
  let kept: IndentLevel[];
  const nests = opener && (shape.indent > opener.indent || (shape.indent === opener.indent && kind === 'item' && opener.kind === 'key'));
  if (nests) {
    parent = opener;
    kept = stack;
  } else {
    const popped = stack.filter((l) => l.indent > shape.indent).reverse();
    kept = stack.filter((l) => l.indent <= shape.indent);
    const top = kept.at(-1);
    if (top && top.indent === shape.indent) {
      parent = top.parent;
      kept = kept.slice(0, -1);
    } else if (top || popped.length) {
      // No level at this indentation: the nearest open level is taken as the one meant.
      const levels = popped.length ? [...popped, ...kept.slice().reverse()] : [top!, ...kept.slice(0, -1).reverse()];
      problems.push({ line, indent: shape.indent, kind, problem: popped.length ? 'between' : 'deeper', levels });
      const meant = popped.length ? popped[0]! : top!;
      parent = meant.parent;
      kept = kept.filter((l) => l.indent < meant.indent);
    }
  }
  const self: IndentLevel = { indent: shape.indent, line, kind, key: shape.key, parent };
  const next = [...kept, self];
  if (shape.inner) {
    const inner: IndentLevel = { indent: shape.inner.indent, line, kind: 'key', key: shape.inner.key, parent: self };
    return { stack: [...next, inner], opener: shape.inner.opens ? inner : undefined };
  }
  return { stack: next, opener: shape.opens ? self : undefined };
}
