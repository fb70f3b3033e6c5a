/**
 * `hubc check` measured on the public line (issue #33): every public template in
 * ../shared/reference/public-templates (0.1.1 to 14.0) with its portal form, against the findings expected
 * of it (test/fixtures/checks/public/<version>.json), each written from a fact of the reference or a public
 * issue, not from what the check printed. A finding matches an expected one by code, place (`where`) and a
 * part of its message (`says`); one the file does not expect fails the test, and so does an expected one not
 * found. The Kusto language service is left out (`--quick`): it takes seconds per script.
 * Needs ../shared (test/support/publicTemplates.ts): without it the test is skipped.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkTemplate } from '../../src/check/index.js';
import { fromTemplateText } from '../../src/build/index.js';
import { renamedRoleAssignments, roleAssignments } from '../../src/catalogue/index.js';
import { publicTemplatesDir } from '../support/publicTemplates.js';
import { getRelease, RELEASE_VERSIONS } from '../../src/model/releases.js';

const FIXTURES = new URL('../fixtures/checks/public/', import.meta.url);

interface Expected {
  template: string;
  ui: string;
  parameters: Record<string, unknown>;
  findings: { code: string; where: string; says: string; because: string }[];
}

const expectedFiles = readdirSync(FIXTURES).filter((f) => f.endsWith('.json'));

test('an expected findings file for every public template, each finding with its reason', () => {
  const dir = publicTemplatesDir();
  const templates = readdirSync(dir)
    .filter((f) => /^finops-hub-\d[\d.]*\.json$/.test(f))
    .map((f) => f.replace(/^finops-hub-|\.json$/g, ''));
  assert.equal(expectedFiles.map((f) => f.replace(/\.json$/, '')).sort(), templates.sort());
  for (const f of expectedFiles) {
    const e = JSON.parse(readFileSync(new URL(f, FIXTURES), 'utf8')) as Expected;
    for (const x of e.findings) assert.ok(x.because.length > 40 && /#\d+|§|\.md|template/.test(x.because), `${f}: ${x.code} ${x.says} names its fact or issue`);
  }
});

for (const f of expectedFiles) {
  const version = f.replace(/\.json$/, '');
  test(`public ${version}: hubc check finds what the reference and the issues say, and nothing else`, () => {
    const dir = publicTemplatesDir();
    const e = JSON.parse(readFileSync(new URL(f, FIXTURES), 'utf8')) as Expected;
    const work = mkdtempSync(join(tmpdir(), 'hubc-check-public-'));
    try {
      const parameters = join(work, 'parameters.json');
      writeFileSync(parameters, JSON.stringify({ parameters: Object.fromEntries(Object.entries(e.parameters).map(([k, v]) => [k, { value: v }])) }));
      const report = checkTemplate({ template: join(dir, e.template), ui: join(dir, e.ui), parameters, quick: true });
      assert.is(report.release, version);
      const left = [...report.diagnostics];
      const missing: string[] = [];
      for (const x of e.findings) {
        const i = left.findIndex((d) => d.code === x.code && (d.path ?? '') === x.where && d.message.includes(x.says));
        if (i < 0) missing.push(`${x.code} [${x.where}] ${x.says}`);
        else left.splice(i, 1);
      }
      assert.equal(missing, [], 'expected findings not found');
      assert.equal(
        left.map((d) => `${d.code} [${d.path ?? ''}] ${d.message}`),
        [],
        'findings the file does not expect',
      );
      assert.ok(
        report.diagnostics.every((d) => d.start && d.start.line > 0),
        'every finding has its line in the file given',
      );
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
}

test('role assignments keep their names from one public release to the next (HUB750 finds none on the public line)', () => {
  const dir = publicTemplatesDir();
  // From 0.3, the first public release with the eight role assignments checked below, to the newest the table names.
  const releases = RELEASE_VERSIONS.slice(RELEASE_VERSIONS.indexOf('0.3')).map((v) => getRelease(v).publicRelease.template);
  const deployed = releases.map((v) => {
    const text = readFileSync(join(dir, `finops-hub-${v}.json`), 'utf8');
    const parameters = Object.fromEntries(
      Object.entries({ hubName: 'contoso', dataExplorerName: 'contoso-adx', enableManagedExports: true }).filter(([k]) => text.includes(`"${k}"`)),
    );
    return fromTemplateText({ template: text }, v, { parameters }).deployed;
  });
  for (let i = 1; i < deployed.length; i++) {
    assert.ok(roleAssignments(deployed[i]).length >= 8, `${releases[i]} has its role assignments`);
    assert.equal(renamedRoleAssignments(deployed[i - 1], deployed[i]), [], `${releases[i - 1]} -> ${releases[i]}`);
  }
});

test.run();
