/**
 * An upgrade plan's order as a graph (`hubc upgrade-plan --format mermaid`): one node per step, numbered
 * and labelled with what to do and who does it, grouped by phase (before, during and after the
 * deployment), each step pointing at the next, as the plan orders them.
 */
import type { Graph, GraphNode } from '../graph/index.js';
import { PHASE_TITLES } from './format.js';
import type { UpgradePlan } from './types.js';
import { UPGRADE_PHASES } from './types.js';

/** Breaks text into lines of at most about `width` characters, at spaces. */
function wrap(text: string, width = 48): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && line.length + word.length + 1 > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.join('\n');
}

/** The graph of a plan's steps in order. */
export function planGraph(plan: UpgradePlan): Graph {
  const nodes: GraphNode[] = plan.steps.map((s) => ({ id: `step-${s.n}`, group: s.phase, label: `${s.n}. ${wrap(s.action)}\n[${s.performer}]`, className: s.kind }));
  const edges = plan.steps.slice(1).map((s, i) => ({ from: nodes[i].id, to: nodes[i + 1].id }));
  return {
    title: `Upgrade ${plan.from.label} -> ${plan.to.label}: ${plan.steps.length} steps in order`,
    direction: 'TB',
    groups: new Map(UPGRADE_PHASES.map((p) => [p, PHASE_TITLES[p]])),
    nodes,
    edges,
  };
}
