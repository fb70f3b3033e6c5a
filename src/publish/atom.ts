/**
 * `feed.xml`: an Atom feed (RFC 4287) with one entry per release, newest first. Each entry has the release's
 * page anchor as its `alternate` link, the template as an `enclosure`, the release date as `updated`
 * (midnight UTC) and the rendered release notes as `html` content. Written with fast-xml-parser's builder,
 * which escapes text and attributes.
 */
import { XMLBuilder } from 'fast-xml-parser';
import type { FeedIndex } from './indexJson.js';
import { notesHtml } from './notes.js';
import { fileUrl } from './urls.js';

/** Atom timestamp of a `YYYY-MM-DD` date. */
const stamp = (date: string) => `${date}T00:00:00Z`;

/** The Atom feed of an index; ends with a newline. */
export function atomFeed(index: FeedIndex): string {
  const base = index.baseUrl;
  const newest =
    index.releases
      .map((r) => r.date)
      .sort()
      .pop() ?? '1970-01-01';
  const entries = index.releases.map((r) => {
    const template = r.files.find((f) => f.path === r.template);
    return {
      id: fileUrl(base, `${r.release}/`),
      title: `FinOps hub ${r.release}`,
      updated: stamp(r.date),
      link: [
        { '@_rel': 'alternate', '@_type': 'text/html', '@_href': `${base}index.html#release-${r.release}` },
        { '@_rel': 'enclosure', '@_type': 'application/json', '@_href': fileUrl(base, r.template), ...(template ? { '@_length': String(template.bytes) } : {}) },
      ],
      summary: `FinOps hub ${r.release} ARM template and portal form, published ${r.date}.`,
      content: { '@_type': 'html', '#text': notesHtml(r.releaseNotes) },
    };
  });
  const doc = {
    '?xml': { '@_version': '1.0', '@_encoding': 'utf-8' },
    feed: {
      '@_xmlns': 'http://www.w3.org/2005/Atom',
      id: base,
      title: 'FinOps hub releases',
      updated: stamp(newest),
      author: { name: 'hubc publish' },
      generator: 'hubc',
      link: [
        { '@_rel': 'self', '@_type': 'application/atom+xml', '@_href': `${base}feed.xml` },
        { '@_rel': 'alternate', '@_type': 'text/html', '@_href': `${base}index.html` },
      ],
      entry: entries,
    },
  };
  const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', format: true, indentBy: '  ', suppressEmptyNode: true });
  return `${builder.build(doc).trimEnd()}\n`;
}
