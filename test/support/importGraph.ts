/**
 * The import graph of `src/`, read from the source text: every `import ... from '...'`,
 * `export ... from '...'` and `import('...')` with a relative specifier, type-only imports included (they
 * are edges too: a type-only cycle is still a cycle between two files' meanings). esbuild's metafile would
 * miss type-only imports, which it erases; the TypeScript 7 compiler in this repository has no JavaScript
 * API to ask. The scanner over-approximates (an import inside a comment would count), never misses an
 * import written at the start of a line, which is how every file here writes them.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/** One import: both ends as paths below `src/` with `/` separators and `.ts` extensions. */
export interface ImportEdge {
  from: string;
  to: string;
  /** `import type` / `export type`. */
  typeOnly: boolean;
}

const IMPORT = /(?:^|\n)[ \t]*(?:import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"](\.{1,2}\/[^'"]+)['"]|\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

/**
 * Every relative import of every `.ts` file below `srcDir`.
 * @param srcDir absolute path of the source folder
 */
export function importEdges(srcDir: string): ImportEdge[] {
  const files = readdirSync(srcDir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
  const edges: ImportEdge[] = [];
  for (const file of files) {
    const text = readFileSync(join(srcDir, file), 'utf8');
    for (const m of text.matchAll(IMPORT)) {
      const spec = m[2] ?? m[3];
      const target = resolve(srcDir, dirname(file), spec).replace(/\.js$/, '.ts');
      edges.push({ from: file.split(sep).join('/'), to: relative(srcDir, target).split(sep).join('/'), typeOnly: Boolean(m[1]) });
    }
  }
  return edges;
}

/**
 * The cycles of a directed graph: its strongly connected components of more than one node (Tarjan), each
 * sorted, in sorted order.
 */
export function cycles(edges: ReadonlyArray<readonly [string, string]>): string[][] {
  const next = new Map<string, string[]>();
  for (const [a, b] of edges) if (a !== b) next.set(a, [...(next.get(a) ?? []), b]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let counter = 0;
  const visit = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of [...new Set(edges.flat())].sort()) if (!index.has(v)) visit(v);
  return found.sort((a, b) => a[0].localeCompare(b[0]));
}
