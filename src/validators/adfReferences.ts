/**
 * Reference checker for Data Factory objects (pipelines, triggers, datasets, linked services in their wire form
 * `{ name, properties }`): parses every expression and checks that every name it uses, and every reference between
 * objects, resolves.
 *
 * Rules (sources: "Expressions and functions in Azure Data Factory", "Pipelines and activities",
 * "ForEach/Until/If Condition/Switch/Filter activity", "Execute Pipeline activity", "Pipeline execution and triggers"
 * on learn.microsoft.com/azure/data-factory):
 * - `pipeline().parameters.X` / `variables('X')` / SetVariable and AppendVariable `variableName` must be declared by the pipeline;
 * - `activity('X')` must name an activity of the pipeline that runs before the referencing one: X is upstream through
 *   `dependsOn` (transitively) in the same activity list, or upstream of an enclosing container activity; the Until
 *   condition may also read the activities of its own loop body;
 * - `item()` only inside a ForEach's activities or in a Filter condition;
 * - activity names are unique per pipeline; `dependsOn` names activities of the same list and has no cycles;
 * - references (`PipelineReference`, `DatasetReference`, `LinkedServiceReference`, wherever they occur) name existing
 *   objects and pass only declared parameters; pipeline and dataset references also pass every parameter that has no
 *   default value (not required for linked service references, which Data Factory accepts without them);
 * - `dataset().X` / `linkedService().X` refer to parameters of the dataset / linked service being defined.
 * Names of parameters, variables and activities are compared case-insensitively, as Data Factory resolves them.
 * String values that are ARM template expressions (`[...]`, not `[[`) are skipped: they are only known at deployment.
 *
 * This file holds the public types and the walk over objects, activities and references between objects;
 * `./adfReferences/expressions.ts` checks the expressions, `./adfActivityGraph.ts` reads the `dependsOn` graph of an activity list (the tree is walked with src/model/activities.ts).
 *
 * Diagnostic codes: HUB320 expression syntax, HUB321 unknown parameter or variable, HUB322 unknown or not-upstream
 * activity, HUB323 unknown pipeline/dataset/linked service or parameter mismatch, HUB324 dependsOn cycle or
 * duplicate name, HUB325 `item()` outside a ForEach. All are errors.
 */
import type { Diagnostic, Position } from '../diagnostics/diagnostic.js';
import { codes, type Raised } from '../diagnostics/index.js';
import { isArmExpressionString } from '../expressions/arm/semantics.js';
import { ADF_KIND_LABEL as KIND_LABEL, ADF_REFERENCE_KIND, type AdfObjectKind } from '../model/dataFactoryKinds.js';
import { activityGraph, findDependsOnCycles, upstreamActivities } from './adfActivityGraph.js';
import { activityTree, innerActivityLists } from '../model/activities.js';
import { declaredNames, formatPath, list, type Location, type NameMap, type Report, type Scope } from './adfReferences/common.js';
import { checkExpressionString } from './adfReferences/expressions.js';
import { isObject } from '../util/json.js';

/** One Data Factory object in wire form. */
export interface AdfWireObject {
  name: string;
  properties: any;
}

/** All Data Factory objects of one factory. */
export interface AdfFactoryObjects {
  pipelines: AdfWireObject[];
  triggers: AdfWireObject[];
  datasets: AdfWireObject[];
  linkedServices: AdfWireObject[];
}

/** A JSON path inside an object's wire form, starting at the object root, e.g. `['properties', 'activities', 3, 'typeProperties', 'value']`. */
export type AdfJsonPath = readonly (string | number)[];

/**
 * Maps an object and a JSON path to a source position: either a position in the `file` given to
 * {@link checkAdfReferences}, or a position in another file (e.g. the object's own emitted JSON file).
 */
export type AdfPositionLookup = (kind: AdfObjectKind, name: string, path: AdfJsonPath) => Position | { file: string; start?: Position; end?: Position } | undefined;

// ---------------------------------------------------------------------------------------------------------------
// Checker

/** Object-level keys that hold no expressions (declarations, folders, free text). */
const SKIPPED_OBJECT_KEYS = new Set(['parameters', 'variables', 'annotations', 'description', 'folder', 'activities', 'concurrency']);
/** Activity keys that hold no expressions or are checked separately. */
const SKIPPED_ACTIVITY_KEYS = new Set(['name', 'type', 'description', 'dependsOn', 'state', 'onInactiveMarkAs']);

/** Walks a factory's objects and collects the diagnostics (each code, path and message once). */
class AdfReferenceChecker {
  readonly diagnostics: Diagnostic[] = [];
  private readonly reporter: Report = (raised, loc) => this.report(raised, loc);
  private readonly seen = new Set<string>();
  private readonly objects: Record<AdfObjectKind, Map<string, AdfWireObject>> = {
    pipeline: new Map(),
    trigger: new Map(),
    dataset: new Map(),
    linkedService: new Map(),
  };

  constructor(
    private readonly factory: AdfFactoryObjects,
    private readonly file: string,
    private readonly positions?: AdfPositionLookup,
  ) {}

  run(): Diagnostic[] {
    const groups: [AdfObjectKind, AdfWireObject[]][] = [
      ['pipeline', this.factory.pipelines],
      ['trigger', this.factory.triggers],
      ['dataset', this.factory.datasets],
      ['linkedService', this.factory.linkedServices],
    ];
    for (const [kind, objs] of groups) {
      for (const obj of objs) {
        const key = obj.name.toLowerCase();
        if (this.objects[kind].has(key)) {
          this.report(codes.HUB324.duplicateObject({ label: KIND_LABEL[kind], name: obj.name }), this.at(kind, obj.name, [], []));
        } else {
          this.objects[kind].set(key, obj);
        }
      }
    }
    for (const obj of this.factory.pipelines) this.checkPipeline(obj);
    for (const obj of this.factory.triggers) this.walkObject('trigger', obj, {});
    for (const obj of this.factory.datasets) this.walkObject('dataset', obj, { ownParameters: declaredNames(obj.properties?.parameters) });
    for (const obj of this.factory.linkedServices) this.walkObject('linkedService', obj, { ownParameters: declaredNames(obj.properties?.parameters) });
    return this.diagnostics;
  }

  // -- locations and reporting --

  private at(kind: AdfObjectKind, object: string, activities: string[], jsonPath: (string | number)[], localPath: (string | number)[] = jsonPath.slice(1)): Location {
    return { kind, object, activities, jsonPath, localPath };
  }

  private where(loc: Location): string {
    let s = `${KIND_LABEL[loc.kind]} '${loc.object}'`;
    if (loc.activities.length) s += `, activity '${loc.activities[loc.activities.length - 1]}'`;
    return s;
  }

  private report(raised: Raised, loc: Location): void {
    const pathParts = [`${KIND_LABEL[loc.kind]} ${loc.object}`, ...loc.activities.map((a) => `activity ${a}`)];
    const local = formatPath(loc.localPath);
    if (local) pathParts.push(local);
    const d: Diagnostic = { code: raised.code, severity: raised.severity, message: `${this.where(loc)}: ${raised.message}`, file: this.file, path: pathParts.join(' > ') };
    if (raised.hint) d.hint = raised.hint;
    const pos = this.positions?.(loc.kind, loc.object, loc.jsonPath);
    if (pos) {
      if ('file' in pos) {
        d.file = pos.file;
        if (pos.start) d.start = pos.start;
        if (pos.end) d.end = pos.end;
      } else {
        d.start = pos;
      }
    }
    const key = `${d.code}|${d.path}|${d.message}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.diagnostics.push(d);
  }

  // -- pipelines --

  private checkPipeline(obj: AdfWireObject): void {
    const props = isObject(obj.properties) ? obj.properties : {};
    const activities = Array.isArray(props.activities) ? (props.activities as unknown[]) : [];
    const all: NameMap = new Map();
    // Unique activity names across all nesting levels.
    for (const node of activityTree(activities, ['properties', 'activities'])) {
      const name = node.activity.name;
      if (typeof name !== 'string') continue;
      const key = name.toLowerCase();
      if (all.has(key)) {
        const chain = [...node.containers.map((c) => c.name), name];
        this.report(codes.HUB324.duplicateActivity({ name }), this.at('pipeline', obj.name, chain, [...node.path, 'name'], ['name']));
      } else {
        all.set(key, name);
      }
    }
    const base = { parameters: declaredNames(props.parameters), variables: declaredNames(props.variables), allActivities: all };
    this.checkActivityList(obj.name, base, activities, ['properties', 'activities'], new Set(), false, []);
    // Pipeline-level values other than declarations and activities (rarely any).
    this.walkObject('pipeline', obj, { pipeline: { ...base, upstream: new Set(), inForEach: false } });
  }

  private checkActivityList(
    pipeline: string,
    base: { parameters: NameMap; variables: NameMap; allActivities: NameMap },
    activities: unknown[],
    listPath: (string | number)[],
    outerUpstream: Set<string>,
    inForEach: boolean,
    chain: string[],
  ): void {
    const graph = activityGraph(activities);
    const local = new Set(graph.names.map((n) => n.toLowerCase()));
    // dependsOn targets must be in the same list.
    activities.forEach((a, i) => {
      if (!isObject(a) || typeof a.name !== 'string' || !Array.isArray(a.dependsOn)) return;
      const name = a.name;
      a.dependsOn.forEach((dep: unknown, j: number) => {
        if (!isObject(dep) || typeof dep.activity !== 'string') return;
        if (local.has(dep.activity.toLowerCase())) return;
        const loc = this.at('pipeline', pipeline, [...chain, name], [...listPath, i, 'dependsOn', j, 'activity'], ['dependsOn', j, 'activity']);
        const elsewhere = base.allActivities.get(dep.activity.toLowerCase());
        this.report(codes.HUB322.dependsOn({ activity: dep.activity, elsewhere: Boolean(elsewhere), here: list(graph.names) }), loc);
      });
    });
    for (const cycle of findDependsOnCycles(graph)) {
      const first = cycle[0];
      const i = activities.findIndex((a) => isObject(a) && a.name === first);
      this.report(codes.HUB324.cycle({ cycle }), this.at('pipeline', pipeline, [...chain, first], [...listPath, i, 'dependsOn'], ['dependsOn']));
    }
    activities.forEach((a, i) => {
      if (!isObject(a) || typeof a.name !== 'string') return;
      const upstream = new Set(outerUpstream);
      for (const n of upstreamActivities(graph, a.name)) upstream.add(n.toLowerCase());
      upstream.delete(a.name.toLowerCase());
      this.checkActivity(pipeline, base, a, [...listPath, i], upstream, inForEach, [...chain, a.name]);
    });
  }

  private checkActivity(
    pipeline: string,
    base: { parameters: NameMap; variables: NameMap; allActivities: NameMap },
    activity: Record<string, any>,
    path: (string | number)[],
    upstream: Set<string>,
    inForEach: boolean,
    chain: string[],
  ): void {
    const scope = (up: Set<string>, forEach: boolean): Scope => ({ pipeline: { ...base, upstream: up, inForEach: forEach } });
    const loc = (rel: (string | number)[]): Location => this.at('pipeline', pipeline, chain, [...path, ...rel], rel);
    const type = typeof activity.type === 'string' ? activity.type : '';
    const normal = scope(upstream, inForEach);
    for (const [key, value] of Object.entries(activity)) {
      if (SKIPPED_ACTIVITY_KEYS.has(key) || key === 'typeProperties') continue;
      this.walk(value, loc([key]), normal);
    }
    const tp = activity.typeProperties;
    if (!isObject(tp)) return;
    this.checkPipelineReferences(tp, loc(['typeProperties']));
    const innerPaths = new Set(innerActivityLists(activity).map((l) => formatPath(l.path)));
    for (const [key, value] of Object.entries(tp)) {
      const rel = ['typeProperties', key];
      if (innerPaths.has(formatPath(rel))) continue;
      if (type === 'Switch' && key === 'cases' && Array.isArray(value)) {
        value.forEach((c, i) => {
          if (!isObject(c)) return;
          for (const [ck, cv] of Object.entries(c)) if (ck !== 'activities') this.walk(cv, loc([...rel, i, ck]), normal);
        });
        continue;
      }
      if (type === 'Filter' && key === 'condition') {
        this.walk(value, loc(rel), scope(upstream, true));
        continue;
      }
      if (type === 'Until' && key === 'expression') {
        // The loop condition is evaluated after each iteration, so it may read the loop body's activities.
        const withBody = new Set(upstream);
        for (const inner of innerActivityLists(activity)) for (const n of activityGraph(inner.activities).names) withBody.add(n.toLowerCase());
        this.walk(value, loc(rel), scope(withBody, inForEach));
        continue;
      }
      if ((type === 'SetVariable' || type === 'AppendVariable') && key === 'variableName') {
        if (typeof value === 'string' && !isArmExpressionString(value) && tp.setSystemVariable !== true && !base.variables.has(value.toLowerCase())) {
          this.report(codes.HUB321.setsUnknownVariable({ type, name: value, declared: list(base.variables.values()) }), loc(rel));
        }
        continue;
      }
      this.walk(value, loc(rel), normal);
    }
    for (const inner of innerActivityLists(activity)) {
      this.checkActivityList(pipeline, base, inner.activities, [...path, ...inner.path], upstream, inForEach || type === 'ForEach', chain);
    }
  }

  // -- generic walk --

  private walkObject(kind: AdfObjectKind, obj: AdfWireObject, scope: Scope): void {
    if (!isObject(obj.properties)) return;
    this.checkPipelineReferences(obj.properties, this.at(kind, obj.name, [], ['properties']));
    for (const [key, value] of Object.entries(obj.properties)) {
      if (SKIPPED_OBJECT_KEYS.has(key)) continue;
      this.walk(value, this.at(kind, obj.name, [], ['properties', key]), scope);
    }
  }

  private child(loc: Location, seg: string | number): Location {
    return { ...loc, jsonPath: [...loc.jsonPath, seg], localPath: [...loc.localPath, seg] };
  }

  private walk(value: unknown, loc: Location, scope: Scope): void {
    if (typeof value === 'string') {
      checkExpressionString(value, loc, scope, this.reporter);
    } else if (Array.isArray(value)) {
      value.forEach((v, i) => this.walk(v, this.child(loc, i), scope));
    } else if (isObject(value)) {
      if (value.type === 'SecureString') return;
      const refKind = typeof value.type === 'string' ? ADF_REFERENCE_KIND[value.type] : undefined;
      if (refKind && refKind !== 'pipeline') this.checkReference(refKind, value, value.parameters, loc, this.child(loc, 'parameters'));
      this.checkPipelineReferences(value, loc);
      for (const [key, v] of Object.entries(value)) this.walk(v, this.child(loc, key), scope);
    }
  }

  /**
   * Pipelines are referenced as `{ pipeline: { referenceName, type }, parameters }` (Execute Pipeline) or
   * `{ pipelineReference: {...}, parameters }` (triggers): the parameters are a sibling of the reference.
   */
  private checkPipelineReferences(holder: Record<string, any>, loc: Location): void {
    for (const [key, v] of Object.entries(holder)) {
      if (isObject(v) && v.type === 'PipelineReference') this.checkReference('pipeline', v, holder.parameters, this.child(loc, key), this.child(loc, 'parameters'));
    }
  }

  private checkReference(kind: AdfObjectKind, ref: Record<string, any>, passed: unknown, loc: Location, paramsLoc: Location): void {
    const name = ref.referenceName;
    if (typeof name !== 'string' || isArmExpressionString(name) || name.startsWith('@')) return;
    const target = this.objects[kind].get(name.toLowerCase());
    const label = KIND_LABEL[kind];
    if (!target) {
      this.report(codes.HUB323.unknownObject({ label, name, existing: list([...this.objects[kind].values()].map((o) => o.name)) }), this.child(loc, 'referenceName'));
      return;
    }
    if (typeof passed === 'string') return; // an ARM or ADF expression giving all parameters at once
    const declared = isObject(target.properties?.parameters) ? (target.properties.parameters as Record<string, unknown>) : {};
    const declaredLower = declaredNames(declared);
    const given = isObject(passed) ? passed : {};
    const givenLower = new Set(Object.keys(given).map((k) => k.toLowerCase()));
    for (const key of Object.keys(given)) {
      if (!declaredLower.has(key.toLowerCase())) {
        this.report(codes.HUB323.undeclaredParameter({ key, label, target: target.name, declared: list(declaredLower.values()) }), this.child(paramsLoc, key));
      }
    }
    // Linked service parameters without a default are not enforced: Data Factory accepts such references (0.7 ships
    // dataset `ftkReleaseFile` on linked service `ftkRepo` without `filePath`), and they only fail when used.
    if (kind === 'linkedService') return;
    for (const [key, def] of Object.entries(declared)) {
      const hasDefault = isObject(def) && def.defaultValue !== undefined;
      if (!hasDefault && !givenLower.has(key.toLowerCase())) {
        this.report(codes.HUB323.missingParameter({ key, label, target: target.name }), isObject(passed) ? paramsLoc : loc);
      }
    }
  }
}

/**
 * Checks the expressions and references of a factory's Data Factory objects (see the module comment for the rules).
 * @param factory the objects in wire form; values may contain ARM expression strings, which are skipped
 * @param file file name put on every diagnostic (unless `positions` gives another file)
 * @param positions optional lookup from (object kind, object name, JSON path from the object root) to a position
 * @returns diagnostics HUB320-HUB325 (all errors), in object order; empty when everything resolves
 */
export function checkAdfReferences(factory: AdfFactoryObjects, file: string, positions?: AdfPositionLookup): Diagnostic[] {
  return new AdfReferenceChecker(factory, file, positions).run();
}
