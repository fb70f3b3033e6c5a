/**
 * SVG of a graph, laid out by Graphviz compiled to WebAssembly (`@hpcc-js/wasm-graphviz`, Apache-2.0, no
 * dependencies, the WebAssembly inside its one JavaScript file): no browser, no native code and no
 * download at run time, and bundled into dist/ with the rest of hubc (loaded with `import()`, so only the
 * commands that draw load it). The same DOT text gives the same SVG bytes.
 */
import { toDot } from './dot.js';
import type { Graph } from './types.js';

/** Draws a graph as SVG text (an XML document). */
export type SvgRenderer = (graph: Graph) => string;

/**
 * Loads Graphviz once and returns a synchronous renderer (about 0.1 s to load).
 * @throws Error when the WebAssembly module cannot be instantiated
 */
export async function loadSvgRenderer(): Promise<SvgRenderer> {
  const { Graphviz } = await import('@hpcc-js/wasm-graphviz');
  const graphviz = await Graphviz.load();
  return (graph) => graphviz.dot(toDot(graph));
}
