/**
 * The picture of each release on the feed page: `finops-hub-<release>.flow.svg`, the data flow of the
 * release's Data Factory objects (`hubc graph --kind flow --format svg` of the release folder, src/graph/),
 * shown inside the page (the SVG inline, folded) and linked as the file. Like index.html it is derived from
 * the release's files and rewritten by every publish when hubc draws it differently; it is not one of the
 * release's immutable files (index.json does not list it).
 */
import { buildGraph, type SvgRenderer } from '../graph/index.js';
import { blobOf, heldBuild, type FeedBlob } from './feed.js';

/** The feed file of a release's data flow picture. */
export function flowGraphName(release: string): string {
  return `finops-hub-${release}.flow.svg`;
}

/**
 * Sets the data flow picture of every release in `desired` (the feed's files after the publish). Each
 * SVG's ids start with `flow-<release>-`, so the pictures of several releases can share the page.
 * @param releases the releases of the feed
 * @param svg the SVG renderer (`loadSvgRenderer()` of src/graph/svg.ts)
 */
export function setFlowGraphs(desired: Map<string, FeedBlob>, releases: readonly string[], svg: SvgRenderer): void {
  for (const release of releases) {
    const graph = buildGraph(heldBuild(desired, release), 'flow', release);
    graph.idPrefix = `flow-${release.replace(/[^A-Za-z0-9-]/g, '-')}`;
    desired.set(flowGraphName(release), blobOf(Buffer.from(svg(graph), 'utf8')));
  }
}

/**
 * The pictures held in `desired`, ready to sit inside the page: release -> the `<svg>` element (the XML
 * declaration, document type and comments of the file left out).
 */
export function inlineFlowGraphs(desired: ReadonlyMap<string, FeedBlob>, releases: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const release of releases) {
    const file = desired.get(flowGraphName(release));
    if (!file) continue;
    const text = file.read().toString('utf8');
    const start = text.indexOf('<svg');
    if (start < 0) continue;
    out.set(
      release,
      text
        .slice(start)
        .replace(/<!--[\s\S]*?-->/g, '')
        .trim(),
    );
  }
  return out;
}
