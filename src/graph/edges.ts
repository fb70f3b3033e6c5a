/** What both graphs of a build do with the edges they collect. */
import type { GraphEdge, GraphNode } from './types.js';

/** Edges between existing nodes, one per pair, their labels joined (sorted, each once). */
export function mergeEdges(edges: readonly GraphEdge[], nodes: readonly GraphNode[]): GraphEdge[] {
  const ids = new Set(nodes.map((n) => n.id));
  const merged = new Map<string, { from: string; to: string; labels: Set<string> }>();
  for (const e of edges) {
    if (!ids.has(e.from) || !ids.has(e.to) || e.from === e.to) continue;
    const key = `${e.from}\u0000${e.to}`;
    const m = merged.get(key) ?? { from: e.from, to: e.to, labels: new Set<string>() };
    if (e.label) m.labels.add(e.label);
    merged.set(key, m);
  }
  return [...merged.values()].map((m) => ({ from: m.from, to: m.to, ...(m.labels.size ? { label: [...m.labels].sort().join(', ') } : {}) }));
}
