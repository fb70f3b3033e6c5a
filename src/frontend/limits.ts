/**
 * The limits of hub.yaml content, checked before any recursive code sees the text (the yaml package's
 * composer and `toJS`, ajv, the semantic checks), so no input makes them run out of stack or time
 * (issue #20, items 7 and 8; issue #29, items 6 and 10). Everything here is iterative and linear in the
 * size of the text.
 *
 * - {@link parseTokens} runs the yaml package's `Parser` one lexical token at a time and stops once more
 *   mappings and lists are open than the depth limit allows: the parser closes open collections by
 *   recursion (a line less indented than a 3,000-level `- - - ... a` overflowed its stack), so the nesting
 *   is measured while it is parsed, never after;
 * - {@link scanSyntax} walks the resulting concrete syntax tree for the nesting depth and the entries of
 *   each mapping and list, and notes the `[`, `{` and quotes left open;
 * - {@link resolveAliases} finds each alias's node in one pass in document order (the yaml package's
 *   `Alias.resolve` walks the whole document for each alias: 9,999 aliases took 31 s);
 * - {@link measureExpanded} walks the composed document for the depth and the number of entries the data
 *   has once aliases are expanded, and finds aliases that refer to a node containing them.
 *
 * The limits are documented in docs/hub-yaml.md ("Limits"); a hub.yaml needs a small part of each.
 */
import { CST, Lexer, Parser, isAlias, isMap, isPair, isScalar, isSeq, type Alias, type Document, type Node } from 'yaml';
import type { DataPath } from './paths.js';

/** The limits hub.yaml text is held to (docs/hub-yaml.md, "Limits"). */
export const HUB_YAML_LIMITS = {
  /** Most characters (UTF-16 code units) of the text `compile()` takes: 4 MiB. */
  textLength: 4 * 1024 * 1024,
  /** Most levels of mappings and lists nested in one another (the document's own mapping is level 1). */
  depth: 32,
  /** Most entries of one mapping or list. */
  entries: 10_000,
  /** Most entries (keys of mappings, items of lists) in all, aliases expanded. */
  totalEntries: 100_000,
} as const;

/** A limit passed, and where. */
export type LimitPassed =
  { kind: 'depth'; offset: number; path: DataPath } | { kind: 'entries'; offset: number; path: DataPath; count: number } | { kind: 'totalEntries'; offset: number; path: DataPath };

/** A `[`, `{`, `"` or `'` that opens something the text never closes. */
export interface Unclosed {
  offset: number;
  char: '[' | '{' | '"' | "'";
}

/** What {@link scanSyntax} found. */
export interface SyntaxScan {
  /** The first limit passed, in document order; the scan stops there. */
  limit?: LimitPassed;
  /** Flow collections and quoted scalars left open, in document order. */
  unclosed: Unclosed[];
}

/** Longest key text kept in a path (a key can be any length; paths only name places). */
const KEY_TEXT = 40;

/** The text of a key token for paths, cut to {@link KEY_TEXT} characters; `?` for keys that are not scalars. */
function keyText(token: CST.Token | null | undefined): string {
  // Errors in the key are the composer's to report; without a handler resolveAsScalar throws them.
  const scalar = token ? CST.resolveAsScalar(token, true, () => undefined) : null;
  const text = scalar ? scalar.value : '?';
  return text.length > KEY_TEXT ? `${text.slice(0, KEY_TEXT)}…` : text;
}

type CstItem = { start: CST.SourceToken[]; key?: CST.Token | null; value?: CST.Token };

/** Where an entry of a collection starts. */
function itemOffset(item: CstItem, fallback: number): number {
  return item.key?.offset ?? item.start.find((t) => t.type !== 'space' && t.type !== 'newline' && t.type !== 'comma')?.offset ?? item.value?.offset ?? fallback;
}

/** True when a quoted scalar's source ends with its closing quote. */
function quoteClosed(source: string): boolean {
  const body = source.slice(1);
  if (source.startsWith('"')) {
    if (!body.endsWith('"')) return false;
    const backslashes = /\\*$/.exec(body.slice(0, -1))![0].length;
    return backslashes % 2 === 0;
  }
  // Single quotes: '' inside stands for one quote, so the text ends closed after an odd run of quotes.
  return (/'+$/.exec(body)?.[0].length ?? 0) % 2 === 1;
}

/**
 * Walks the concrete syntax tree of hub.yaml in document order, with an explicit stack.
 * @param tokens the tokens of the yaml package's `Parser` for the whole text
 * @param limits the limits to hold the text to (default {@link HUB_YAML_LIMITS})
 */
export function scanSyntax(tokens: readonly CST.Token[], limits: { depth: number; entries: number; totalEntries: number } = HUB_YAML_LIMITS): SyntaxScan {
  const unclosed: Unclosed[] = [];
  let total = 0;
  // Tokens are pushed in reverse, so they are popped in document order.
  const stack: { token: CST.Token; depth: number; path: DataPath }[] = [];
  for (let i = tokens.length - 1; i >= 0; i--) {
    const t = tokens[i]!;
    if (t.type === 'document' && t.value) stack.push({ token: t.value, depth: 0, path: [] });
  }
  while (stack.length) {
    const { token, depth, path } = stack.pop()!;
    if (token.type === 'double-quoted-scalar' || token.type === 'single-quoted-scalar') {
      if (!quoteClosed(token.source)) unclosed.push({ offset: token.offset, char: token.source[0] as '"' | "'" });
      continue;
    }
    if (token.type !== 'block-map' && token.type !== 'block-seq' && token.type !== 'flow-collection') continue;
    const level = depth + 1;
    const start = token.type === 'flow-collection' ? token.start.offset : token.offset;
    if (level > limits.depth) return { limit: { kind: 'depth', offset: start, path }, unclosed };
    if (token.type === 'flow-collection') {
      const close = token.start.source === '[' ? ']' : '}';
      if (!token.end.some((t) => t.source === close)) unclosed.push({ offset: token.start.offset, char: token.start.source as '[' | '{' });
    }
    const items = (token.items as CstItem[]).filter((it) => it.key || it.value);
    if (items.length > limits.entries) {
      const item = items[limits.entries]!;
      return { limit: { kind: 'entries', offset: itemOffset(item, start), path, count: items.length }, unclosed };
    }
    if (total + items.length > limits.totalEntries) {
      const item = items[limits.totalEntries - total]!;
      return { limit: { kind: 'totalEntries', offset: itemOffset(item, start), path }, unclosed };
    }
    total += items.length;
    const isMapping = token.type === 'block-map' || (token.type === 'flow-collection' && token.start.source === '{');
    for (let i = items.length - 1; i >= 0; i--) {
      const item = items[i]!;
      const childPath = [...path, isMapping || item.key ? keyText(item.key) : i];
      if (item.value) stack.push({ token: item.value, depth: level, path: childPath });
      if (item.key) stack.push({ token: item.key, depth: level, path: childPath });
    }
  }
  return { unclosed };
}

/** A collection token of the concrete syntax tree: a level of nesting. */
type CstCollection = CST.BlockMap | CST.BlockSequence | CST.FlowCollection;

const isCollectionToken = (t: CST.Token): t is CstCollection => t.type === 'block-map' || t.type === 'block-seq' || t.type === 'flow-collection';

/**
 * The path of the innermost collection the yaml parser holds open, from the collections open around it
 * (outermost first): the key or index of the entry each one is parsing, as {@link scanSyntax} names them.
 */
function openPath(open: readonly CstCollection[]): DataPath {
  const path: (string | number)[] = [];
  for (const c of open.slice(0, -1)) {
    const items = c.items as CstItem[];
    const last = items[items.length - 1];
    const index = items.slice(0, -1).filter((it) => it.key || it.value).length;
    const isMapping = c.type === 'block-map' || (c.type === 'flow-collection' && c.start.source === '{');
    path.push(isMapping ? (last && 'sep' in last && last.sep ? keyText(last.key) : '?') : index);
  }
  return path;
}

/**
 * The tokens of the yaml package's `Parser` for the whole text, or the place where the text opens more
 * mappings and lists inside one another than `limits.depth`: the parser is fed one lexical token at a time
 * and its stack (the collections it holds open, outermost first) is looked at after each, so it never holds
 * more than `limits.depth` + 1 of them and its recursion stays that shallow. A limit of {@link scanSyntax}
 * passed earlier in the document (too many entries) is reported instead, as {@link scanSyntax} would.
 * @param text the hub.yaml text
 * @param limits the limits to hold the text to (default {@link HUB_YAML_LIMITS})
 */
export function parseTokens(text: string, limits: { depth: number; entries: number; totalEntries: number } = HUB_YAML_LIMITS): { tokens: CST.Token[] } | { limit: LimitPassed } {
  const parser = new Parser();
  const tokens: CST.Token[] = [];
  for (const lexeme of new Lexer().lex(text)) {
    for (const token of parser.next(lexeme)) tokens.push(token);
    if (parser.stack.length <= limits.depth + 1) continue;
    const open = parser.stack.filter(isCollectionToken);
    if (open.length <= limits.depth) continue;
    const deep = open.slice(0, limits.depth + 1);
    const at = deep[limits.depth]!;
    const offset = at.type === 'flow-collection' ? at.start.offset : at.offset;
    // The text before it nests no deeper than the limit: a limit it passes first is the one to report.
    const before = parseTokens(text.slice(0, offset), limits);
    const earlier = 'limit' in before ? before.limit : scanSyntax(before.tokens, limits).limit;
    return { limit: earlier && earlier.offset < offset ? earlier : { kind: 'depth', offset, path: openPath(deep) } };
  }
  for (const token of parser.end()) tokens.push(token);
  return { tokens };
}

/**
 * The node each alias of a document stands for, found in one pass in document order (the last node before
 * the alias that carries its anchor, as YAML and the yaml package's `Alias.resolve` define it), with an
 * explicit stack; an alias whose anchor comes later or nowhere maps to undefined.
 */
export function resolveAliases(doc: Document.Parsed): Map<Alias, Node | undefined> {
  const targets = new Map<Alias, Node | undefined>();
  const anchors = new Map<string, Node>();
  const stack: unknown[] = [doc.contents];
  while (stack.length) {
    const node = stack.pop();
    if (isAlias(node)) {
      targets.set(node, anchors.get(node.source));
      continue;
    }
    if (!isScalar(node) && !isMap(node) && !isSeq(node)) continue;
    // An anchor counts from its node on, so an alias inside the node refers to it (and is refused as recursive).
    if (node.anchor) anchors.set(node.anchor, node);
    if (isScalar(node)) continue;
    const children = (node.items as unknown[]).flatMap((it) => (isPair(it) ? [it.key, it.value] : [it]));
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
  }
  return targets;
}

/**
 * The plain data of a document, each alias standing for a copy of its node's data, in time linear in the
 * data (aliases expanded; {@link measureExpanded} bounds it first). The yaml package's `toJS` resolves each
 * alias by walking the document up to it (quadratic in the number of aliases) and refuses a node aliased
 * more than `maxAliasCount` times, a limit of its own that hub.yaml does not need once the data is measured.
 * The document is left as it was.
 * @param targets the aliases' nodes ({@link resolveAliases}); every alias must have one
 */
export function toPlainData(doc: Document.Parsed, targets: ReadonlyMap<Alias, Node | undefined>): unknown {
  const undo: (() => void)[] = [];
  const replace = (holder: Record<string, unknown>, member: string | number) => {
    const alias = holder[member] as Alias;
    holder[member] = targets.get(alias);
    undo.push(() => (holder[member] = alias));
  };
  const stack: unknown[] = [doc.contents];
  try {
    if (isAlias(doc.contents)) replace(doc as unknown as Record<string, unknown>, 'contents');
    while (stack.length) {
      const node = stack.pop();
      if (!isMap(node) && !isSeq(node)) continue;
      const items = node.items as unknown[];
      items.forEach((it, i) => {
        if (isPair(it)) {
          for (const member of ['key', 'value'] as const) if (isAlias(it[member])) replace(it as unknown as Record<string, unknown>, member);
          stack.push(it.key, it.value);
        } else {
          if (isAlias(it)) replace(items as unknown as Record<string, unknown>, i);
          else stack.push(it);
        }
      });
    }
    return doc.toJS({ maxAliasCount: -1 });
  } finally {
    for (const u of undo) u();
  }
}

/** What {@link measureExpanded} found. */
export type ExpandedMeasure =
  | { ok: true }
  /** An alias refers to a node that contains it: the data would be infinite. */
  | { ok: false; kind: 'recursive'; offset: number }
  /** The data, aliases expanded, nests deeper or holds more entries than the limits. */
  | { ok: false; kind: 'depth' | 'totalEntries'; offset: number };

/** A mapping, a list or an alias: what can hold (or stand for) entries. */
const isContainer = (n: unknown): n is Node => isMap(n) || isSeq(n) || isAlias(n);

/**
 * Measures the data a composed document stands for, each alias counted as the node it refers to, without
 * expanding anything: a node's depth and number of entries are computed once (post-order, explicit
 * stack) and reused by every alias to it.
 * @returns `ok`, or the limit passed with the offset of the first alias (document order) that makes it
 *   pass, or of an alias that refers to a node containing it
 */
export function measureExpanded(
  doc: Document.Parsed,
  limits: { depth: number; totalEntries: number } = HUB_YAML_LIMITS,
  targets: ReadonlyMap<Alias, Node | undefined> = resolveAliases(doc),
): ExpandedMeasure {
  const root = doc.contents;
  if (!isContainer(root)) return { ok: true };
  /** Depth (levels of mappings and lists, 0 for a scalar) and entries of each node measured. */
  const measured = new Map<Node, { depth: number; entries: number }>();
  const active = new Set<Node>();
  let firstAlias: number | undefined;
  const stack: { node: Node; exit: boolean }[] = [{ node: root, exit: false }];
  while (stack.length) {
    const { node, exit } = stack.pop()!;
    if (measured.has(node)) continue;
    if (isAlias(node)) {
      firstAlias ??= node.range?.[0];
      const target = targets.get(node);
      if (!isContainer(target)) {
        measured.set(node, { depth: 0, entries: 0 });
      } else if (active.has(target)) {
        return { ok: false, kind: 'recursive', offset: node.range?.[0] ?? 0 };
      } else if (measured.has(target)) {
        measured.set(node, measured.get(target)!);
      } else {
        stack.push({ node, exit: false }, { node: target, exit: false });
      }
      continue;
    }
    const items: unknown[] = isMap(node) || isSeq(node) ? node.items : [];
    const children = items.flatMap((it) => (isPair(it) ? [it.key, it.value] : [it])).filter(isContainer);
    if (!exit) {
      active.add(node);
      stack.push({ node, exit: true });
      for (let i = children.length - 1; i >= 0; i--) if (!measured.has(children[i]!)) stack.push({ node: children[i]!, exit: false });
      continue;
    }
    active.delete(node);
    let depth = 0;
    let entries = items.length;
    for (const c of children) {
      const m = measured.get(c)!;
      depth = Math.max(depth, m.depth);
      entries += m.entries;
    }
    measured.set(node, { depth: depth + 1, entries });
  }
  const total = measured.get(root)!;
  if (total.depth > limits.depth) return { ok: false, kind: 'depth', offset: firstAlias ?? 0 };
  if (total.entries > limits.totalEntries) return { ok: false, kind: 'totalEntries', offset: firstAlias ?? 0 };
  return { ok: true };
}
