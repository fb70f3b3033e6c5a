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
 *
 * One file, though past 400 lines: the dataset contexts and the script layouts of every release that render
 * them belong together; what has a seam is in files of its own (template helpers in `./kqlHelpers.ts`, table
 * layouts in `./kql/tables.ts` and `./kqlV1_2.ts`, update policies in `./kql/policies.ts`).
 */
import * as arm from '../../expressions/arm/index.js';
import type { CustomDatasetModel, HubModel } from '../../model/hub.js';
import type { KqlScriptArtifact } from '../types.js';
import { behaves, type Release } from '../../model/releases.js';
import { loadKqlTemplates, type KqlTemplate, type KqlTemplateName } from './kqlTemplates.js';
import { schemaFileName } from '../../model/datasets.js';
import { exportSchemasFor, sinkName } from '../../model/exportSchemas.js';
import { HUB_SETTINGS_LOG, OPEN_DATA_TABLES, builtInKqlDatasets, type BuiltInKqlDataset, type KqlColumn } from './kql/tables.js';
import { customAdds, customFinalColumns, customRawColumns } from './kql/custom.js';
import {
  FOCUS_VERSIONS,
  RAW_TABLES_12,
  conversionItems,
  hasFocus12,
  latestFocusVersion,
  pricingUnitsColumns,
  rawColumns,
  retypeTables,
  v1_0RawInput,
  v1_2Context,
  type FinalDatasetName,
  type RetypedTable,
} from './kqlV1_2.js';
import { withUpdatePolicies, type UpdatePolicy } from './kql/policies.js';
import { kqlString, registerHelpers } from './kqlHelpers.js';

export { kqlString };

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
  /**
   * The update policy command that follows this dataset's transform: on its final table; for the datasets that
   * feed one raw table, one command after the last of them with an entry for each (`.alter table ... policy
   * update` replaces a table's whole policy, so separate commands would leave only the last).
   */
  updatePolicy: UpdatePolicy | null;
  /** C360 transforms: only commitment purchases and refunds are read (ActualCosts); the x_SourceType written. */
  purchasesOnly: boolean;
  sourceType: string;
  /** C360 FOCUS 1.2 transforms: the `project` items that give their rows the `Costs_raw` columns of 12; else false. */
  focus12Projection: readonly string[] | false;
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
  const raw = rawColumns(release, d.name, d.raw);
  return {
    name: d.name,
    custom: false,
    ...objectNames(d.name),
    ...(d.feeds ? { finalTable: `${d.feeds}_raw`, feeds: d.feeds } : {}),
    raw,
    final: d.final,
    transformPartial: d.feeds ? 'C360' : d.name,
    transformFolder: d.transformFolder,
    transformDoc: d.docs.transform,
    versionedDoc: d.docs.versioned,
    latestDoc: d.docs.latest,
    rawNote: rawNote(release, d),
    customExtend: '',
    rawInput: v1_0RawInput(objectNames(d.name).rawTable, raw, d.raw),
    updatePolicy: null,
    purchasesOnly: d.exportType === 'ActualCost',
    sourceType: d.exportType,
    focus12Projection: false,
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
    updatePolicy: null,
    purchasesOnly: false,
    sourceType: c.name,
    focus12Projection: false,
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
  const latest = latestFocusVersion(model.release);
  const contexts = [...builtInDatasets(model).map((d) => builtInContext(model.release, d)), ...model.customDatasets.map(customContext)];
  // From release 12 the FOCUS 1.0 policies are disabled (a custom dataset has one version only), and the policy of a
  // raw table the C360 datasets feed is the FOCUS 1.2 script's: .alter replaces a table's whole policy.
  const v1_0Only = contexts.filter((d) => d.custom || !d.feeds || latest === FOCUS_VERSION);
  const policies = withUpdatePolicies(v1_0Only, (d) => d.custom || latest === FOCUS_VERSION);
  return contexts.map((d) => policies.find((p) => p.name === d.name) ?? d);
}

// ---------------------------------------------------------------------------------------------------
// Rendering

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
    parseSubscriptionIds: b('kqlParseSubscriptionIds'),
    resourceGraphRecommendations: b('kqlResourceGraphRecommendations'),
  };
}

/** What the templates get, for one script (its placeholders named in its header). */
type ScriptContext = (placeholders?: KqlScriptArtifact['placeholders']) => Record<string, unknown>;

function scriptContext(model: HubModel, datasets: readonly DatasetContext[]): ScriptContext {
  const release = model.release;
  const changes = scriptChanges(release);
  const openData = OPEN_DATA_TABLES.map((o) => (o.name === 'PricingUnits' ? { ...o, columns: pricingUnitsColumns(release, o.columns) } : o));
  const pricingUnits = OPEN_DATA_TABLES.find((o) => o.name === 'PricingUnits')!.columns;
  return (placeholders) => ({
    // PricingUnits as the FOCUS 1.0 transforms read it (decimal block sizes), and the type of their numbers.
    pricingUnitsInput: v1_0RawInput('PricingUnits', pricingUnitsColumns(release, pricingUnits), pricingUnits),
    numberType: 'decimal',
    header: scriptHeader(release.version, placeholders),
    changes,
    ingestionDatabase: model.dataExplorer.databases.ingestion,
    hubDatabase: model.dataExplorer.databases.hub,
    settingsLog: HUB_SETTINGS_LOG,
    openData,
    datasets,
    hubDatasets: datasets.filter((d) => !d.feeds),
  });
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
 * With FOCUS 1.2 (12 on) Ingestion gains `v1_2`, and Hub has `common`, `openData`, `v1_0`, `v1_2`, `latest` (§1.4).
 * The one-time retype scripts of 12 are not plans: {@link renderScripts} puts them after the Ingestion Common.
 */
function scriptPlans(release: Release): ScriptPlan[] {
  const split = behaves(release, 'kqlScriptSplit');
  const [common, setup] = behaves(release, 'kqlScriptsByRole') || split ? ['commonScript', 'setupScript'] : ['CommonFunctions', 'SetupScript'];
  const ingestion: ScriptPlan[] = split
    ? [
        { template: 'Common', database: 'ingestion', scriptName: 'common' },
        { template: 'IngestionSetup_HubInfra', database: 'ingestion', scriptName: 'infra' },
        { template: 'IngestionSetup_RawTables', database: 'ingestion', scriptName: 'rawTables', rawTables: true },
        { template: 'IngestionSetup_v1_0', database: 'ingestion', scriptName: `v${FOCUS_VERSION}` },
      ]
    : [
        { template: 'Common', database: 'ingestion', scriptName: common },
        { template: 'IngestionSetup', database: 'ingestion', scriptName: setup, rawTables: true },
      ];
  if (!hasFocus12(release)) {
    return [...ingestion, { template: 'Common', database: 'hub', scriptName: common }, { template: 'HubSetup', database: 'hub', scriptName: setup }];
  }
  return [
    ...ingestion,
    { template: 'IngestionSetup_v1_2', database: 'ingestion', scriptName: 'v1_2' },
    { template: 'Common', database: 'hub', scriptName: split ? 'common' : common },
    { template: 'HubSetup_OpenData', database: 'hub', scriptName: 'openData' },
    { template: 'HubSetup_v1_0', database: 'hub', scriptName: 'v1_0' },
    { template: 'HubSetup_v1_2', database: 'hub', scriptName: 'v1_2' },
    { template: 'HubSetup_Latest', database: 'hub', scriptName: 'latest' },
  ];
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
  const extra = hasFocus12(model.release) ? focus12Contexts(model, datasets) : {};
  const texts = new Map<KqlTemplateName, string>();
  const scripts = scriptPlans(model.release).map((p): KqlScriptArtifact => {
    const placeholders = p.rawTables ? retention : undefined;
    let text = texts.get(p.template);
    if (text === undefined) texts.set(p.template, (text = tidy(t[p.template]({ ...context(placeholders), ...extra[p.template] }))));
    return { database: p.database, scriptName: p.scriptName, file: `kql/${p.template}.kql`, text, ...(placeholders ? { placeholders } : {}) };
  });
  // The one-time retype scripts (12) run before any script creates or alters the tables they retype.
  return [scripts[0], ...retypeTables(model.release, datasets).map(retypeScript), ...scripts.slice(1)];
}

/**
 * The one-time script that retypes a table (`kql/RawTableRetype.kql.hbs`). Its text names no release and depends on
 * nothing of hub.yaml, so it stays the same from release to release and the deployment runs it only when it creates
 * it (its `forceUpdateTag` is a hash of the text).
 */
function retypeScript(r: RetypedTable): KqlScriptArtifact {
  const header = 'Generated by hubc. Do not edit: change hub.yaml and build again.\n// No deploy-time placeholders: azuredeploy.json deploys this script as written.';
  return {
    database: 'ingestion',
    scriptName: `Retype_${r.table}`,
    file: `kql/IngestionRetype_${r.table}.kql`,
    text: tidy(templates().RawTableRetype({ header, ...r })),
    once: true,
  };
}

/**
 * What the scripts of the FOCUS 1.2 schema version (release 12 on) get besides the common context, by template: the
 * Ingestion database's FOCUS 1.2 transforms (the C360 ones into `Costs_raw`, whose one policy they share), final
 * tables and enabled policies; on the Hub database the open data functions, the FOCUS 1.0 and 1.2 functions and the
 * unversioned ones (kql-0.9-14.md §1.4, §3.4, §5.3).
 */
function focus12Contexts(model: HubModel, datasets: readonly DatasetContext[]): Partial<Record<KqlTemplateName, Record<string, unknown>>> {
  const latest = latestFocusVersion(model.release);
  const hubDatasets = datasets.filter((d) => !d.feeds);
  const v1_2 = hubDatasets.filter((d) => !d.custom).map((d) => v1_2Context(d.name as FinalDatasetName, d.final));
  const ingestionV1_2 = datasets.filter((d) => !d.custom).map((d) => (d.feeds ? c360V1_2Context(d) : v1_2.find((v) => v.name === d.name)!));
  const v1_0 = hubDatasets.map((d) => {
    const v = v1_2.find((x) => x.name === d.name);
    return v ? { ...d, versionedDoc: v.versionedDocV1_0, toV1_0: v.toV1_0, toV1_0Items: v.toV1_0Items } : { ...d, toV1_0: false, toV1_0Items: [] };
  });
  const version = latest.replace('_', '.');
  return {
    IngestionSetup_v1_2: {
      datasets: withUpdatePolicies(ingestionV1_2, () => true),
      latestFocusVersion: version,
      // The FOCUS 1.2 transforms read the tables as they are (real numbers).
      pricingUnitsInput: 'PricingUnits',
      numberType: 'real',
    },
    HubSetup_OpenData: { datasets: [], latestFocusVersion: version },
    HubSetup_v1_0: { datasets: v1_0, latestFocusVersion: version },
    HubSetup_v1_2: { datasets: v1_2, latestFocusVersion: version },
    HubSetup_Latest: { datasets: hubDatasets.map((d) => ({ ...d, latestVersion: d.custom ? FOCUS_VERSION : latest })), latestFocusVersion: version },
  };
}

/**
 * A C360 dataset's FOCUS 1.2 transform (`kql/partials/C360.kql.hbs` with real numbers): it reads its raw table as it
 * is and writes the `Costs_raw` columns of 12, in their order (kql-0.9-14.md §3.4).
 */
function c360V1_2Context(d: DatasetContext) {
  const costsRaw = RAW_TABLES_12.Costs;
  const asReal = d.final.map((c) => (c.type === 'decimal' ? { ...c, type: 'real' as const } : c));
  return {
    ...d,
    transformFunction: `${d.name}_transform_v1_2`,
    transformDoc: d.transformDoc.replace('FOCUS 1.0', 'FOCUS 1.2'),
    rawInput: d.rawTable,
    final: costsRaw,
    focus12Projection: conversionItems(costsRaw, asReal),
  };
}
