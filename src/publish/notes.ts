/**
 * Release notes of a feed: each release's markdown diff against the release before it in the feed
 * (`hubc diff --format markdown`), and their HTML rendering for the page and the Atom feed (markdown-it
 * with raw HTML off, so the notes cannot inject markup).
 */
import MarkdownIt from 'markdown-it';
import { diffBuilds } from '../diff/compare.js';
import { formatMarkdown } from '../diff/format/markdown.js';

const md = new MarkdownIt({ html: false, linkify: false, typographer: false });

/**
 * Markdown notes of `release` (artifacts `artifacts`) against `previous`, with level-3 headings so they sit
 * under a release's own heading; a short sentence for the first release of a feed.
 */
export function releaseNotes(release: string, artifacts: ReadonlyMap<string, string>, previous?: { release: string; artifacts: ReadonlyMap<string, string> }): string {
  if (!previous) return `### FinOps hub ${release}\n\nFirst release in this feed.\n`;
  const result = diffBuilds(
    { label: previous.release, source: 'release', release: previous.release, artifacts: previous.artifacts },
    { label: release, source: 'release', release, artifacts },
  );
  return formatMarkdown(result, { level: 3, title: `Changes from ${previous.release} to ${release}`, sides: false });
}

/** HTML of markdown notes (no raw HTML passes through). */
export function notesHtml(markdown: string): string {
  return md.render(markdown);
}
