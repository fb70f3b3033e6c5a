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
function builtInDatasets(model: HubModel): BuiltInKqlDataset[] {
  const wanted = new Set<string>(model.datasets.map((d) => d.name));
  if (wanted.has('Costs')) wanted.add('Prices');
  return BUILT_IN_KQL_DATASETS.filter((d) => wanted.has(d.name));
}

function builtInContext(d: BuiltInKqlDataset): DatasetContext {
  return {
    name: d.name,
    custom: false,
    ...objectNames(d.name),
    raw: d.raw,
    final: d.final,
    transformPartial: d.name,
    transformFolder: d.transformFolder,
    transformDoc: d.docs.transform,
    versionedDoc: d.docs.versioned,
    latestDoc: d.docs.latest,
    rawNote: rawNote(d),
    customExtend: '',
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
  return [...builtInDatasets(model).map(builtInContext), ...model.customDatasets.map(customContext)];
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
  hb.registerHelper('updatePolicyJson', (source: string, query: string) =>
    [
      '[{',
      '    "IsEnabled": true,',
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
  // What the release changes in the scripts (release table), as flags the templates test.
  const changes = {
    dateStrings: behaves(model.release, 'kqlDateStrings'),
    decimalNumberString: behaves(model.release, 'kqlDecimalNumberString'),
    resourceTypeIds: behaves(model.release, 'kqlResourceTypeIds'),
  };
  const context = (placeholders?: KqlScriptArtifact['placeholders']) => ({
    header: scriptHeader(model.release.version, placeholders),
    changes,
    ingestionDatabase: model.dataExplorer.databases.ingestion,
    hubDatabase: model.dataExplorer.databases.hub,
    settingsLog: HUB_SETTINGS_LOG,
    openData: OPEN_DATA_TABLES,
    datasets,
  });
  const common = tidy(t.Common(context()));
  const ingestion = tidy(t.IngestionSetup(context(retention)));
  const hub = tidy(t.HubSetup(context()));
  return [
    { database: 'ingestion', scriptName: 'CommonFunctions', file: 'kql/Common.kql', text: common },
    { database: 'ingestion', scriptName: 'SetupScript', file: 'kql/IngestionSetup.kql', text: ingestion, placeholders: retention },
    { database: 'hub', scriptName: 'CommonFunctions', file: 'kql/Common.kql', text: common },
    { database: 'hub', scriptName: 'SetupScript', file: 'kql/HubSetup.kql', text: hub },
  ];
}
