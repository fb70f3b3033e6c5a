import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ALL_CODES, codes } from '../../src/diagnostics/index.js';
import { diagnosticsDoc } from '../../src/diagnostics/docs.js';
import { cliCodes } from '../../src/diagnostics/cli.js';
import { hubYamlCodes } from '../../src/diagnostics/hubYaml.js';
import { hubYamlCheckCodes } from '../../src/diagnostics/hubYamlChecks.js';
import { outputCodes } from '../../src/diagnostics/output.js';
import { diffPublishCodes } from '../../src/diagnostics/diffPublish.js';
import { deployCodes } from '../../src/diagnostics/deploy.js';
import { releaseChangeCodes } from '../../src/diagnostics/releaseChanges.js';
import { simulateCodes } from '../../src/diagnostics/simulate.js';
import { feedCodes } from '../../src/diagnostics/feed.js';
import { upgradeCodes } from '../../src/diagnostics/upgrade.js';
import { lintCodes } from '../../src/diagnostics/lint.js';
import { checkCodes } from '../../src/diagnostics/checks.js';
import { takeoverCodes } from '../../src/diagnostics/takeover.js';
import { grantCodes } from '../../src/diagnostics/grants.js';
import { managedExportNoteCodes } from '../../src/diagnostics/managedExportNotes.js';
import { fabricCodes } from '../../src/diagnostics/fabric.js';
import { inputLimitCodes } from '../../src/diagnostics/inputLimits.js';
import { upgradeNoteCodes } from '../../src/diagnostics/upgradeNotes.js';
import { RULES } from '../../src/lint/registry.js';
import { API_VERSIONS_AS_OF } from '../../src/lint/data/apiVersions.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const REGISTRY = join(ROOT, 'src', 'diagnostics') + sep;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? sources(full) : full.endsWith('.ts') ? [full] : [];
  });
}

/** The source files outside the registry folder, as [path relative to the repo, text]. */
const OUTSIDE = sources(join(ROOT, 'src'))
  .filter((f) => !f.startsWith(REGISTRY))
  .map((f) => [relative(ROOT, f), readFileSync(f, 'utf8')] as const);

/** A line that is only comment: doc comments and `//` lines (prose that names a code, e.g. "HUB304"). */
const isCommentLine = (line: string) => /^\s*(\*|\/\*|\/\/)/.test(line);

/** The lines of a text that write a code outside comments and registry references. */
const inlineCodes = (text: string) =>
  text.split('\n').flatMap((line, i) => (/HUB\d{3}/.test(line.replace(/codes\.HUB\d{3}/g, '')) && !isCommentLine(line) ? [{ n: i + 1, line: line.trim() }] : []));

test('docs/diagnostics.md is generated from the registry (run npm run docs)', () => {
  const committed = readFileSync(join(ROOT, 'docs/diagnostics.md'), 'utf8');
  assert.ok(committed === diagnosticsDoc(), 'docs/diagnostics.md differs from the registry: run npm run docs');
  for (const c of ALL_CODES) assert.ok(committed.includes(`<a id="${c.code.toLowerCase()}"></a>${c.code} |`), `${c.code} has a row with its anchor`);
});

// Codes are declared once, in src/diagnostics/, and raised through their entries (`codes.HUB201...`), so
// the type check proves every raised code is declared. Outside the registry a code may appear only in
// comment lines: doc comments that say which codes a function raises are cross-references for readers
// and raise nothing; every string, template or key that holds a code is code and must use the registry.
test('no HUBnnn code is written outside the registry, except in comment lines', () => {
  const found = OUTSIDE.flatMap(([file, text]) => inlineCodes(text).map((l) => `${file}:${l.n}: ${l.line}`));
  assert.equal(found, [], `inline codes:\n${found.join('\n')}`);
});

test('every declared code is raised somewhere outside the registry', () => {
  const used = new Set(OUTSIDE.flatMap(([, text]) => [...text.matchAll(/codes\.(HUB\d{3})\b/g)].map((m) => m[1])));
  const unused = ALL_CODES.map((c) => c.code).filter((c) => !used.has(c));
  assert.equal(unused, [], `declared but never raised: ${unused.join(', ')}`);
});

test('each stage file declares only the codes of its range', () => {
  const ranges: [Record<string, { code: string }>, number, number][] = [
    [cliCodes, 0, 99],
    [upgradeNoteCodes, 30, 39],
    [hubYamlCodes, 100, 199],
    [hubYamlCheckCodes, 200, 299],
    [outputCodes, 300, 399],
    [diffPublishCodes, 400, 419],
    [deployCodes, 420, 449],
    [releaseChangeCodes, 442, 448],
    [simulateCodes, 450, 479],
    [feedCodes, 470, 474],
    [upgradeCodes, 480, 499],
    [lintCodes, 500, 599],
    [takeoverCodes, 600, 619],
    [inputLimitCodes, 475, 478],
    [fabricCodes, 620, 639],
    [grantCodes, 660, 669],
    [managedExportNoteCodes, 457, 458],
    [checkCodes, 700, 799],
  ];
  const all = ranges.flatMap(([table, lo, hi]) =>
    Object.entries(table).map(([key, entry]) => {
      assert.is(entry.code, key);
      const n = Number(key.slice(3));
      assert.ok(n >= lo && n <= hi, `${key} is outside ${lo}-${hi}`);
      return key;
    }),
  );
  assert.is(new Set(all).size, all.length, 'no code is declared twice');
  assert.is(all.length, Object.keys(codes).length);
});

test('every lint rule takes its code, name, severity and summary from a lint entry of the registry', () => {
  for (const r of RULES) {
    const entry = (codes as Record<string, { rule?: string; severity: string; meaning: string }>)[r.id];
    assert.ok(entry, `${r.id} is declared`);
    assert.equal([entry.rule, entry.severity, entry.meaning], [r.name, r.severity, r.summary], r.id);
  }
  assert.ok(codes.HUB505.meaning.includes(` ${API_VERSIONS_AS_OF} `), 'HUB505 names the date of the API version table');
  const ruleCodes = ALL_CODES.filter((c) => c.rule).map((c) => c.code);
  assert.equal(
    ruleCodes,
    RULES.map((r) => r.id),
  );
});

test('a raiser gives code, severity, message and a hint only when the template has one', () => {
  assert.equal(codes.HUB599.unused({ id: 'HUB510', name: 'arm/depends-on' }), {
    code: 'HUB599',
    severity: 'warning',
    message: 'the suppression of HUB510 (arm/depends-on) matches no finding',
    hint: 'Remove the suppression; the problem it accepted is gone.',
  });
  assert.is(codes.HUB104.anchor, 'docs/diagnostics.md#hub104');
});

test.run();
