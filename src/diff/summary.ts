/**
 * What a comparison changes for someone who runs the hub, in words: new template parameters (fields of the
 * portal form) with what they set, Data Factory objects added, removed or changed by name, the resources B
 * deploys that A does not (by type and evaluated name), Data Explorer tables and functions, schema files.
 * What must be done about a change is the upgrade notes' (./upgrade.ts); these lines say what is different.
 * Used by the release notes of a feed (src/publish/notes.ts), which lead with these words and fold the
 * machine-level comparison below them.
 */
import type { UpgradeComparison } from './upgrade.js';
import type { ChangeKind, DiffResult, ObjectChange } from './types.js';
import { describeResources, mayBeDeployed } from '../build/index.js';
import { isObject } from '../util/json.js';

/** The items of a section of a group. */
function items(result: DiffResult, group: string, section: string): ObjectChange[] {
  return result.groups.find((g) => g.id === group)?.sections.find((s) => s.id === section)?.items ?? [];
}

/** `a`, `a and b`, `a, b and c`. */
function list(names: readonly string[]): string {
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** Names of a section's items of one kind of change. */
const named = (list: readonly ObjectChange[], change: ChangeKind) => list.filter((i) => i.change === change).map((i) => i.name);

/** The new parameters of B, each with its description (what the portal form field sets). */
function parameterWords(c: UpgradeComparison): string[] {
  const tb = c.b.build.template;
  return named(items(c.result, 'template', 'parameters'), 'added').map((n) => {
    const p = tb.parameters.find((x) => x.name === n)?.json ?? {};
    const description = isObject(p.metadata) && typeof p.metadata.description === 'string' ? `: ${p.metadata.description.replace(/\.$/, '')}` : '';
    const value = 'defaultValue' in p ? ` (default ${JSON.stringify(p.defaultValue)})` : ' (required)';
    return `New setting ${n}${description}${value}.`;
  });
}

/** Data Factory objects added, removed and changed, by kind. */
function dataFactoryWords(result: DiffResult): string[] {
  const out: string[] = [];
  for (const [section, word] of [
    ['pipelines', 'Pipelines'],
    ['triggers', 'Triggers'],
    ['datasets', 'Datasets'],
    ['linkedServices', 'Linked services'],
  ] as const) {
    const list_ = items(result, 'dataFactory', section);
    const parts = (['added', 'removed', 'changed'] as const).flatMap((k) => (named(list_, k).length ? [`${k} ${list(named(list_, k))}`] : []));
    if (parts.length) out.push(`${word} ${parts.join('; ')}.`);
  }
  return out;
}

/** Descriptions said once each with their count: three `a private endpoint with its DNS zone group` -> `3 private endpoints, each with its DNS zone group`. */
function counted(descriptions: readonly string[]): string[] {
  const counts = new Map<string, number>();
  for (const d of descriptions) counts.set(d, (counts.get(d) ?? 0) + 1);
  return [...counts].map(([d, n]) => {
    if (n === 1 || !d.startsWith('a ')) return d;
    const [head, parts] = d.slice(2).split(' with its ');
    return `${n} ${head}s${parts ? `, each with its ${parts}` : ''}`;
  });
}

/** Resource types a deployment runs and keeps nothing of (nested deployments). */
const TRANSIENT = ['microsoft.resources/deployments'];

/** Resources B deploys (or may) under IDs A does not deploy, by type and name as far as known. */
function resourceWords(c: UpgradeComparison): string[] {
  const inA = new Set(c.leftovers.ra.filter(mayBeDeployed).map((r) => r.id.toLowerCase()));
  const fresh = c.leftovers.rb.filter((r) => !r.object && mayBeDeployed(r) && !inA.has(r.id.toLowerCase()) && !TRANSIENT.includes(r.type.toLowerCase()));
  const top = fresh.filter((r) => !fresh.some((x) => x !== r && r.id.toLowerCase().startsWith(`${x.id.toLowerCase()}/`)));
  return top.length ? [`New resources deployed: ${list(counted(describeResources(top, fresh)))}.`] : [];
}

/** Data Explorer tables and functions, and the config container's schema files. */
function dataWords(result: DiffResult): string[] {
  const out: string[] = [];
  const tables = items(result, 'kql', 'tables');
  if (named(tables, 'added').length) out.push(`New Data Explorer tables: ${list(named(tables, 'added'))}.`);
  const functions = items(result, 'kql', 'functions');
  const parts = (['added', 'changed', 'removed'] as const).flatMap((k) => (named(functions, k).length ? [`${k} ${list(named(functions, k))}`] : []));
  if (parts.length) out.push(`Data Explorer functions ${parts.join('; ')}.`);
  const schemas = named(items(result, 'config', 'files'), 'added').filter((p) => p.includes('schemas/'));
  if (schemas.length) out.push(`New export schema files: ${list(schemas.map((p) => p.slice(p.lastIndexOf('/') + 1)))}.`);
  return out;
}

/** What B changes for the hub's owner, in words, one sentence each (empty when the builds are equal). */
export function changeWords(c: UpgradeComparison): string[] {
  if (c.result.equal) return [];
  return [...parameterWords(c), ...resourceWords(c), ...dataFactoryWords(c.result), ...dataWords(c.result)];
}
