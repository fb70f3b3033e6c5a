/**
 * Catalogue entry for release-tagged download URLs (HUB740): a value the deployment evaluates to
 * `https://github.com/<owner>/<repo>/releases/download/<tag>/...` must name a tag the repository has. The
 * tags are data (`./data/releaseTags.json`, with its sources); for a repository not listed nothing is
 * judged. GitHub answers 404 for a tag that does not exist ("Linking to releases",
 * https://docs.github.com/repositories/releasing-projects-on-github/linking-to-releases), so the pipeline
 * or script that downloads the file fails when it runs.
 */
import data from './data/releaseTags.json' with { type: 'json' };
import { codes } from '../diagnostics/index.js';
import { walkJson } from '../util/json.js';
import type { CatalogueEntry, CatalogueFinding } from './types.js';

interface RepositoryTags {
  tags: string[];
  scheme: string;
}

const REPOSITORIES = new Map(Object.entries(data.repositories as Record<string, RepositoryTags>).map(([k, v]) => [k.toLowerCase(), v]));

const DOWNLOAD = /https:\/\/github\.com\/([\w.-]+)\/([\w.-]+)\/releases\/download\/([^/\s'"?#]+)\//gi;

/** Whether a repository has a tag: listed, or of the form its new releases take. */
function hasTag(repo: RepositoryTags, tag: string): boolean {
  return repo.tags.includes(tag) || new RegExp(repo.scheme).test(tag);
}

/** The tag a wrong one was meant as (`v12.0` -> `v12`, `v0.12` -> `v12`), when the repository has it. */
function meantTag(repo: RepositoryTags, tag: string): string | undefined {
  const candidates = [tag.replace(/\.0$/, ''), tag.replace(/^v0\./, 'v'), tag.replace(/^v0\./, 'v').replace(/\.0$/, '')];
  return candidates.find((c) => c !== tag && hasTag(repo, c));
}

/** The download URLs with a tag their repository lacks, in a string. */
export function wrongTags(text: string): { url: string; tag: string; expected?: string }[] {
  const out: { url: string; tag: string; expected?: string }[] = [];
  for (const m of text.matchAll(DOWNLOAD)) {
    const repo = REPOSITORIES.get(`${m[1]}/${m[2]}`.toLowerCase());
    if (!repo || hasTag(repo, m[3])) continue;
    const expected = meantTag(repo, m[3]);
    out.push({ url: m[0], tag: m[3], ...(expected ? { expected } : {}) });
  }
  return out;
}

export const releaseDownloads: CatalogueEntry = {
  name: 'downloads/release-tag',
  codes: [codes.HUB740.code],
  area: 'downloads',
  azure: 'GitHub answers 404 for a release tag that does not exist: the pipeline or script that downloads the file fails when it runs, after a deployment that succeeded.',
  source: 'https://docs.github.com/repositories/releasing-projects-on-github/linking-to-releases',
  issues: [1885],
  check(ctx) {
    const out: CatalogueFinding[] = [];
    const seen = new Set<string>();
    for (const r of ctx.deployed.template.resources) {
      walkJson(r.json, (v, path) => {
        if (typeof v !== 'string' || !v.includes('/releases/download/')) return;
        for (const w of wrongTags(v)) {
          if (seen.has(w.url)) continue;
          seen.add(w.url);
          out.push({ raised: codes.HUB740.raise(w), at: ctx.placeOf(r, path), where: r.label });
        }
      });
    }
    return out;
  },
};
