/**
 * Recommendations from Azure Resource Graph (release feature `recommendations`; the public 14.0's
 * IngestionQueries, AzureResourceGraph and Recommendations apps, releases-0.9-14.md §1.6; docs/recommendations.md).
 *
 * This module contributes what is not Data Factory: the parameters `enableRecommendations`,
 * `enableAHBRecommendations` and `enableSpotRecommendations` (bool, hub.yaml `recommendations`), their form
 * step, the query files (`config/queries/<name>.json` in the build, ./queries.ts) and the `_uploadQueries`
 * deployment script that writes them into the data lake: when `enableRecommendations` is true, the queries
 * without a group, plus group `ahb` with `enableAHBRecommendations` and group `spot` with
 * `enableSpotRecommendations`, as the public template chooses them. The schema file `recommendations_1.0`
 * comes with the other schema files (src/modules/config). The ingestion-queries engine (pipelines
 * `queries_*`, trigger `queries_DailySchedule`, dataset `azureResourceGraph`, linked service `azurerm`) is
 * built with the factory's other objects in src/modules/dataFactory, under the same condition: the
 * factory's trigger scripts, dependencies and clean-up of earlier releases' objects treat every object alike.
 *
 * Not granted here: the Reader role the factory's identity needs on the scopes to analyze is outside the
 * hub's resource group (HUB231 at build time, HUB660 in an upgrade; src/model/grants.ts).
 */
import * as arm from '../../expressions/arm/index.js';
import * as ui from '../../expressions/ui/index.js';
import type { HubModel } from '../../model/hub.js';
import type { ArmParameter, Contribution, FileArtifact, FormContribution } from '../types.js';
import { names, scriptName } from '../core/names.js';
import { configWriterScript, uploadSettingsScriptId } from '../storage/index.js';
import { deploymentScriptId, deploymentScriptText } from '../deploymentScripts/index.js';
import { queryFileName, queryFileText, RECOMMENDATION_QUERIES, type RecommendationGroup } from './queries.js';
import type { Release } from '../../model/releases.js';

export { RECOMMENDATION_QUERIES, queryFileName, queryFileText } from './queries.js';

/** Folder of the query files in the config container. */
export const QUERY_FOLDER = 'queries';

/** The template parameter that switches each group on (the queries without a group: `enableRecommendations`). */
export const GROUP_PARAMETERS = { ahb: 'enableAHBRecommendations', spot: 'enableSpotRecommendations' } as const satisfies Record<RecommendationGroup, string>;

/** The template variable holding the query files of a group (`undefined`: those without one), `{ name: text }`. */
const variableOf = (group?: RecommendationGroup) => (group ? `${group}RecommendationQueries` : 'recommendationQueries');

/** True at deployment when the recommendations run. */
export const recommendationsOn = arm.parameters('enableRecommendations');

/** Resource ID of the deployment script that writes the query files (the start-triggers script waits for it). */
export function uploadQueriesScriptId(release: Release): arm.Arm {
  return deploymentScriptId(scriptName(release, 'uploadQueries'));
}

/** A bool parameter with hub.yaml's value as default. */
const flag = (value: boolean, description: string): ArmParameter => ({ type: 'bool', defaultValue: value, metadata: { description } });

/** The three parameters. */
function parameters(model: HubModel): Contribution['parameters'] {
  const r = model.recommendations;
  return {
    enableRecommendations: flag(
      r.enabled,
      "Run the recommendation queries daily (Azure Advisor cost recommendations and Azure Resource Graph queries) into ingestion/Recommendations. The Data Factory's managed identity needs the Reader role on the management groups or subscriptions to analyze; the template does not grant it.",
    ),
    enableAHBRecommendations: flag(
      r.ahb,
      'Also flag Windows and SQL Server virtual machines without Azure Hybrid Benefit (useful only with licenses to bring). Needs enableRecommendations.',
    ),
    enableSpotRecommendations: flag(
      r.spot,
      'Also flag autoscaling AKS node pools that do not use Spot virtual machines (useful only for interruptible workloads). Needs enableRecommendations.',
    ),
  };
}

/** The query files by group: `{ <variable>: { <file name>: <text> } }`, groups in query order. */
function queryVariables(): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {};
  for (const q of RECOMMENDATION_QUERIES) (out[variableOf(q.group)] ??= {})[queryFileName(q)] = queryFileText(q);
  return out;
}

/** The query files this deployment uploads: those without a group, and each group whose parameter is true. */
function deployedQueryFiles(): arm.Arm {
  const groups = [...new Set(RECOMMENDATION_QUERIES.flatMap((q) => (q.group ? [q.group] : [])))];
  return arm.union(arm.variables(variableOf()), ...groups.map((g) => arm.if_(arm.parameters(GROUP_PARAMETERS[g]), arm.variables(variableOf(g)), arm.createObject())));
}

/** One option of the form's Recommendations step: on or off, hub.yaml's choice first. */
function option(
  key: 'enableRecommendations' | 'enableAHBRecommendations' | 'enableSpotRecommendations',
  label: string,
  value: boolean,
  toolTip: string,
  visible?: ui.UiExpr,
): FormContribution {
  return {
    parameter: key,
    step: 'recommendations',
    element: {
      name: key,
      type: 'Microsoft.Common.OptionsGroup',
      label,
      defaultValue: value ? 'Enabled' : 'Disabled',
      toolTip,
      constraints: {
        allowedValues: [
          { label: 'Enabled', value: true },
          { label: 'Disabled', value: false },
        ],
      },
      ...(visible ? { visible } : {}),
    },
    output: ui.steps('recommendations', key),
  };
}

/** The form's Recommendations step: the recommendations, then each optional group (shown while they are on). */
function form(model: HubModel, p: NonNullable<Contribution['parameters']>): FormContribution[] {
  const on = ui.steps('recommendations', 'enableRecommendations');
  const r = model.recommendations;
  return [
    option('enableRecommendations', 'Recommendations', r.enabled, p.enableRecommendations!.metadata.description),
    option('enableAHBRecommendations', 'Azure Hybrid Benefit recommendations', r.ahb, p.enableAHBRecommendations!.metadata.description, on),
    option('enableSpotRecommendations', 'Spot virtual machine recommendations', r.spot, p.enableSpotRecommendations!.metadata.description, on),
  ];
}

/** Recommendations module: the parameters, their form step, the query files and their upload. */
export function recommendationsModule(model: HubModel): Contribution {
  const files: FileArtifact[] = RECOMMENDATION_QUERIES.map((q) => ({ path: `config/${QUERY_FOLDER}/${queryFileName(q)}.json`, content: queryFileText(q) }));
  const p = parameters(model)!;
  return {
    parameters: p,
    variables: queryVariables(),
    resources: [
      configWriterScript(model, {
        name: scriptName(model.release, 'uploadQueries'),
        condition: recommendationsOn,
        content: deploymentScriptText('uploadQueries'),
        env: [
          { name: 'storageAccountName', value: names.storageAccount },
          { name: 'containerName', value: 'config' },
          { name: 'folder', value: QUERY_FOLDER },
          { name: 'queryFiles', value: arm.string(deployedQueryFiles()) },
        ],
        after: [uploadSettingsScriptId(model.release)],
      }),
    ],
    files,
    form: form(model, p),
  };
}
