/**
 * Source positions inside generated JSON files, so output diagnostics point at `file:line:col` of the
 * file hubc wrote (e.g. `datafactory/pipelines/rawexports_ExecuteETL.json:120:24`), and inside hub.yaml.
 */
import { isMap, isSeq, isPair, isScalar, type Node, type Pair, type YAMLMap } from 'yaml';
import { offsetPositions, type Position } from './diagnostic.js';
import { locatedAt, LocatedJsonError, parseLocatedJson, type LocatedJson } from './locatedJson.js';

/** Finds the position of the value at a JSON path (keys and array indexes) in one JSON text. */
export type JsonLocator = (path: readonly (string | number)[]) => Position | undefined;

/** The pairs of each mapping asked about, by key text (the first pair of a key), built on the first question. */
const pairIndexes = new WeakMap<YAMLMap, Map<string, Pair>>();

/** The first pair of a mapping whose scalar key reads `key`; found through an index, so a question costs the same in a mapping of 10,000 keys. */
function pairOf(map: YAMLMap, key: string): Pair | undefined {
  let index = pairIndexes.get(map);
  if (!index) {
    index = new Map();
    for (const p of map.items) if (isPair(p) && isScalar(p.key) && !index.has(String(p.key.value))) index.set(String(p.key.value), p as Pair);
    pairIndexes.set(map, index);
  }
  return index.get(key);
}

/**
 * The deepest node on a path (map keys and sequence indexes) below `root` of a YAML document, or, with
 * `key`, the key node of the path's last segment when it exists (hub.yaml).
 */
export function nodeAt(root: unknown, path: readonly (string | number)[], key = false): Node | undefined {
  let node: unknown = root;
  let found: Node | undefined = isNode(root) ? (root as Node) : undefined;
  for (let i = 0; i < path.length; i++) {
    const seg = path[i];
    if (isMap(node)) {
      const pair = pairOf(node, String(seg));
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
 * Indexes a JSON text (./locatedJson.ts, the one located-JSON index) the first time a position is asked
 * for, so a run without diagnostics never parses the output again. The locator returns the start of the
 * deepest value on the path that exists; nothing for a text that is not JSON.
 */
export function jsonLocator(text: string): JsonLocator {
  let parsed: { root?: LocatedJson; position: (offset: number) => Position } | undefined;
  return (path) => {
    if (!parsed) {
      let root: LocatedJson | undefined;
      try {
        root = parseLocatedJson(text);
      } catch (e) {
        if (!(e instanceof LocatedJsonError)) throw e;
      }
      parsed = { ...(root ? { root } : {}), position: offsetPositions(text) };
    }
    return parsed.root ? parsed.position(locatedAt(parsed.root, path).start) : undefined;
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
