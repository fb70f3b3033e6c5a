/**
 * The data flow of a build, from its Data Factory objects as the template declares them: triggers start
 * pipelines (`pipelines[].pipelineReference`), pipelines run pipelines (Execute Pipeline activities),
 * read, write and delete datasets (Copy `inputs` / `outputs`, the `dataset` of Lookup, Get Metadata and
 * Delete) and call linked services directly (Data Explorer commands), datasets live in a linked service
 * (`linkedServiceName`, the storage container their location names), and linked services reach storage,
 * Data Explorer or Key Vault. Every object the template declares is a node, so the pipelines and triggers
 * are exactly the release's; one whose `condition` is false (or unknown) for the build's parameter values
 * is drawn dashed. Any other reference between objects is an edge "uses".
 *
 * Sources: "Pipelines and activities", "Execute Pipeline activity", "Copy activity", "Lookup activity",
 * "Delete activity", "Datasets", "Linked services", "Pipeline execution and triggers"
 * (learn.microsoft.com/azure/data-factory).
 */
import type { DeclaredResource } from '../build/index.js';
import { activityTree, ownActivity } from '../model/activities.js';
import { ADF_COLLECTION, ADF_REFERENCE_KIND, type AdfCollection } from '../model/dataFactoryKinds.js';
import { isObject, walkJson, type JsonObject } from '../util/json.js';
import type { Graph, GraphEdge, GraphNode } from './types.js';
import { mergeEdges } from './edges.js';

/** The groups of a flow, in drawing order, by the plural kind names. */
const GROUPS: readonly [AdfCollection, string, string][] = [
  ['triggers', 'Triggers', 'trigger'],
  ['pipelines', 'Pipelines', 'pipeline'],
  ['datasets', 'Datasets', 'dataset'],
  ['linkedServices', 'Linked services', 'linked-service'],
];

/** The node id of a Data Factory object. */
export const flowNodeId = (kind: AdfCollection, name: string): string => `${kind}/${name}`;

/** What a linked service of a type reaches, in words. */
const SERVICE_WORDS: Record<string, string> = {
  AzureBlobFS: 'storage account (Data Lake)',
  AzureBlobStorage: 'storage account (blobs)',
  AzureDataExplorer: 'Data Explorer cluster',
  AzureKeyVault: 'Key Vault',
};

/** A reference to another object found inside a value, with the JSON path where it was. */
interface Reference {
  kind: AdfCollection;
  name: string;
  path: readonly string[];
}

/** Every `{ referenceName, type: '...Reference' }` inside a value (pipeline, dataset and linked service references), with its path of object keys. */
function referencesIn(value: unknown): Reference[] {
  const out: Reference[] = [];
  walkJson(value, (v, path) => {
    const kind = isObject(v) && typeof v.type === 'string' ? ADF_REFERENCE_KIND[v.type] : undefined;
    if (kind && typeof (v as JsonObject).referenceName === 'string')
      out.push({ kind: ADF_COLLECTION[kind], name: (v as JsonObject).referenceName as string, path: path.filter((k): k is string => typeof k === 'string') });
  });
  return out;
}

/** What an activity does with an object it references, from where the reference is. */
function activityVerb(activity: JsonObject, ref: Reference): string {
  const [first, second] = ref.path;
  if (first === 'inputs') return 'reads';
  if (first === 'outputs') return 'writes';
  if (first === 'typeProperties' && second === 'pipeline') return 'runs';
  if (first === 'typeProperties' && second === 'dataset') return activity.type === 'Delete' ? 'deletes' : 'reads';
  if (first === 'linkedServiceName') return activity.type === 'AzureDataExplorerCommand' ? 'runs commands' : `calls (${String(activity.type)})`;
  return 'uses';
}

/** The second line of a node's label: what the object is. */
function describe(kind: AdfCollection, p: JsonObject): string {
  const tp = isObject(p.typeProperties) ? p.typeProperties : {};
  if (kind === 'triggers') {
    if (p.type === 'BlobEventsTrigger') {
      const begins = String(tp.blobPathBeginsWith ?? '');
      const ends = String(tp.blobPathEndsWith ?? '');
      return `blob created: ${begins}${ends && !begins.endsWith(ends) ? `…${ends}` : ''}`;
    }
    const recurrence = isObject(tp.recurrence) ? tp.recurrence : {};
    const unit = String(recurrence.frequency ?? '').toLowerCase();
    const interval = Number(recurrence.interval ?? 1);
    if (p.type === 'ScheduleTrigger') return interval === 1 ? `schedule: every ${unit}` : `schedule: every ${interval} ${unit}s`;
    return String(p.type);
  }
  if (kind === 'datasets') {
    const location = isObject(tp.location) ? tp.location : {};
    return typeof location.fileSystem === 'string' ? `${String(p.type)} in ${location.fileSystem}` : String(p.type);
  }
  if (kind === 'linkedServices') return SERVICE_WORDS[String(p.type)] ?? String(p.type);
  return '';
}

/** The edges out of one object. */
function edgesOf(kind: AdfCollection, name: string, p: JsonObject): GraphEdge[] {
  const from = flowNodeId(kind, name);
  if (kind === 'pipelines') {
    return activityTree(p.activities).flatMap(({ activity }) => {
      const own = ownActivity(activity);
      return referencesIn(own).map((ref) => ({ from, to: flowNodeId(ref.kind, ref.name), label: activityVerb(own, ref) }));
    });
  }
  return referencesIn(p).map((ref) => {
    if (kind === 'triggers' && ref.path[0] === 'pipelines') return { from, to: flowNodeId(ref.kind, ref.name), label: 'starts' };
    if (kind === 'datasets' && ref.path[0] === 'linkedServiceName') return { from, to: flowNodeId(ref.kind, ref.name), label: 'stored in' };
    return { from, to: flowNodeId(ref.kind, ref.name), label: 'uses' };
  });
}

/**
 * The data flow graph of a build.
 * @param resources the template's resources, folded (`declaredResources` of src/build/deployed.ts)
 * @param title shown above the graph
 */
export function flowGraph(resources: readonly DeclaredResource[], title: string): Graph {
  const nodes: GraphNode[] = [];
  const edges: GraphEdge[] = [];
  for (const [kind, , className] of GROUPS) {
    for (const r of resources.filter((x) => x.object?.kind === kind)) {
      const name = r.object!.name;
      const p = r.body().properties;
      const properties = isObject(p) ? p : {};
      const what = describe(kind, properties);
      nodes.push({ id: flowNodeId(kind, name), group: kind, label: what ? `${name}\n${what}` : name, className, ...(r.deployed === true ? {} : { optional: true }) });
      edges.push(...edgesOf(kind, name, properties));
    }
  }
  return {
    title,
    direction: 'LR',
    groups: new Map(GROUPS.map(([kind, label]) => [kind, label])),
    nodes,
    edges: mergeEdges(edges, nodes),
    ...(nodes.some((n) => n.optional) ? { optionalMeans: 'declared by the template, deployed only with other parameter values (e.g. a Data Explorer cluster)' } : {}),
  };
}
