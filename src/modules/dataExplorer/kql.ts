/**
 * The Data Explorer database scripts of a hub (spec, "Analytics cluster objects" and "Dataset
 * transforms"): `Common` (helper functions, deployed to both databases), `IngestionSetup` (settings,
 * open-data tables, and per dataset the raw table, parquet mapping, raw retention, FOCUS 1.0 transform,
 * final table and update policy) and `HubSetup` (the `{dataset}()` and `{dataset}_v1_0()` functions). With
 * `kqlScriptSplit` (0.11) the Ingestion setup is three scripts: `IngestionSetup_HubInfra` (settings, open data,
 * shared functions), `IngestionSetup_RawTables` and `IngestionSetup_v1_0` (transforms, final tables, policies).
 *
 * The KQL is written in handlebars templates under `kql/` (shipped with hubc, found with
 * {@link packagePath}); table layouts come from `./kql/tables.ts` and the model's custom datasets.
 * Deploy-time values stay in the text as placeholders that the ARM template substitutes; the only one is
 * {@link RAW_RETENTION_PLACEHOLDER}.
 */
import * as arm from '../../expressions/arm/index.js';
import type { CustomDatasetModel, HubModel } from '../../model/hub.js';
import type { KqlScriptArtifact } from '../types.js';
import { behaves, type Release } from '../../model/releases.js';
import { loadKqlTemplates, type HelperRegistry, type KqlTemplate, type KqlTemplateName } from './kqlTemplates.js';
import { schemaFileName } from '../../model/datasets.js';
import { exportSchemasFor, sinkName } from '../../model/exportSchemas.js';
import { HUB_SETTINGS_LOG, OPEN_DATA_TABLES, builtInKqlDatasets, type BuiltInKqlDataset, type KqlColumn } from './kql/tables.js';
import { customAdds, customFinalColumns, customRawColumns } from './kql/custom.js';

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
  /**
   * The table the transform's update policy writes: `<name>_final_v1_0`, or for a dataset that feeds another (the
   * C360 datasets) that dataset's raw table (`Costs_raw`).
   */
  finalTable: string;
  raw: readonly KqlColumn[];
  /** Columns of {@link KqlDatasetObjects.finalTable}. */
  final: readonly KqlColumn[];
  /** The dataset whose raw table the transform writes (`Costs` for the C360 datasets); absent otherwise. */
  feeds?: string;
}

/** One entry of an update policy: the transform that runs on ingestion into `source`. */
interface PolicyEntry {
  source: string;
  query: string;
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
  /**
   * The update policy command that follows this dataset's transform: on its final table; for the datasets that
   * feed one raw table, one command after the last of them with an entry for each (`.alter table ... policy
   * update` replaces a table's whole policy, so separate commands would leave only the last).
   */
  updatePolicy: { target: string; entries: PolicyEntry[]; note: string } | null;
  /** C360 transforms: only commitment purchases and refunds are read (ActualCosts); the x_SourceType written. */
  purchasesOnly: boolean;
  sourceType: string;
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
function rawNote(release: Release, d: BuiltInKqlDataset): string {
  const schemas = exportSchemasFor(release).filter((s) => s.exportType === d.exportType);
  const fields = new Set(schemas.flatMap((s) => s.columns.map(sinkName)));
  const extra = d.raw.filter((c) => !fields.has(c.field)).map((c) => c.name);
  return `union of the columns of ${schemas.map(schemaFileName).join(', ')}${extra.length ? `; also ${extra.join(', ')}` : ''}`;
}

/**
 * The built-in datasets the model ingests, in script order, with Prices included whenever Costs is
 * (the Costs transform reads `Prices_final_v1_0`) and Costs whenever a dataset feeds its raw table.
 */
function builtInDatasets(model: HubModel): BuiltInKqlDataset[] {
  const layouts = builtInKqlDatasets(model.release);
  const wanted = new Set<string>(model.datasets.map((d) => d.name));
  for (const d of layouts) if (d.feeds && wanted.has(d.name)) wanted.add(d.feeds);
  if (wanted.has('Costs')) wanted.add('Prices');
  return layouts.filter((d) => wanted.has(d.name));
}

function builtInContext(release: Release, d: BuiltInKqlDataset): DatasetContext {
  return {
    name: d.name,
    custom: false,
    ...objectNames(d.name),
    ...(d.feeds ? { finalTable: `${d.feeds}_raw`, feeds: d.feeds } : {}),
    raw: d.raw,
    final: d.final,
    transformPartial: d.feeds ? 'C360' : d.name,
    transformFolder: d.transformFolder,
    transformDoc: d.docs.transform,
    versionedDoc: d.docs.versioned,
    latestDoc: d.docs.latest,
    rawNote: rawNote(release, d),
    customExtend: '',
    updatePolicy: null,
    purchasesOnly: d.exportType === 'ActualCost',
    sourceType: d.exportType,
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
    updatePolicy: null,
    purchasesOnly: false,
    sourceType: c.name,
  };
}

/**
 * Data Explorer objects of every dataset the model ingests (built-in first, in script order, then
 * custom datasets in hub.yaml order).
 */
export function kqlDatasets(model: HubModel): KqlDatasetObjects[] {
  return datasetContexts(model).map(({ name, custom, rawTable, mappingName, transformFunction, finalTable, raw, final, feeds }) => ({
    name,
    custom,
    rawTable,
    mappingName,
    transformFunction,
    finalTable,
    raw,
    final,
    ...(feeds ? { feeds } : {}),
  }));
}

function datasetContexts(model: HubModel): DatasetContext[] {
  return withUpdatePolicies([...builtInDatasets(model).map((d) => builtInContext(model.release, d)), ...model.customDatasets.map(customContext)]);
}

/** Each dataset's update policy command (see {@link DatasetContext.updatePolicy}). */
function withUpdatePolicies(datasets: DatasetContext[]): DatasetContext[] {
  const entry = (d: DatasetContext): PolicyEntry => ({ source: d.rawTable, query: d.transformFunction });
  return datasets.map((d) => {
    const sameTarget = datasets.filter((x) => x.finalTable === d.finalTable);
    if (sameTarget.at(-1) !== d) return d;
    const note = sameTarget.length > 1 ? `One command for every transform that writes ${d.finalTable}: .alter replaces the table's whole update policy.` : '';
    return { ...d, updatePolicy: { target: d.finalTable, entries: sameTarget.map(entry), note } };
  });
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

/** Registers the helpers the templates call: KQL strings, column lists, mappings, update policies. */
function registerHelpers(hb: HelperRegistry): void {
  hb.registerHelper('str', (value: unknown) => kqlString(String(value)));
  hb.registerHelper('columnList', (columns: Columns) => columns.map((c) => `    ${ident(c)}: ${c.type}`).join(',\n'));
  hb.registerHelper('projectList', (columns: Columns) => {
    const names = columns.map((c) => ident(c));
    const lines: string[] = [];
    let line = '';
    for (const n of names) {
      if (line && line.length + n.length + 2 > 110) {
        lines.push(`${line},`);
        line = '';
      }
      line = line ? `${line}, ${n}` : n;
    }
    lines.push(line);
    return `    | project\n${lines.map((l) => `        ${l}`).join('\n')}`;
  });
  hb.registerHelper('mappingJson', (columns: Columns) => {
    const entries = columns.map((c) => `    { "Column": ${JSON.stringify(c.name)}, "Properties": { "Field": ${JSON.stringify(c.field)} } }`);
    return `[\n${entries.join(',\n')}\n]`;
  });
  hb.registerHelper('updatePolicyJson', (entries: readonly PolicyEntry[]) => {
    const objects = entries.map((e) =>
      [
        '    "IsEnabled": true,',
        `    "Source": ${JSON.stringify(e.source)},`,
        `    "Query": ${JSON.stringify(`${e.query}()`)},`,
        '    "IsTransactional": true,',
        '    "PropagateIngestionProperties": true',
      ].join('\n'),
    );
    return `[{\n${objects.join('\n}, {\n')}\n}]`;
  });
  hb.registerHelper('firstColumn', (columns: Columns) => columns.slice(0, 1));
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

/** The flags the templates test: what the release changes in the scripts (release table). */
function scriptChanges(release: Release) {
  const b = (behaviour: Parameters<typeof behaves>[1]) => behaves(release, behaviour);
  return {
    dateStrings: b('kqlDateStrings'),
    decimalNumberString: b('kqlDecimalNumberString'),
    resourceTypeIds: b('kqlResourceTypeIds'),
    lowerCaseBillingIds: b('kqlLowerCaseBillingIds'),
    costConsistencyCodes: b('kqlCostConsistencyCodes'),
    caseInsensitivePriceKey: b('kqlCaseInsensitivePriceKey'),
    costFillFromEffective: b('kqlCostFillFromEffective'),
    recommendationsJsonCosts: b('kqlRecommendationsJsonCosts'),
    recommendationDateCapped: b('kqlRecommendationDateCapped'),
    costQuantityFill: b('kqlCostQuantityFill'),
    effectivePriceRounding: b('kqlEffectivePriceRounding'),
    costFillFromBilled: b('kqlCostFillFromBilled'),
    blankUnassignedInvoiceSection: b('kqlBlankUnassignedInvoiceSection'),
    streamingIngestionOff: b('kqlStreamingIngestionOff'),
    rawTablesRedefined: b('kqlRawTablesRedefined'),
    focus12Backport: b('kqlFocus12Backport'),
    billingPeriodMonthStart: b('kqlBillingPeriodMonthStart'),
  };
}

/** One database script of a layout: the template that renders it, where it runs and under which resource name. */
interface ScriptPlan {
  template: KqlTemplateName;
  database: KqlScriptArtifact['database'];
  scriptName: string;
  /** The script holds the raw tables, so the retention placeholder. */
  rawTables?: boolean;
}

/**
 * The scripts of a release in deployment order, named as the public release of the same number names them:
 * `CommonFunctions`/`SetupScript`, by role from 0.10 (`commonScript`/`setupScript`, `kqlScriptsByRole`), and with
 * the 0.11 split (`kqlScriptSplit`) `common`, `infra`, `rawTables`, `v1_0` in Ingestion (kql-0.9-14.md §1.1-1.3).
 */
function scriptPlans(release: Release): ScriptPlan[] {
  const [common, setup] = behaves(release, 'kqlScriptsByRole') || behaves(release, 'kqlScriptSplit') ? ['commonScript', 'setupScript'] : ['CommonFunctions', 'SetupScript'];
  const hub: ScriptPlan[] = [
    { template: 'Common', database: 'hub', scriptName: common },
    { template: 'HubSetup', database: 'hub', scriptName: setup },
  ];
  if (!behaves(release, 'kqlScriptSplit')) {
    return [{ template: 'Common', database: 'ingestion', scriptName: common }, { template: 'IngestionSetup', database: 'ingestion', scriptName: setup, rawTables: true }, ...hub];
  }
  return [
    { template: 'Common', database: 'ingestion', scriptName: 'common' },
    { template: 'IngestionSetup_HubInfra', database: 'ingestion', scriptName: 'infra' },
    { template: 'IngestionSetup_RawTables', database: 'ingestion', scriptName: 'rawTables', rawTables: true },
    { template: 'IngestionSetup_v1_0', database: 'ingestion', scriptName: `v${FOCUS_VERSION}` },
    ...hub,
  ];
}

function renderScripts(model: HubModel): KqlScriptArtifact[] {
  if (!model.release.focusVersions.includes(FOCUS_VERSION)) {
    throw new Error(`hub release ${model.release.version} targets FOCUS ${model.release.focusVersions.join(', ')}; the KQL templates implement ${FOCUS_VERSION}`);
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
  const changes = scriptChanges(model.release);
  const context = (placeholders?: KqlScriptArtifact['placeholders']) => ({
    header: scriptHeader(model.release.version, placeholders),
    changes,
    ingestionDatabase: model.dataExplorer.databases.ingestion,
    hubDatabase: model.dataExplorer.databases.hub,
    settingsLog: HUB_SETTINGS_LOG,
    openData: OPEN_DATA_TABLES,
    datasets,
    hubDatasets: datasets.filter((d) => !d.feeds),
  });
  const texts = new Map<KqlTemplateName, string>();
  return scriptPlans(model.release).map((p) => {
    const placeholders = p.rawTables ? retention : undefined;
    let text = texts.get(p.template);
    if (text === undefined) texts.set(p.template, (text = tidy(t[p.template](context(placeholders)))));
    return { database: p.database, scriptName: p.scriptName, file: `kql/${p.template}.kql`, text, ...(placeholders ? { placeholders } : {}) };
  });
}
