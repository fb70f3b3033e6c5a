/**
 * The Data Factory objects of every module as ARM resources: each a `Microsoft.DataFactory/factories/<kind>s`
 * child resource of the hub's factory whose `dependsOn` lists the factory and every Data Factory object it
 * references, so ARM deploys linked services before datasets, datasets before pipelines, and pipelines before
 * triggers ("Microsoft.DataFactory factories" ARM template reference, learn.microsoft.com/azure/templates/
 * microsoft.datafactory/factories). The compiler adds them to the contributions before the ARM emitter
 * merges them (src/compiler/compile.ts), after every module's own resources.
 */
import * as arm from '../../expressions/arm/index.js';
import { ADF_REFERENCE_KIND, ADF_RESOURCE_TYPE } from '../../model/dataFactoryKinds.js';
import type { AdfObject, ArmResource, Contribution, Value } from '../types.js';
import { adfObjectId, ids, names } from '../core/names.js';
import { apiVersion } from '../core/apiVersions.js';
import { isObject, walkJson } from '../../util/json.js';

/**
 * Names of the Data Factory objects a value references through `{ referenceName, type: 'XReference' }`,
 * in first-seen order.
 */
export function adfReferences(value: unknown): { kind: AdfObject['kind']; name: string }[] {
  const out: { kind: AdfObject['kind']; name: string }[] = [];
  const seen = new Set<string>();
  walkJson(value, (v) => {
    // An ARM expression is a leaf here: its inner nodes are no Data Factory objects.
    if (v instanceof arm.Arm) return false;
    if (!isObject(v)) return;
    const kind = typeof v.type === 'string' ? ADF_REFERENCE_KIND[v.type] : undefined;
    if (kind && typeof v.referenceName === 'string') {
      const key = `${kind}/${v.referenceName}`;
      if (!seen.has(key)) {
        seen.add(key);
        out.push({ kind, name: v.referenceName });
      }
    }
  });
  return out;
}

/** Wraps one Data Factory object as an ARM child resource of the factory. */
export function adfObjectResource(obj: AdfObject, all: readonly AdfObject[]): ArmResource {
  const deps: Value[] = [ids.dataFactory];
  for (const ref of adfReferences(obj.properties)) {
    if (ref.kind === obj.kind && ref.name === obj.name) continue;
    if (all.some((o) => o.kind === ref.kind && o.name === ref.name)) deps.push(adfObjectId(ref.kind, ref.name));
  }
  deps.push(...(obj.dependsOn ?? []));
  return {
    type: ADF_RESOURCE_TYPE[obj.kind],
    apiVersion: apiVersion(ADF_RESOURCE_TYPE[obj.kind]),
    name: arm.format('{0}/{1}', names.dataFactory, obj.name),
    ...(obj.condition ? { condition: obj.condition } : {}),
    dependsOn: deps,
    properties: obj.properties,
  };
}

/**
 * The contributions with the Data Factory objects of each added after all of them, as the resources of one
 * more contribution per module that has objects (the same module name, so a resource contributed twice
 * still names its module).
 */
export function withFactoryResources(contributions: readonly Contribution[]): Contribution[] {
  const all = contributions.flatMap((c) => c.dataFactory ?? []);
  const objectResources = contributions.flatMap((c): Contribution[] =>
    c.dataFactory?.length ? [{ ...(c.module ? { module: c.module } : {}), resources: c.dataFactory.map((obj) => adfObjectResource(obj, all)) }] : [],
  );
  return [...contributions, ...objectResources];
}
