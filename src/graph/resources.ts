/**
 * The resource dependency graph of a build: every ARM resource the template declares, grouped by resource
 * provider, with an edge from a resource to each resource its `dependsOn` names (resolved to resource IDs by
 * folding the template with the build's parameter values and stand-in deployment context, as
 * `declaredResources` of src/build/deployed.ts does). A resource whose `condition` is false (or unknown) for
 * those values is drawn dashed. Source: "Define the order for deploying resources in ARM templates"
 * (learn.microsoft.com/azure/azure-resource-manager/templates/resource-dependency).
 */
import type { ArmExpr } from '../expressions/arm/ast.js';
import { parseArmString } from '../expressions/arm/semantics.js';
import type { DeclaredResource } from '../build/index.js';
import { mergeEdges } from './edges.js';
import type { Graph, GraphEdge, GraphNode } from './types.js';

/** A readable sketch of a name expression: literals kept, `concat`/`format`/`replace`-like calls followed, anything unknown `…`. */
function sketch(e: ArmExpr): string {
  if (e.kind === 'string') return e.value;
  if (e.kind !== 'call') return '…';
  const name = e.name.toLowerCase();
  if (name === 'concat') return e.args.map(sketch).join('');
  if (name === 'format' && e.args.length) {
    const template = sketch(e.args[0]);
    return template.replace(/\{(\d+)\}/g, (_, i: string) => (e.args[Number(i) + 1] ? sketch(e.args[Number(i) + 1]) : '…'));
  }
  if (['replace', 'tolower', 'toupper', 'trim', 'take', 'substring'].includes(name) && e.args.length) return sketch(e.args[0]);
  return '…';
}

/**
 * The readable name of a resource as far as the build's values tell (its last segment: a child's own name),
 * e.g. `contosstore…` for a storage account whose name ends in a `uniqueString()` of the resource group.
 */
export function resourceNameSketch(display: string): string {
  let parsed: ArmExpr | string | undefined;
  try {
    parsed = parseArmString(display);
  } catch {
    parsed = undefined;
  }
  const text = typeof parsed === 'object' ? sketch(parsed) : (parsed ?? display);
  return text.slice(text.lastIndexOf('/') + 1).replace(/…+/g, '…') || '…';
}

/** `Microsoft.Storage/storageAccounts/blobServices` -> `Microsoft.Storage`, `blobServices`. */
function splitType(type: string): { provider: string; short: string } {
  const parts = type.split('/');
  return { provider: parts[0], short: parts[parts.length - 1] };
}

/**
 * The dependency graph of a build's resources.
 * @param resources the template's resources, folded (`declaredResources` of src/build/deployed.ts)
 * @param title shown above the graph
 */
export function resourceGraph(resources: readonly DeclaredResource[], title: string): Graph {
  const groups = new Map<string, string>();
  const byId = new Map<string, string>();
  const taken = new Set<string>();
  const nodes: GraphNode[] = resources.map((r) => {
    const { provider, short } = splitType(r.type);
    if (!groups.has(provider)) groups.set(provider, provider);
    const name = r.object?.name ?? resourceNameSketch(r.display);
    let id = `${r.type}/${name}`;
    for (let n = 2; taken.has(id.toLowerCase()); n++) id = `${r.type}/${name} #${n}`;
    taken.add(id.toLowerCase());
    if (!byId.has(r.id.toLowerCase())) byId.set(r.id.toLowerCase(), id);
    return { id, group: provider, label: `${short}\n${name}`, className: short.replace(/[^A-Za-z0-9-]/g, '-'), ...(r.deployed === true ? {} : { optional: true }) };
  });
  const edges: GraphEdge[] = resources.flatMap((r, i) => {
    const list = r.body().dependsOn;
    return (Array.isArray(list) ? list : []).flatMap((d) => {
      const to = typeof d === 'string' ? byId.get(d.toLowerCase()) : undefined;
      return to ? [{ from: nodes[i].id, to }] : [];
    });
  });
  return {
    title,
    direction: 'LR',
    groups: new Map([...groups].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
    nodes,
    edges: mergeEdges(edges, nodes),
    ...(nodes.some((n) => n.optional) ? { optionalMeans: 'declared by the template, deployed only with other parameter values' } : {}),
  };
}
