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
import { ownResources, resourceIdentity, type TemplateView } from '../build/index.js';
import { adfKindOfResourceType } from '../model/dataFactoryKinds.js';

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
export function compareTemplates(a: TemplateView, b: TemplateView): DiffSection[] {
  const resources = (t: TemplateView): Named<JsonObject>[] => {
    const seen = new Map<string, number>();
    return ownResources(t)
      .filter((r) => !adfKindOfResourceType(r.type))
      .map((r) => {
        // Two declarations with one identity (e.g. alternatives under opposite conditions) stay apart by their order.
        const id = resourceIdentity(r);
        const n = (seen.get(id) ?? 0) + 1;
        seen.set(id, n);
        return { name: n === 1 ? id : `${id} #${n}`, value: resourceBody(r.json) };
      });
  };
  const props = (t: TemplateView) => omit(t.json ?? {}, 'parameters', 'variables', 'resources', 'outputs');
  const templateItems: ObjectChange[] = [];
  const changes = diffValues(props(a), props(b));
  if (changes.length) templateItems.push({ name: 'azuredeploy.json', change: 'changed', changes });
  return [
    { id: 'parameters', title: 'Parameters', items: compareNamed(entries(a.json?.parameters), entries(b.json?.parameters), { describe: describeParameter }) },
    { id: 'outputs', title: 'Outputs', items: compareNamed(entries(a.json?.outputs), entries(b.json?.outputs), { describe: (o) => (isObject(o) ? String(o.type) : undefined) }) },
    { id: 'variables', title: 'Variables', items: compareNamed(a.variables, b.variables) },
    {
      id: 'resources',
      title: 'Resources',
      items: compareNamed(resources(a), resources(b), { describe: (r) => (typeof r.condition === 'string' ? `when ${r.condition}` : undefined) }),
    },
    { id: 'template', title: 'Template properties', items: templateItems },
  ];
}
