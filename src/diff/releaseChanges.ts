/**
 * What a release changes for a hub deployed already, beyond its resources and objects (HUB442-HUB445): each fact
 * from the release table (src/model) or from the two builds, never from a version number, so a move across the
 * release that brought it (0.11 -> 12, 0.8 -> 12, 0.7 -> 14) says it and a move that does not cross it does not.
 * Each needs what it is about in A's hub: functions, exports, open data, tables that hold data.
 *
 * - The unversioned Hub functions return the last FOCUS version of the row (`unversionedFocusChange`,
 *   src/model/releaseWords.ts, which the release notes read too): a note naming, for each unversioned function A's
 *   Hub database has, the versioned function of A's version that B keeps (HUB442).
 * - Managed exports off where A ran them: B's parameter of the `managedExportsOption` feature is false, and A's
 *   objects of the `managedExports` feature are left behind (FEATURE_OBJECTS of the table; HUB443). Its hub.yaml
 *   field is `PARAMETER_SOURCES`'s, the field its default follows `FOLLOWING_FIELDS`'s.
 * - The open data's source: the download URLs of the open data tables in A's and B's Data Factory (folded), when
 *   the form of the release tag changes (`tagForm`, src/model/releaseNames.ts; HUB444).
 * - Tables retyped once (`kql/IngestionRetype_<table>.kql` of B that A lacks, behaviour `kqlRawTables12`) that A's
 *   Data Explorer database has: their data, their type changes, what reloads them (HUB445).
 */
import { codes } from '../diagnostics/index.js';
import { FEATURE_OBJECTS, FEATURE_PARAMETERS, PARAMETER_SOURCES, parameterName, type Release } from '../model/releases.js';
import { focusLabel, unversionedFocusChange, versionedFunction } from '../model/releaseWords.js';
import { tagForm } from '../model/releaseNames.js';
import { FOLLOWING_FIELDS } from '../frontend/checks/fieldDefaults.js';
import type { ArmEvalContext } from '../expressions/arm/evaluate.js';
import { mayBeDeployed, type Build, type DeclaredResource } from '../build/index.js';
import { releaseOf, type LoadedBuild } from '../load/index.js';
import { walkJson } from '../util/json.js';
import { componentState } from './components.js';
import { fabricInUse } from './fabric.js';
import { kqlDeclarations } from './kql.js';
import type { Leftovers } from './leftovers.js';
import type { UpgradeNote } from './types.js';

/** What an upgrade from A to B changes of the release's behaviour for A's hub (each absent when it does not apply). */
export interface ReleaseChanges {
  /** HUB442: the unversioned functions of A's Hub database that return another FOCUS version in B. */
  unversioned?: { from: string; to: string; functions: { name: string; versioned: string }[] };
  /** HUB443: B's parameter that turns managed exports on, false, and A's managed-export objects it leaves (names, pipelines first). */
  managedExportsOff?: { parameter: string; field: string; follows: string; objects: { kind: 'pipelines' | 'triggers'; name: string }[] };
  /** HUB444: where the open data tables are downloaded from in A and in B (the URLs' common start) and by which pipeline. */
  openData?: { from: string; to: string; tables: string[]; pipeline: string };
  /** HUB445: the tables of A's Ingestion database B's one-time scripts retype, the type changes, and those B loads again. */
  retyped?: { tables: string[]; types: string[]; scripts: string[]; reloaded?: { tables: string[]; pipeline: string } };
}

/** The unversioned Hub functions A has whose versioned function of A's FOCUS version B has (HUB442). */
function unversioned(a: LoadedBuild, b: LoadedBuild, ra: Release, rb: Release, engine: boolean): ReleaseChanges['unversioned'] {
  const change = unversionedFocusChange(ra, rb);
  if (!change || !engine) return undefined;
  const hubA = kqlDeclarations(a.build).get('Hub')?.functions;
  const hubB = kqlDeclarations(b.build).get('Hub')?.functions;
  if (!hubA || !hubB) return undefined;
  const functions = [...hubA.keys()]
    .filter((name) => hubB.has(name) && hubB.has(versionedFunction(name, change.from)) && hubA.has(versionedFunction(name, change.from)))
    .map((name) => ({ name, versioned: versionedFunction(name, change.from) }));
  return functions.length ? { from: focusLabel(change.from), to: focusLabel(change.to), functions } : undefined;
}

/** A's managed-export pipelines and triggers left behind when B's managed-exports parameter is false (HUB443). */
function managedExportsOff(b: LoadedBuild, ra: Release, rb: Release, l: Leftovers, known: ArmEvalContext = {}): ReleaseChanges['managedExportsOff'] {
  const [key] = FEATURE_PARAMETERS.managedExportsOption;
  if (!rb.parameters.includes(key)) return undefined;
  const parameter = parameterName(rb, key);
  const declared = b.build.template.parameters.find((p) => p.name === parameter);
  const value = (known.parameters as Record<string, unknown> | undefined)?.[parameter] ?? declared?.json.defaultValue;
  if (!declared || value !== false) return undefined;
  const roles = FEATURE_OBJECTS.managedExports;
  const names = new Map<string, 'pipelines' | 'triggers'>([
    ...roles.pipelines.flatMap((r) => (ra.pipelines[r] ? [[ra.pipelines[r], 'pipelines'] as const] : [])),
    ...roles.triggers.flatMap((r) => (ra.triggers[r] ? [[ra.triggers[r], 'triggers'] as const] : [])),
  ]);
  const objects = l.left
    .filter((r) => r.object && names.get(r.object.name) === r.object.kind)
    .map((r) => ({ kind: r.object!.kind as 'pipelines' | 'triggers', name: r.object!.name }))
    .sort((x, y) => (x.kind === y.kind ? 0 : x.kind === 'pipelines' ? -1 : 1));
  if (!objects.length) return undefined;
  const field = PARAMETER_SOURCES[key].join('.');
  return { parameter, field, follows: FOLLOWING_FIELDS[field] ?? field, objects };
}

const OPEN_DATA_URL = /^(https:\/\/github\.com\/microsoft\/finops-toolkit\/releases\/download\/([^/]+)\/)(\w+)\.csv$/i;

/** The open data a build's pipeline of the role `initializeHub` loads (its folded body), if it may be deployed: the URLs' start, tag and tables. */
function openDataOf(resources: readonly DeclaredResource[], release: Release): { base: string; tag: string; tables: string[]; pipeline: string } | undefined {
  const pipeline = release.pipelines.initializeHub;
  const r = pipeline ? resources.find((x) => x.object?.kind === 'pipelines' && x.object.name === pipeline && mayBeDeployed(x)) : undefined;
  if (!r || !pipeline) return undefined;
  const found: { base: string; tag: string; table: string }[] = [];
  walkJson(r.body(), (v) => {
    if (typeof v !== 'string') return;
    for (const m of v.matchAll(/https:\/\/github\.com\/[^\s"'@]+?\.csv/gi)) {
      const u = OPEN_DATA_URL.exec(m[0]);
      if (u) found.push({ base: u[1], tag: u[2], table: u[3] });
    }
  });
  if (!found.length) return undefined;
  return { base: found[0].base, tag: found[0].tag, tables: [...new Set(found.map((f) => f.table))], pipeline };
}

/** Where B loads open data from, when A loaded it from a tag of another form (HUB444). */
function openData(ra: Release, rb: Release, l: Leftovers): ReleaseChanges['openData'] {
  const [a, b] = [openDataOf(l.ra, ra), openDataOf(l.rb, rb)];
  if (!a || !b || tagForm(a.tag) === tagForm(b.tag)) return undefined;
  return { from: a.base, to: b.base, tables: b.tables, pipeline: b.pipeline };
}

const RETYPE_SCRIPT = /^kql\/IngestionRetype_(\w+)\.kql$/;

/** The tables of A's Ingestion database that B's one-time scripts retype (HUB445). */
function retyped(a: Build, b: Build, open: { tables: string[]; pipeline: string } | undefined): ReleaseChanges['retyped'] {
  // A script A deployed with the same text does not run again (its text never changes: it runs when created).
  const scripts = [...b.files.keys()].filter((p) => RETYPE_SCRIPT.test(p) && a.files.get(p) !== b.files.get(p));
  const ingestionA = kqlDeclarations(a).get('Ingestion')?.tables;
  const ingestionB = kqlDeclarations(b).get('Ingestion')?.tables;
  if (!scripts.length || !ingestionA || !ingestionB) return undefined;
  const kept = scripts.filter((p) => ingestionA.has(RETYPE_SCRIPT.exec(p)![1]));
  const tables = kept.map((p) => RETYPE_SCRIPT.exec(p)![1]);
  if (!tables.length) return undefined;
  const types = new Set<string>();
  for (const t of tables) {
    const before = new Map(ingestionA.get(t)!.columns.map((c) => [c.name, c.type]));
    for (const c of ingestionB.get(t)?.columns ?? []) if (before.has(c.name) && before.get(c.name) !== c.type) types.add(`${before.get(c.name)} -> ${c.type}`);
  }
  const again = open ? tables.filter((t) => open.tables.includes(t)) : [];
  return { tables, types: [...types].sort(), scripts: kept, ...(again.length && open ? { reloaded: { tables: again, pipeline: open.pipeline } } : {}) };
}

/**
 * The release changes of an upgrade from A to B for A's hub (./upgrade.ts makes their notes, src/upgrade their steps).
 * @param known what is known of each deployment (a saved parameter file's values)
 */
export function releaseChanges(a: LoadedBuild, b: LoadedBuild, l: Leftovers, known: { a?: ArmEvalContext; b?: ArmEvalContext } = {}): ReleaseChanges {
  const [ra, rb] = [releaseOf(a), releaseOf(b)];
  if (!ra || !rb || l.renamed) return {};
  const clusterB = componentState(b.build.template, 'dataExplorer', known.b) !== false;
  const engineA = l.dataExplorer || fabricInUse(a.build.template.json ?? {}, known.a) !== false;
  const out: ReleaseChanges = {
    unversioned: unversioned(a, b, ra, rb, engineA),
    managedExportsOff: managedExportsOff(b, ra, rb, l, known.b),
    openData: l.dataExplorer && clusterB ? openData(ra, rb, l) : undefined,
    retyped: l.dataExplorer && clusterB ? retyped(a.build, b.build, openDataOf(l.rb, rb)) : undefined,
  };
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined)) as ReleaseChanges;
}

/** The upgrade notes of the release changes (HUB442-HUB445), subject: what each is about. */
export function releaseChangeNotes(c: ReleaseChanges): UpgradeNote[] {
  const out: UpgradeNote[] = [];
  const note = (kind: UpgradeNote['kind'], subject: string, raised: { code: string; message: string }): UpgradeNote => ({
    code: raised.code,
    kind,
    subject,
    message: raised.message,
  });
  if (c.unversioned) out.push(note('unversionedFunctionsChanged', 'Hub', codes.HUB442.raise(c.unversioned)));
  if (c.managedExportsOff) {
    const m = c.managedExportsOff;
    const objects = m.objects.map((o) => `${o.kind === 'pipelines' ? 'pipeline' : 'trigger'} ${o.name}`);
    out.push(note('managedExportsOff', m.parameter, codes.HUB443.raise({ parameter: m.parameter, field: m.field, follows: m.follows, objects })));
  }
  if (c.openData) out.push(note('openDataSource', c.openData.pipeline, codes.HUB444.raise(c.openData)));
  if (c.retyped) {
    const r = c.retyped;
    const scripts = r.scripts.length === 1 ? r.scripts[0] : 'kql/IngestionRetype_<table>.kql';
    out.push(note('tablesRetyped', 'Ingestion', codes.HUB445.raise({ tables: r.tables, types: r.types, scripts, ...(r.reloaded ? { reloaded: r.reloaded } : {}) })));
  }
  return out;
}
