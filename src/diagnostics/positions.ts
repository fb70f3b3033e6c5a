/**
 * Source positions inside generated JSON files, so output diagnostics point at `file:line:col` of the
 * file hubc wrote (e.g. `datafactory/pipelines/rawexports_ExecuteETL.json:120:24`).
 */
import { parseDocument, isMap, isSeq, isPair, isScalar, type Node } from 'yaml';
import { offsetPositions, type Position } from './diagnostic.js';

/** Finds the position of the value at a JSON path (keys and array indexes) in one JSON text. */
export type JsonLocator = (path: readonly (string | number)[]) => Position | undefined;

/**
 * The deepest node on a path (map keys and sequence indexes) below `root`, or, with `key`, the key node
 * of the path's last segment when it exists. Used for hub.yaml and for generated JSON alike.
 */
export function nodeAt(root: unknown, path: readonly (string | number)[], key = false): Node | undefined {
  let node: unknown = root;
  let found: Node | undefined = isNode(root) ? (root as Node) : undefined;
  for (let i = 0; i < path.length; i++) {
    const seg = path[i];
    if (isMap(node)) {
      const pair = node.items.find((p) => isPair(p) && isScalar(p.key) && String(p.key.value) === String(seg));
      if (!pair) break;
      if (key && i === path.length - 1) return pair.key as Node;
      node = pair.value;
      found = isNode(pair.value) ? (pair.value as Node) : (pair.key as Node);
    } else if (isSeq(node)) {
      node = node.items[Number(seg)];
      if (!isNode(node)) break;
      found = node as Node;
    } else break;
  }
  return found;
}

function isNode(x: unknown): boolean {
  return !!x && typeof x === 'object' && Array.isArray((x as Node).range);
}

/**
 * Indexes a JSON text (parsed with the YAML parser, which keeps ranges; JSON is YAML) the first time a
 * position is asked for, so a run without diagnostics never parses the output again.
 * The locator returns the start of the deepest node on the path that exists.
 */
export function jsonLocator(text: string): JsonLocator {
  let parsed: { doc: ReturnType<typeof parseDocument>; position: (offset: number) => Position } | undefined;
  return (path) => {
    parsed ??= { doc: parseDocument(text, { keepSourceTokens: false }), position: offsetPositions(text) };
    const range = nodeAt(parsed.doc.contents, path)?.range;
    return range ? parsed.position(range[0]) : undefined;
  };
}

/** Splits a JSON pointer (`/resources/3/properties`) into path segments. */
export function pointerPath(pointer: string): (string | number)[] {
  if (!pointer.startsWith('/')) return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}
