/**
 * KQL validator: checks a sequence of database scripts with the Kusto language service
 * (`@kusto/language-service-next` 12.4.1) plus the checks the service does not do.
 *
 * Model (recipe `../shared/recipes/validators.md` §1.2-1.4): the scripts run in order against one cluster whose
 * databases are known up front (the FinOps hub deploys `Common.kql` to `Ingestion` and `Hub`, then
 * `IngestionSetup.kql` to `Ingestion`, then `HubSetup.kql` to `Hub`). Each script is split into commands
 * ({@link splitKqlCommands}); each command is parsed and analysed against the cluster as the previous commands
 * left it, then its effect (tables, functions, ingestion mappings, update policies) is applied.
 *
 * Diagnostics (docs/diagnostics.md):
 * - HUB310 error: the language service reports an error (message starts with its `KSnnn` code), or a table
 *   command changes the type of an existing column (ADX rejects `.create-merge`/`.alter-merge` type changes).
 * - HUB311 error: an update policy's query result differs from its target table (names, order, types).
 * - HUB312 error: an ingestion mapping names a column its table lacks, its table is unknown, or (when asked)
 *   a mapping does not read a required source column.
 * - HUB313 error: an update policy's JSON, `Source` table or `Query` is wrong.
 * - HUB314 warning: a language-service warning (suggestions and infos are dropped).
 *
 * Cost: loading the service ~0.2 s, building its command grammar ~1-2 s on first use, then ~100-200 ms per
 * control command (almost all of it the service's command parser). Results are cached per process by content
 * hash, both for whole calls and per command (keyed by the command, its database and the part of the schema before
 * it the command can read, `ClusterState.scopeHash`, {@link commandKey}): a command that is the same in two
 * releases is analysed once when what it reads is the same, under `npm test` once across the run's processes
 * (./kql/sharedOutcomes.ts); callers can add a store of their own (`blockStore`, e.g. the on-disk cache).
 */
import { offsetPositions, sortDiagnostics, type Diagnostic } from '../diagnostics/diagnostic.js';
import { codes } from '../diagnostics/index.js';
import { canonicalTypeName, errorMessage, KustoLoadError } from './kql/languageService.js';
import { isCommentOnly, splitKqlCommands } from '../model/kqlScript.js';
import { ClusterState, applyEffects, type Collected } from './kql/state.js';
import { processBlock } from './kql/commands.js';
import { sharedOutcomeStore } from './kql/sharedOutcomes.js';
import { canonicalScalarType, predictSchemaEffects } from './kql/predict.js';
import {
  commandKey,
  sha,
  type BlockOutcome,
  type KqlMappingInfo,
  type KqlMappingRequirement,
  type KqlScript,
  type KqlValidationOptions,
  type KqlValidationResult,
} from './kql/types.js';

export { splitKqlCommands, isCommentOnly, KustoLoadError };
export { compareSchemas } from './kql/commands.js';
export { commandKey, isBlockOutcome } from './kql/types.js';
export type { BlockOutcome, KqlBlockStore, KqlMappingInfo, KqlMappingRequirement, KqlScript, KqlValidationOptions, KqlValidationResult } from './kql/types.js';

/** Normalizes a mapping source for comparison: `$.a`, `$['a']` and `a` all give `a`. */
function sourceName(s: string): string {
  const m = /^\$\.(.+)$/.exec(s) ?? /^\$\[['"](.+)['"]\]$/.exec(s);
  return m ? m[1] : s;
}

/**
 * Checks that mappings read required source columns.
 * @returns HUB312 errors: no mapping for the table, or a required source read by no entry
 */
export function checkMappingCoverage(mappings: readonly KqlMappingInfo[], requirements: readonly KqlMappingRequirement[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const r of requirements) {
    const found = mappings.filter((m) => m.table === r.table && (!r.database || m.database === r.database) && (!r.mapping || m.name === r.mapping));
    if (!found.length) {
      out.push({ ...codes.HUB312.noMapping({ mapping: r.mapping, table: r.table, database: r.database }), file: r.file ?? 'kql' });
      continue;
    }
    for (const m of found) {
      const read = new Set(m.entries.map((e) => sourceName(e.source ?? e.column)));
      const missing = r.sources.filter((s) => !read.has(sourceName(s)));
      if (missing.length) {
        out.push({
          ...codes.HUB312.unreadSources({ mapping: m.name, table: m.table, missing }),
          file: m.file ?? 'kql',
          ...(m.start ? { start: m.start } : {}),
          ...(m.database ? { path: `database ${m.database}` } : {}),
        });
      }
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// Entry point

/**
 * The cluster before the first script of an engine: the databases and tables the options declare, then the
 * databases of that engine's scripts (`KqlScript.engine`; the first engine's by default).
 */
function initialState(scripts: readonly KqlScript[], options: KqlValidationOptions, typeName: (type: string) => string, engine = scripts[0]?.engine): ClusterState {
  const state = new ClusterState(options.clusterName ?? 'cluster');
  for (const name of options.databases ?? []) state.db(name);
  for (const [name, tables] of Object.entries(options.initialSchema ?? {})) {
    const db = state.db(name);
    for (const t of tables) db.tables.set(t.name, { name: t.name, columns: t.columns.map((c) => ({ name: c.name, type: typeName(c.type) })) });
  }
  for (const s of scripts) if (s.engine === engine) state.db(s.database);
  state.touch();
  return state;
}

/**
 * The cluster state for the next command: the same one, or a fresh one when the command's script runs on
 * another engine than the previous command's. Only the first engine's results (schema, mappings, policies)
 * are kept; the others' commands give diagnostics.
 */
function stateFor<T extends { engine?: string; state: ClusterState; collected: Collected }>(
  run: T,
  script: KqlScript,
  scripts: readonly KqlScript[],
  options: KqlValidationOptions,
  typeName: (type: string) => string,
): T {
  if (script.engine === run.engine) return run;
  return { ...run, engine: script.engine, state: initialState(scripts, options, typeName, script.engine), collected: { mappings: new Map(), policies: new Map() } };
}

/** The commands of the scripts in order (comment-only blocks left out), numbered from 0, with a position mapper of their script. */
function* commandsOf(scripts: readonly KqlScript[]) {
  let index = 0;
  for (const script of scripts) {
    const pos = offsetPositions(script.text);
    for (const block of splitKqlCommands(script.text)) {
      if (!isCommentOnly(block.text)) yield { script, block, index: index++, pos };
    }
  }
}

/**
 * The command keys a validation would look up if every command did what its text predicts (./kql/predict.ts),
 * in command order: without the language service, to tell how many commands a store already answers
 * before deciding how to share the work (src/validate/cached.ts).
 */
export function predictedCommandKeys(scripts: readonly KqlScript[], options: KqlValidationOptions = {}): string[] {
  const typeName = (type: string) => canonicalScalarType(type) ?? type;
  let run = { engine: scripts[0]?.engine, state: initialState(scripts, options, typeName), collected: { mappings: new Map(), policies: new Map() } as Collected };
  const keys: string[] = [];
  for (const { script, block, pos } of commandsOf(scripts)) {
    run = stateFor(run, script, scripts, options, typeName);
    keys.push(commandKey(script.database, block.text, run.state.scopeHash(block.text)));
    applyEffects({ label: '', diagnostics: [], effects: predictSchemaEffects(block.text) }, script.database, run.state, run.collected, { file: script.file, pos });
  }
  return keys;
}

const resultCache = new Map<string, KqlValidationResult>();
/** The outcomes of the current `npm test` run, shared by its processes (./kql/sharedOutcomes.ts); none outside tests. */
const sharedOutcomes = sharedOutcomeStore();
const blockCache = new Map<string, BlockOutcome>();
const BLOCK_CACHE_LIMIT = 20000;
const RESULT_CACHE_LIMIT = 200;

/**
 * Validates KQL scripts that run one after another against one cluster.
 *
 * @param scripts scripts in execution order; each runs in its `database`
 * @param options cluster name, databases that exist up front (the databases of the scripts are always added),
 *   tables that exist up front, mapping source requirements
 * @returns diagnostics (HUB310-HUB314, sorted) and the final schema, mappings and update policies. The result
 *   is cached per process by content hash (used when no `blockStore` is given); callers get a fresh copy each time.
 * @throws KustoLoadError only when the language service package cannot be loaded
 */
export function validateKqlScripts(scripts: KqlScript[], options: KqlValidationOptions = {}): KqlValidationResult {
  const { blockStore, ...keyed } = options;
  const resultKey = sha(JSON.stringify([scripts.map((s) => [s.file, s.database, s.text, s.engine ?? '']), keyed]));
  // With a block store the run goes command by command, so the store sees (and can answer for) each one.
  const cached = blockStore ? undefined : resultCache.get(resultKey);
  if (cached) return structuredClone(cached);

  const typeName = (type: string) => canonicalTypeName(type) ?? type;
  const state = initialState(scripts, options, typeName);

  const collected: Collected = { mappings: new Map(), policies: new Map() };
  const diagnostics: Diagnostic[] = [];
  const { part } = options;
  // The first engine's cluster is `state`; scripts of another engine (a Fabric eventhouse's) start from their own.
  let run = { engine: scripts[0]?.engine, state, collected };
  // A part analyses what the other thread's predictions hand it; it is counted and corrected command by command.
  const shared = part ? undefined : sharedOutcomes;
  for (const { script, block, index, pos } of commandsOf(scripts)) {
    run = stateFor(run, script, scripts, options, typeName);
    const { state, collected } = run;
    if (part && index >= part.to) break;
    if (part && index < part.from) {
      applyEffects({ label: '', diagnostics: [], effects: predictSchemaEffects(block.text) }, script.database, state, collected, { file: script.file, pos });
      continue;
    }
    const key = commandKey(script.database, block.text, state.scopeHash(block.text));
    let outcome = options.blockStore?.get(key) ?? blockCache.get(key) ?? shared?.get(key);
    if (!outcome) {
      try {
        outcome = processBlock(block.text, script.database, state);
      } catch (e) {
        if (e instanceof KustoLoadError) throw e;
        outcome = { label: 'command', diagnostics: [{ ...codes.HUB310.failed({ detail: errorMessage(e) }), start: 0, end: 0 }], effects: [] };
      }
      shared?.set(key, outcome);
    }
    options.blockStore?.set(key, outcome);
    if (!blockCache.has(key)) {
      if (blockCache.size >= BLOCK_CACHE_LIMIT) blockCache.clear();
      blockCache.set(key, outcome);
    }
    for (const d of outcome.diagnostics) {
      diagnostics.push({
        code: d.code,
        severity: d.severity,
        message: d.message,
        ...(d.hint ? { hint: d.hint } : {}),
        file: script.file,
        start: pos(block.start + d.start),
        end: pos(block.start + d.end),
        path: `database ${script.database}, ${outcome.label}`,
      });
    }
    applyEffects(outcome, script.database, state, collected, { file: script.file, pos: (o) => pos(block.start + o) });
  }

  const result = resultOf(scripts, options, state, collected, diagnostics);
  if (!part) {
    if (resultCache.size >= RESULT_CACHE_LIMIT) resultCache.clear();
    resultCache.set(resultKey, result);
  }
  return structuredClone(result);
}

/** The result of a run: the mapping coverage checked, the first engine's databases, mappings and update policies. */
function resultOf(scripts: readonly KqlScript[], options: KqlValidationOptions, state: ClusterState, collected: Collected, diagnostics: Diagnostic[]): KqlValidationResult {
  const mappings = [...collected.mappings.values()];
  if (options.requiredMappingSources?.length) {
    const lastFile = (db?: string) => scripts.filter((s) => !db || s.database === db).at(-1)?.file;
    const reqs = options.requiredMappingSources.map((r) => ({ ...r, file: r.file ?? lastFile(r.database) ?? 'kql' }));
    diagnostics.push(...checkMappingCoverage(mappings, reqs));
  }
  const databases: KqlValidationResult['databases'] = {};
  for (const [name, d] of state.dbs) {
    databases[name] = {
      tables: [...d.tables.values()].map((t) => ({ name: t.name, columns: t.columns.map((c) => ({ ...c })) })),
      functions: [...d.functions.values()].map((f) => ({ name: f.name, parameters: f.parameters, ...(f.resultColumns ? { resultColumns: f.resultColumns } : {}) })),
    };
  }
  return {
    diagnostics: sortDiagnostics(diagnostics),
    databases,
    mappings,
    updatePolicies: [...collected.policies.values()].flat(),
  };
}
