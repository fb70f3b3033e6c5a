/**
 * `hubc validate`'s way of running the full validation: the same validators as ./full.ts, with their results
 * kept in the on-disk cache (src/cache/) and the Kusto language service on a worker thread.
 *
 * - Template findings (ARM JSON schemas and Data Factory SDK models) are stored under a key of the hubc code,
 *   the schema folder's content digest (a SHA-256 of each file, `schemaFolderDigest`) and the text of azuredeploy.json and every datafactory/ file; on a miss, what
 *   the schemas say about each resource is looked up in a second entry (by a hash of the resource), so
 *   only changed resources are compiled and checked against their definitions.
 * - KQL findings are stored under a key of the hubc code, the language service version and the scripts;
 *   on a miss, the outcome of each command is looked up in a second entry that maps command keys (the
 *   command, its database and the part of the schema before it that the command reads, `commandKey` in
 *   src/validators/kql/types.ts) to outcomes, so an edit re-analyses only the commands it changes (and those
 *   that read a table or function it changes).
 * - On a miss of both, the KQL validation runs on worker threads while the main thread does the template
 *   (two cores: the wall time is about the longer of the two, not their sum). With many commands to
 *   analyse, two worker threads can share them (`runKqlShared`, `HUBC_KQL_WORKERS=2`), with the same result as one.
 *
 * Every value read from the cache is shape-checked; anything else is a miss (see src/cache/index.ts).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { CompileResult } from '../compiler/index.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { checkOutput } from '../compiler/index.js';
import { kqlScriptsForValidation } from './kqlScripts.js';
import { fromCompile, TEMPLATE_FILE } from '../build/index.js';
import { cacheKey, codeIdentity, type ResultCache } from '../cache/index.js';
import { isBlockOutcome, KustoLoadError, predictedCommandKeys, type BlockOutcome, type KqlScript } from '../validators/kql.js';
import { languageServiceVersion } from '../validators/kql/languageService.js';
import { schemaFolderDigest } from '../validators/armSchema/folders.js';
import type { ExplainedIssue } from '../validators/armSchema/store.js';
import { runKqlValidation, type KqlWorkerInput, type KqlWorkerOutput } from './kqlWorker.js';
import type { OnProgress } from './progress.js';

/** Options of {@link validateOutputCached}. */
export interface CachedValidationOptions {
  /** Folder with the official ARM schemas (from `prepareArmSchemas`). */
  schemasDir: string;
  /** Where results are kept; `NO_CACHE` for `--no-cache`. */
  cache: ResultCache;
  /** Run the KQL validation on a worker thread (default true); false runs everything on this thread. */
  worker?: boolean;
  /** Told what is being checked and how far the KQL analysis is (./progress.ts). */
  onProgress?: OnProgress;
}

/** How each part of a validation was obtained. */
export interface CacheReport {
  template: 'cached' | 'validated';
  /** `none` when the hub has no KQL scripts (no Data Explorer). */
  kql: 'cached' | 'validated' | 'none';
  /** Commands whose outcome came from the cache / were analysed by the language service (KQL validated only). */
  commands?: { reused: number; analysed: number };
  /** Resources whose schema result came from the cache / were validated against the schemas (template validated only). */
  resources?: { reused: number; validated: number };
}

/** Most command outcomes kept in the cache entry (those of the latest run first). */
export const KNOWN_COMMANDS_LIMIT = 3000;
/** Most per-resource ARM schema results kept in the cache entry (those of the latest run first). */
export const KNOWN_RESOURCES_LIMIT = 3000;

/**
 * A store of results by key, read from one cache entry (a list of `[key, value]` pairs) and written back
 * with the pairs a run used first, then the others it had, at most `limit`.
 */
async function knownStore<T>(cache: ResultCache, entryKey: string, isValue: (v: unknown) => v is T, limit: number) {
  const isPairs = (v: unknown): v is [string, T][] => Array.isArray(v) && v.every((e) => Array.isArray(e) && e.length === 2 && isString(e[0]) && isValue(e[1]));
  const known = new Map((await cache.get(entryKey, isPairs)) ?? []);
  const used = new Map<string, T>();
  let reused = 0;
  return {
    store: {
      get: (key: string) => known.get(key),
      set: (key: string, value: T) => {
        if (!used.has(key) && known.has(key)) reused++;
        used.set(key, value);
      },
    },
    counts: () => ({ reused, validated: used.size - reused }),
    save: () => cache.put(entryKey, [...used, ...[...known].filter(([k]) => !used.has(k))].slice(0, limit)),
  };
}

/** Whether a value read back is a list of per-resource schema issues. */
function isIssueList(v: unknown): v is ExplainedIssue[] {
  return Array.isArray(v) && v.every((i) => typeof i === 'object' && i !== null && isString(i.pointer) && isString(i.message) && isString(i.keyword));
}

const isString = (v: unknown): v is string => typeof v === 'string';
const isPosition = (v: unknown) => typeof v === 'object' && v !== null && typeof (v as { line?: unknown }).line === 'number' && typeof (v as { col?: unknown }).col === 'number';

/** Whether a value read back is a list of diagnostics. */
export function isDiagnosticList(v: unknown): v is Diagnostic[] {
  return (
    Array.isArray(v) &&
    v.every(
      (d) =>
        typeof d === 'object' &&
        d !== null &&
        isString(d.code) &&
        ['error', 'warning', 'info'].includes(d.severity) &&
        isString(d.message) &&
        isString(d.file) &&
        (d.hint === undefined || isString(d.hint)) &&
        (d.path === undefined || isString(d.path)) &&
        (d.start === undefined || isPosition(d.start)) &&
        (d.end === undefined || isPosition(d.end)),
    )
  );
}

/** Whether a value read back is a list of `[command key, outcome]` pairs. */
function isKnownCommands(v: unknown): v is [string, BlockOutcome][] {
  return Array.isArray(v) && v.every((e) => Array.isArray(e) && e.length === 2 && isString(e[0]) && isBlockOutcome(e[1]));
}

/**
 * URL of tsx's ES module API (`tsx/esm/api`, its `import` entry), for a worker started from the sources:
 * resolved through tsx's package.json, since the caller may itself run as CommonJS under tsx.
 */
function tsxLoaderUrl(from: string): string {
  const packageJson = createRequire(from).resolve('tsx/package.json');
  const entry = (JSON.parse(readFileSync(packageJson, 'utf8')) as { exports: Record<string, { import: { default: string } }> }).exports['./esm/api'].import.default;
  return pathToFileURL(join(dirname(packageJson), entry)).href;
}

/**
 * Heap limit of the KQL worker. The Kusto language service leaves most of what it allocates as garbage
 * (about 100 MB stays live for the default hub); without a limit V8 lets the heap grow past 300 MB before
 * collecting. 160 MB keeps the process's peak memory down at almost no cost in time (measured: 128 MB
 * took as long as no limit, 96 MB twice as long).
 */
const KQL_WORKER_LIMITS = { maxOldGenerationSizeMb: 160 };

/** A KQL worker thread and the answers it owes. */
interface KqlWorkerState {
  worker: Worker;
  pending: Map<number, { resolve: (o: KqlWorkerOutput) => void; reject: (e: Error) => void; progress?: (done: number) => void }>;
  next: number;
}

/** The process's KQL worker threads: the first, and the second when a validation is shared (see {@link runKqlShared}). */
const workers: (KqlWorkerState | undefined)[] = [];

/**
 * A KQL worker thread (`slot` 0 or 1), started on first use and kept (unreferenced, so it never holds the
 * process open) for later validations in the same process.
 */
function kqlWorker(slot: number): KqlWorkerState {
  const existing = workers[slot];
  if (existing) return existing;
  const here = import.meta.url;
  // Bundled (dist/): the worker is its own entry point beside the bundle. From the sources (tsx): the .ts
  // entry, loaded through tsx's loader, which a worker does not inherit.
  const worker = here.endsWith('.ts')
    ? new Worker(`import(${JSON.stringify(tsxLoaderUrl(here))}).then((m) => { m.register(); return import(${JSON.stringify(new URL('./kqlWorker.ts', here).href)}); })`, {
        eval: true,
        workerData: { hubcKqlWorker: true },
        resourceLimits: KQL_WORKER_LIMITS,
      })
    : new Worker(new URL('./kql-worker.js', here), { workerData: { hubcKqlWorker: true }, resourceLimits: KQL_WORKER_LIMITS });
  worker.unref();
  const state: KqlWorkerState = { worker, pending: new Map(), next: 0 };
  const failAll = (e: Error) => {
    if (workers[slot] === state) workers[slot] = undefined;
    for (const p of state.pending.values()) p.reject(e);
    state.pending.clear();
  };
  worker.on('message', (m: { id: number; output: KqlWorkerOutput } | { id: number; done: number }) => {
    if ('done' in m) return state.pending.get(m.id)?.progress?.(m.done);
    state.pending.get(m.id)?.resolve(m.output);
    state.pending.delete(m.id);
    if (!state.pending.size) worker.unref();
  });
  worker.on('error', failAll);
  worker.on('exit', (code) => failAll(new Error(`the KQL validation worker stopped (exit code ${code})`)));
  return (workers[slot] = state);
}

/** Lets the process end without the answers the KQL workers still owe (the caller gave up on them). */
function releaseKqlWorkers(): void {
  for (const w of workers) w?.worker.unref();
}

/** The KQL validation on a worker thread (`slot`); `progress` is told how many commands are done as they are. */
function runKql(input: KqlWorkerInput, slot = 0, progress?: (done: number) => void): Promise<KqlWorkerOutput> {
  const w = kqlWorker(slot);
  const id = w.next++;
  return new Promise<KqlWorkerOutput>((resolve, reject) => {
    w.pending.set(id, { resolve, reject, ...(progress ? { progress } : {}) });
    w.worker.ref(); // an answer is owed: keep the process alive until it comes
    w.worker.postMessage({ id, input, progress: Boolean(progress) });
  });
}

/**
 * Fewest commands the language service must analyse (by the predicted keys) before a validation is
 * shared by two threads: the second thread first spends about two seconds loading the language service
 * and building its command grammar, against about 0.1 s per command.
 */
export const KQL_SHARE_MIN_COMMANDS = 16;

/**
 * Worker threads `hubc validate` gives the Kusto language service: 2 when `HUBC_KQL_WORKERS` is `2` and the
 * machine has two or more cores, else 1. One is the default: on the 2-core machines this project measures
 * on (`npm run bench`, docs/performance.md), the main thread checks the template against the ARM schemas
 * meanwhile, and two Kusto threads (each loading the service and building its command grammar) took as
 * long as one, with about 30% more CPU time and 150 MiB more memory.
 */
export function kqlWorkerCount(env: NodeJS.ProcessEnv = process.env): 1 | 2 {
  return env.HUBC_KQL_WORKERS === '2' && availableParallelism() >= 2 ? 2 : 1;
}

/**
 * How a run of {@link runKqlShared} went: `shared` when two threads analysed a part each, with the number
 * of commands the final run in order had to analyse because the second thread's predicted schema was not
 * the real one (`corrected`).
 */
export type KqlSharing = { shared: false } | { shared: true; at: number; corrected: number };

/**
 * The KQL validation on worker threads. When `threads` is 2 and at least `minCommands`
 * ({@link KQL_SHARE_MIN_COMMANDS}) commands are not in `known` (looked up by their predicted keys, src/validators/kql/predict.ts), two
 * threads analyse a half each at the same time: the first thread the commands before the middle one of
 * those, the second the rest, starting from the schema the commands before are predicted to leave. Then
 * the first thread runs the whole validation in command order with every outcome either thread computed as
 * known outcomes: an outcome is used only under the key of the schema really in place, so the result is
 * the result of one thread alone (a wrong prediction only leaves commands for that final run to analyse).
 */
async function runKqlShared(
  scripts: KqlScript[],
  known: [string, BlockOutcome][],
  threads: 1 | 2,
  minCommands: number,
  progress?: (done: number) => void,
): Promise<{ output: KqlWorkerOutput; sharing: KqlSharing }> {
  const knownKeys = new Set(known.map(([k]) => k));
  const missing = threads === 2 ? predictedCommandKeys(scripts).flatMap((key, i) => (knownKeys.has(key) ? [] : [i])) : [];
  if (!missing.length || missing.length < minCommands) return { output: await runKql({ scripts, known }, 0, progress), sharing: { shared: false } };
  const at = missing[Math.floor(missing.length / 2)];
  const [first, second] = await Promise.all([
    runKql({ scripts, known, part: { from: 0, to: at } }, 0),
    runKql({ scripts, known, part: { from: at, to: Number.MAX_SAFE_INTEGER } }, 1),
  ]);
  if (!first.ok) return { output: first, sharing: { shared: false } };
  if (!second.ok) return { output: second, sharing: { shared: false } };
  const computed = new Set([...first.used, ...second.used].map(([k]) => k));
  const output = await runKql({ scripts, known: [...known, ...first.used, ...second.used] }, 0, progress);
  const corrected = output.ok ? output.used.filter(([k]) => !computed.has(k) && !knownKeys.has(k)).length : 0;
  return { output, sharing: { shared: true, at, corrected } };
}

/**
 * Cache keys of a KQL validation: `key` for its findings (hubc code, language service version, scripts) and
 * `knownKey` for the command outcomes kept between runs (hubc code, language service version).
 */
export function kqlCacheKeys(scripts: readonly KqlScript[]): { key: string; knownKey: string } {
  const code = codeIdentity();
  const lsVersion = languageServiceVersion();
  return { key: cacheKey('kql-findings', code, lsVersion, JSON.stringify(scripts)), knownKey: cacheKey('kql-commands', code, lsVersion) };
}

/**
 * Starts validating KQL scripts (a cache miss of their findings): each command's outcome is taken from the
 * cache entry `knownKey` when it holds one for the command key, else analysed by the language service; then
 * the findings are stored under `key`, and the outcomes this run used, followed by the others known before,
 * under `knownKey` (at most {@link KNOWN_COMMANDS_LIMIT}).
 * @param options.worker run on the process's worker threads (their own isolates: only the cache and their
 *   own earlier requests can spare analysis); the returned promise resolves once the requests are sent, so
 *   the caller can work beside them
 * @param options.threads worker threads to share the analysis over (see `runKqlShared`); default
 *   {@link kqlWorkerCount}; `shareMinCommands`: fewest commands to analyse for two threads to share them
 *   (default {@link KQL_SHARE_MIN_COMMANDS})
 * @returns `done`: HUB310-HUB314 diagnostics, how many commands were reused or analysed, and whether two
 *   threads shared the work (rejects with KustoLoadError when the language service cannot be loaded)
 */
export async function startKqlValidation(
  scripts: KqlScript[],
  cache: ResultCache,
  options: { key: string; knownKey: string; worker: boolean; threads?: 1 | 2; shareMinCommands?: number; progress?: (done: number) => void },
): Promise<{ done: Promise<{ diagnostics: Diagnostic[]; commands: { reused: number; analysed: number }; sharing: KqlSharing }> }> {
  const known = (await cache.get(options.knownKey, isKnownCommands)) ?? [];
  const finish = async ({ output: out, sharing }: { output: KqlWorkerOutput; sharing: KqlSharing }) => {
    if (!out.ok) throw out.kustoLoadError ? new KustoLoadError(out.message) : new Error(out.message);
    const knownKeys = new Set(known.map(([k]) => k));
    const reused = out.used.filter(([k]) => knownKeys.has(k)).length;
    const usedKeys = new Set(out.used.map(([k]) => k));
    const kept = [...out.used, ...known.filter(([k]) => !usedKeys.has(k))].slice(0, KNOWN_COMMANDS_LIMIT);
    await Promise.all([cache.put(options.key, out.diagnostics), cache.put(options.knownKey, kept)]);
    return { diagnostics: out.diagnostics, commands: { reused, analysed: out.used.length - reused }, sharing };
  };
  const run = options.worker
    ? runKqlShared(scripts, known, options.threads ?? kqlWorkerCount(), options.shareMinCommands ?? KQL_SHARE_MIN_COMMANDS, options.progress)
    : Promise.resolve({ output: runKqlValidation({ scripts, known }, options.progress), sharing: { shared: false } as KqlSharing });
  const done = run.then(finish);
  done.catch(() => undefined); // awaited by the caller, unless it gives up first
  return { done };
}

/**
 * Validates a successful compile with every validator, reading and filling the result cache.
 * @returns the diagnostics (same as `validateOutputFull` of ./full.ts, in the same order) and how each part was obtained
 * @throws EnvironmentError when the ARM schemas cannot be loaded; KustoLoadError when the Kusto language
 *   service cannot be loaded
 */
export async function validateOutputCached(result: CompileResult, options: CachedValidationOptions): Promise<{ diagnostics: Diagnostic[]; report: CacheReport }> {
  if (!result.artifacts.has(TEMPLATE_FILE) || !result.model) return { diagnostics: [], report: { template: 'cached', kql: 'none' } };
  const { cache } = options;
  const quick = checkOutput(result);

  const templateInputs = [...result.artifacts].filter(([path]) => path === TEMPLATE_FILE || path.startsWith('datafactory/')).flat();
  const templateKeyFor = (schemaDigest: string) => cacheKey('template-findings', codeIdentity(), schemaDigest, ...templateInputs);
  let schemaDigest = schemaFolderDigest(options.schemasDir);
  const templateKey = templateKeyFor(schemaDigest);
  const scripts: KqlScript[] = kqlScriptsForValidation(result);
  const { key: kqlKey, knownKey } = scripts.length ? kqlCacheKeys(scripts) : { key: '', knownKey: '' };

  const [cachedTemplate, cachedKql] = await Promise.all([cache.get(templateKey, isDiagnosticList), scripts.length ? cache.get(kqlKey, isDiagnosticList) : Promise.resolve([])]);
  const report: CacheReport = { template: cachedTemplate ? 'cached' : 'validated', kql: !scripts.length ? 'none' : cachedKql ? 'cached' : 'validated' };

  // KQL first (it may go to another thread), then the template here.
  const { onProgress } = options;
  const total = !cachedKql && onProgress ? predictedCommandKeys(scripts).length : 0;
  let most = 0;
  // Never backwards: the worker's counts may arrive after the main thread's own report of where it starts waiting.
  const progress = onProgress && total ? (done: number) => onProgress({ kind: 'kql', done: (most = Math.max(most, Math.min(done, total))), total }) : undefined;
  const kqlRun = cachedKql
    ? undefined
    : await startKqlValidation(scripts, cache, { key: kqlKey, knownKey, worker: options.worker !== false && !cachedTemplate, ...(progress ? { progress } : {}) });
  let templateFindings = cachedTemplate;
  if (!templateFindings) {
    if (onProgress) onProgress({ kind: 'template', resources: fromCompile(result).template.resources.length });
    try {
      const full = await import('./full.js');
      // Loading the schemas reads every file in full and re-verifies the hashes the digest took as a
      // shortcut (src/validators/armSchema/folders.ts); what is read and written next is keyed by the
      // digest of the content actually loaded.
      full.loadArmSchemas(options.schemasDir);
      schemaDigest = schemaFolderDigest(options.schemasDir);
      const resources = await knownStore(cache, cacheKey('arm-resources', codeIdentity(), schemaDigest), isIssueList, KNOWN_RESOURCES_LIMIT);
      templateFindings = [...full.armSchemaFindings(result, options.schemasDir, resources.store), ...full.adfModelFindings(result)];
      report.resources = resources.counts();
      await resources.save();
    } catch (e) {
      releaseKqlWorkers(); // the KQL answer is no longer wanted: do not hold the process for it
      throw e;
    }
    await cache.put(templateKeyFor(schemaDigest), templateFindings);
  }
  let kqlFindings = cachedKql ?? [];
  if (kqlRun) {
    progress?.(0);
    const run = await kqlRun.done;
    kqlFindings = run.diagnostics;
    report.commands = run.commands;
  }
  return { diagnostics: [...quick, ...templateFindings, ...kqlFindings], report };
}
