/**
 * `hubc graph`: pictures of a build. `buildGraph` makes the data flow of its Data Factory objects
 * (`./flow.ts`) or its resource dependency graph (`./resources.ts`) from the build's template, and
 * `renderGraph` writes one as Mermaid text or as SVG (Graphviz in WebAssembly, `./svg.ts`).
 */
import { declaredResources, type Build } from '../build/index.js';
import { codes } from '../diagnostics/index.js';
import { HubcError } from '../diagnostics/diagnostic.js';
import { flowGraph } from './flow.js';
import { toMermaid } from './mermaid.js';
import { resourceGraph } from './resources.js';
import { loadSvgRenderer } from './svg.js';
import type { Graph, GraphFormat, GraphKind } from './types.js';

export { type Graph, type GraphFormat, type GraphKind, type GraphNode } from './types.js';
export { flowNodeId } from './flow.js';
export { toMermaid } from './mermaid.js';
export { toDot } from './dot.js';
export { loadSvgRenderer, type SvgRenderer } from './svg.js';

/** A build whose template cannot be drawn (no `azuredeploy.json`, or not a JSON object): HUB050. */
export class GraphInputError extends HubcError {}

/**
 * The graph of a build.
 * @param build the build (src/build)
 * @param kind `flow` (Data Factory data flow) or `resources` (ARM `dependsOn`)
 * @param label what the build is, for the title (`0.8`, `hub.yaml`)
 * @throws GraphInputError (HUB050) when the build has no template that is a JSON object
 */
export function buildGraph(build: Build, kind: GraphKind, label: string): Graph {
  if (!build.template.json) throw new GraphInputError(codes.HUB050.raise({ label }));
  const resources = declaredResources(build.template);
  return kind === 'flow' ? flowGraph(resources, `FinOps hub ${label}: data flow`) : resourceGraph(resources, `FinOps hub ${label}: resources and their dependsOn`);
}

/** A graph as Mermaid text or SVG; ends with a newline. */
export async function renderGraph(graph: Graph, format: GraphFormat): Promise<string> {
  if (format === 'mermaid') return toMermaid(graph);
  const svg = (await loadSvgRenderer())(graph);
  return svg.endsWith('\n') ? svg : `${svg}\n`;
}
