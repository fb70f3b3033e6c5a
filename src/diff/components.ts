/**
 * Hub components a build deploys and the next one does not, told from the two builds alone (a release,
 * a hub.yaml or a built folder), with what of each stays behind in incremental mode:
 *
 * - switched components (Data Explorer, the remote hub, private networking): the core module defines one
 *   template variable per component (`COMPONENT_SWITCHES` in src/model/components.ts) and the
 *   component's resources carry it in their `condition`. A component is removed when its switch folds to
 *   on in A (or cannot be known) and to off in B (or B's release does not have it); its leftovers are the
 *   resources left behind (src/build/deployed.ts) whose condition in A uses the switch.
 * - built-in datasets: a build ingests a dataset when it has conversion schema files of the dataset's
 *   export type (`config/schemas/<type>_<version>[_<channel>].json`); its leftovers are those files (the
 *   upload-settings script writes schema files, it never deletes one), its Data Explorer tables (the
 *   scripts create tables, they never drop one) and the data converted into its ingestion folder.
 * - the hub itself: its resources carry the `cm-resource-parent` tag naming the hub; when A's and B's
 *   differ, B is a second hub (every name derives from the hub name).
 */
import * as arm from '../expressions/arm/index.js';
import { templateContext, templateValueFolder, type ArmEvalContext } from '../expressions/arm/evaluate.js';
import { COMPONENT_SWITCHES } from '../model/components.js';
import { BUILT_IN_DATASETS, type BuiltInDataset } from '../model/datasets.js';
import type { Release } from '../model/releases.js';
import { conditionUses, hubParents, type Build, type DeclaredResource, type Deployed, type TemplateView } from '../build/index.js';
import { kqlDeclarations, kqlTableNames } from './kql.js';

/** A component switched by a template variable. */
export type SwitchedComponent = keyof typeof COMPONENT_SWITCHES;

/** Switched components in the order their notes come. */
export const SWITCHED_COMPONENTS = Object.keys(COMPONENT_SWITCHES) as SwitchedComponent[];

/** Whether a build deploys a switched component: its switch folded with what is known (false when the template has no such switch). */
export function componentState(template: TemplateView, component: SwitchedComponent, real: ArmEvalContext = {}): Deployed {
  const { variable, on } = COMPONENT_SWITCHES[component];
  if (!template.variables.some((v) => v.name === variable)) return false;
  const value = templateValueFolder(templateContext(template.json, { ...real, useDefaults: true }), { keepInvalid: true })(arm.variables(variable));
  return typeof value === 'boolean' ? value === on : 'unknown';
}

/** A switched component A deploys and B does not, with the resources of A it leaves behind. */
export interface RemovedComponent {
  component: SwitchedComponent;
  leftovers: DeclaredResource[];
}

/**
 * The switched components A deploys (or may) and B does not.
 * @param left the resources of A left behind (./deployed.ts `leftBehind`)
 */
export function removedComponents(
  ta: TemplateView,
  tb: TemplateView,
  left: readonly DeclaredResource[],
  real: { a?: ArmEvalContext; b?: ArmEvalContext } = {},
): RemovedComponent[] {
  return SWITCHED_COMPONENTS.filter((c) => componentState(ta, c, real.a) !== false && componentState(tb, c, real.b) === false).map((component) => ({
    component,
    leftovers: left.filter((r) => conditionUses(r.condition, COMPONENT_SWITCHES[component].variable)),
  }));
}

/** A built-in dataset A ingests and B does not. */
export interface RemovedDataset {
  dataset: BuiltInDataset;
  /** A's schema files of the dataset (paths in the build: `config/schemas/...`). */
  schemaFiles: string[];
  /** A's KQL tables of the dataset that B does not create (`Ingestion.Transactions_raw`); empty when A deploys no Data Explorer cluster. */
  tables: string[];
  /** The dataset's folder under the ingestion container in A's release (`ingestion/Transactions/`). */
  folder: string;
}

/** The schema files of a build for an export type. */
function schemaFilesOf(build: Build, exportType: string): string[] {
  const prefix = `config/schemas/${exportType.toLowerCase()}_`;
  return [...build.files.keys()].filter((p) => p.startsWith(prefix)).sort();
}

/**
 * The built-in datasets A converts (has schema files for) and B does not.
 * @param ra A's release row, for its ingestion folder naming (the hub dataset or the lower-case export type)
 * @param dataExplorer whether A deploys a Data Explorer cluster (its tables hold data only then)
 */
export function removedDatasets(a: Build, b: Build, ra: Release | undefined, dataExplorer: boolean): RemovedDataset[] {
  const tablesB = new Set(kqlTableNames(kqlDeclarations(b)));
  const tablesA = dataExplorer ? kqlTableNames(kqlDeclarations(a)) : [];
  const out: RemovedDataset[] = [];
  for (const dataset of BUILT_IN_DATASETS) {
    const schemaFiles = schemaFilesOf(a, dataset.exportType);
    if (!schemaFiles.length || schemaFilesOf(b, dataset.exportType).length) continue;
    const tables = tablesA.filter((t) => !tablesB.has(t) && t.split('.').pop()!.startsWith(`${dataset.name}_`));
    const folder = ra?.datasetFolders === 'exportType' ? dataset.exportType.toLowerCase() : dataset.name;
    out.push({ dataset, schemaFiles, tables, folder: `ingestion/${folder}/` });
  }
  return out;
}

/** The hub a build deploys and the one B deploys, when they differ (B is a second hub). */
export function renamedHub(ra: readonly DeclaredResource[], rb: readonly DeclaredResource[]): { from: string; to: string } | undefined {
  const pa = hubParents(ra);
  const pb = hubParents(rb);
  if (!pa.length || !pb.length || pa.some((p) => pb.includes(p))) return undefined;
  const name = (parent: string) => parent.slice(parent.lastIndexOf('/') + 1);
  return { from: pa.map(name).join(', '), to: pb.map(name).join(', ') };
}
