/**
 * The links of README.md, CHANGELOG.md and docs/*.md: every relative link names a file of the repository, and every
 * `#anchor` a heading (GitHub's slugs) or an `<a id>` of the file it points into. Keeps the "see ..." of the
 * docs true (issue #21 added sections users are sent to from README, hubc init's hub.yaml and the hints).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const files = [
  'README.md',
  'CHANGELOG.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to `-`; repeats get `-1`, `-2`. */
function anchorsOf(markdown: string): Set<string> {
  const out = new Set<string>();
  const seen = new Map<string, number>();
  const text = markdown.replace(/^```[\s\S]*?^```/gm, '');
  for (const m of text.matchAll(/^#{1,6} +(.+?) *$/gm)) {
    const slug = m[1]
      .replace(/`/g, '')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/ /g, '-');
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    out.add(n ? `${slug}-${n}` : slug);
  }
  for (const m of text.matchAll(/<a id="([^"]+)"/g)) out.add(m[1]);
  return out;
}

for (const file of files) {
  test(`${file}: relative links and anchors resolve`, () => {
    const text = readFileSync(join(ROOT, file), 'utf8')
      .replace(/^```[\s\S]*?^```/gm, '')
      .replace(/`[^`\n]*`/g, '');
    const broken: string[] = [];
    for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      const link = m[1];
      if (/^[a-z]+:/i.test(link)) continue;
      const [path, anchor] = link.split('#');
      const target = path ? relative(ROOT, join(dirname(join(ROOT, file)), decodeURIComponent(path))) : file;
      if (!existsSync(join(ROOT, target))) {
        broken.push(`${link}: no file ${target}`);
        continue;
      }
      if (anchor && target.endsWith('.md') && !anchorsOf(readFileSync(join(ROOT, target), 'utf8')).has(anchor)) broken.push(`${link}: no heading #${anchor} in ${target}`);
    }
    assert.equal(broken, []);
  });
}

test.run();
