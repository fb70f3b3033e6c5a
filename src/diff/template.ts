/**
 * The ARM template sections of a diff: parameters, outputs, variables, resources and the template's own
 * properties (`$schema`, `contentVersion`, `metadata`).
 *
 * A resource's identity is its type plus its name expression (`Microsoft.Storage/storageAccounts
 * [variables('storageAccountName')]`), so a renamed resource is one removed and one added. Data Factory
 * pipelines, triggers, datasets and linked services are left to the Data Factory group (dataFactory.ts).
 */
import type { DiffSection, ObjectChange } from './types.js';
import { compareNamed, diffValues, omit, type Named } from './values.js';
import { isObject, type JsonObject } from '../util/json.js';

/** The parsed `azuredeploy.json` of a build, or an empty template when the build has none. */
export function templateOf(artifacts: ReadonlyMap<string, string>): JsonObject {
  // oxlint-disable-next-line hubc/template-through-build -- round two of issue #32 moves this command to the Build
  const text = artifacts.get('azuredeploy.json');
  if (text === undefined) return {};
  const parsed: unknown = JSON.parse(text);
  return isObject(parsed) ? parsed : {};
}

/** ARM resource types of Data Factory child objects compared in the Data Factory group (lower case). */
export const DATA_FACTORY_OBJECT_TYPES: Readonly<Record<string, 'pipelines' | 'triggers' | 'datasets' | 'linkedServices'>> = {
  'microsoft.datafactory/factories/pipelines': 'pipelines',
  'microsoft.datafactory/factories/triggers': 'triggers',
  'microsoft.datafactory/factories/datasets': 'datasets',
  'microsoft.datafactory/factories/linkedservices': 'linkedServices',
};

/** The resources of a template, top-level and nested under `resources` of a parent, as plain objects. */
export function resourcesOf(template: JsonObject): JsonObject[] {
  const out: JsonObject[] = [];
  const walk = (list: unknown) => {
    if (!Array.isArray(list)) return;
    for (const r of list) {
      if (!isObject(r)) continue;
      out.push(r);
      walk(r.resources);
    }
  };
  walk(template.resources);
  return out;
}

/** Identity of a resource: `type name-expression`. */
export function resourceIdentity(r: JsonObject): string {
  return `${String(r.type)} ${typeof r.name === 'string' ? r.name : JSON.stringify(r.name)}`;
}

/** Entries of an object member as named values. */
function entries(value: unknown): Named<unknown>[] {
  return isObject(value) ? Object.entries(value).map(([name, v]) => ({ name, value: v })) : [];
}

/** Short description of a parameter: `string, default "x", allowed: a | b` (long lists as their count). */
export function describeParameter(p: unknown): string | undefined {
  if (!isObject(p)) return undefined;
  const parts = [String(p.type ?? 'untyped')];
  if ('defaultValue' in p) parts.push(`default ${JSON.stringify(p.defaultValue)}`);
  else parts.push('required');
  if (Array.isArray(p.allowedValues))
    parts.push(p.allowedValues.length > 6 ? `${p.allowedValues.length} allowed values` : `allowed: ${p.allowedValues.map((v) => JSON.stringify(v)).join(' | ')}`);
  return parts.join(', ');
}

/** Compares a resource with `dependsOn` taken as a set and nested `resources` left to their own entries. */
function resourceBody(r: JsonObject): JsonObject {
  const body = omit(r, 'type', 'name', 'resources');
  if (Array.isArray(body.dependsOn)) body.dependsOn = [...(body.dependsOn as unknown[])].map(String).sort();
  return body;
}

/** Parameters, outputs, variables, resources and template properties that differ between two templates. */
export function compareTemplates(a: JsonObject, b: JsonObject): DiffSection[] {
  const isObjectType = (r: JsonObject) => String(r.type).toLowerCase() in DATA_FACTORY_OBJECT_TYPES;
  const resources = (t: JsonObject): Named<JsonObject>[] => {
    const seen = new Map<string, number>();
    return resourcesOf(t)
      .filter((r) => !isObjectType(r))
      .map((r) => {
        // Two declarations with one identity (e.g. alternatives under opposite conditions) stay apart by their order.
        const id = resourceIdentity(r);
        const n = (seen.get(id) ?? 0) + 1;
        seen.set(id, n);
        return { name: n === 1 ? id : `${id} #${n}`, value: resourceBody(r) };
      });
  };
  const props = (t: JsonObject) => omit(t, 'parameters', 'variables', 'resources', 'outputs');
  const templateItems: ObjectChange[] = [];
  const changes = diffValues(props(a), props(b));
  if (changes.length) templateItems.push({ name: 'azuredeploy.json', change: 'changed', changes });
  return [
    { id: 'parameters', title: 'Parameters', items: compareNamed(entries(a.parameters), entries(b.parameters), { describe: describeParameter }) },
    { id: 'outputs', title: 'Outputs', items: compareNamed(entries(a.outputs), entries(b.outputs), { describe: (o) => (isObject(o) ? String(o.type) : undefined) }) },
    { id: 'variables', title: 'Variables', items: compareNamed(entries(a.variables), entries(b.variables)) },
    {
      id: 'resources',
      title: 'Resources',
      items: compareNamed(resources(a), resources(b), { describe: (r) => (typeof r.condition === 'string' ? `when ${r.condition}` : undefined) }),
    },
    { id: 'template', title: 'Template properties', items: templateItems },
  ];
}
