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
 *   deployment-modes); so do Data Factory objects, which are child resources. What A deploys and B does not
 *   is found on the folded templates (src/build/deployed.ts): a resource B still declares but no longer deploys
 *   (its condition false with B's parameter defaults) or deploys under another name stays behind too.
 *   Whole components (Data Explorer, the remote hub, private networking, a dataset) get one note saying
 *   what of them stays and what it costs (HUB416, ./components.ts); a renamed hub is a second hub (HUB417),
 *   and its leftovers are that note alone.
 * - "Deployment can fail if you try to update active triggers" ("Automate continuous integration using
 *   Azure Pipelines releases", Data Factory docs): a changed trigger must be stopped first; a removed one
 *   keeps firing until it is stopped and deleted.
 * - Data B no longer reads: storage containers, trigger paths and dataset folders of A missing from B, KQL
 *   tables B no longer creates, export schema files B no longer converts with, and a change of the
 *   release's ingestion layout or export container (src/model/releases.ts).
 * - A component B turns on that needs a role its template cannot grant (a role on scopes outside the hub's
 *   resource group; src/model/grants.ts) gets a note naming the role and the scopes (HUB660, ./grants.ts).
 *
 * One file, though past 400 lines: one short builder per kind of upgrade note, all assembled by `upgradeNotes` and
 * sharing `note()`; the comparisons they read are files of their own (components, leftovers, access, outputs,
 * grants, kql, fabric).
 */
import { isDeepStrictEqual } from 'node:util';
import { codes, type Raised } from '../diagnostics/index.js';
import type { RemovedComponent, RemovedDataset } from './components.js';
import {
  DATA_RESOURCE_TYPES,
  describeResources,
  mayBeDeployed,
  ownResources,
  readableName,
  sharedResources,
  shortName,
  topLevel,
  type Build,
  type DeclaredResource,
  type TemplateParameter,
  type TemplateView,
} from '../build/index.js';
import { lastNameText } from '../expressions/arm/semantics.js';
import type { AdfCollection } from '../model/dataFactoryKinds.js';
import type { Leftovers } from './leftovers.js';
import { releaseOf } from '../load/index.js';
import { kqlDeclarations, kqlTableNames } from './kql.js';
import type { DiffResult, UpgradeNote, UpgradeNoteKind } from './types.js';
import type { LoadedBuild } from '../load/index.js';
import type { AccessChange } from './access.js';
import type { OutputChange } from './outputs.js';
import { fabricScriptDatabase, type FabricSetup } from './fabric.js';
import type { RoleToGrant } from './grants.js';
import type { ManagedExportChange } from './managedExports.js';
import { isObject, type JsonObject } from '../util/json.js';
import { renamedRoleAssignments } from '../catalogue/index.js';
import { releaseChangeNotes, type ReleaseChanges } from './releaseChanges.js';

/** Order of the notes: what makes a deployment fail first, then what needs action, then what is left over. */
const ORDER: UpgradeNoteKind[] = [
  'hubRenamed',
  'roleAssignmentRenamed',
  'parameterRemoved',
  'parameterRenamed',
  'parameterTypeChanged',
  'parameterRequired',
  'outputRenamed',
  'outputRemoved',
  'resourceInTheWay',
  'accessNarrowed',
  'roleToGrant',
  'managedExportsStart',
  'managedExportsToCreate',
  'unversionedFunctionsChanged',
  'managedExportsOff',
  'triggerMustBeStopped',
  'componentRemoved',
  'resourceLeftBehind',
  'dataFactoryObjectRemoved',
  'fabricSetupToRun',
  'tablesRetyped',
  'dataNoLongerRead',
  'openDataSource',
];

/** A note of a kind about a subject, its code and message raised through the registry (HUB403-HUB410, HUB416-HUB417). */
function note(kind: UpgradeNoteKind, subject: string, raised: Raised, extra: Partial<UpgradeNote> = {}): UpgradeNote {
  return { code: raised.code, kind, subject, message: raised.message, ...extra };
}

/** Lower-case word set of a text. */
function words(text: unknown): Set<string> {
  return new Set(
    String(text ?? '')
      .toLowerCase()
      .match(/[a-z0-9]+/g) ?? [],
  );
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
  for (const [key, tighter] of [
    ['minValue', 1],
    ['minLength', 1],
    ['maxValue', -1],
    ['maxLength', -1],
  ] as const) {
    const x = a[key];
    const y = b[key];
    if (typeof y === 'number' && (typeof x !== 'number' || (y - x) * tighter > 0)) out.push(`its ${key} is now ${y}`);
  }
  return out;
}

/**
 * Parameter notes: removed, likely renamed, narrowed, newly required. A function of the two templates alone:
 * `hubc upgrade-plan` rewrites a saved parameter file from them before it folds the templates with its values.
 */
export function parameterNotes(ta: TemplateView, tb: TemplateView): UpgradeNote[] {
  const pa = new Map(ta.parameters.map((p) => [p.name, p.json]));
  const pb = new Map(tb.parameters.map((p) => [p.name, p.json]));
  const entry = (p: TemplateParameter): [string, JsonObject] => [p.name, p.json];
  const removed = ta.parameters.filter((p) => !pb.has(p.name)).map(entry);
  const added = tb.parameters.filter((p) => !pa.has(p.name)).map(entry);
  const renames = likelyRenames(removed, added);
  const out: UpgradeNote[] = [];
  for (const [from, to] of renames) {
    out.push(note('parameterRenamed', from, codes.HUB404.raise({ from, to }), { to, likely: true }));
  }
  for (const [n] of removed) {
    if (renames.some(([f]) => f === n)) continue;
    out.push(note('parameterRemoved', n, codes.HUB403.raise({ name: n })));
  }
  for (const [n, p] of pa) {
    const why = pb.has(n) ? narrowing(p, pb.get(n)!) : [];
    if (why.length) out.push(note('parameterTypeChanged', n, codes.HUB405.raise({ name: n, changes: why })));
  }
  for (const [n, p] of added) {
    if (renames.some(([, t]) => t === n) || 'defaultValue' in p) continue;
    out.push(note('parameterRequired', n, codes.HUB406.raise({ name: n })));
  }
  return out;
}

/** Note kinds of Data Factory objects by kind. */
const KIND_WORD: Record<AdfCollection, string> = { pipelines: 'pipeline', triggers: 'trigger', datasets: 'dataset', linkedServices: 'linked service' };

/**
 * Changed triggers (from the diff's Data Factory section) that A may have deployed: stopped before B is
 * deployed. A trigger A does not deploy with its values (its condition changed, say) runs nowhere.
 */
function changedTriggerNotes(result: DiffResult, ra: readonly DeclaredResource[]): UpgradeNote[] {
  const triggers = result.groups.find((g) => g.id === 'dataFactory')?.sections.find((s) => s.id === 'triggers')?.items ?? [];
  const inA = (name: string) => ra.some((r) => r.object?.kind === 'triggers' && r.object.name === name && mayBeDeployed(r));
  return triggers.filter((i) => i.change === 'changed' && inA(i.name)).map((i) => note('triggerMustBeStopped', i.name, codes.HUB410.changed({ name: i.name })));
}

/** The Data Factory objects left behind: triggers to stop and delete, other objects to delete. */
function objectNotes(left: readonly DeclaredResource[]): UpgradeNote[] {
  const out: UpgradeNote[] = [];
  for (const r of left) {
    if (!r.object) continue;
    const { kind, name } = r.object;
    if (kind === 'triggers') out.push(note('triggerMustBeStopped', name, codes.HUB410.removed({ name })));
    else out.push(note('dataFactoryObjectRemoved', name, codes.HUB409.raise({ kind: KIND_WORD[kind], name })));
  }
  return out;
}

/** Resources left behind (Data Factory objects aside), each with the parts that stay with it. */
function resourceNotes(left: readonly DeclaredResource[]): UpgradeNote[] {
  return topLevel(left.filter((r) => !r.object)).map(({ r, parts }) =>
    note('resourceLeftBehind', r.identity, codes.HUB407.raise({ name: `${r.type} ${shortName(r) ?? readableName(r)}`, children: parts })),
  );
}

/** The note of a switched component that B no longer deploys. */
function componentNote({ component, leftovers }: RemovedComponent): UpgradeNote {
  const objects = (kind: string) => leftovers.filter((r) => r.object?.kind === kind).map((r) => r.object!.name);
  const resources = topLevel(leftovers.filter((r) => !r.object)).map((x) => x.r);
  const ofType = (type: string) => leftovers.filter((r) => r.type.toLowerCase() === type);
  const names = (list: readonly DeclaredResource[]) => list.map((r) => shortName(r) ?? readableName(r));
  if (component === 'dataExplorer') {
    const clusters = ofType('microsoft.kusto/clusters');
    return note(
      'componentRemoved',
      component,
      codes.HUB416.dataExplorer({
        clusters: names(clusters),
        databases: names(ofType('microsoft.kusto/clusters/databases')),
        pipelines: objects('pipelines'),
        triggers: objects('triggers'),
        linkedServices: objects('linkedServices'),
        others: describeResources(
          resources.filter((r) => !clusters.includes(r)),
          leftovers,
        ),
      }),
    );
  }
  if (component === 'remoteHub') {
    const secrets = ofType('microsoft.keyvault/vaults/secrets');
    return note(
      'componentRemoved',
      component,
      codes.HUB416.remoteHub({
        secrets: names(secrets),
        linkedServices: objects('linkedServices'),
        others: describeResources(
          resources.filter((r) => !secrets.includes(r)),
          leftovers,
        ),
      }),
    );
  }
  const all = [...describeResources(resources, leftovers), ...leftovers.filter((r) => r.object).map((r) => `${KIND_WORD[r.object!.kind]} ${r.object!.name}`)];
  return note('componentRemoved', component, codes.HUB416.privateNetworking({ resources: all }));
}

/** The resources B changes in a way ARM cannot apply in place (./blockers.ts), each with what refers to it. */
function blockerNotes(blockers: Leftovers['blockers']): UpgradeNote[] {
  const out: UpgradeNote[] = [];
  for (const [r, b] of blockers) {
    if (!b.root) continue;
    const referrers = [...blockers].filter(([, x]) => x.referred === r).map(([f]) => f.decl);
    const why = b.why.replaceAll('{B}', 'the new build');
    out.push(
      note(
        'resourceInTheWay',
        r.identity,
        codes.HUB418.raise({
          name: `${r.type} ${shortName(r.decl) ?? readableName(r.decl)}`,
          why,
          referrers: describeResources(referrers),
          data: DATA_RESOURCE_TYPES.includes(r.type.toLowerCase()),
        }),
      ),
    );
  }
  return out;
}

/** The note of a built-in dataset that B no longer ingests. */
function datasetNote(d: RemovedDataset): UpgradeNote {
  return note(
    'componentRemoved',
    d.dataset.name,
    codes.HUB416.dataset({ dataset: d.dataset.name, exportType: d.dataset.exportType, schemaFiles: d.schemaFiles, tables: d.tables, folder: d.folder }),
  );
}

/** The note of a renamed hub, with A's resources (all left behind) and the resources both deploy that B re-points. */
function hubRenamedNote(renamed: { from: string; to: string }, ra: readonly DeclaredResource[], rb: readonly DeclaredResource[], left: readonly DeclaredResource[]): UpgradeNote {
  const deployedA = ra.filter(mayBeDeployed);
  const shared = sharedResources(deployedA, rb, left);
  const triggers = left.filter((r) => r.object?.kind === 'triggers').map((r) => r.object!.name);
  return note('hubRenamed', renamed.from, codes.HUB417.raise({ ...renamed, resources: left.filter((r) => !r.object).length, triggers, shared: describeResources(shared) }), {
    to: renamed.to,
  });
}

/** Storage locations a build's template reads (containers, trigger blob paths, dataset folders), with the note each gets when B no longer reads it. */
function storagePaths(build: Build): Map<string, Raised> {
  const out = new Map<string, Raised>();
  for (const r of ownResources(build.template)) {
    if (r.type.toLowerCase() === 'microsoft.storage/storageaccounts/blobservices/containers') {
      const name = lastNameText(r.json.name);
      out.set(`container ${name}`, codes.HUB408.container({ name }));
    }
  }
  for (const o of build.factory.objects) {
    const tp = isObject(o.properties.typeProperties) ? o.properties.typeProperties : {};
    if (o.kind === 'trigger' && typeof tp.blobPathBeginsWith === 'string') out.set(`path ${tp.blobPathBeginsWith}`, codes.HUB408.triggerPath({ path: tp.blobPathBeginsWith }));
    const loc = o.kind === 'dataset' && isObject(tp.location) ? tp.location : undefined;
    if (loc && typeof loc.fileSystem === 'string') {
      const folder = typeof loc.folderPath === 'string' ? `/${loc.folderPath}` : '';
      out.set(`folder ${loc.fileSystem}${folder}`, codes.HUB408.datasetFolder({ folder: `${loc.fileSystem}${folder}` }));
    }
  }
  return out;
}

/** Data notes: storage paths, tables, schema files and ingestion layout B no longer reads (those of a removed dataset are in its note). */
function dataNotes(a: LoadedBuild, b: LoadedBuild, datasets: readonly RemovedDataset[], dataExplorer: boolean): UpgradeNote[] {
  const out: UpgradeNote[] = [];
  const pb = storagePaths(b.build);
  for (const [key, raised] of storagePaths(a.build)) if (!pb.has(key)) out.push(note('dataNoLongerRead', key.slice(key.indexOf(' ') + 1), raised));
  const covered = new Set(datasets.flatMap((d) => [...d.schemaFiles, ...d.tables]));
  const tablesB = new Set(kqlTableNames(kqlDeclarations(b.build)));
  // KQL tables hold data only where A deploys a cluster.
  for (const t of dataExplorer ? kqlTableNames(kqlDeclarations(a.build)) : [])
    if (!tablesB.has(t) && !covered.has(t)) out.push(note('dataNoLongerRead', t, codes.HUB408.table({ name: t })));
  for (const path of a.build.files.keys())
    if (path.startsWith('config/schemas/') && !b.build.files.has(path) && !covered.has(path)) out.push(note('dataNoLongerRead', path, codes.HUB408.schemaFile({ path })));
  const ra = releaseOf(a);
  const rb = releaseOf(b);
  if (ra && rb && ra.ingestionLayout !== rb.ingestionLayout)
    out.push(
      note('dataNoLongerRead', 'ingestion', codes.HUB408.ingestionLayout({ from: ra.ingestionLayout, fromVersion: ra.version, to: rb.ingestionLayout, toVersion: rb.version })),
    );
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

/** Role assignments B names differently from A (HUB750, src/catalogue/roles.ts): B's deployment fails with RoleAssignmentExists. */
function roleNotes(a: LoadedBuild, b: LoadedBuild): UpgradeNote[] {
  return renamedRoleAssignments(a.build, b.build).map(({ from, to }) => {
    const raised = codes.HUB750.raise({ role: to.role, scope: to.scope, from: from.name, to: to.name, fromRelease: a.label, toRelease: b.label });
    return note('roleAssignmentRenamed', `${from.scope}/providers/Microsoft.Authorization/roleAssignments/${from.name}`, raised, { to: to.name });
  });
}

/** The comparison of two builds for an upgrade from A to B: the diff result and what its notes rest on (made by `compareUpgrade`, ./compare.ts). */
export interface UpgradeComparison {
  a: LoadedBuild;
  b: LoadedBuild;
  /** What `hubc diff` prints: the upgrade notes and the semantic comparison. */
  result: DiffResult;
  /** The folded resources of both and what B's deployment leaves of A. */
  leftovers: Leftovers;
  /** Access B narrows on resources both deploy (HUB030). */
  access: AccessChange[];
  /** Outputs of A that B removes or renames (HUB031, HUB032). */
  outputs: OutputChange[];
  /** The Fabric eventhouse setup the upgrade needs (HUB620, 0.10+), if any. */
  fabric?: FabricSetup;
  /** Roles B needs for a component it turns on that its template does not grant (HUB660). */
  grants: RoleToGrant[];
  /** The exports B creates itself, when the upgrade asks something of them (HUB457, HUB458; ./managedExports.ts). */
  managedExports?: ManagedExportChange;
  /** What the release changes for A's hub beyond resources and objects (HUB442-HUB445, ./releaseChanges.ts). */
  release: ReleaseChanges;
}

/** The words for what an access property allows: its JSON, or what an unset one allows. */
const allows = (value: unknown, unset: string) => (value === undefined ? unset : JSON.stringify(value));

/** Notes of access B narrows (HUB030): subject is the resource's identity. */
function accessNotes(access: readonly AccessChange[]): UpgradeNote[] {
  return access.map(({ resource, rule, from, to }) =>
    note(
      'accessNarrowed',
      resource.identity,
      codes.HUB030.raise({
        resource: `${resource.type} ${shortName(resource) ?? readableName(resource)}`,
        property: rule.path,
        from: allows(from, rule.unset),
        to: allows(to, ''),
        fix: rule.fix,
      }),
    ),
  );
}

/** Notes of outputs B removes (HUB031) or renames (HUB032). */
function outputNotes(outputs: readonly OutputChange[]): UpgradeNote[] {
  return outputs.map((o) =>
    o.to
      ? note('outputRenamed', o.from, codes.HUB032.raise({ from: o.from, to: o.to, likely: Boolean(o.likely) }), { to: o.to, ...(o.likely ? { likely: true } : {}) })
      : note('outputRemoved', o.from, codes.HUB031.raise({ name: o.from })),
  );
}

/** The note of the Fabric eventhouse setup an upgrade needs (HUB620). */
function fabricNote(f: FabricSetup, b: LoadedBuild): UpgradeNote {
  const scripts = f.scripts.map((file) => `${file} in the ${fabricScriptDatabase(b, file) ?? 'matching'} database`);
  return note('fabricSetupToRun', 'fabric', codes.HUB620.raise({ scripts, ...(f.access ? { access: f.access } : {}) }));
}

/** Notes of the roles B needs for what it turns on (HUB660): subject is the template parameter that turns it on. */
function grantNotes(grants: readonly RoleToGrant[]): UpgradeNote[] {
  return grants.map(({ grant, parameter, scopes }) =>
    note('roleToGrant', parameter, codes.HUB660.raise({ what: grant.what, parameter, role: grant.role.name, principal: grant.principal, scopes, without: grant.without })),
  );
}

/** Notes of the exports B creates itself (HUB457 when A created none, else HUB458 when they change): subject is the pipeline. */
function managedExportNotes(m: ManagedExportChange): UpgradeNote[] {
  const scopes = [...m.rbacScopes, ...m.billingScopes];
  return [
    m.firstTime
      ? note('managedExportsStart', m.pipeline, codes.HUB457.raise({ pipeline: m.pipeline, scopes }))
      : note('managedExportsToCreate', m.pipeline, codes.HUB458.raise({ pipeline: m.pipeline })),
  ];
}

/** Upgrade notes of a comparison, most disruptive first; `c.result` must already hold the semantic groups. */
export function upgradeNotes(c: UpgradeComparison): UpgradeNote[] {
  const { a, b, result, leftovers: l } = c;
  const notes = [...parameterNotes(a.build.template, b.build.template), ...outputNotes(c.outputs), ...accessNotes(c.access), ...(l.renamed ? [] : grantNotes(c.grants))];
  if (l.renamed) notes.push(hubRenamedNote(l.renamed, l.ra, l.rb, l.left));
  else notes.push(...blockerNotes(l.blockers), ...changedTriggerNotes(result, l.ra), ...l.components.map(componentNote), ...resourceNotes(l.left), ...objectNotes(l.left));
  notes.push(...l.datasets.map(datasetNote), ...dataNotes(a, b, l.datasets, l.dataExplorer));
  if (c.fabric) notes.push(fabricNote(c.fabric, b));
  if (c.managedExports) notes.push(...managedExportNotes(c.managedExports));
  if (!l.renamed) notes.push(...roleNotes(a, b));
  notes.push(...releaseChangeNotes(c.release));
  return notes.sort((x, y) => ORDER.indexOf(x.kind) - ORDER.indexOf(y.kind));
}
