/**
 * Files of the `config` container: `settings.json` (hub settings: version, scopes, retention) and the
 * parquet-conversion schema files `schemas/<type>_<version>[_<channel>].json` (spec, "Deployed resources").
 *
 * The schema files are generated from our dataset definitions (src/model/datasets.ts) in the
 * layout of the public hub files: a Data Factory TabularTranslator whose mappings select each column and
 * give its interim type; sink names equal source names unless the catalog names a sink (the space-free MCA
 * reservation recommendations of `kqlRecommendationsJsonCosts`).
 */
import type { HubModel } from '../../model/hub.js';
import type { ArmParameter, Contribution, FileArtifact, FormContribution } from '../types.js';
import { schemaFileName, type ExportSchema } from '../../model/datasets.js';
import { exportSchemasFor, sinkName } from '../../model/exportSchemas.js';
import { toJsonText } from '../../model/json.js';
import { has, parameterName } from '../../model/releases.js';
import * as ui from '../../expressions/ui/index.js';
import { scopeIdPattern } from '../../frontend/scopes.js';
import { RECOMMENDATIONS_SCHEMA, recommendationsSchemaText } from './recommendationsSchema.js';
export { RECOMMENDATIONS_DATASET, RECOMMENDATIONS_VERSION } from './recommendationsSchema.js';

/** `$schema` of settings.json: the published settings format of FinOps hubs. */
export const SETTINGS_SCHEMA_URL = 'https://aka.ms/finops/hubs/settings-schema';

/**
 * The settings.json document for a model (what a new hub starts with). Its shape follows the release
 * (versions.md §0.6): scopes only (0.1-0.3); retention of exports and ingested months (0.4-0.6); retention of
 * the Data Explorer raw and final tables too (0.7).
 */
export function settingsDocument(model: HubModel): Record<string, unknown> {
  return {
    $schema: SETTINGS_SCHEMA_URL,
    type: 'HubInstance',
    version: model.release.ftkVersion,
    learnMore: 'https://aka.ms/finops/hubs',
    scopes: model.scopes.map((scope) => ({ scope })),
    ...(has(model.release, 'retentionSettings')
      ? {
          retention: {
            [model.release.exportContainer]: { days: model.retention.rawExportsDays },
            ingestion: { months: model.retention.ingestionMonths },
            ...(has(model.release, 'dataExplorer') ? { raw: { days: model.retention.dataExplorerLogDays }, final: { months: model.retention.dataExplorerFinalMonths } } : {}),
          },
        }
      : {}),
  };
}

/**
 * Text of one conversion schema file, laid out like the public hub files: 2-space indentation, one
 * mapping per four lines with inline `source`/`sink` objects, LF endings, final newline.
 */
export function schemaFileText(schema: ExportSchema): string {
  let text = schemaTexts.get(schema);
  if (text === undefined) schemaTexts.set(schema, (text = writeSchemaFile(schema)));
  return text;
}

/** Schema file texts by schema (the catalog's schemas are constant data, so each is written once per process). */
const schemaTexts = new WeakMap<ExportSchema, string>();

function writeSchemaFile(schema: ExportSchema): string {
  const q = (s: string) => JSON.stringify(s);
  const mappings = schema.columns.map(
    (c, i) =>
      `      {\n        "source": { "name": ${q(c.name)}, "type": ${q(c.type)} },\n        "sink": { "name": ${q(sinkName(c))} }\n      }${
        i < schema.columns.length - 1 ? ',' : ''
      }`,
  );
  return ['{', '  "additionalColumns": [],', '  "translator": {', '    "type": "TabularTranslator",', '    "mappings": [', ...mappings, '    ]', '  }', '}', ''].join('\n');
}

/**
 * The conversion schemas a model needs: every version of every dataset it ingests, in catalog order. Only
 * releases that read export manifests look schema files up (0.4+); 0.2-0.3 carry their one mapping inline.
 */
export function schemasForModel(model: HubModel): ExportSchema[] {
  if (model.release.exportDetection !== 'manifest') return [];
  return exportSchemasFor(model.release).filter((s) => model.datasets.some((d) => d.exportType === s.exportType && d.versions.includes(s.version)));
}

/**
 * Schema files as `{ name without .json: text }`, the form the settings upload script receives: the
 * conversion schemas, then, with recommendations, the mapping of their query results (`recommendations_1.0`).
 */
export function schemaFiles(model: HubModel): { name: string; text: string }[] {
  return [
    ...schemasForModel(model).map((s) => ({ name: schemaFileName(s).replace(/\.json$/, ''), text: schemaFileText(s) })),
    ...(has(model.release, 'recommendations') ? [{ name: RECOMMENDATIONS_SCHEMA, text: recommendationsSchemaText() }] : []),
  ];
}

/**
 * Config module: `config/settings.json` and `config/schemas/*.json`, and the template parameters whose
 * values settings.json carries (scopes and, from the release with retention settings, the retention of
 * exports and ingested data), with their form elements on the Storage step.
 */
export function configModule(model: HubModel): Contribution {
  const files: FileArtifact[] = [{ path: 'config/settings.json', content: toJsonText(settingsDocument(model)) }];
  for (const f of schemaFiles(model)) files.push({ path: `config/schemas/${f.name}.json`, content: f.text });
  const retention = has(model.release, 'retentionSettings');
  const scopes: ArmParameter = {
    type: 'array',
    defaultValue: model.scopes,
    metadata: { description: 'Scope IDs to monitor and ingest cost data for, e.g. /subscriptions/<id>.' },
  };
  const exportRetentionInDays: ArmParameter = {
    type: 'int',
    defaultValue: model.retention.rawExportsDays,
    minValue: 0,
    metadata: { description: 'Days of data kept in the rawexports container; 0 deletes exported files once they are converted.' },
  };
  const ingestionRetentionInMonths: ArmParameter = {
    type: 'int',
    defaultValue: model.retention.ingestionMonths,
    minValue: 0,
    metadata: { description: 'Months of data kept in the ingestion container.' },
  };
  const slider = (key: 'exportRetentionInDays' | 'ingestionRetentionInMonths', p: ArmParameter, label: string, max: number): FormContribution => ({
    parameter: key,
    step: 'storage',
    element: { name: key, type: 'Microsoft.Common.Slider', label, min: 0, max, defaultValue: p.defaultValue, showStepMarkers: false, toolTip: p.metadata.description },
    output: ui.steps('storage', key),
  });
  return {
    parameters: retention ? { scopes, exportRetentionInDays, ingestionRetentionInMonths } : { scopes },
    files,
    form: [
      ...(retention
        ? [
            slider('exportRetentionInDays', exportRetentionInDays, 'Export retention (days)', 3650),
            slider('ingestionRetentionInMonths', ingestionRetentionInMonths, 'Ingestion retention (months)', 999),
          ]
        : []),
      scopesForm(model, scopes),
    ],
  };
}

/** Rows the form's scope grid takes at most (hub.yaml's own list is not limited: it applies while the grid is empty). */
const MAX_SCOPE_ROWS = 100;

/**
 * The form's Scopes step: a `Microsoft.Common.EditableGrid` with one TextBox column, a scope ID per row,
 * each held to the scope forms hub.yaml accepts (`scopeIdPattern()` of `src/frontend/scopes.ts`). Element
 * reference: microsoft-common-editablegrid (columns of TextBox, DropDown or OptionsGroup; the output is the
 * rows, each an object keyed by column id), so the output maps the rows to their IDs. The grid has no
 * default value: hub.yaml's scopes apply while it is empty; rows entered replace them.
 */
function scopesForm(model: HubModel, scopes: ArmParameter): FormContribution {
  const name = parameterName(model.release, 'scopes');
  const rows = ui.steps('scopes', name);
  const fromHubYaml = model.scopes.length ? ` hub.yaml monitors ${model.scopes.join(', ')}; rows entered here replace that list.` : '';
  return {
    parameter: 'scopes',
    step: 'scopes',
    element: {
      name,
      type: 'Microsoft.Common.EditableGrid',
      label: 'Scopes to monitor',
      ariaLabel: 'Scope IDs to monitor, one per row',
      toolTip: `${scopes.metadata.description}${fromHubYaml}`,
      constraints: {
        width: 'Full',
        rows: { count: { min: 0, max: MAX_SCOPE_ROWS } },
        columns: [
          {
            id: 'scope',
            header: 'Scope ID',
            width: '1fr',
            element: {
              type: 'Microsoft.Common.TextBox',
              placeholder: '/subscriptions/<subscription ID>',
              toolTip: 'A subscription, resource group, management group, EA or MCA billing scope ID.',
              constraints: {
                required: true,
                regex: scopeIdPattern(),
                validationMessage:
                  'A scope ID such as /subscriptions/<guid>, /subscriptions/<guid>/resourceGroups/<name>, /providers/Microsoft.Billing/billingAccounts/<id> (the forms docs/hub-yaml.md "Scopes and settings.json" lists).',
              },
            },
          },
        ],
      },
    },
    output: ui.if_(
      ui.empty(rows),
      ui.parseJson(model.scopes),
      ui.map(rows, 'row', (row) => row.get('scope')),
    ),
  };
}
