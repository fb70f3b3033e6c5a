/**
 * The Data Explorer database scripts of a hub (spec, "Analytics cluster objects" and "Dataset
 * transforms"): `Common` (helper functions, deployed to both databases), `IngestionSetup` (settings,
 * open-data tables, and per dataset the raw table, parquet mapping, raw retention, FOCUS 1.0 transform,
 * final table and update policy) and `HubSetup` (the `{dataset}()` and `{dataset}_v1_0()` functions).
 *
 * The KQL is written in handlebars templates under `kql/` (shipped with hubc, found with
 * {@link packagePath}); table layouts come from `./kql/tables.ts` and the model's custom datasets.
 * Deploy-time values stay in the text as placeholders that the ARM template substitutes; the only one is
 * {@link RAW_RETENTION_PLACEHOLDER}.
 */
import * as arm from '../../expressions/arm/index.js';
import type { CustomDatasetModel, HubModel } from '../../model/hub.js';
import type { KqlScriptArtifact } from '../types.js';
import { behaves } from '../../model/releases.js';
import { loadKqlTemplates, type HelperRegistry, type KqlTemplate, type KqlTemplateName } from './kqlTemplates.js';
import { EXPORT_SCHEMAS, builtInDataset, schemaFileName } from '../../model/datasets.js';
import { BUILT_IN_KQL_DATASETS, HUB_SETTINGS_LOG, OPEN_DATA_TABLES, type BuiltInKqlDataset, type KqlColumn } from './kql/tables.js';
import { customAdds, customFinalColumns, customRawColumns } from './kql/custom.js';
import { FOCUS_VERSIONS, hasFocus12, latestFocusVersion, pricingUnitsColumns, rawColumns, retypeTables, v1_0RawInput, v1_2Context, type RetypedTable } from './kqlV1_2.js';
import type { Release } from '../../model/releases.js';
import type { BuiltInDatasetName } from '../../model/datasets.js';

/** Placeholder for the soft-delete period of the raw tables, in days (template parameter `dataExplorerLogRetentionInDays`). */
export const RAW_RETENTION_PLACEHOLDER = '$$rawRetentionInDays$$';

/** The FOCUS version the 0.7 final tables, transforms and versioned Hub functions target. */
const FOCUS_VERSION = '1_0';

/** Data Explorer objects of one dataset, as the scripts create them. */
export interface KqlDatasetObjects {
  /** Dataset (folder under `ingestion/`). */
  name: string;
  custom: boolean;
  rawTable: string;
  /** Parquet mapping name: `<rawTable>_mapping`, the name the ingestion pipeline references. */
  mappingName: string;
  transformFunction: string;
  finalTable: string;
  raw: readonly KqlColumn[];
  final: readonly KqlColumn[];
}

/** A dataset as the templates see it. */
interface DatasetContext extends KqlDatasetObjects {
  transformPartial: string;
  transformFolder: string;
  transformDoc: string;
  versionedDoc: string;
  latestDoc: string;
  rawNote: string;
  /** Custom datasets: the `extend` assignments of the transform (text), or empty. */
  customExtend: string;
  /** What the transform reads: the raw table, or (release 12 on) the raw table with the columns the transform knows. */
  rawInput: string;
  /** Whether the update policy runs the transform (not for the FOCUS 1.0 tables of a release with a later version). */
  policyEnabled: boolean;
}

function objectNames(name: string): Pick<KqlDatasetObjects, 'rawTable' | 'mappingName' | 'transformFunction' | 'finalTable'> {
  return {
    rawTable: `${name}_raw`,
    mappingName: `${name}_raw_mapping`,
    transformFunction: `${name}_transform_v${FOCUS_VERSION}`,
    finalTable: `${name}_final_v${FOCUS_VERSION}`,
  };
}

/** Comment text describing where the raw columns of a built-in dataset come from. */
function rawNote(d: BuiltInKqlDataset): string {
  const exportType = builtInDataset(d.name)!.exportType;
  const schemas = EXPORT_SCHEMAS.filter((s) => s.exportType === exportType);
  const fields = new Set(schemas.flatMap((s) => s.columns.map((c) => c.name)));
  const extra = d.raw.filter((c) => !fields.has(c.field)).map((c) => c.name);
  return `union of the columns of ${schemas.map(schemaFileName).join(', ')}; also ${extra.join(', ')}`;
}

/**
 * The built-in datasets the model ingests, in script order, with Prices included whenever Costs is
 * (the Costs transform reads `Prices_final_v1_0`).
 */
export function builtInDatasets(model: HubModel): BuiltInKqlDataset[] {
  const wanted = new Set<string>(model.datasets.map((d) => d.name));
  if (wanted.has('Costs')) wanted.add('Prices');
  return BUILT_IN_KQL_DATASETS.filter((d) => wanted.has(d.name));
}

function builtInContext(d: BuiltInKqlDataset, release: Release): DatasetContext {
  const raw = rawColumns(release, d.name, d.raw);
  return {
    name: d.name,
    custom: false,
    ...objectNames(d.name),
    raw,
    final: d.final,
    transformPartial: d.name,
    transformFolder: d.transformFolder,
    transformDoc: d.docs.transform,
    versionedDoc: d.docs.versioned,
    latestDoc: d.docs.latest,
    rawNote: rawNote(d),
    customExtend: '',
    rawInput: v1_0RawInput(objectNames(d.name).rawTable, raw, d.raw),
    policyEnabled: latestFocusVersion(release) === FOCUS_VERSION,
  };
}

function customContext(c: CustomDatasetModel): DatasetContext {
  const assignments: string[] = [];
  if (customAdds(c, 'x_SourceType')) assignments.push(`x_SourceType = coalesce(x_SourceType, ${kqlString(c.name)})`);
  if (customAdds(c, 'x_IngestionTime')) assignments.push('x_IngestionTime = ingestion_time()');
  return {
    name: c.name,
    custom: true,
    ...objectNames(c.name),
    raw: customRawColumns(c),
    final: customFinalColumns(c),
    transformPartial: 'Custom',
    transformFolder: c.name,
    transformDoc: `Copies ${c.name}_raw to ${c.name}_final_v${FOCUS_VERSION}, adding x_IngestionTime.`,
    versionedDoc: `All rows of the custom dataset ${c.name}.`,
    latestDoc: `All rows of the custom dataset ${c.name} (same as ${c.name}_v${FOCUS_VERSION}).`,
    rawNote: `the columns declared in hub.yaml plus x_Source*`,
    customExtend: assignments.map((a) => `        ${a}`).join(',\n'),
    rawInput: objectNames(c.name).rawTable,
    // A custom dataset has one FOCUS version only.
    policyEnabled: true,
  };
}

/**
 * Data Explorer objects of every dataset the model ingests (built-in first, in script order, then
 * custom datasets in hub.yaml order).
 */
export function kqlDatasets(model: HubModel): KqlDatasetObjects[] {
  return datasetContexts(model).map(({ name, custom, rawTable, mappingName, transformFunction, finalTable, raw, final }) => ({
    name,
    custom,
    rawTable,
    mappingName,
    transformFunction,
    finalTable,
    raw,
    final,
  }));
}

function datasetContexts(model: HubModel): DatasetContext[] {
  return [...builtInDatasets(model).map((d) => builtInContext(d, model.release)), ...model.customDatasets.map(customContext)];
}

// ---------------------------------------------------------------------------------------------------
// Rendering

/** A KQL string literal (single quotes, backslash escapes). */
export function kqlString(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;
}

/** Column name as written in KQL: plain for the hub's own columns, bracket-quoted for the user's. */
function ident(column: KqlColumn): string {
  return column.quoted || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(column.name) ? `[${kqlString(column.name)}]` : column.name;
}

type Columns = readonly KqlColumn[];

/** Items of a list joined with commas, in lines of at most about 110 characters, each after `indent`. */
function wrapped(items: readonly string[], indent: string): string {
  const lines: string[] = [];
  let line = '';
  for (const n of items) {
    if (line && line.length + n.length + 2 > 110) {
      lines.push(`${line},`);
      line = '';
    }
    line = line ? `${line}, ${n}` : n;
  }
  lines.push(line);
  return lines.map((l) => `${indent}${l}`).join('\n');
}

/** A `project` of columns or expressions (`A`, `B = todecimal(B)`) inside a parenthesized union branch. */
function projectItems(items: readonly (string | KqlColumn)[]): string {
  return `        | project\n${wrapped(
    items.map((i) => (typeof i === 'string' ? i : ident(i))),
    '            ',
  )}`;
}

/** Registers the helpers the templates call: KQL strings, column lists, mappings, update policies. */
function registerHelpers(hb: HelperRegistry): void {
  hb.registerHelper('str', (value: unknown) => kqlString(String(value)));
  hb.registerHelper('columnList', (columns: Columns) => columns.map((c) => `    ${ident(c)}: ${c.type}`).join(',\n'));
  hb.registerHelper(
    'projectList',
    (columns: Columns) =>
      `    | project\n${wrapped(
        columns.map((c) => ident(c)),
        '        ',
      )}`,
  );
  hb.registerHelper('mappingJson', (columns: Columns) => {
    const entries = columns.map((c) => `    { "Column": ${JSON.stringify(c.name)}, "Properties": { "Field": ${JSON.stringify(c.field)} } }`);
    return `[\n${entries.join(',\n')}\n]`;
  });
  hb.registerHelper('projectItems', (items: readonly (string | KqlColumn)[]) => projectItems(items));
  hb.registerHelper('join', (items: readonly string[]) => items.join(', '));
  // The third argument (enabled) is optional: handlebars passes its options object when a template leaves it out.
  hb.registerHelper('updatePolicyJson', (source: string, query: string, enabled?: unknown) =>
    [
      '[{',
      `    "IsEnabled": ${typeof enabled === 'boolean' ? enabled : true},`,
      `    "Source": ${JSON.stringify(source)},`,
      `    "Query": ${JSON.stringify(`${query}()`)},`,
      '    "IsTransactional": true,',
      '    "PropagateIngestionProperties": true',
      '}]',
    ].join('\n'),
  );
}

let compiled: Record<KqlTemplateName, KqlTemplate> | undefined;

/** The templates, compiled (or, in the bundle, instantiated) once per process. */
function templates(): Record<KqlTemplateName, KqlTemplate> {
  return (compiled ??= loadKqlTemplates(registerHelpers));
}

/**
 * Normalizes rendered text: no trailing spaces, at most one blank line in a row (Data Explorer database
 * scripts separate commands by a blank line, so commands themselves never contain one), one final newline.
 */
function tidy(text: string): string {
  const endsInBlank = (l: string) => l.endsWith(' ') || l.endsWith('\t');
  return `${text
    .split('\n')
    .map((l) => (endsInBlank(l) ? l.replace(/[ \t]+$/, '') : l))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()}\n`;
}

/**
 * The first lines of a script (comment lines without the leading `// ` of the first): who wrote it, and
 * which deploy-time placeholders the template replaces, each with the template parameter it comes from.
 */
function scriptHeader(release: string, placeholders?: KqlScriptArtifact['placeholders']): string {
  const lines = [`Generated by hubc for FinOps hub ${release}. Do not edit: change hub.yaml and build again.`];
  const entries = Object.entries(placeholders ?? {});
  if (entries.length) {
    lines.push('Deploy-time placeholders: before the script runs, azuredeploy.json replaces');
    for (const [name, p] of entries) lines.push(`  ${name} with the value of the template parameter ${p.parameter}`);
  } else {
    lines.push('No deploy-time placeholders: azuredeploy.json deploys this script as written.');
  }
  return lines.join('\n// ');
}

/**
 * The KQL scripts of a hub, in deployment order: Common and IngestionSetup on the Ingestion database,
 * then Common and HubSetup on the Hub database. `kql/Common.kql` is the same text for both databases.
 * IngestionSetup keeps {@link RAW_RETENTION_PLACEHOLDER}; its `placeholders` entry tells the ARM template
 * to substitute `string(parameters('dataExplorerLogRetentionInDays'))` and validation to use the model's
 * `retention.dataExplorerLogDays`.
 * @throws Error when the release targets no FOCUS version these scripts implement, or a template is
 *   missing or refers to a value the context lacks (strict mode)
 */
export function kqlScripts(model: HubModel): readonly KqlScriptArtifact[] {
  // The Data Factory module asks for the scripts' IDs, the Data Explorer module for the scripts: render once.
  let scripts = rendered.get(model);
  if (!scripts) rendered.set(model, (scripts = renderScripts(model)));
  return scripts;
}

const rendered = new WeakMap<HubModel, readonly KqlScriptArtifact[]>();

/** What the templates get, for one script (its placeholders named in its header). */
type ScriptContext = (placeholders?: KqlScriptArtifact['placeholders']) => Record<string, unknown>;

function scriptContext(model: HubModel, datasets: readonly DatasetContext[]): ScriptContext {
  const release = model.release;
  // What the release changes in the scripts (release table), as flags the templates test.
  const changes = {
    dateStrings: behaves(release, 'kqlDateStrings'),
    decimalNumberString: behaves(release, 'kqlDecimalNumberString'),
    resourceTypeIds: behaves(release, 'kqlResourceTypeIds'),
    parseSubscriptionIds: behaves(release, 'kqlParseSubscriptionIds'),
    resourceGraphRecommendations: behaves(release, 'kqlResourceGraphRecommendations'),
  };
  const openData = OPEN_DATA_TABLES.map((o) => (o.name === 'PricingUnits' ? { ...o, columns: pricingUnitsColumns(release, o.columns) } : o));
  const pricingUnits = OPEN_DATA_TABLES.find((o) => o.name === 'PricingUnits')!.columns;
  return (placeholders) => ({
    // PricingUnits as the FOCUS 1.0 Prices transform reads it (decimal block sizes).
    pricingUnitsInput: v1_0RawInput('PricingUnits', pricingUnitsColumns(release, pricingUnits), pricingUnits),
    header: scriptHeader(release.version, placeholders),
    changes,
    ingestionDatabase: model.dataExplorer.databases.ingestion,
    hubDatabase: model.dataExplorer.databases.hub,
    settingsLog: HUB_SETTINGS_LOG,
    openData,
    datasets,
  });
}

function renderScripts(model: HubModel): KqlScriptArtifact[] {
  const versions = model.release.focusVersions;
  if (!versions.includes(FOCUS_VERSION) || versions.some((v) => !(FOCUS_VERSIONS as readonly string[]).includes(v))) {
    throw new Error(`hub release ${model.release.version} targets FOCUS ${versions.join(', ')}; the KQL templates implement ${FOCUS_VERSIONS.join(', ')}`);
  }
  const t = templates();
  const datasets = datasetContexts(model);
  const retention = {
    [RAW_RETENTION_PLACEHOLDER]: {
      arm: arm.string(arm.parameters('dataExplorerLogRetentionInDays')),
      parameter: 'dataExplorerLogRetentionInDays',
      validationValue: String(model.retention.dataExplorerLogDays),
    },
  };
  const context = scriptContext(model, datasets);
  const common = tidy(t.Common(context()));
  const ingestion: KqlScriptArtifact[] = [
    { database: 'ingestion', scriptName: 'CommonFunctions', file: 'kql/Common.kql', text: common },
    ...retypeTables(model.release, datasets).map(retypeScript),
    { database: 'ingestion', scriptName: 'SetupScript', file: 'kql/IngestionSetup.kql', text: tidy(t.IngestionSetup(context(retention))), placeholders: retention },
  ];
  if (hasFocus12(model.release)) return [...ingestion, ...focus12Scripts(model, datasets, context, common)];
  return [
    ...ingestion,
    { database: 'hub', scriptName: 'CommonFunctions', file: 'kql/Common.kql', text: common },
    { database: 'hub', scriptName: 'SetupScript', file: 'kql/HubSetup.kql', text: tidy(t.HubSetup(context())) },
  ];
}

/**
 * The one-time script that retypes a table (`kql/RawTableRetype.kql.hbs`). Its text names no release and depends on
 * nothing of hub.yaml, so it stays the same from release to release and the deployment runs it only when it creates
 * it (its `forceUpdateTag` is a hash of the text).
 */
function retypeScript(r: RetypedTable): KqlScriptArtifact {
  const header = 'Generated by hubc. Do not edit: change hub.yaml and build again.\n// No deploy-time placeholders: azuredeploy.json deploys this script as written.';
  return { database: 'ingestion', scriptName: `Retype_${r.table}`, file: `kql/IngestionRetype_${r.table}.kql`, text: tidy(templates().RawTableRetype({ header, ...r })) };
}

/**
 * The scripts of the FOCUS 1.2 schema version (release 12 on), after the Ingestion database's FOCUS 1.0 setup: the
 * FOCUS 1.2 objects of the Ingestion database, then on the Hub database the Common functions, the open data
 * functions, the FOCUS 1.0 and 1.2 functions and the unversioned ones (kql-0.9-14.md §1.4, §5.3).
 */
function focus12Scripts(model: HubModel, datasets: readonly DatasetContext[], context: ScriptContext, common: string): KqlScriptArtifact[] {
  const t = templates();
  const latest = latestFocusVersion(model.release);
  const v1_2 = datasets.filter((d) => !d.custom).map((d) => v1_2Context(d.name as BuiltInDatasetName, d.final));
  const v1_0 = datasets.map((d) => {
    const v = v1_2.find((x) => x.name === d.name);
    return v ? { ...d, versionedDoc: v.versionedDocV1_0, toV1_0: v.toV1_0, toV1_0Items: v.toV1_0Items } : { ...d, toV1_0: false, toV1_0Items: [] };
  });
  const unversioned = datasets.map((d) => ({ ...d, latestVersion: d.custom ? FOCUS_VERSION : latest }));
  const render = (name: KqlTemplateName, list: readonly unknown[]) => tidy(t[name]({ ...context(), datasets: list, latestFocusVersion: latest.replace('_', '.') }));
  return [
    { database: 'ingestion', scriptName: 'v1_2', file: 'kql/IngestionSetup_v1_2.kql', text: render('IngestionSetup_v1_2', v1_2) },
    { database: 'hub', scriptName: 'CommonFunctions', file: 'kql/Common.kql', text: common },
    { database: 'hub', scriptName: 'openData', file: 'kql/HubSetup_OpenData.kql', text: render('HubSetup_OpenData', []) },
    { database: 'hub', scriptName: 'v1_0', file: 'kql/HubSetup_v1_0.kql', text: render('HubSetup_v1_0', v1_0) },
    { database: 'hub', scriptName: 'v1_2', file: 'kql/HubSetup_v1_2.kql', text: render('HubSetup_v1_2', v1_2) },
    { database: 'hub', scriptName: 'latest', file: 'kql/HubSetup_Latest.kql', text: render('HubSetup_Latest', unversioned) },
  ];
}
