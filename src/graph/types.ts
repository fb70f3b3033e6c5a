/**
 * The graphs `hubc graph` draws, as data: nodes in groups and directed edges, built from a build's
 * files (`./flow.ts`, `./resources.ts`) or an upgrade plan, and written as Mermaid (`./mermaid.ts`),
 * Graphviz DOT (`./dot.ts`) or SVG (`./svg.ts`). Nothing here knows hubs; the builders do.
 */

/** The graphs of a build: the data flow of its Data Factory objects, or its ARM resources' `dependsOn`. */
export const GRAPH_KINDS = ['flow', 'resources'] as const;
/** One of {@link GRAPH_KINDS}. */
export type GraphKind = (typeof GRAPH_KINDS)[number];

/** Output formats of `hubc graph`. */
export const GRAPH_FORMATS = ['mermaid', 'svg'] as const;
/** One of {@link GRAPH_FORMATS}. */
export type GraphFormat = (typeof GRAPH_FORMATS)[number];

/** A node. */
export interface GraphNode {
  /** Unique in the graph; the DOT node name (the `<title>` of its SVG group). */
  id: string;
  /** The group it is drawn in (a key of {@link Graph.groups}). */
  group: string;
  /** Shown text; `\n` breaks a line. */
  label: string;
  /** A word for the SVG `class` and the Mermaid class (`pipeline`, `trigger`, ...): letters, digits and `-`. */
  className: string;
  /** Drawn dashed: declared, but not deployed with the build's values (or only maybe). */
  optional?: boolean;
}

/** A directed edge. */
export interface GraphEdge {
  from: string;
  to: string;
  /** Shown on the edge. */
  label?: string;
}

/** A whole graph. */
export interface Graph {
  /** Shown above the graph. */
  title: string;
  /** `LR` left to right (a flow), `TB` top to bottom (an order). */
  direction: 'LR' | 'TB';
  /** Group key -> label, in drawing order. */
  groups: ReadonlyMap<string, string>;
  nodes: GraphNode[];
  edges: GraphEdge[];
  /** What a dashed node means here, for the legend; absent when no node is optional. */
  optionalMeans?: string;
  /**
   * Prefix of every `id` in the SVG (letters, digits, `-`; default `graph`), so that several SVGs can sit
   * in one HTML page without two elements sharing an id.
   */
  idPrefix?: string;
}
