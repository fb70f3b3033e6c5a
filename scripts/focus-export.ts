/**
 * Deterministic FocusCost 1.0r2 exports of any size, for `npm run bench` (issue #23) and the small
 * streaming tests: CSV files (plain or gzip) with the columns of the build's
 * `config/schemas/focuscost_1.0r2.json`, and whole Cost Management exports (partition files plus
 * `manifest.json`) in a storage folder. Nothing is stored in the repository; files go where the caller says.
 *
 * The value mix is meant to look like a real export: tens of thousands of distinct ResourceIds, tags as
 * JSON (quoted, with commas), decimals with 10 to 18 significant digits, negative credits, empty cells in the
 * optional columns, quoted descriptions with commas and doubled quotes. The same seed and size give the same
 * bytes on any machine (a small xorshift generator, no Math.random).
 *
 * While writing, the generator keeps the exact sums of `BilledCost` and `EffectiveCost` (as integers at
 * scale 18) and the row count, so a reader of the converted parquet can prove nothing was lost.
 *
 * Run by hand: `npx tsx scripts/focus-export.ts OUT.csv[.gz] SIZE_MB`, or
 * `npx tsx scripts/focus-export.ts --export DIR MB_PER_FILE FILES gzip|plain` for a whole export.
 */
import { createWriteStream, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { once } from 'node:events';
import { createGzip } from 'node:zlib';
import { pathToFileURL } from 'node:url';
import type { Writable } from 'node:stream';

/** Columns and interim types of FocusCost 1.0r2 (`config/schemas/focuscost_1.0r2.json`), in file order. */
export async function focusColumns(): Promise<{ name: string; type: string }[]> {
  const { compile } = await import('../src/compiler/compile.js');
  const hub = (await import('node:fs')).readFileSync(new URL('../hub.yaml', import.meta.url), 'utf8');
  const schema = compile(hub, { release: '0.7' }).artifacts.get('config/schemas/focuscost_1.0r2.json');
  if (!schema) throw new Error('the 0.7 build has no config/schemas/focuscost_1.0r2.json');
  return (JSON.parse(schema).translator.mappings as { source: { name: string; type: string } }[]).map((m) => ({ name: m.source.name, type: m.source.type }));
}

/** What a generated file holds, for checking a conversion of it. */
export interface GeneratedFile {
  path: string;
  /** Bytes written (compressed size for gzip). */
  bytes: number;
  /** Uncompressed CSV bytes. */
  csvBytes: number;
  rows: number;
  /** Exact sums at scale 18 (value x 10^18) of the two cost columns; empty cells count 0. */
  sums: { BilledCost: bigint; EffectiveCost: bigint };
}

/** xorshift32: small, fast and the same everywhere. */
class Random {
  private s: number;
  constructor(seed: number) {
    this.s = seed >>> 0 || 0x9e3779b9;
  }
  next(): number {
    let x = this.s;
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    this.s = x >>> 0;
    return this.s;
  }
  /** 0 <= n < max */
  int(max: number): number {
    return this.next() % max;
  }
  pick<T>(xs: readonly T[]): T {
    return xs[this.int(xs.length)];
  }
}

const SCALE = 18n;
const REGIONS = ['eastus', 'westeurope', 'northeurope', 'southeastasia', 'westus2', 'uksouth', 'japaneast', 'australiaeast'];
const SERVICES = [
  ['Virtual Machines', 'Compute', 'Microsoft.Compute/virtualMachines'],
  ['Storage', 'Storage', 'Microsoft.Storage/storageAccounts'],
  ['Azure Data Explorer', 'Analytics', 'Microsoft.Kusto/clusters'],
  ['Azure App Service', 'Web', 'Microsoft.Web/sites'],
  ['Bandwidth', 'Networking', 'Microsoft.Network/publicIPAddresses'],
  ['Azure Cosmos DB', 'Databases', 'Microsoft.DocumentDB/databaseAccounts'],
] as const;
const TEAMS = ['finops', 'data, platform', 'web "edge"', 'core', 'ml'];

/** A decimal with `digits` significant digits and `scale` decimals, as text and as its value x 10^18. */
function decimal(r: Random, digits: number, scale: number, negative = false): { text: string; value: bigint } {
  let s = String(1 + r.int(9));
  while (s.length < digits) s += String(r.int(10));
  let unscaled = BigInt(s);
  if (negative) unscaled = -unscaled;
  const text = formatScaled(unscaled, scale);
  return { text, value: unscaled * 10n ** (SCALE - BigInt(scale)) };
}

function formatScaled(unscaled: bigint, scale: number): string {
  const neg = unscaled < 0n;
  const digits = (neg ? -unscaled : unscaled).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const frac = digits.slice(digits.length - scale);
  return `${neg ? '-' : ''}${whole}${scale ? `.${frac}` : ''}`;
}

function csvField(v: string): string {
  return /[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

/** Makes rows of one column layout; `row(i)` returns the CSV line and the two cost values. */
function rowMaker(columns: readonly { name: string; type: string }[], seed: number) {
  const r = new Random(seed);
  const day = (d: number) => `2024-05-${String(d).padStart(2, '0')}T00:00:00Z`;
  return (i: number): { line: string; billed: bigint; effective: bigint } => {
    const [service, category, type] = r.pick(SERVICES);
    const sub = `0000000${r.int(8)}-0000-0000-0000-0000000000a1`;
    const rg = `rg-${r.int(300)}`;
    const resource = `${type.split('/')[1].slice(0, 3)}-${r.int(60_000)}`;
    const resourceId = `/subscriptions/${sub}/resourceGroups/${rg}/providers/${type}/${resource}`;
    const d = 1 + (i % 31);
    const credit = r.int(50) === 0;
    const billed = decimal(r, 10 + r.int(9), 10 + r.int(8), credit);
    const effective = r.int(20) === 0 ? { text: '', value: 0n } : decimal(r, 10 + r.int(9), 12 + r.int(6), credit);
    const values: Record<string, string> = {
      BilledCost: billed.text,
      EffectiveCost: effective.text,
      BillingAccountId: '/providers/Microsoft.Billing/billingAccounts/8611537',
      BillingAccountName: 'Contoso',
      BillingAccountType: 'Billing Account',
      BillingCurrency: r.int(10) === 0 ? 'EUR' : 'USD',
      BillingPeriodStart: '2024-05-01T00:00:00Z',
      BillingPeriodEnd: '2024-06-01T00:00:00Z',
      ChargePeriodStart: day(d),
      ChargePeriodEnd: d === 31 ? '2024-06-01T00:00:00Z' : day(d + 1),
      ChargeCategory: credit ? 'Credit' : r.int(30) === 0 ? 'Purchase' : 'Usage',
      ChargeClass: r.int(100) === 0 ? 'Correction' : '',
      ChargeDescription: `${service}, ${resource} in ${r.pick(REGIONS)} ("${category}")`,
      ChargeFrequency: 'Usage-Based',
      CommitmentDiscountCategory: r.int(8) === 0 ? 'Spend' : '',
      ConsumedUnit: 'Hours',
      InvoiceIssuerName: 'Microsoft',
      PricingCategory: r.int(8) === 0 ? 'Committed' : 'Standard',
      PricingUnit: '1 Hour',
      ProviderName: 'Microsoft',
      PublisherName: 'Microsoft',
      RegionId: r.pick(REGIONS),
      RegionName: 'East US',
      ResourceId: resourceId,
      ResourceName: resource,
      ResourceType: type,
      ServiceCategory: category,
      ServiceName: service,
      SubAccountId: `/subscriptions/${sub}`,
      SubAccountName: `sub-${sub.slice(7, 8)}`,
      SubAccountType: 'Subscription',
      Tags: r.int(4) === 0 ? '' : JSON.stringify({ env: r.pick(['prod', 'dev', 'test']), team: r.pick(TEAMS), 'cost-center': String(1000 + r.int(90)) }),
      x_BillingExchangeRateDate: '2024-05-01T00:00:00Z',
      x_SkuIsCreditEligible: r.int(3) === 0 ? '' : r.int(2) === 0 ? 'true' : 'false',
      x_SkuDetails: r.int(3) === 0 ? '' : `{"VCPUs":${1 + r.int(16)},"UsageType":"ComputeHR"}`,
      x_ResourceGroupName: rg,
    };
    const cells = columns.map((c) => {
      const v = values[c.name];
      if (v !== undefined) return csvField(v);
      switch (c.type) {
        case 'Decimal':
          return r.int(4) === 0 ? '' : decimal(r, 10 + r.int(6), 10 + r.int(4)).text;
        case 'DateTimeOffset':
          return r.int(3) === 0 ? '' : day(d);
        case 'Boolean':
          return r.int(2) === 0 ? 'true' : 'false';
        default:
          return r.int(3) === 0 ? '' : csvField(`${c.name.replace(/^x_/, '').toLowerCase()}-${r.int(500)}`);
      }
    });
    return { line: `${cells.join(',')}\r\n`, billed: billed.value, effective: effective.value };
  };
}

/** Writes a chunk, waiting when the stream asks to. */
async function put(out: Writable, text: string): Promise<void> {
  if (!out.write(text)) await once(out, 'drain');
}

/**
 * Writes a FocusCost 1.0r2 CSV of at least `bytes` uncompressed bytes (whole rows), gzip when the path
 * ends with `.gz`.
 */
export async function writeFocusCsv(path: string, options: { bytes: number; seed?: number; columns?: { name: string; type: string }[] }): Promise<GeneratedFile> {
  const columns = options.columns ?? (await focusColumns());
  mkdirSync(dirname(path), { recursive: true });
  const file = createWriteStream(path);
  const gzip = path.endsWith('.gz') ? createGzip({ level: 6 }) : undefined;
  if (gzip) gzip.pipe(file);
  const out: Writable = gzip ?? file;
  const row = rowMaker(columns, options.seed ?? 1);
  let csvBytes = 0;
  let rows = 0;
  const sums = { BilledCost: 0n, EffectiveCost: 0n };
  const header = `${columns.map((c) => csvField(c.name)).join(',')}\r\n`;
  csvBytes += Buffer.byteLength(header);
  await put(out, header);
  let batch = '';
  while (csvBytes < options.bytes) {
    const { line, billed, effective } = row(rows);
    rows += 1;
    sums.BilledCost += billed;
    sums.EffectiveCost += effective;
    csvBytes += Buffer.byteLength(line);
    batch += line;
    if (batch.length > 1 << 20) {
      await put(out, batch);
      batch = '';
    }
  }
  if (batch) await put(out, batch);
  out.end();
  await once(file, 'close');
  const { statSync } = await import('node:fs');
  return { path, bytes: statSync(path).size, csvBytes, rows, sums };
}

/** A Cost Management export written into a storage folder. */
export interface GeneratedExport {
  /** The manifest's path in the storage folder, container first (the `--event` of a simulation). */
  manifest: string;
  files: GeneratedFile[];
  runId: string;
}

/**
 * Writes a FocusCost 1.0r2 export of `files` partition files of `bytesPerFile` each into
 * `storage/rawexports/...`, with its `manifest.json` (fields as the spec's "Export manifest" gives them).
 */
export async function writeFocusExport(storage: string, options: { files: number; bytesPerFile: number; gzip?: boolean; seed?: number }): Promise<GeneratedExport> {
  const columns = await focusColumns();
  const runId = '7e57da7a-0000-4000-8000-000000000023';
  const folder = `subscriptions/00000000-0000-0000-0000-0000000000a1/finops-hub-daily-costdetails/20240501-20240531/202405151026/${runId}`;
  const files: GeneratedFile[] = [];
  for (let i = 0; i < options.files; i++) {
    const name = `part_${i}_0001.csv${options.gzip ? '.gz' : ''}`;
    files.push(await writeFocusCsv(join(storage, 'rawexports', folder, name), { bytes: options.bytesPerFile, seed: (options.seed ?? 1) + i, columns }));
  }
  const blobs = files.map((f) => ({ blobName: `${folder}/${f.path.split('/').pop()}`, byteCount: f.bytes, dataRowCount: f.rows }));
  const manifest = {
    manifestVersion: '2024-04-01',
    byteCount: blobs.reduce((n, b) => n + b.byteCount, 0),
    blobCount: blobs.length,
    dataRowCount: blobs.reduce((n, b) => n + b.dataRowCount, 0),
    exportConfig: {
      exportName: 'finops-hub-daily-costdetails',
      resourceId: '/subscriptions/00000000-0000-0000-0000-0000000000a1/providers/Microsoft.CostManagement/exports/finops-hub-daily-costdetails',
      dataVersion: '1.0r2',
      apiVersion: '2023-07-01-preview',
      type: 'FocusCost',
      timeFrame: 'MonthToDate',
      granularity: 'Daily',
    },
    deliveryConfig: { partitionData: true, dataOverwriteBehavior: 'OverwritePreviousReport', fileFormat: 'Csv', compressionMode: options.gzip ? 'gzip' : 'none' },
    runInfo: { executionType: 'Scheduled', submittedTime: '2024-05-15T10:26:56.6497863Z', runId, startDate: '2024-05-01T00:00:00', endDate: '2024-05-31T00:00:00' },
    blobs: blobs.map(({ blobName, byteCount, dataRowCount }) => ({ blobName, byteCount, dataRowCount })),
  };
  const manifestPath = `rawexports/${folder}/manifest.json`;
  writeFileSync(join(storage, manifestPath), `${JSON.stringify(manifest, null, 2)}\n`);
  return { manifest: manifestPath, files, runId };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href && process.argv[2] === '--export') {
  // npx tsx scripts/focus-export.ts --export DIR MB_PER_FILE FILES gzip|plain: one JSON line describing it.
  const [, dir, mb, files, kind] = process.argv.slice(2);
  void writeFocusExport(dir, { files: Number(files), bytesPerFile: Number(mb) * 1024 * 1024, gzip: kind === 'gzip' }).then((e) =>
    console.log(
      JSON.stringify({
        manifest: e.manifest,
        files: e.files.map((f) => relative(dir, f.path)),
        rows: e.files.map((f) => f.rows),
        sums: e.files.map((f) => [String(f.sums.BilledCost), String(f.sums.EffectiveCost)]),
      }),
    ),
  );
} else if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [out, mb] = process.argv.slice(2);
  if (!out || !Number(mb)) {
    console.error('usage: npx tsx scripts/focus-export.ts OUT.csv[.gz] SIZE_MB');
    process.exit(2);
  }
  void writeFocusCsv(out, { bytes: Number(mb) * 1024 * 1024 }).then((f) =>
    console.log(
      `${f.path}: ${f.rows} rows, ${f.csvBytes} CSV bytes, ${f.bytes} bytes on disk; sum BilledCost ${formatScaled(f.sums.BilledCost, 18)}, EffectiveCost ${formatScaled(f.sums.EffectiveCost, 18)}`,
    ),
  );
}
