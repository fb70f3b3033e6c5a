/**
 * The values a template value can take over the deployments a template accepts: what a check needs to say
 * "for some parameter values ARM accepts, this trigger gets a time zone Data Factory rejects" rather than
 * judging one deployment. A value is folded in the scope that declares it (a nested deployment evaluated in
 * its own scope has its own parameters, passed by the enclosing template), and its parameters range over:
 *
 * - the value given for the deployment, when one is given;
 * - for an `int` with `minValue` or `maxValue`, its bounds (the checks that need ranges compare bounds);
 * - otherwise any value (unknown). An unknown condition makes `if()` take both branches, an unknown key
 *   into a known object (`tryGet(table, key)`, `table[key]`) takes every value of the table (and, for
 *   `tryGet`, null: a key the table does not list), `coalesce()` takes each argument in turn, and
 *   `reference('<nested deployment>').outputs.<name>.value` takes the values of that deployment's output.
 *
 * So the result may hold values no single deployment combines (two branches whose conditions exclude each
 * other), never fewer than the deployments can give; a value that stays unknown is reported as such.
 * Sources: "Template functions" (logical `if`, object `tryGet`, `coalesce`), "Using linked and nested
 * templates" (expression evaluation scope) on learn.microsoft.com/azure/azure-resource-manager/templates.
 *
 * One file, though past 400 lines: one fold over a template's values whose cases (`if`, `tryGet`, `coalesce`,
 * nested deployments' outputs) call each other recursively.
 */
import { isDeepStrictEqual } from 'node:util';
import { forEachArmNode, serializeArm, type ArmExpr } from './ast.js';
import { Scope, type ArmEvalContext } from './evaluator.js';
import { templateContext } from './evaluate.js';
import { isArmObject, known, type ArmValue, type Folded } from './functions.js';
import { parseArmExpression } from './parser.js';
import { isArmExpressionString } from './semantics.js';
import type { ResourceNode } from './resources.js';
import { isObject, member, type JsonObject } from '../../util/json.js';

/** Why a value is possible: a parameter value chosen, a key of a table looked up, or a key the table lacks. */
export type Because = { kind: 'parameter'; name: string; value: ArmValue; bound?: 'minValue' | 'maxValue' } | { kind: 'key'; key: string } | { kind: 'otherKey' };

/** One value a template value can take, and why. */
export interface Possibility {
  value: ArmValue;
  because: readonly Because[];
}

/** The values a template value can take (see the module doc). */
export interface PossibleValues {
  values: Possibility[];
  /** Set when some deployments give a value known only at deployment: the residual expression, or why not tried. */
  unknown?: string;
}

/** An alternative while folding: a value known in full or in part, or undefined for any value. */
interface Alt {
  f?: Folded;
  because: Because[];
  /** The residual expression of an unknown alternative. */
  residual?: string;
}

/** A template scope: the template whose `parameters()` and `variables()` its expressions name. */
interface TemplateScope {
  template: JsonObject;
  /** The nested deployment evaluated in this scope (its inline template is `template`); none for the main template. */
  deployment?: ResourceNode;
  parent?: TemplateScope;
}

const DEPLOYMENT_ID = /\/providers\/Microsoft\.Resources\/deployments\/([^/]+)$/i;
const MAX_ALTERNATIVES = 512;
const MAX_COMBINATIONS = 256;

/** True for a nested deployment whose inline template is evaluated in its own scope. */
function innerScopeDeployment(node: ResourceNode): boolean {
  const scope = member(member(member(node.json, 'properties'), 'expressionEvaluationOptions'), 'scope');
  return (
    node.type.toLowerCase() === 'microsoft.resources/deployments' &&
    typeof scope === 'string' &&
    scope.toLowerCase() === 'inner' &&
    isObject(member(member(node.json, 'properties'), 'template'))
  );
}

/** The value of `name` in a JSON object, compared case-insensitively as ARM does. */
function memberOf(o: unknown, name: string): unknown {
  if (!isObject(o)) return undefined;
  const key = Object.keys(o).find((k) => k.toLowerCase() === name.toLowerCase());
  return key === undefined ? undefined : o[key];
}

/** The expressions of a template JSON value (strings that are ARM expressions), parsed; those that do not parse are left out. */
function expressionsIn(value: unknown, out: ArmExpr[] = []): ArmExpr[] {
  if (isArmExpressionString(value)) {
    try {
      out.push(parseArmExpression((value as string).slice(1, -1)));
    } catch {
      // Not an expression ARM can parse: the reference checks report it.
    }
  } else if (Array.isArray(value)) for (const v of value) expressionsIn(v, out);
  else if (isObject(value)) for (const v of Object.values(value)) expressionsIn(v, out);
  return out;
}

/** The values of a template value over the deployments a template accepts (see the module doc). */
export class TemplatePossibilities {
  private readonly scopes = new Map<ResourceNode | undefined, TemplateScope>();
  private readonly parameterAlts = new Map<TemplateScope, Map<string, Alt[]>>();
  private readonly reads = new Map<TemplateScope, Map<string, Set<string>>>();
  private readonly busy = new Set<string>();

  /**
   * @param template the template as written
   * @param options `parameters`: values given for the deployment (by the template's own names); `context`:
   *   what is known of the deployment (subscription, resource group, environment), the rest unknown
   */
  constructor(
    private readonly template: JsonObject,
    private readonly options: { parameters?: Record<string, unknown>; context?: ArmEvalContext } = {},
  ) {}

  /**
   * The values `value` can take, where `node` declares it (undefined: the main template's scope).
   * @param value template JSON: a literal, an `"[...]"` expression, or an object or array of them
   */
  of(node: ResourceNode | undefined, value: unknown): PossibleValues {
    const alts = this.alternatives(this.scopeOf(node), value);
    const values: Possibility[] = [];
    const seen = new Map<string, Possibility>();
    let unknown: string | undefined;
    for (const a of alts) {
      if (a.f?.t !== 'v') {
        unknown ??= a.residual ?? 'a value known only at deployment';
        continue;
      }
      const key = JSON.stringify(a.f.v);
      const hit = seen.get(key);
      if (hit) (hit.because as Because[]).push(...a.because.filter((b) => !hit.because.some((x) => isDeepStrictEqual(x, b))));
      else {
        const p = { value: a.f.v, because: a.because.filter((b, i) => a.because.findIndex((x) => isDeepStrictEqual(x, b)) === i) };
        seen.set(key, p);
        values.push(p);
      }
    }
    return unknown === undefined ? { values } : { values, unknown };
  }

  /** The scope that declares a resource's expressions. */
  private scopeOf(node: ResourceNode | undefined): TemplateScope {
    let scope = this.scopes.get(node);
    if (scope) return scope;
    const d = node?.deployment;
    if (!d) scope = this.root;
    else if (innerScopeDeployment(d)) scope = this.scopeOfDeployment(d);
    else scope = this.scopeOf(d);
    this.scopes.set(node, scope);
    return scope;
  }

  private rootScope?: TemplateScope;

  private get root(): TemplateScope {
    return (this.rootScope ??= { template: this.template });
  }

  /** The lower-case names of the parameters a value reads, through variables and user-defined functions. */
  private parametersRead(scope: TemplateScope, value: unknown): Set<string> {
    let cache = this.reads.get(scope);
    if (!cache) this.reads.set(scope, (cache = new Map()));
    const variables = isObject(scope.template.variables) ? scope.template.variables : {};
    const functions = Array.isArray(scope.template.functions) ? scope.template.functions : [];
    const out = new Set<string>();
    const visiting = new Set<string>();
    const visit = (v: unknown) => {
      for (const e of expressionsIn(v)) {
        forEachArmNode(e, (n) => {
          if (n.kind !== 'call') return;
          const name = n.name.toLowerCase();
          const arg = n.args[0]?.kind === 'string' ? n.args[0].value : undefined;
          if (name === 'parameters' && arg !== undefined) out.add(arg.toLowerCase());
          else if (name === 'variables' && arg !== undefined && !visiting.has(`v:${arg.toLowerCase()}`)) {
            visiting.add(`v:${arg.toLowerCase()}`);
            visit(memberOf(variables, arg));
          } else if (name.includes('.') && !visiting.has(`f:${name}`)) {
            visiting.add(`f:${name}`);
            const [ns, fn] = name.split('.');
            const space = functions.find((f) => isObject(f) && typeof f.namespace === 'string' && f.namespace.toLowerCase() === ns);
            // A function's own parameters are its arguments; what it reads of the template is its variables.
            for (const e2 of expressionsIn(memberOf(memberOf(memberOf(isObject(space) ? space.members : undefined, fn), 'output'), 'value'))) {
              forEachArmNode(e2, (m) => {
                if (m.kind === 'call' && m.name.toLowerCase() === 'variables' && m.args[0]?.kind === 'string') visit(`[variables('${m.args[0].value.replace(/'/g, "''")}')]`);
              });
            }
          }
        });
      }
    };
    visit(value);
    return out;
  }

  /** The alternatives of one parameter of a scope. */
  private parameter(scope: TemplateScope, name: string): Alt[] {
    let cache = this.parameterAlts.get(scope);
    if (!cache) this.parameterAlts.set(scope, (cache = new Map()));
    const hit = cache.get(name);
    if (hit) return hit;
    const guard = `${scope.deployment?.path.join('/') ?? ''}|${name}`;
    if (this.busy.has(guard)) return [{ because: [], residual: `parameters('${name}')` }];
    this.busy.add(guard);
    try {
      const alts = scope.deployment ? this.nestedParameter(scope, name) : this.mainParameter(scope, name);
      cache.set(name, alts);
      return alts;
    } finally {
      this.busy.delete(guard);
    }
  }

  private mainParameter(scope: TemplateScope, name: string): Alt[] {
    const given = Object.entries(this.options.parameters ?? {}).find(([k]) => k.toLowerCase() === name);
    if (given) return [{ f: known(given[1] as ArmValue), because: [] }];
    const decl = memberOf(scope.template.parameters, name);
    const type = typeof memberOf(decl, 'type') === 'string' ? (memberOf(decl, 'type') as string).toLowerCase() : '';
    const min = memberOf(decl, 'minValue');
    const max = memberOf(decl, 'maxValue');
    const allowed = memberOf(decl, 'allowedValues');
    if (Array.isArray(allowed) && allowed.length) {
      const declared = this.declaredName(scope, name);
      return allowed.map((v) => ({ f: known(v as ArmValue), because: [{ kind: 'parameter', name: declared, value: v as ArmValue }] }));
    }
    if (type === 'int' && (typeof min === 'number' || typeof max === 'number')) {
      const bounds: [number, 'minValue' | 'maxValue'][] = [];
      if (typeof min === 'number') bounds.push([min, 'minValue']);
      if (typeof max === 'number' && max !== min) bounds.push([max, 'maxValue']);
      return bounds.map(([v, bound]) => ({ f: known(v), because: [{ kind: 'parameter', name: this.declaredName(scope, name), value: v, bound }] }));
    }
    return [{ because: [], residual: `parameters('${this.declaredName(scope, name)}')` }];
  }

  private declaredName(scope: TemplateScope, name: string): string {
    return Object.keys(isObject(scope.template.parameters) ? scope.template.parameters : {}).find((k) => k.toLowerCase() === name) ?? name;
  }

  /** A parameter of a nested deployment's template: what the enclosing template passes, else its default. */
  private nestedParameter(scope: TemplateScope, name: string): Alt[] {
    const passed = memberOf(member(member(scope.deployment!.json, 'properties'), 'parameters'), name);
    if (passed === undefined) {
      const def = memberOf(memberOf(scope.template.parameters, name), 'defaultValue');
      return def === undefined ? [{ because: [], residual: `parameters('${name}')` }] : this.alternatives(scope, def);
    }
    return this.alternatives(scope.parent!, passed).flatMap((a): Alt[] => {
      if (a.f?.t === 'v' && isArmObject(a.f.v) && 'value' in a.f.v) return [{ f: known(a.f.v.value), because: a.because }];
      const field = a.f?.t === 'o' ? a.f.fields.get('value')?.f : undefined;
      // `{ value: <residual> }`: the residual split where it was written (an output of a sibling deployment, say).
      if (field?.t === 'x') return this.splitExpr(scope.parent!, field.e).map((x) => ({ ...x, because: [...a.because, ...x.because] }));
      if (field) return [{ f: field, because: a.because }];
      return [{ because: a.because, residual: a.residual ?? `parameters('${name}')` }];
    });
  }

  /** The alternatives of a template value in a scope: every combination of its parameters' alternatives, folded and split. */
  private alternatives(scope: TemplateScope, value: unknown): Alt[] {
    const names = [...this.parametersRead(scope, value)];
    const lists = names.map((n) => this.parameter(scope, n));
    // Too many combinations: the parameters with the most alternatives range over any value instead.
    while (lists.reduce((n, l) => n * l.length, 1) > MAX_COMBINATIONS) {
      const i = lists.reduce((best, l, j) => (l.length > lists[best].length ? j : best), 0);
      lists[i] = [{ because: [], residual: `parameters('${names[i]}')` }];
    }
    const out: Alt[] = [];
    const combine = (i: number, chosen: Alt[]) => {
      if (out.length >= MAX_ALTERNATIVES) return;
      if (i === lists.length) {
        out.push(...this.fold(scope, value, names, chosen));
        return;
      }
      for (const a of lists[i]) combine(i + 1, [...chosen, a]);
    };
    combine(0, []);
    return out;
  }

  /** One combination of parameter alternatives: the value folded, split where it stays unknown. */
  private fold(scope: TemplateScope, value: unknown, names: string[], chosen: Alt[]): Alt[] {
    const parameters: Record<string, ArmValue> = {};
    const foldedParameters: Record<string, Folded> = {};
    chosen.forEach((a, i) => {
      if (a.f?.t === 'v') parameters[names[i]] = a.f.v;
      else if (a.f) foldedParameters[names[i]] = a.f;
    });
    const because = chosen.flatMap((a) => a.because);
    const ctx = templateContext(scope.template, { ...this.options.context, parameters, foldedParameters });
    let f: Folded;
    try {
      f = new Scope(ctx).root().foldJson(value);
    } catch {
      // This combination fails to evaluate: ARM fails the deployment there, which other checks report.
      return [];
    }
    return this.split(scope, f).map((a) => ({ ...a, because: [...because, ...a.because] }));
  }

  /** The alternatives of a folded value: itself when known in whole or in part, else its residual split. */
  private split(scope: TemplateScope, f: Folded): Alt[] {
    if (f.t !== 'x') return [{ f, because: [] }];
    return this.splitExpr(scope, f.e);
  }

  /** A folded constant (an argument of a residual call), or undefined. */
  private constant(e: ArmExpr): ArmValue | undefined {
    try {
      const f = new Scope({}).root().fold(e);
      return f.t === 'v' ? f.v : undefined;
    } catch {
      return undefined;
    }
  }

  /** The alternatives of a residual expression (see the module doc for the forms split). */
  private splitExpr(scope: TemplateScope, e: ArmExpr): Alt[] {
    const unknownAlt: Alt[] = [{ because: [], residual: `[${serializeArm(e)}]` }];
    const asAlts = (x: ArmExpr): Alt[] => {
      const c = this.constant(x);
      return c !== undefined ? [{ f: known(c), because: [] }] : this.splitExpr(scope, x);
    };
    if (e.kind === 'call') {
      const name = e.name.toLowerCase();
      if (name === 'if' && e.args.length === 3) {
        const c = this.constant(e.args[0]);
        if (typeof c === 'boolean') return asAlts(e.args[c ? 1 : 2]);
        return [...asAlts(e.args[1]), ...asAlts(e.args[2])];
      }
      if (name === 'coalesce') return this.coalesce(e.args.map(asAlts));
      if (name === 'createobject' && e.args.length % 2 === 0) return this.createObject(e.args.map(asAlts)) ?? unknownAlt;
      if (name === 'tryget' && e.args.length === 2) return this.lookup(e.args[0], true) ?? unknownAlt;
    }
    if (e.kind === 'index') return this.lookup(e.target, false) ?? unknownAlt;
    return this.outputOf(scope, e) ?? unknownAlt;
  }

  /** `coalesce(a, b, ...)`: each argument's non-null alternatives, going on to the next while one may be null. */
  private coalesce(args: Alt[][]): Alt[] {
    const out: Alt[] = [];
    // Why the arguments so far were null: the later arguments' values hold only then.
    let nulls: Because[] = [];
    for (const alts of args) {
      let mayBeNull = false;
      const nullsHere: Because[] = [];
      for (const a of alts) {
        if (a.f?.t === 'v' && a.f.v === null) {
          mayBeNull = true;
          nullsHere.push(...a.because);
        } else {
          out.push({ ...a, because: [...nulls, ...a.because] });
          if (!a.f) mayBeNull = true;
        }
      }
      if (!mayBeNull) return out;
      nulls = [...nulls, ...nullsHere];
    }
    return out;
  }

  /** `createObject(k1, v1, ...)` whose values have alternatives: one object per combination (while few). */
  private createObject(args: Alt[][]): Alt[] | undefined {
    if (args.reduce((n, l) => n * l.length, 1) > MAX_COMBINATIONS) return undefined;
    let out: { entries: [string, ArmValue][]; because: Because[] }[] = [{ entries: [], because: [] }];
    for (let i = 0; i < args.length; i += 2) {
      const keys = args[i].filter((a) => a.f?.t === 'v' && typeof a.f.v === 'string');
      if (keys.length !== 1 || args[i].length !== 1) return undefined;
      const key = (keys[0].f as { v: string }).v;
      const next: typeof out = [];
      for (const o of out) {
        for (const a of args[i + 1]) {
          if (a.f?.t !== 'v') return undefined;
          next.push({ entries: [...o.entries, [key, a.f.v]], because: [...o.because, ...a.because] });
        }
      }
      out = next;
    }
    return out.map((o) => ({ f: known(Object.fromEntries(o.entries)), because: o.because }));
  }

  /** An unknown key into a known object: every value of it, and null for `tryGet` (a key it lacks). */
  private lookup(target: ArmExpr, tryGet: boolean): Alt[] | undefined {
    const table = this.constant(target);
    if (!isArmObject(table)) return undefined;
    const out: Alt[] = Object.entries(table).map(([key, v]) => ({ f: known(v), because: [{ kind: 'key', key }] }));
    if (tryGet) out.push({ f: known(null), because: [{ kind: 'otherKey' }] });
    return out;
  }

  /** `reference('<nested deployment>').outputs.<name>.value` of a deployment of this scope: the values of that output. */
  private outputOf(scope: TemplateScope, e: ArmExpr): Alt[] | undefined {
    if (e.kind !== 'property' || e.name.toLowerCase() !== 'value') return undefined;
    const output = e.target;
    if (output.kind !== 'property' || output.target.kind !== 'property' || output.target.name.toLowerCase() !== 'outputs') return undefined;
    const ref = output.target.target;
    if (ref.kind !== 'call' || ref.name.toLowerCase() !== 'reference') return undefined;
    const id = ref.args[0] ? this.constant(ref.args[0]) : undefined;
    if (typeof id !== 'string') return undefined;
    const name = (DEPLOYMENT_ID.exec(id)?.[1] ?? id).toLowerCase();
    const deployment = this.deploymentIn(scope, name);
    if (!deployment) return undefined;
    const inner = this.scopeOfDeployment(deployment);
    const value = memberOf(memberOf(memberOf(inner.template, 'outputs'), output.name), 'value');
    return value === undefined ? undefined : this.alternatives(inner, value);
  }

  /** The nested deployment of a scope with that symbolic or literal name. */
  private deploymentIn(scope: TemplateScope, name: string): ResourceNode | undefined {
    const nodes = this.deploymentsOf(scope);
    return nodes.find((n) => n.symbolicName?.toLowerCase() === name) ?? nodes.find((n) => typeof n.json.name === 'string' && n.json.name.toLowerCase() === name);
  }

  private readonly deploymentLists = new Map<TemplateScope, ResourceNode[]>();

  /** The nested deployments (evaluated in their own scope) that a scope declares. */
  private deploymentsOf(scope: TemplateScope): ResourceNode[] {
    let list = this.deploymentLists.get(scope);
    if (!list) {
      list = [];
      for (const node of this.allNodes()) if (innerScopeDeployment(node) && this.scopeOf(node) === scope) list.push(node);
      this.deploymentLists.set(scope, list);
    }
    return list;
  }

  /** The scope of a nested deployment's own template. */
  private scopeOfDeployment(d: ResourceNode): TemplateScope {
    const key = this.childKeys.get(d);
    if (key) return key;
    const scope: TemplateScope = { template: member(member(d.json, 'properties'), 'template') as JsonObject, deployment: d, parent: this.scopeOf(d) };
    this.childKeys.set(d, scope);
    return scope;
  }

  private readonly childKeys = new Map<ResourceNode, TemplateScope>();
  private nodes?: ResourceNode[];

  /** Every resource of the template (set by the caller through {@link TemplatePossibilities.withResources}). */
  private allNodes(): ResourceNode[] {
    return this.nodes ?? [];
  }

  /**
   * Gives the resource tree the possibilities resolve nested deployments in (`templateResources` of the
   * same template, e.g. the Build's `template.allResources`).
   */
  withResources(nodes: readonly ResourceNode[]): this {
    this.nodes = [...nodes];
    return this;
  }
}
