/**
 * A graph as Graphviz DOT text (graphviz.org/doc/info/lang.html), the input of the SVG renderer: one
 * cluster per group, boxes with the node's `class` (written to the SVG group's `class` attribute,
 * graphviz.org/docs/attrs/class) and an `id` of their own (every id starts with the graph's `idPrefix`, which
 * Graphviz also puts before the ids it makes: graphviz.org/docs/attrs/id), dashed boxes for optional nodes, the title and
 * what a dashed box means as the graph's label. Every string is double-quoted with `\` and `"` escaped,
 * so a name cannot end the quoting or become an escape sequence of Graphviz's (a label shows its text as
 * written; in a node name, where DOT unescapes only `\"`, a backslash stays doubled).
 */
import type { Graph } from './types.js';

/** A double-quoted DOT string; a newline becomes Graphviz's `\n` line break. */
function quote(s: string): string {
  return `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\r?\n/g, '\\n')}"`;
}

/** Fill colours of the groups, in group order (then again from the first). */
const FILLS = ['#fff4ce', '#deecf9', '#dff6dd', '#f3e5f5', '#fde7e9', '#e1f5fe', '#fff8e1', '#ede7f6'];
const FONT = 'Helvetica,Arial,sans-serif';

/** DOT text of a graph; ends with a newline. */
export function toDot(graph: Graph): string {
  const prefix = graph.idPrefix ?? 'graph';
  const legend = graph.optionalMeans && graph.nodes.some((n) => n.optional) ? `\n(dashed: ${graph.optionalMeans})` : '';
  const lines = [
    'digraph hub {',
    `  graph [id=${quote(prefix)}, rankdir=${graph.direction}, label=${quote(graph.title + legend)}, labelloc=t, fontname=${quote(FONT)}, fontsize=14, nodesep=0.2, ranksep=0.5];`,
    `  node [shape=box, style="rounded,filled", fontname=${quote(FONT)}, fontsize=10, color="#605e5c"];`,
    `  edge [fontname=${quote(FONT)}, fontsize=9, color="#605e5c", fontcolor="#323130"];`,
  ];
  const index = new Map(graph.nodes.map((n, i) => [n.id, i]));
  [...graph.groups].forEach(([key, label], g) => {
    const members = graph.nodes.filter((n) => n.group === key);
    if (!members.length) return;
    lines.push(`  subgraph ${quote(`cluster_${g}`)} {`, `    id=${quote(`${prefix}-group-${g}`)}; label=${quote(label)}; style="rounded"; color="#c8c6c4";`);
    for (const n of members) {
      const style = n.optional ? ', style="rounded,filled,dashed"' : '';
      lines.push(
        `    ${quote(n.id)} [label=${quote(n.label)}, id=${quote(`${prefix}-node-${index.get(n.id)}`)}, class=${quote(n.className)}, fillcolor=${quote(FILLS[g % FILLS.length])}${style}];`,
      );
    }
    lines.push('  }');
  });
  for (const e of graph.edges) lines.push(`  ${quote(e.from)} -> ${quote(e.to)}${e.label ? ` [label=${quote(e.label)}]` : ''};`);
  lines.push('}');
  return `${lines.join('\n')}\n`;
}
