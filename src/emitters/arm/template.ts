/**
 * ARM template emitter: merges module contributions into `azuredeploy.json`
 * (schema 2019-04-01 deploymentTemplate, learn.microsoft.com/azure/azure-resource-manager/templates/syntax).
 *
 * Data Factory objects become `Microsoft.DataFactory/factories/<kind>s` child resources whose
 * `dependsOn` lists the factory and every Data Factory object they reference, so ARM deploys linked
 * services before datasets, datasets before pipelines, and pipelines before triggers.
 */
import * as arm from '../../expressions/arm/index.js';
import type { AdfObject, ArmResource, Contribution, Value } from '../../modules/types.js';
import { names, ids } from '../../modules/core/names.js';

/** The Data Factory API version of child resources (pipelines, triggers, datasets, linked services). */
export const DATA_FACTORY_API_VERSION = '2018-06-01';

const KIND_TYPE: Record<AdfObject['kind'], string> = {
  pipeline: 'Microsoft.DataFactory/factories/pipelines',
  trigger: 'Microsoft.DataFactory/factories/triggers',
  dataset: 'Microsoft.DataFactory/factories/datasets',
  linkedService: 'Microsoft.DataFactory/factories/linkedservices',
};

const REFERENCE_KIND: Record<string, AdfObject['kind']> = {
  PipelineReference: 'pipeline',
  DatasetReference: 'dataset',
  LinkedServiceReference: 'linkedService',
};

/** Resource ID of a Data Factory child object. */
export function adfObjectId(kind: AdfObject['kind'], name: string): arm.Arm {
  return arm.resourceId(KIND_TYPE[kind], names.dataFactory, name);
}

/**
 * Names of the Data Factory objects a value references through `{ referenceName, type: 'XReference' }`,
 * in first-seen order.
 */
export function adfReferences(value: unknown): { kind: AdfObject['kind']; name: string }[] {
  const out: { kind: AdfObject['kind']; name: string }[] = [];
  const seen = new Set<string>();
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object' && !(v instanceof arm.Arm)) {
      const o = v as Record<string, unknown>;
      const kind = typeof o.type === 'string' ? REFERENCE_KIND[o.type] : undefined;
      if (kind && typeof o.referenceName === 'string') {
        const key = `${kind}/${o.referenceName}`;
        if (!seen.has(key)) {
          seen.add(key);
          out.push({ kind, name: o.referenceName });
        }
      }
      Object.values(o).forEach(walk);
    }
  };
  walk(value);
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
    type: KIND_TYPE[obj.kind],
    apiVersion: DATA_FACTORY_API_VERSION,
    name: arm.format('{0}/{1}', names.dataFactory, obj.name),
    ...(obj.condition ? { condition: obj.condition } : {}),
    dependsOn: deps,
    properties: obj.properties,
  };
}

/**
 * Turns a value tree into template JSON: expressions become `"[...]"` strings, and plain strings that
 * would read as expressions (`[` ... `]`) get the `[[` escape, so ARM keeps them literal.
 */
export function escapeLiterals(value: unknown): Record<string, unknown> {
  const walk = (v: unknown): unknown => {
    if (v instanceof arm.Arm) return v.toJSON();
    if (typeof v === 'string') return arm.escapeArmLiteral(v);
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object') {
      if (typeof (v as { toJSON?: unknown }).toJSON === 'function') return walk((v as { toJSON(): unknown }).toJSON());
      const out: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v)) if (x !== undefined) out[k] = walk(x);
      return out;
    }
    return v;
  };
  return walk(value) as Record<string, unknown>;
}

/**
 * Builds the ARM template object from all contributions, in contribution order.
 * @returns plain JSON (expressions serialized to `"[...]"` strings)
 */
export function emitArmTemplate(contributions: readonly Contribution[], metadata: Record<string, unknown>): Record<string, unknown> {
  const parameters: Record<string, unknown> = {};
  const variables: Record<string, unknown> = {};
  const resources: ArmResource[] = [];
  const outputs: Record<string, unknown> = {};
  const adfObjects = contributions.flatMap((c) => c.dataFactory ?? []);
  for (const c of contributions) {
    Object.assign(parameters, c.parameters);
    for (const [k, v] of Object.entries(c.variables ?? {})) {
      if (k in variables) throw new Error(`variable ${k} is defined by two modules`);
      variables[k] = v;
    }
    resources.push(...(c.resources ?? []));
    Object.assign(outputs, c.outputs);
  }
  for (const obj of adfObjects) resources.push(adfObjectResource(obj, adfObjects));
  return escapeLiterals({
    $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#',
    contentVersion: '1.0.0.0',
    metadata,
    parameters,
    variables,
    resources,
    outputs,
  });
}
