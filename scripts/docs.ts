/**
 * `npm run docs`: writes the tables generated from the release table into docs/releases.md and
 * docs/hub-yaml.md ("Releases"), and the upgrade plans of docs/upgrading.md (test/compiler/releaseDocs.test.ts
 * fails when they are not current); and docs/diagnostics.md from the diagnostic registry, src/diagnostics/
 * (test/compiler/codes.test.ts fails when it is not current); and the `release` field of schemas/hub.schema.json
 * (its values and range) from the release table. A file already current is left untouched and reported as such.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hubSchemaText, hubYamlReleasesTable, limitsTable, releasesTable, replaceBlock, taggedTypesTable } from '../src/frontend/releaseDocs.js';
import { upgradingSection } from '../src/upgrade/docs.js';
import { diagnosticsDoc } from '../src/diagnostics/docs.js';
import { catalogueTable, publicLineTable, type PublicFindings } from '../src/catalogue/docs.js';
import { readdirSync } from 'node:fs';

/** What happened to one generated file. */
export interface DocsOutcome {
  /** Path relative to the root, with `/`. */
  file: string;
  changed: boolean;
}

/**
 * Regenerates the generated docs under `root` (a checkout: hub.yaml, docs/), writing only the
 * files whose text changes.
 * @returns one outcome per file, in the order written
 */
export function writeDocs(root: string): DocsOutcome[] {
  const path = (file: string) => join(root, ...file.split('/'));
  const hubYaml = readFileSync(path('hub.yaml'), 'utf8');
  const blocks: Record<string, [block: string, content: () => string][]> = {
    'docs/releases.md': [['releases', releasesTable]],
    'docs/upgrading.md': [['upgrading', () => upgradingSection(hubYaml)]],
    'docs/hub-yaml.md': [
      ['hub-yaml-releases', hubYamlReleasesTable],
      ['hub-yaml-tags', taggedTypesTable],
      ['hub-yaml-limits', limitsTable],
    ],
    'docs/checks.md': [
      ['catalogue', catalogueTable],
      ['public-line', () => publicLineTable(publicFindings(path('test/fixtures/checks/public')))],
    ],
  };
  const texts: [string, string][] = Object.entries(blocks).map(([file, list]) => [
    file,
    list.reduce((text, [block, content]) => replaceBlock(text, block, content()), readFileSync(path(file), 'utf8')),
  ]);
  texts.push(['docs/diagnostics.md', diagnosticsDoc()]);
  texts.push(['schemas/hub.schema.json', hubSchemaText(readFileSync(path('schemas/hub.schema.json'), 'utf8'))]);
  return texts.map(([file, text]) => {
    let old: string | undefined;
    try {
      old = readFileSync(path(file), 'utf8');
    } catch {
      old = undefined;
    }
    if (old === text) return { file, changed: false };
    writeFileSync(path(file), text);
    return { file, changed: true };
  });
}

/** The expected findings of `hubc check` on each public release (the public-line test's files), oldest release first. */
export function publicFindings(dir: string): PublicFindings[] {
  const key = (v: string) =>
    v
      .split('.')
      .map((n) => n.padStart(4, '0'))
      .join('.');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.replace(/\.json$/, ''))
    .sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0))
    .map((version) => ({ version, ...(JSON.parse(readFileSync(join(dir, `${version}.json`), 'utf8')) as Omit<PublicFindings, 'version'>) }));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const o of writeDocs(fileURLToPath(new URL('..', import.meta.url)))) console.log(o.changed ? `updated ${o.file}` : `${o.file} is current`);
}
