/**
 * Upgrade notes: what deploying build B over a hub deployed from build A means, derived from the two builds.
 *
 * Rules and their sources:
 * - A parameter file that sets a parameter the template does not declare is rejected by ARM, and so is a
 *   value outside `allowedValues`/min/max or of another type ("Parameters in ARM templates",
 *   learn.microsoft.com/azure/azure-resource-manager/templates/parameters); a parameter without
 *   `defaultValue` must be set.
 * - Incremental mode (the portal's, and the default) leaves resources that are not in the template unchanged
 *   ("Azure Resource Manager deployment modes", learn.microsoft.com/azure/azure-resource-manager/templates/
 *   deployment-modes); so do Data Factory objects, which are child resources.
 * - "Deployment can fail if you try to update active triggers" ("Automate continuous integration using
 *   Azure Pipelines releases", Data Factory docs): a changed trigger must be stopped first; a removed one
 *   keeps firing until it is stopped and deleted.
 * - Data B no longer reads: storage containers, trigger paths and dataset folders of A missing from B, KQL
 *   tables B no longer creates, export schema files B no longer converts with, and a change of the
 *   release's ingestion layout or export container (src/model/releases.ts).
 */
import { isDeepStrictEqual } from 'node:util';
import { getRelease, type Release } from '../model/releases.js';
import { codes, type Raised } from '../diagnostics/index.js';
import { dataFactoryObjectName, dataFactoryObjects, type DataFactoryObject } from './dataFactory.js';
import { kqlDeclarations, kqlTableNames } from './kql.js';
import { resourcesOf } from './template.js';
import type { DiffInput, DiffResult, UpgradeNote, UpgradeNoteKind } from './types.js';
import { isObject, type JsonObject } from '../util/json.js';

/** Order of the notes: what makes a deployment fail first, then what needs action, then what is left over. */
const ORDER: UpgradeNoteKind[] = ['parameterRemoved', 'parameterRenamed', 'parameterTypeChanged', 'parameterRequired', 'triggerMustBeStopped', 'resourceLeftBehind', 'dataFactoryObjectRemoved', 'dataNoLongerRead'];

/** A note of a kind about a subject, its code and message raised through the registry (HUB403-HUB410). */
function note(kind: UpgradeNoteKind, subject: string, raised: Raised, extra: Partial<UpgradeNote> = {}): UpgradeNote {
  return { code: raised.code, kind, subject, message: raised.message, ...extra };
}

/** Lower-case word set of a text. */
function words(text: unknown): Set<string> {
  return new Set(String(text ?? '').toLowerCase().match(/[a-z0-9]+/g) ?? []);
}

/** Jaccard similarity of two descriptions' words (0 when either is empty). */
export function descriptionSimilarity(a: unknown, b: unknown): number {
  const wa = words(a);
  const wb = words(b);
  if (!wa.size || !wb.size) return 0;
  const common = [...wa].filter((w) => wb.has(w)).length;
  return common / (wa.size + wb.size - common);
}

const typeOf = (p: JsonObject) => String(p.type ?? '').toLowerCase();
const descriptionOf = (p: JsonObject) => (isObject(p.metadata) ? p.metadata.description : undefined);

/**
 * Pairs removed with added parameters that are likely one renamed parameter: same type, and the same
 * default value or descriptions sharing at least half their words. Each parameter pairs at most once, best
 * score first (equal default counts 1, plus the description similarity).
 */
export function likelyRenames(removed: [string, JsonObject][], added: [string, JsonObject][]): [string, string][] {
  const scored: { from: string; to: string; score: number }[] = [];
  for (const [rn, rp] of removed) {
    for (const [an, ap] of added) {
      if (typeOf(rp) !== typeOf(ap)) continue;
      const sameDefault = 'defaultValue' in rp && 'defaultValue' in ap && isDeepStrictEqual(rp.defaultValue, ap.defaultValue);
      const similarity = descriptionSimilarity(descriptionOf(rp), descriptionOf(ap));
      if (!sameDefault && similarity < 0.5) continue;
      scored.push({ from: rn, to: an, score: (sameDefault ? 1 : 0) + similarity });
    }
  }
  scored.sort((x, y) => y.score - x.score || x.from.localeCompare(y.from) || x.to.localeCompare(y.to));
  const used = new Set<string>();
  const out: [string, string][] = [];
  for (const s of scored) {
    if (used.has(`-${s.from}`) || used.has(`+${s.to}`)) continue;
    used.add(`-${s.from}`).add(`+${s.to}`);
    out.push([s.from, s.to]);
  }
  return out;
}

/** Why a saved value of parameter `a` may be rejected by `b`; empty when nothing narrowed. */
function narrowing(a: JsonObject, b: JsonObject): string[] {
  const out: string[] = [];
  if (typeOf(a) !== typeOf(b)) out.push(`its type changed from ${String(a.type)} to ${String(b.type)}`);
  if (Array.isArray(b.allowedValues)) {
    const gone = Array.isArray(a.allowedValues) ? a.allowedValues.filter((v) => !(b.allowedValues as unknown[]).some((w) => isDeepStrictEqual(v, w))) : undefined;
    if (gone === undefined) out.push(`it now only allows ${b.allowedValues.map((v) => JSON.stringify(v)).join(', ')}`);
    else if (gone.length) out.push(`it no longer allows ${gone.map((v) => JSON.stringify(v)).join(', ')}`);
  }
  for (const [key, tighter] of [['minValue', 1], ['minLength', 1], ['maxValue', -1], ['maxLength', -1]] as const) {
    const x = a[key];
    const y = b[key];
    if (typeof y === 'number' && (typeof x !== 'number' || (y - x) * tighter > 0)) out.push(`its ${key} is now ${y}`);
  }
  return out;
}

/** Parameter notes: removed, likely renamed, narrowed, newly required. */
function parameterNotes(ta: JsonObject, tb: JsonObject): UpgradeNote[] {
  const pa = isObject(ta.parameters) ? ta.parameters : {};
  const pb = isObject(tb.parameters) ? tb.parameters : {};
  const entry = (params: JsonObject, n: string): [string, JsonObject] => [n, isObject(params[n]) ? params[n] : {}];
  const removed = Object.keys(pa).filter((n) => !(n in pb)).map((n) => entry(pa, n));
  const added = Object.keys(pb).filter((n) => !(n in pa)).map((n) => entry(pb, n));
  const renames = likelyRenames(removed, added);
  const out: UpgradeNote[] = [];
  for (const [from, to] of renames) {
    out.push(note('parameterRenamed', from, codes.HUB404.raise({ from, to }), { to, likely: true }));
  }
  for (const [n] of removed) {
    if (renames.some(([f]) => f === n)) continue;
    out.push(note('parameterRemoved', n, codes.HUB403.raise({ name: n })));
  }
  for (const n of Object.keys(pa).filter((k) => k in pb)) {
    const why = narrowing(entry(pa, n)[1], entry(pb, n)[1]);
    if (why.length) out.push(note('parameterTypeChanged', n, codes.HUB405.raise({ name: n, changes: why })));
  }
  for (const [n, p] of added) {
    if (renames.some(([, t]) => t === n) || 'defaultValue' in p) continue;
    out.push(note('parameterRequired', n, codes.HUB406.raise({ name: n })));
  }
  return out;
}

/** Note kinds of Data Factory objects by kind. */
const KIND_WORD: Record<DataFactoryObject['kind'], string> = { pipelines: 'pipeline', triggers: 'trigger', datasets: 'dataset', linkedServices: 'linked service' };

/** Trigger and Data Factory object notes. */
function dataFactoryNotes(result: DiffResult): UpgradeNote[] {
  const out: UpgradeNote[] = [];
  const sections = result.groups.find((g) => g.id === 'dataFactory')?.sections ?? [];
  for (const s of sections) {
    const word = KIND_WORD[s.id as DataFactoryObject['kind']];
    for (const item of s.items) {
      if (s.id === 'triggers' && item.change === 'changed')
        out.push(note('triggerMustBeStopped', item.name, codes.HUB410.changed({ name: item.name })));
      else if (s.id === 'triggers' && item.change === 'removed')
        out.push(note('triggerMustBeStopped', item.name, codes.HUB410.removed({ name: item.name })));
      else if (item.change === 'removed')
        out.push(note('dataFactoryObjectRemoved', item.name, codes.HUB409.raise({ kind: word, name: item.name })));
    }
  }
  return out;
}

/**
 * Resources of A that B does not declare, and resources B deploys only under a condition that is new or
 * changed (Data Factory objects and nested deployments aside): where B's condition is false, the resource
 * A deployed stays (0.7 -> 0.8: the network components with public access on).
 */
function resourceNotes(result: DiffResult): UpgradeNote[] {
  const items = (result.groups.find((g) => g.id === 'template')?.sections.find((s) => s.id === 'resources')?.items ?? []).filter(
    (i) => !i.name.startsWith('Microsoft.Resources/deployments '),
  );
  const out: UpgradeNote[] = [];
  for (const i of items) {
    if (i.change === 'removed') out.push(note('resourceLeftBehind', i.name, codes.HUB407.raise({ name: i.name })));
    const condition = i.change === 'changed' ? i.changes?.find((c) => c.path === 'condition' && c.change !== 'removed') : undefined;
    if (condition) out.push(note('resourceLeftBehind', i.name, codes.HUB407.conditional({ name: i.name, condition: String(condition.to) })));
  }
  return out;
}

/** Storage locations a build's template reads (containers, trigger blob paths, dataset folders), with the note each gets when B no longer reads it. */
function storagePaths(template: JsonObject): Map<string, Raised> {
  const out = new Map<string, Raised>();
  for (const r of resourcesOf(template)) {
    if (String(r.type).toLowerCase() === 'microsoft.storage/storageaccounts/blobservices/containers') {
      const name = dataFactoryObjectName(r.name);
      out.set(`container ${name}`, codes.HUB408.container({ name }));
    }
  }
  for (const o of dataFactoryObjects(template)) {
    const tp = isObject(o.properties.typeProperties) ? o.properties.typeProperties : {};
    if (o.kind === 'triggers' && typeof tp.blobPathBeginsWith === 'string')
      out.set(`path ${tp.blobPathBeginsWith}`, codes.HUB408.triggerPath({ path: tp.blobPathBeginsWith }));
    const loc = o.kind === 'datasets' && isObject(tp.location) ? tp.location : undefined;
    if (loc && typeof loc.fileSystem === 'string') {
      const folder = typeof loc.folderPath === 'string' ? `/${loc.folderPath}` : '';
      out.set(`folder ${loc.fileSystem}${folder}`, codes.HUB408.datasetFolder({ folder: `${loc.fileSystem}${folder}` }));
    }
  }
  return out;
}

/** The release row of a build, when hubc knows the release. */
function releaseOf(input: DiffInput): Release | undefined {
  try {
    return input.release ? getRelease(input.release) : undefined;
  } catch {
    return undefined;
  }
}

/** Data notes: storage paths, tables, schema files and ingestion layout B no longer reads. */
function dataNotes(a: DiffInput, b: DiffInput, ta: JsonObject, tb: JsonObject): UpgradeNote[] {
  const out: UpgradeNote[] = [];
  const pb = storagePaths(tb);
  for (const [key, raised] of storagePaths(ta)) if (!pb.has(key)) out.push(note('dataNoLongerRead', key.slice(key.indexOf(' ') + 1), raised));
  const tablesB = new Set(kqlTableNames(kqlDeclarations(b.artifacts)));
  for (const t of kqlTableNames(kqlDeclarations(a.artifacts)))
    if (!tablesB.has(t)) out.push(note('dataNoLongerRead', t, codes.HUB408.table({ name: t })));
  for (const path of a.artifacts.keys())
    if (path.startsWith('config/schemas/') && !b.artifacts.has(path)) out.push(note('dataNoLongerRead', path, codes.HUB408.schemaFile({ path })));
  const ra = releaseOf(a);
  const rb = releaseOf(b);
  if (ra && rb && ra.ingestionLayout !== rb.ingestionLayout)
    out.push(note('dataNoLongerRead', 'ingestion', codes.HUB408.ingestionLayout({ from: ra.ingestionLayout, fromVersion: ra.version, to: rb.ingestionLayout, toVersion: rb.version })));
  else if (ra && rb && ra.ingestionLayout === 'dataset-date-scope' && ra.datasetFolders !== rb.datasetFolders)
    out.push(
      note(
        'dataNoLongerRead',
        'ingestion',
        codes.HUB408.datasetFolders({
          from: ra.datasetFolders === 'exportType' ? 'the lower-case export type (focuscost, pricesheet, ...)' : 'the hub datasets (Costs, Prices, ...)',
          fromVersion: ra.version,
          to: rb.datasetFolders === 'exportType' ? 'the lower-case export type' : 'the hub datasets (Costs, Prices, ...)',
          toVersion: rb.version,
        }),
      ),
    );
  if (ra && rb && ra.exportContainer !== rb.exportContainer)
    out.push(note('dataNoLongerRead', ra.exportContainer, codes.HUB408.exportContainer({ from: ra.exportContainer, to: rb.exportContainer })));
  return out;
}

/** Upgrade notes of a comparison, most disruptive first; `result` must already hold the semantic groups. */
export function upgradeNotes(a: DiffInput, b: DiffInput, ta: JsonObject, tb: JsonObject, result: DiffResult): UpgradeNote[] {
  const notes = [...parameterNotes(ta, tb), ...dataFactoryNotes(result), ...resourceNotes(result), ...dataNotes(a, b, ta, tb)];
  return notes.sort((x, y) => ORDER.indexOf(x.kind) - ORDER.indexOf(y.kind));
}

