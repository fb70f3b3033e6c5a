/**
 * Data types of the KQL validator (src/validators/kql.ts): the scripts it takes, the schema, mappings and
 * policies it reports, and the outcome of one command, which is plain JSON so it can be cached in memory,
 * handed to a worker thread and kept on disk.
 */
import { createHash } from 'node:crypto';
import type { Diagnostic, Position, Severity } from '../../diagnostics/diagnostic.js';
import { isObject } from '../../util/json.js';

/** SHA-256 (hex) of a string. */
export const sha = (s: string): string => createHash('sha256').update(s).digest('hex');

/** One script to run, in deployment order. */
export interface KqlScript {
  /** File name used in diagnostics, e.g. `kql/IngestionSetup.kql`. */
  file: string;
  /** Database the script runs in, e.g. `Ingestion` or `Hub`. */
  database: string;
  /** Script text with placeholders already substituted (LF or CRLF). */
  text: string;
  /**
   * The Kusto service the script runs on, when not the first one: scripts of another engine (a Fabric
   * eventhouse's setup, 0.10+) run against a cluster of their own, starting empty. Default: the first.
   */
  engine?: string;
}

/** A column: name and Kusto scalar type name (`string`, `long`, `int`, `real`, `decimal`, `bool`, `datetime`, `timespan`, `guid`, `dynamic`). */
export interface KqlColumn {
  name: string;
  type: string;
}

/** A table and its columns in declaration order. */
export interface KqlTableInfo {
  name: string;
  columns: KqlColumn[];
}

/** An ingestion mapping as last created or altered. */
export interface KqlMappingInfo {
  table: string;
  /** Mapping name, e.g. `Costs_raw_mapping`. */
  name: string;
  /** Mapping kind in lower case: `parquet`, `json`, `csv`, ... */
  kind: string;
  /** Entries in order: target column, source (`Properties.Field`, else `Path`, else `Ordinal`, else `ConstValue`) and declared data type. */
  entries: { column: string; source?: string; datatype?: string }[];
  /** Database the mapping lives in. */
  database?: string;
  /** Script and position of the command that created it. */
  file?: string;
  start?: Position;
}

/** An update policy as last set on a table. */
export interface KqlUpdatePolicyInfo {
  /** Target table (the table the policy is set on). */
  table: string;
  source: string;
  query: string;
  isTransactional: boolean;
  propagateIngestionProperties: boolean;
  /** Columns of the query result, when it analysed to a table. */
  resultColumns?: KqlColumn[];
  isEnabled?: boolean;
  database?: string;
  file?: string;
  start?: Position;
}

/** Everything a validation run found. */
export interface KqlValidationResult {
  /** HUB310-HUB314 diagnostics, sorted by file, position and code. */
  diagnostics: Diagnostic[];
  /** Final schema of each database: tables and functions in creation order. */
  databases: Record<string, { tables: KqlTableInfo[]; functions: { name: string; parameters: string; resultColumns?: KqlColumn[] }[] }>;
  /** Ingestion mappings in creation order (replaced in place when re-created). */
  mappings: KqlMappingInfo[];
  /** Update policies in the order they were set. */
  updatePolicies: KqlUpdatePolicyInfo[];
}

/** A caller's requirement that a table's ingestion mapping reads a set of source columns. */
export interface KqlMappingRequirement {
  /** Database of the table; any database when omitted. */
  database?: string;
  table: string;
  /** Mapping name; any mapping of the table when omitted. */
  mapping?: string;
  /** Source names (`Properties.Field`, or the `$.name` path) that must be read by some entry. */
  sources: string[];
  /** File to report a missing mapping in; default: the last script of the database (or `kql`). */
  file?: string;
}

/** Options of {@link validateKqlScripts}. */
export interface KqlValidationOptions {
  /** Cluster symbol name; irrelevant to results except in `cluster('…')` references. Default `cluster`. */
  clusterName?: string;
  /** Databases that exist before the first script, in order; script databases are added when missing. */
  databases?: string[];
  /** Tables that exist before the first script, per database name. */
  initialSchema?: Record<string, KqlTableInfo[]>;
  /** Source columns each listed mapping must read (HUB312 when not). */
  requiredMappingSources?: KqlMappingRequirement[];
  /**
   * Extra store of command outcomes (e.g. one loaded from the on-disk cache), consulted first, then the
   * process-wide memory cache, then the language service; told every outcome a run used. Keys come from
   * {@link commandKey}.
   */
  blockStore?: KqlBlockStore;
  /**
   * Analyse only commands `from` to `to` (exclusive; indexes count the commands of all scripts in order,
   * comment-only blocks left out), for one of two threads sharing a validation: the commands before `from`
   * change the schema by their predicted effects (./predict.ts) instead of being analysed, those from `to`
   * on are skipped. Each outcome goes to `blockStore` under the key of the schema it was analysed against;
   * the returned diagnostics and schema describe the part only.
   */
  part?: { from: number; to: number };
}

/** A store of command outcomes by {@link commandKey}. */
export interface KqlBlockStore {
  /** The outcome stored under `key`, if any. */
  get(key: string): BlockOutcome | undefined;
  /** Called for every command of a run with its outcome (computed, from the store, or from memory). */
  set(key: string, outcome: BlockOutcome): void;
}

/**
 * Key of one command's outcome: SHA-256 of the key format, the database it runs in, its text without the
 * blank and `//` lines that end it (a Fabric eventhouse's setup writes `//` for a blank line) and the hash of
 * the part of the cluster's schema before it that the command can read (`ClusterState.scopeHash` in ./state.ts).
 * The language service version is not in it: callers that keep outcomes across processes add it to their own keys.
 */
export function commandKey(database: string, text: string, schemaHash: string): string {
  return sha(`kql-command-v3\u0000${database}\u0000${schemaHash}\u0000${text.replace(/(?:\r?\n[ \t]*(?:\/\/[^\n]*)?)+$/, '')}`);
}

// ---------------------------------------------------------------------------------------------------------
// Command outcomes

export interface FunctionDef {
  name: string;
  parameters: string;
  body: string;
  resultColumns?: KqlColumn[];
}

/** A diagnostic relative to its command block (offsets into the block text). */
export interface RelDiagnostic {
  code: string;
  severity: Severity;
  message: string;
  hint?: string;
  start: number;
  end: number;
}

/** A change a command makes to the cluster. */
export type Effect =
  | { type: 'table'; mode: 'create' | 'merge' | 'replace'; table: KqlTableInfo }
  | { type: 'dropTable'; name: string }
  | { type: 'renameTable'; from: string; to: string }
  | { type: 'function'; def: FunctionDef }
  | { type: 'dropFunction'; name: string }
  | { type: 'mapping'; mapping: KqlMappingInfo; at: number }
  | { type: 'policies'; table: string; replace: boolean; policies: KqlUpdatePolicyInfo[]; at: number };

/**
 * Everything one command yields (plain JSON data); depends only on the command text, its database and the
 * tables and functions before it that the command can read, so it is cacheable under {@link KqlValidationOptions.blockStore}.
 */
export interface BlockOutcome {
  label: string;
  diagnostics: RelDiagnostic[];
  effects: Effect[];
}

const isString = (v: unknown): v is string => typeof v === 'string';
const isColumns = (v: unknown): boolean => Array.isArray(v) && v.every((c) => isObject(c) && isString(c.name) && isString(c.type));
const isTable = (v: unknown): boolean => isObject(v) && isString(v.name) && isColumns(v.columns);

/** Whether a value has the shape of one {@link Effect}. */
function isEffect(e: unknown): e is Effect {
  if (!isObject(e)) return false;
  switch (e.type) {
    case 'table':
      return (e.mode === 'create' || e.mode === 'merge' || e.mode === 'replace') && isTable(e.table);
    case 'dropTable':
    case 'dropFunction':
      return isString(e.name);
    case 'renameTable':
      return isString(e.from) && isString(e.to);
    case 'function':
      return isObject(e.def) && isString(e.def.name) && isString(e.def.parameters) && isString(e.def.body) && (e.def.resultColumns === undefined || isColumns(e.def.resultColumns));
    case 'mapping':
      return (
        typeof e.at === 'number' && isObject(e.mapping) && isString(e.mapping.table) && isString(e.mapping.name) && isString(e.mapping.kind) && Array.isArray(e.mapping.entries)
      );
    case 'policies':
      return (
        typeof e.at === 'number' &&
        isString(e.table) &&
        typeof e.replace === 'boolean' &&
        Array.isArray(e.policies) &&
        e.policies.every((p) => isObject(p) && isString(p.table) && isString(p.query))
      );
    default:
      return false;
  }
}

/**
 * Whether a value read from outside the process (a cache file, a worker message) has the shape of a
 * {@link BlockOutcome}; anything else must not be applied.
 */
export function isBlockOutcome(v: unknown): v is BlockOutcome {
  return (
    isObject(v) &&
    isString(v.label) &&
    Array.isArray(v.diagnostics) &&
    v.diagnostics.every(
      (d) =>
        isObject(d) && isString(d.code) && (d.severity === 'error' || d.severity === 'warning') && isString(d.message) && typeof d.start === 'number' && typeof d.end === 'number',
    ) &&
    Array.isArray(v.effects) &&
    v.effects.every(isEffect)
  );
}
