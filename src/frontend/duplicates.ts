/**
 * Duplicate keys in hub.yaml mappings, found in one pass over the composed document: each mapping's keys
 * go into a `Map`, so the check is linear in the number of keys. (The yaml package's own `uniqueKeys`
 * check compares each key with every earlier one of its mapping: 40,000 tags took 9 s, 200,000 over
 * 300 s; issue #20, item 7.)
 */
import { isMap, isPair, isScalar, isSeq, type Document, type Node, type Pair } from 'yaml';
import type { DataPath } from './paths.js';

/** A key written a second time in the same mapping. */
export interface DuplicateKey {
  /** The key as the data gets it (the text of a scalar key). */
  key: string;
  /** Path of the key's second occurrence. */
  path: DataPath;
  /** Offsets of the first and of the second occurrence of the key. */
  first: number;
  second: number;
}

/**
 * Every key that repeats an earlier key of its mapping, in document order. Keys are compared as the
 * data sees them: `"a"`, `'a'` and `a` are one key, and so are `1` and `"1"` (JavaScript object keys are
 * text). Keys that are mappings or lists are left to the schema, which rejects them.
 */
export function duplicateKeys(doc: Document.Parsed): DuplicateKey[] {
  const found: DuplicateKey[] = [];
  const stack: { node: unknown; path: DataPath }[] = doc.contents ? [{ node: doc.contents, path: [] }] : [];
  while (stack.length) {
    const { node, path } = stack.pop()!;
    if (isMap(node)) {
      const seen = new Map<string, Pair>();
      const children: { node: unknown; path: DataPath }[] = [];
      for (const pair of node.items) {
        if (!isPair(pair)) continue;
        const key = isScalar(pair.key) ? String(pair.key.value) : undefined;
        if (key !== undefined) {
          const first = seen.get(key);
          if (first) found.push({ key, path: [...path, key], first: rangeStart(first.key), second: rangeStart(pair.key) });
          else seen.set(key, pair);
        }
        children.push({ node: pair.value, path: [...path, key ?? '?'] });
      }
      for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
    } else if (isSeq(node)) {
      for (let i = node.items.length - 1; i >= 0; i--) stack.push({ node: node.items[i], path: [...path, i] });
    }
  }
  return found.sort((a, b) => a.second - b.second);
}

function rangeStart(node: unknown): number {
  return (node as Node | null)?.range?.[0] ?? 0;
}
