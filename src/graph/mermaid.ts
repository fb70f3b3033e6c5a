/**
 * A graph as Mermaid flowchart text (mermaid.js.org/syntax/flowchart.html): the title in the front matter,
 * one `subgraph` per group, nodes `n<i>["label"]`, edges `-->|"label"|`, dashed nodes in the class
 * `optional`. Text is quoted and written with Mermaid's entity codes (`#quot;`, `#lt;`, `#gt;`, `#35;`),
 * lines broken with `<br/>`, so no label can end the quoting or inject syntax.
 */
import type { Graph } from './types.js';

/** Text inside a quoted Mermaid label. */
function text(s: string): string {
  return s.replace(/#/g, '#35;').replace(/"/g, '#quot;').replace(/</g, '#lt;').replace(/>/g, '#gt;').replace(/\|/g, '#124;').replace(/\r?\n/g, '<br/>');
}

/** Mermaid flowchart text of a graph; ends with a newline. */
export function toMermaid(graph: Graph): string {
  const ids = new Map(graph.nodes.map((n, i) => [n.id, `n${i}`]));
  const lines = ['---', `title: ${JSON.stringify(graph.title)}`, '---', `flowchart ${graph.direction}`];
  [...graph.groups].forEach(([key, label], g) => {
    const members = graph.nodes.filter((n) => n.group === key);
    if (!members.length) return;
    lines.push(`  subgraph g${g}["${text(label)}"]`);
    for (const n of members) lines.push(`    ${ids.get(n.id)}["${text(n.label)}"]`);
    lines.push('  end');
  });
  for (const e of graph.edges) lines.push(`  ${ids.get(e.from)} -->${e.label ? `|"${text(e.label)}"|` : ''} ${ids.get(e.to)}`);
  const optional = graph.nodes.filter((n) => n.optional).map((n) => ids.get(n.id));
  if (optional.length) {
    lines.push(`  %% dashed: ${graph.optionalMeans ?? 'not always deployed'}`);
    lines.push('  classDef optional stroke-dasharray: 5 5');
    lines.push(`  class ${optional.join(',')} optional`);
  }
  return `${lines.join('\n')}\n`;
}
