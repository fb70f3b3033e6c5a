/**
 * The what-if result of a deployment, grouped by change type, with the property changes of modified
 * resources, as text or JSON.
 *
 * Shape (Microsoft.Resources REST API "Deployments - What If", `WhatIfOperationResult`):
 * `{ status, properties: { changes: [ { resourceId, changeType, unsupportedReason?, before?, after?,
 * delta?: [ { path, propertyChangeType, before?, after?, children? } ] } ] }, error? }` with `changeType`
 * one of Create, Delete, Ignore, Deploy, NoChange, Modify, Unsupported and `propertyChangeType` one of
 * Create, Delete, Modify, Array, NoEffect.
 *
 * The result is read from the raw response body, not from the SDK's model: `@azure/arm-resources`
 * 6.1.0 maps a property change's `before`/`after` as a dictionary, which turns a scalar such as
 * `"Standard_LRS"` into `{ "0": "S", "1": "t", ... }`.
 */
import { armErrorFromBody, type ArmError } from '../azure/index.js';
import { isObject } from '../util/json.js';

/** Change types in the order they are shown, with their marker and label. */
export const CHANGE_TYPES = [
  { type: 'Create', mark: '+', label: 'create' },
  { type: 'Modify', mark: '~', label: 'modify' },
  { type: 'Delete', mark: '-', label: 'delete' },
  { type: 'Deploy', mark: '!', label: 'deploy (no change predicted, properties unknown)' },
  { type: 'NoChange', mark: '=', label: 'no change' },
  { type: 'Ignore', mark: '*', label: 'ignore (not in the template, left as is)' },
  { type: 'Unsupported', mark: 'x', label: 'unsupported by what-if' },
] as const;

/** One property change, flattened (array children get their index in the path). */
export interface PropertyChange {
  /** Dotted path, e.g. `properties.sku.name` or `tags.cm-resource-parent`, `[i]` for array items. */
  path: string;
  /** Create, Delete, Modify, Array, NoEffect. */
  change: string;
  before?: unknown;
  after?: unknown;
}

/** One resource change. */
export interface ResourceChange {
  changeType: string;
  resourceId: string;
  /** `type/name` relative to the resource group, e.g. `Microsoft.Storage/storageAccounts/hubstore`. */
  resource: string;
  unsupportedReason?: string;
  propertyChanges: PropertyChange[];
}

/** A what-if result, normalized. */
export interface WhatIfSummary {
  status: string;
  /** Count per change type (every type present, zeros included). */
  counts: Record<string, number>;
  changes: ResourceChange[];
  error?: ArmError;
}

/** `.../providers/Microsoft.Storage/storageAccounts/x` -> `Microsoft.Storage/storageAccounts/x`. */
export function shortResourceId(id: string): string {
  const i = id.toLowerCase().lastIndexOf('/providers/');
  return i >= 0 ? id.slice(i + '/providers/'.length) : id;
}

function flattenDelta(list: unknown, prefix: string, out: PropertyChange[]): void {
  if (!Array.isArray(list)) return;
  for (const d of list) {
    if (!isObject(d)) continue;
    const raw = String(d.path ?? '');
    const path = /^\d+$/.test(raw) ? `${prefix}[${raw}]` : prefix ? `${prefix}.${raw}` : raw;
    const change = String(d.propertyChangeType ?? '');
    if (change === 'Array' && Array.isArray(d.children) && d.children.length) {
      flattenDelta(d.children, path, out);
      continue;
    }
    out.push({ path, change, ...('before' in d ? { before: d.before } : {}), ...('after' in d ? { after: d.after } : {}) });
  }
}

/**
 * Normalizes a what-if response body (raw JSON, `properties.changes` or, as the SDK flattens it,
 * `changes`). Changes are sorted by change type (the order of {@link CHANGE_TYPES}), then resource.
 */
export function summarizeWhatIf(body: unknown): WhatIfSummary {
  const b = isObject(body) ? body : {};
  const props = isObject(b.properties) ? b.properties : {};
  const list = Array.isArray(props.changes) ? props.changes : Array.isArray(b.changes) ? b.changes : [];
  const order = new Map<string, number>(CHANGE_TYPES.map((c, i) => [c.type, i]));
  const changes: ResourceChange[] = list.filter(isObject).map((c) => {
    const resourceId = String(c.resourceId ?? c.symbolicName ?? '');
    const propertyChanges: PropertyChange[] = [];
    flattenDelta(c.delta, '', propertyChanges);
    return {
      changeType: String(c.changeType ?? 'Unsupported'),
      resourceId,
      resource: shortResourceId(resourceId),
      ...(typeof c.unsupportedReason === 'string' ? { unsupportedReason: c.unsupportedReason } : {}),
      propertyChanges,
    };
  });
  changes.sort((x, y) => (order.get(x.changeType) ?? 99) - (order.get(y.changeType) ?? 99) || x.resource.localeCompare(y.resource));
  const counts: Record<string, number> = Object.fromEntries(CHANGE_TYPES.map((c) => [c.type, 0]));
  for (const c of changes) counts[c.changeType] = (counts[c.changeType] ?? 0) + 1;
  const error = armErrorFromBody(b.error);
  return { status: String(b.status ?? ''), counts, changes, ...(error ? { error } : {}) };
}

/** Short JSON rendering of a property value for one line of text. */
function show(v: unknown): string {
  const s = JSON.stringify(v) ?? 'null';
  return s.length > 200 ? `${s.slice(0, 197)}...` : s;
}

/** One line per property change, e.g. `~ properties.sku.name: "Standard_LRS" => "Premium_LRS"`. */
export function formatPropertyChange(p: PropertyChange): string {
  switch (p.change) {
    case 'Create':
      return `+ ${p.path}: ${show(p.after)}`;
    case 'Delete':
      return `- ${p.path}: ${show(p.before)}`;
    case 'Modify':
      return `~ ${p.path}: ${show(p.before)} => ${show(p.after)}`;
    case 'NoEffect':
      return `x ${p.path}: ${show(p.after ?? p.before)} (no effect: the service keeps its own value)`;
    default:
      return `~ ${p.path} (${p.change})`;
  }
}

/**
 * The summary as text lines: a header with the counts, then each change type with its resources
 * (modified resources with their property changes, unsupported ones with the reason).
 */
export function formatWhatIf(s: WhatIfSummary): string[] {
  const counts = CHANGE_TYPES.filter((c) => s.counts[c.type]).map((c) => `${s.counts[c.type]} to ${c.label.split(' (')[0]}`);
  const lines = [`what-if: ${counts.length ? counts.join(', ') : 'no resources'}`];
  const known = new Set<string>(CHANGE_TYPES.map((c) => c.type));
  const groups = [...CHANGE_TYPES, ...[...new Set(s.changes.map((c) => c.changeType))].filter((t) => !known.has(t)).map((t) => ({ type: t, mark: '?', label: t }))];
  for (const g of groups) {
    const members = s.changes.filter((c) => c.changeType === g.type);
    if (!members.length) continue;
    lines.push(`  ${g.label} (${members.length}):`);
    for (const c of members) {
      lines.push(`    ${g.mark} ${c.resource}${c.unsupportedReason ? ` - ${c.unsupportedReason}` : ''}`);
      if (c.changeType === 'Modify') for (const p of c.propertyChanges) lines.push(`        ${formatPropertyChange(p)}`);
    }
  }
  return lines;
}
