/**
 * Source positions inside generated JSON files, so output diagnostics point at `file:line:col` of the
 * file hubc wrote (e.g. `datafactory/pipelines/rawexports_ExecuteETL.json:120:24`).
 */
import { LineCounter, parseDocument, isMap, isSeq, isPair, isScalar, type Node } from 'yaml';
import type { Position } from './diagnostics.js';

/** Finds the position of the value at a JSON path (keys and array indexes) in one JSON text. */
export type JsonLocator = (path: readonly (string | number)[]) => Position | undefined;

/**
 * Indexes a JSON text (parsed with the YAML parser, which keeps ranges; JSON is YAML).
 * The locator returns the start of the deepest node on the path that exists.
 */
export function jsonLocator(text: string): JsonLocator {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, keepSourceTokens: false });
  return (path) => {
    let node: unknown = doc.contents;
    let found: Node | undefined = node as Node | undefined;
    for (const seg of path) {
      if (isMap(node)) {
        const pair = node.items.find((p) => isPair(p) && isScalar(p.key) && String(p.key.value) === String(seg));
        if (!pair) break;
        node = pair.value;
      } else if (isSeq(node)) {
        node = node.items[Number(seg)];
        if (node === undefined) break;
      } else break;
      found = node as Node;
    }
    const range = found?.range;
    if (!range) return undefined;
    const lp = lineCounter.linePos(range[0]);
    return { line: lp.line, col: lp.col };
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
