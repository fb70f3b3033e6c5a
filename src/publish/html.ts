/**
 * `index.html`: one self-contained page (inline styles only; no scripts, external styles, fonts or images; an
 * empty `data:` icon so that browsers request no favicon)
 * listing a feed's releases newest first, each with its Deploy to Azure buttons for the three clouds, its
 * files with sizes and SHA-256 hashes (links relative to the feed), its data flow picture (inline SVG,
 * folded), its rendered release notes (what to do and what changes, in words) and below them, folded, the
 * machine-level changes with links to their JSON and JSON Patch files.
 */
import type { FeedIndex, FeedRelease } from './indexJson.js';
import { notesHtml } from './notes.js';
import { PORTALS, type Cloud } from './urls.js';
import { flowGraphName } from './flowGraphs.js';

/** Escapes text for HTML element content and double-quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** A relative link to a feed file: each path segment percent-encoded. */
const href = (path: string) => path.split('/').map(encodeURIComponent).join('/');

const STYLE = `
body { font: 15px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; margin: 0 auto; max-width: 72rem; padding: 1rem 1.5rem; color: #1b1b1b; }
h1 { font-size: 1.8rem; } h2 { border-bottom: 1px solid #ddd; padding-bottom: .3rem; margin-top: 2.5rem; }
.date { color: #666; font-size: 1rem; font-weight: normal; margin-left: .5rem; }
.latest { background: #107c10; color: #fff; border-radius: .3rem; font-size: .8rem; padding: .1rem .45rem; margin-left: .5rem; vertical-align: middle; }
.deploy a { display: inline-block; background: #0078d4; color: #fff; text-decoration: none; border-radius: .3rem; padding: .45rem .9rem; margin: 0 .4rem .4rem 0; }
.deploy a:hover { background: #005a9e; }
table { border-collapse: collapse; font-size: .85rem; } td, th { text-align: left; padding: .15rem .6rem .15rem 0; vertical-align: top; }
td.bytes { text-align: right; } code { font-size: .8rem; word-break: break-all; }
.notes { border-left: 3px solid #eee; padding-left: 1rem; overflow-wrap: anywhere; }
.notes h4 { margin-bottom: .3rem; } .machine { font-size: .9rem; color: #444; }
details.changes { margin: .5rem 0 1rem; } details.changes summary { cursor: pointer; color: #0058a3; }
.diff { font-size: .85rem; overflow-wrap: anywhere; padding-left: 1rem; border-left: 3px solid #f3f3f3; }
.flow figure { margin: .5rem 0; overflow-x: auto; } .flow svg { max-width: 100%; height: auto; }
`;

/**
 * The machine-level changes of a release, below its notes: links to the comparison as JSON and as JSON
 * Patch, and the comparison itself folded in a `<details>` (closed: the words above are what to read).
 */
function changesBlock(r: FeedRelease): string[] {
  const c = r.changes;
  if (!c) return [];
  return [
    `<p class="machine">Every change from ${escapeHtml(c.from)} to ${escapeHtml(r.release)}, for tools: <a href="${escapeHtml(href(c.json))}">as JSON</a> (hubc diff --format json) and <a href="${escapeHtml(href(c.patch))}">as JSON Patch</a> (applied to ${escapeHtml(c.from)}'s files, it gives ${escapeHtml(r.release)}'s).</p>`,
    `<details class="changes"><summary>All changes from ${escapeHtml(c.from)} to ${escapeHtml(r.release)}, file by file</summary>`,
    `<div class="diff">\n${notesHtml(c.details).trimEnd()}\n</div>`,
    '</details>',
  ];
}

/** The release's data flow picture (./flowGraphs.ts), folded: the SVG inline, and a link to its file. */
function flowSection(release: string, svg: string | undefined): string {
  if (!svg) return '';
  return [
    '<details class="flow"><summary>Data flow: triggers, pipelines, datasets, storage and Data Explorer</summary>',
    `<figure>${svg}</figure>`,
    `<p><a href="${escapeHtml(href(flowGraphName(release)))}">Open the picture as an SVG file</a>. Dashed: declared by the template, deployed only with other parameter values.</p>`,
    '</details>',
  ].join('\n');
}

/** One release's section. */
function releaseSection(r: FeedRelease, latest: boolean, flow: string | undefined): string {
  const buttons = (Object.keys(PORTALS) as Cloud[])
    .map((c) => `<a href="${escapeHtml(r.deploy[c])}" title="Open the ${escapeHtml(PORTALS[c].title)} portal with this template">Deploy to ${escapeHtml(PORTALS[c].title)}</a>`)
    .join('\n');
  const rows = r.files
    .map((f) => `<tr><td><a href="${escapeHtml(href(f.path))}">${escapeHtml(f.path)}</a></td><td class="bytes">${f.bytes}</td><td><code>${f.sha256}</code></td></tr>`)
    .join('\n');
  return [
    `<section class="release" id="release-${escapeHtml(r.release)}">`,
    `<h2>FinOps hub ${escapeHtml(r.release)}<span class="date">${escapeHtml(r.date)}</span>${latest ? '<span class="latest">latest</span>' : ''}</h2>`,
    `<p class="deploy">\n${buttons}\n</p>`,
    `<p>Template <a href="${escapeHtml(href(r.template))}">${escapeHtml(r.template)}</a> and portal form <a href="${escapeHtml(href(r.uiDefinition))}">${escapeHtml(r.uiDefinition)}</a>${r.previous ? `; what changes since <a href="#release-${escapeHtml(r.previous)}">${escapeHtml(r.previous)}</a> below` : ''}.</p>`,
    // What an operator must do and what changes for them lead; the rest is folded below.
    `<div class="notes">\n${notesHtml(r.releaseNotes).trimEnd()}\n</div>`,
    ...changesBlock(r),
    flowSection(r.release, flow),
    `<details><summary>All ${r.files.length} files with SHA-256 hashes</summary>`,
    `<table><thead><tr><th>File</th><th>Bytes</th><th>SHA-256</th></tr></thead><tbody>\n${rows}\n</tbody></table>`,
    '</details>',
    '</section>',
  ].join('\n');
}

/**
 * The page of an index; ends with a newline.
 * @param flows each release's data flow picture as an `<svg>` element (`inlineFlowGraphs` of ./flowGraphs.ts)
 */
export function feedPage(index: FeedIndex, flows: ReadonlyMap<string, string> = new Map()): string {
  const intro = index.latest
    ? `<p>Newest release: <a href="#release-${escapeHtml(index.latest)}">${escapeHtml(index.latest)}</a> (also as <a href="finops-hub-latest.json">finops-hub-latest.json</a> and <a href="finops-hub-latest.ui.json">finops-hub-latest.ui.json</a>). Machine-readable: <a href="index.json">index.json</a>, <a href="feed.xml">Atom feed</a>.</p>`
    : '<p>No releases yet.</p>';
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<title>FinOps hub releases</title>',
    // An empty icon: without one, browsers ask the server for /favicon.ico, a 404 and a console error on most hosts.
    '<link rel="icon" href="data:,">',
    '<link rel="alternate" type="application/atom+xml" title="FinOps hub releases" href="feed.xml">',
    `<style>${STYLE}</style>`,
    '</head>',
    '<body>',
    '<header>',
    '<h1>FinOps hub releases</h1>',
    intro,
    '<p>Each release is immutable: its files never change once published. Check a download against its SHA-256 hash.</p>',
    '</header>',
    '<main>',
    ...index.releases.map((r) => releaseSection(r, r.release === index.latest, flows.get(r.release))),
    '</main>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
