/// <reference types="@kusto/language-service-next" />
/**
 * Adapter around the Kusto language service (`@kusto/language-service-next` 12.4.1, Kusto.Language compiled to
 * JavaScript with Bridge.NET). This is the ONLY module that touches the Bridge.NET object model: the generated
 * overload names (`$ctor7`, `$ctor16`, ...) are specific to the pinned package version, so keep every call here
 * and hand plain data to the rest of hubc.
 *
 * The package has no exports: its two CommonJS files define the globals `Bridge`, `System` and `Kusto` when run.
 * They are loaded lazily with `createRequire` (works under tsx and in compiled Node ESM) the first time
 * {@link buildGlobals} or {@link analyze} runs; loading costs ~0.2 s and the first analysis builds the grammar
 * (~0.5 s). Source: `../shared/recipes/validators.md` §1.1-1.4.
 */
import { createRequire } from 'node:module';

/** A column as plain data: name and canonical Kusto scalar type name (`string`, `long`, `real`, ...). */
export interface LsColumn {
  name: string;
  type: string;
}

/** A table to declare: name and its columns in order. */
export interface LsTable {
  name: string;
  columns: LsColumn[];
}

/** A user function to declare: name, parameter list text `(a: string, t: (x: long))` and body text `{ ... }`. */
export interface LsFunction {
  name: string;
  parameters: string;
  body: string;
}

/** Everything declared in the cluster at one point of a script sequence. */
export interface LsSchema {
  clusterName: string;
  /** Database that unqualified names resolve in. Must be one of `databases`. */
  currentDatabase: string;
  databases: { name: string; tables: LsTable[]; functions: LsFunction[] }[];
}

/** One language-service diagnostic; `start`/`length` are UTF-16 offsets into the analysed text. */
export interface LsDiagnostic {
  /** `KS142`, `KS005`, ... */
  code: string;
  /** `Error`, `Warning`, `Suggestion` or `Information` as Kusto.Language names them. */
  severity: string;
  message: string;
  start: number;
  length: number;
}

/**
 * A named grammar slot of a control command (`TableName`, `ColumnName`, `ColumnType`, `FunctionName`,
 * `Parameters`, `Body`, `UpdatePolicy`, `MappingKind`, `MappingName`, `MappingFormat`, `NewTableName`,
 * `PropertyName`, `PropertyValue`), in document order, outside any function body.
 */
export interface LsSlot {
  name: string;
  /** Offset of the slot's first character (trivia excluded) in the analysed text. */
  start: number;
  /** Exclusive end offset. */
  end: number;
  /** Source text of the slot. */
  text: string;
  /** For names: the unquoted name (`['a-b']` gives `a-b`). */
  simpleName?: string;
  /** For string literals: the decoded value (for a ```` ``` ```` literal, the text between the fences). */
  value?: string;
  /** For a string literal whose source holds the value verbatim (a ```` ``` ```` literal, a verbatim `@'...'`
   *  literal, or a quoted literal without escapes): offset of the value's first character in the analysed text,
   *  so offsets inside `value` map 1:1 to source offsets. */
  rawValueStart?: number;
}

/** Result of analysing one query or control command. */
export interface LsAnalysis {
  /** `Query` or `Command` (Kusto.Language's `KustoCode.Kind`). */
  kind: string;
  /** For a control command: its `CommandKind`, e.g. `CreateMergeTable`, `CreateOrAlterFunction`. */
  commandKind?: string;
  diagnostics: LsDiagnostic[];
  slots: LsSlot[];
  /** For a query: the columns of its tabular result, or undefined when the result is not a table. */
  resultColumns?: LsColumn[];
  /** For a function-defining command: the columns of the body's tabular result (undefined when scalar). */
  bodyResultColumns?: LsColumn[];
}

/** Opaque handle to an immutable Kusto `GlobalState` built by {@link buildGlobals}. */
export interface LsGlobals {
  readonly __kqlGlobals: unique symbol;
}

/** Grammar slots reported in {@link LsAnalysis.slots}. */
const SLOT_NAMES = new Set([
  'TableName',
  'ColumnName',
  'ColumnType',
  'FunctionName',
  'Parameters',
  'Body',
  'UpdatePolicy',
  'MappingKind',
  'MappingName',
  'MappingFormat',
  'NewTableName',
  'PropertyName',
  'PropertyValue',
]);

let loaded: typeof Kusto.Language | undefined;

/** Thrown when `@kusto/language-service-next` cannot be loaded (not installed, or it did not define `Kusto`). */
export class KustoLoadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'KustoLoadError';
  }
}

/** Message of anything thrown by Bridge.NET code (C# exceptions are objects with `message`, not `Error`s). */
export function errorMessage(e: unknown): string {
  const m = (e as { message?: unknown } | null)?.message;
  return typeof m === 'string' ? m : String(e);
}

/**
 * Loads the Bridge.NET runtime, then Kusto.Language, once per process.
 * @returns the `Kusto.Language` namespace
 * @throws KustoLoadError when the package is not installed or does not define `Kusto.Language`
 */
function language(): typeof Kusto.Language {
  if (loaded) return loaded;
  const g = globalThis as { Kusto?: typeof Kusto };
  if (!g.Kusto?.Language) {
    const require = createRequire(import.meta.url);
    try {
      require('@kusto/language-service-next/bridge.min.js');
      require('@kusto/language-service-next/Kusto.Language.Bridge.min.js');
    } catch (e) {
      throw new KustoLoadError(`cannot load @kusto/language-service-next: ${errorMessage(e)}`);
    }
  }
  if (!g.Kusto?.Language) throw new KustoLoadError('@kusto/language-service-next did not define the global Kusto.Language');
  loaded = g.Kusto.Language;
  return loaded;
}

/** Version of the installed `@kusto/language-service-next` package (read from its package.json, without loading it). */
export function languageServiceVersion(): string {
  const require = createRequire(import.meta.url);
  return (require('@kusto/language-service-next/package.json') as { version: string }).version;
}

/** Quotes a name for a Kusto schema string: `['a\'b']`. */
function quoteName(name: string): string {
  return `['${name.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}']`;
}

/** Schema text `(['a']: string, ['b']: long)` for a column list. */
export function schemaText(columns: readonly LsColumn[]): string {
  return `(${columns.map((c) => `${quoteName(c.name)}: ${c.type}`).join(', ')})`;
}

/**
 * Canonical Kusto name of a scalar type written in a command (`double` gives `real`, `boolean` gives `bool`,
 * `int64` gives `long`, ...).
 * @returns the canonical name, or undefined when Kusto does not know the type
 */
export function canonicalTypeName(typeText: string): string | undefined {
  const K = language();
  const sym = K.Symbols.ScalarTypes.GetSymbol(typeText.trim());
  return sym?.Name ?? undefined;
}

/**
 * Builds the global state for a cluster: every table and function of every database, with `currentDatabase`
 * as the database unqualified names resolve in. Cross-database references (`database('Ingestion').T`) resolve
 * because all databases live in the same cluster symbol (recipe §1.2).
 * @throws Error when `currentDatabase` is not among `databases`
 */
export function buildGlobals(schema: LsSchema): LsGlobals {
  const K = language();
  const dbs = schema.databases.map((db) => {
    const members: Kusto.Language.Symbols.Symbol[] = [];
    for (const t of db.tables) members.push(new K.Symbols.TableSymbol.$ctor7(t.name, schemaText(t.columns), null));
    for (const f of db.functions) members.push(new K.Symbols.FunctionSymbol.$ctor16(f.name, f.parameters, f.body, null));
    return new K.Symbols.DatabaseSymbol.ctor(db.name, members);
  });
  const cluster = new K.Symbols.ClusterSymbol.ctor(schema.clusterName, dbs);
  const current = cluster.GetDatabase(schema.currentDatabase);
  if (!current) throw new Error(`database '${schema.currentDatabase}' is not in the cluster schema`);
  const globals = K.GlobalState.Default!.WithCluster(cluster)!.WithDatabase(current);
  return globals as unknown as LsGlobals;
}

/** Plain column list of a table symbol. */
function columnsOf(table: Kusto.Language.Symbols.TableSymbol): LsColumn[] {
  const out: LsColumn[] = [];
  const cols = table.Columns!;
  for (let i = 0; i < cols.Count; i++) {
    const c = cols.getItem(i)!;
    out.push({ name: c.Name ?? '', type: c.Type?.Name ?? '' });
  }
  return out;
}

/** Columns of a type symbol when it is a table, otherwise undefined. */
function tableColumns(type: Kusto.Language.Symbols.TypeSymbol | null | undefined): LsColumn[] | undefined {
  const K = language();
  return type instanceof K.Symbols.TableSymbol ? columnsOf(type) : undefined;
}

/**
 * Parses and semantically analyses one query or one control command against `globals`.
 * Never pass a whole multi-command script: Kusto.Language then returns one command block with no diagnostics
 * (recipe §1.3).
 * @param text the command or query text; offsets in the result are relative to it
 */
export function analyze(text: string, globals: LsGlobals): LsAnalysis {
  const K = language();
  const code = K.KustoCode.ParseAndAnalyze(text, globals as unknown as Kusto.Language.GlobalState)!;
  const diagnostics: LsDiagnostic[] = [];
  const list = code.GetDiagnostics()!;
  for (let i = 0; i < list.Count; i++) {
    const d = list.getItem(i)!;
    diagnostics.push({ code: d.Code ?? '', severity: String(d.Severity ?? ''), message: d.Message ?? '', start: d.Start, length: d.Length });
  }
  const result: LsAnalysis = { kind: code.Kind ?? '', diagnostics, slots: [] };
  const command = code.Syntax!.GetFirstDescendant(K.Syntax.CustomCommand) as Kusto.Language.Syntax.CustomCommand | null;
  if (!command) {
    result.resultColumns = tableColumns(code.ResultType);
    return result;
  }
  result.commandKind = command.CommandKind ?? undefined;
  let body: Kusto.Language.Syntax.FunctionBody | undefined;
  code.Syntax!.WalkElements((e) => {
    const name = e!.NameInParent;
    if (!name || !SLOT_NAMES.has(name)) return;
    const start = e!.TextStart;
    if (body && start >= body.TextStart && start < body.End) return; // inside the function body
    if (name === 'Parameters' && !(e instanceof K.Syntax.FunctionParameters)) return; // the inner list
    if (name === 'Body') {
      if (body || !(e instanceof K.Syntax.FunctionBody)) return;
      body = e;
    }
    const slot: LsSlot = { name, start, end: start + e!.Width, text: text.substr(start, e!.Width) };
    if (e instanceof K.Syntax.NameDeclaration || e instanceof K.Syntax.NameReference) slot.simpleName = e.SimpleName ?? undefined;
    if (e instanceof K.Syntax.LiteralExpression && typeof e.LiteralValue === 'string') {
      slot.value = e.LiteralValue;
      // Where the value starts in the source: after ``` or ~~~, after @' / @", or after a plain quote. Only
      // recorded when the source holds the value verbatim (no escapes), so offsets inside it map 1:1.
      const open = /^(```|~~~|[hH]?@?['"])/.exec(slot.text)?.[1].length ?? -1;
      if (open >= 0 && slot.text.substr(open, slot.value.length) === slot.value) slot.rawValueStart = start + open;
    }
    result.slots.push(slot);
  });
  if (body) result.bodyResultColumns = tableColumns(body.Expression?.ResultType);
  return result;
}
