/**
 * What every fuzz case checks, the hub.yaml generators and how a failing case is replayed.
 *
 * Invariants of `compile(text)` (issue #14): it never throws; it returns no artifacts when it reports an
 * error; every diagnostic has a HUBnnn code, names hub.yaml and has a position inside the text; a text
 * without errors builds (azuredeploy.json and the other artifacts exist).
 *
 * Replay: a failure prints the property, seed and path;
 * `FUZZ_ONLY='<property>' FUZZ_SEED=<seed> FUZZ_PATH=<path> npx uvu -r tsx test/fuzz` runs that case again
 * (FUZZ_RUNS scales the number of cases of every property, default 1). `npm test` draws the same cases
 * every run (a fixed seed), so a test run's verdict never depends on chance; `FUZZ_SEED=random` draws new
 * ones (with FUZZ_RUNS, a longer search for new failures).
 */
import fc from 'fast-check';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { parse } from 'yaml';
import { compile, type CompileResult } from '../../src/compiler/compile.js';
import { hasErrors } from '../../src/diagnostics/diagnostic.js';
import { DEFAULT_HUB_YAML } from '../support/hubs.js';
import { arbitraryFor } from './schemaArbitrary.js';

/** The hub.yaml JSON Schema. */
export const HUB_SCHEMA = JSON.parse(readFileSync(new URL('../../schemas/hub.schema.json', import.meta.url), 'utf8'));
const AZURE_REGIONS: { clouds: Record<string, { regions: { name: string }[] }> } = JSON.parse(readFileSync(new URL('../../src/model/azureRegions.json', import.meta.url), 'utf8'));

/** The repository's default hub as data. */
export const DEFAULT_DATA: Record<string, unknown> = parse(DEFAULT_HUB_YAML);

/**
 * The base model of a release that generated sections replace: the release's default fixture
 * (`test/fixtures/<release>/default/hub.yaml`), else the repository's hub.yaml with that release.
 */
function baseOf(release: string): Record<string, unknown> {
  const file = new URL(`../fixtures/${release}/default/hub.yaml`, import.meta.url);
  return existsSync(file) ? parse(readFileSync(file, 'utf8')) : { ...DEFAULT_DATA, release };
}

const guid = fc.uuid();
/** Scope IDs Cost Management accepts (the schema only asks for a leading `/`; HUB213 checks the forms). */
const validScope = fc.oneof(
  guid.map((g) => `/subscriptions/${g}`),
  fc.tuple(guid, fc.stringMatching(/^[A-Za-z0-9_-]{1,20}$/)).map(([g, rg]) => `/subscriptions/${g}/resourceGroups/${rg}`),
  fc.integer({ min: 1, max: 99999999 }).map((n) => `/providers/Microsoft.Billing/billingAccounts/${n}`),
);
/** An IPv4 range of /16 to /26 without host bits (HUB201). */
const validPrefix = fc
  .tuple(fc.integer({ min: 1, max: 223 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 16, max: 26 }))
  .map(([a, b, c, bits]) => {
    const ip = ((a << 24) | (b << 16) | (c << 8)) >>> 0;
    const masked = (ip & (bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0)) >>> 0;
    return `${masked >>> 24}.${(masked >>> 16) & 255}.${(masked >>> 8) & 255}.${masked & 255}/${bits}`;
  });
/** Region names hub.yaml accepts (HUB214 checks them against Azure's list), and empty for "the resource group's". */
const validRegion = fc.constantFrom('', ...AZURE_REGIONS.clouds.AzureCloud.regions.map((r) => r.name));
/** Sections the semantic checks constrain beyond the schema: half of the draws follow those checks too. */
const SEMANTIC: Record<string, fc.Arbitrary<unknown>> = {
  hub: fc.record({ name: fc.stringMatching(/^[a-z][a-z0-9]{2,20}$/), location: validRegion, eventGridLocation: validRegion }),
  scopes: fc.uniqueArray(validScope, { maxLength: 4 }),
  networking: fc.record({ publicAccess: fc.boolean(), addressPrefix: validPrefix }),
  // Tag names Azure accepts on every resource type the hub tags, few enough for the 15 of private DNS zones.
  tags: fc.dictionary(fc.stringMatching(/^[a-z][a-z0-9-]{0,15}$/), fc.stringMatching(/^[A-Za-z0-9 ._-]{0,30}$/), { maxKeys: 8 }),
};

/**
 * Models valid against the schema: a release drawn from the schema's enum, its default hub, and some
 * top-level sections (each with probability 1/5) drawn from the schema (for scopes and networking, half
 * of the time values that also pass the semantic checks), so many also build.
 */
export const schemaModel: fc.Arbitrary<Record<string, unknown>> = (() => {
  const sections: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [k, v] of Object.entries<any>(HUB_SCHEMA.properties)) {
    if (k === 'release') continue;
    const drawn = SEMANTIC[k] ? fc.oneof(arbitraryFor(v), SEMANTIC[k]!) : arbitraryFor(v);
    sections[k] = fc.oneof({ arbitrary: fc.constant(undefined), weight: 4 }, { arbitrary: drawn, weight: 1 });
  }
  // Half of the models use the newest release, which has every component; the others any release.
  const releases: string[] = HUB_SCHEMA.properties.release.enum;
  const release = fc.oneof(fc.constant(releases[releases.length - 1]!), arbitraryFor(HUB_SCHEMA.properties.release));
  return fc.tuple(release, fc.record(sections)).map(([release, s]) => {
    const model: Record<string, unknown> = { ...baseOf(String(release)) };
    for (const [k, v] of Object.entries(s)) if (v !== undefined) model[k] = v;
    return model;
  });
})();

/** Why a compile broke an invariant, or undefined. */
export function violation(text: string, r: CompileResult): string | undefined {
  const errors = hasErrors(r.diagnostics);
  if (errors && r.artifacts.size > 0) return `${r.artifacts.size} artifacts returned with errors`;
  if (!errors && !r.artifacts.has('azuredeploy.json')) return 'no error and no azuredeploy.json';
  const lines = text.split('\n');
  for (const d of r.diagnostics) {
    const label = `${d.code} ${d.message}`;
    if (!/^HUB\d{3}$/.test(d.code)) return `diagnostic without a HUBnnn code: ${label}`;
    if (d.file !== 'hub.yaml') return `diagnostic in ${d.file}: ${label}`;
    if (!d.start) return `diagnostic without a position: ${label}`;
    const { line, col } = d.start;
    if (!Number.isInteger(line) || line < 1 || line > lines.length) return `line ${line} outside the text (${lines.length} lines): ${label}`;
    if (!Number.isInteger(col) || col < 1 || col > lines[line - 1]!.length + 1) return `column ${col} outside line ${line} (${lines[line - 1]!.length} characters): ${label}`;
  }
  return undefined;
}

const checked = new Map<string, CompileResult>();
/** Texts longer than this are not remembered (memory). */
const REMEMBER_MAX = 4096;

/**
 * Compiles, turning a throw into a reported violation; returns the result when the invariants hold. A short
 * text already rejected is not compiled again (compile() is deterministic; generators repeat short texts).
 */
export function compileChecked(text: string): CompileResult {
  const seen = checked.get(text);
  if (seen) return seen;
  let r: CompileResult;
  try {
    r = compile(text);
  } catch (e) {
    throw new Error(`compile() threw ${(e as Error).stack ?? e}\n--- text (first 2000 characters) ---\n${text.slice(0, 2000)}`);
  }
  const v = violation(text, r);
  if (v) {
    // FUZZ_DUMP=<file> keeps the whole failing text for a closer look.
    if (process.env.FUZZ_DUMP) writeFileSync(process.env.FUZZ_DUMP, text);
    throw new Error(`${v}\n--- text (first 2000 characters) ---\n${text.slice(0, 2000)}`);
  }
  // Only results without artifacts are remembered (a build's artifacts take megabytes).
  if (text.length < REMEMBER_MAX && r.artifacts.size === 0) checked.set(text, r);
  return r;
}

/** The seed of `npm test`'s fuzz cases. */
export const FIXED_SEED = 20261125;

/** Number of runs for a property: `base` times FUZZ_RUNS (default 1). */
export function runs(base: number): number {
  const scale = Number(process.env.FUZZ_RUNS ?? '1');
  return Math.max(1, Math.round(base * (Number.isFinite(scale) && scale > 0 ? scale : 1)));
}

/**
 * Runs a property like `fc.assert`, with the seed from FUZZ_SEED (default {@link FIXED_SEED}; `random` for a
 * fresh one) and FUZZ_PATH (only the
 * property FUZZ_ONLY names, when set), and on failure throws the counterexample with the command that
 * replays it.
 */
export function assertProperty<T>(name: string, property: fc.IPropertyWithHooks<T> | fc.IProperty<T>, numRuns: number): void {
  if (process.env.FUZZ_ONLY !== undefined && process.env.FUZZ_ONLY !== name) return;
  const given = process.env.FUZZ_SEED;
  const seed = given === 'random' ? (Date.now() ^ (Math.random() * 0x100000000)) | 0 : given !== undefined ? Number(given) : FIXED_SEED;
  const path = process.env.FUZZ_PATH;
  const details = fc.check(property, { numRuns, seed, ...(path ? { path } : {}) });
  if (!details.failed) return;
  const cause = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  throw new Error(
    `${name}: ${fc.defaultReportMessage(details) ?? 'failed'}\n` +
      `Error: ${cause.slice(0, 3000)}\n` +
      `Replay: FUZZ_ONLY='${name}' FUZZ_SEED=${details.seed} FUZZ_PATH=${details.counterexamplePath ?? ''} npx uvu -r tsx test/fuzz`,
  );
}
