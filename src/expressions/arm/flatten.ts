/**
 * Flattening of an ARM template: every resource it deploys, nested deployments included, with its name,
 * condition and body evaluated as far as a context allows. A nested deployment with
 * `expressionEvaluationOptions.scope: inner` (what Bicep modules compile to) is evaluated in its own scope:
 * its `parameters` are folded in the enclosing scope, and `reference(<deployment id>).outputs.<name>.value`
 * of a sibling deployment is answered from that deployment's folded outputs. Copy loops with a known count
 * are expanded (resource `copy` and property `copy` arrays).
 *
 * Source: "Using linked and nested templates" (expression evaluation scope), "Resource iteration" and
 * "Property iteration in ARM templates" (learn.microsoft.com/azure/azure-resource-manager/templates/
 * linked-templates, copy-resources, copy-properties).
 *
 * One file, though past 400 lines: one fold over a template (`foldValue` and the flattening that drives it),
 * whose cases call each other recursively.
 */
import { forEachArmNode, serializeArm } from './ast.js';
import { escapeArmLiteral, isArmExpressionString } from './semantics.js';
import { ArmEvalError, isArmObject, toExpr, type ArmValue, type Folded } from './functions.js';
import { Evaluator, Scope, type ArmEvalContext } from './evaluator.js';
import { templateContext } from './evaluate.js';
import { ArmParseError } from './parser.js';
import { isObject } from '../../util/json.js';
import { declaredReference, RUNTIME_PROPERTIES, type DeclaredShape } from './runtime.js';

/** One resource a template deploys, as far as the context allows to evaluate it. */
export interface FlatResource {
  /** Full resource type, e.g. `Microsoft.Network/privateEndpoints/privateDnsZoneGroups`. */
  type: string;
  /** Full evaluated name (`endpoint/zoneGroup` for a child), or undefined when not known before deployment. */
  name?: string;
  /** The name as the template writes it (for messages when it cannot be evaluated). */
  nameExpression: string;
  /** Names of the nested deployments the resource is declared in, outermost first (`['hub', 'storage']`). */
  deployments: string[];
  /** Whether it is deployed: its condition and every enclosing deployment's; undefined when only known at deployment. */
  deployed?: boolean;
  /** Evaluated `scope` of an extension resource (a role assignment's target), when it has one. */
  scope?: string;
  /** The resource JSON folded in its scope (known values literal, the rest as residual `[...]` expressions), without `copy`, child `resources` and a nested template. */
  body: Record<string, unknown>;
  /** Why part of the resource could not be evaluated (an expression error), when it could not. */
  error?: string;
  /** Where the resource is declared in the template flattened: its JSON path (`['resources', 'hub', 'properties', 'template', 'resources', 3]`). */
  path: (string | number)[];
  /** The copy index of this instance, when it is one of a resource copy loop's. */
  copyIndex?: number;
}

/** A flattened template. */
export interface FlatTemplate {
  /** Every resource, in template order, nested deployments' resources right after the deployment itself. */
  resources: FlatResource[];
  /** The top-level outputs, folded (`{ type, value }`). */
  outputs: Record<string, unknown>;
}

/**
 * Context of a flattening: an evaluation context plus whether parameter defaults apply, and which resource
 * bodies to fold (`bodies`: all by default; a function of the resource type to fold only some, for speed
 * when only names matter; the others get an empty body).
 */
export type FlattenContext = ArmEvalContext & { useDefaults?: boolean; bodies?: (type: string) => boolean };

const DEPLOYMENT_TYPE = 'microsoft.resources/deployments';
const DEPLOYMENT_ID = /\/providers\/Microsoft\.Resources\/deployments\/([^/]+)$/i;

/** Template JSON for a folded value: a known value literal (strings that look like expressions escaped), anything else its residual expression. */
export function foldedToJson(f: Folded): unknown {
  if (f.t === 'v') return literal(f.v);
  if (f.t === 'o' && !f.e) {
    const out: Record<string, unknown> = {};
    for (const { key, f: x } of f.fields.values()) out[key] = foldedToJson(x);
    return out;
  }
  if (f.t === 'a' && !f.e) return f.items.map(foldedToJson);
  return `[${serializeArm(toExpr(f))}]`;
}

function literal(v: ArmValue): unknown {
  if (typeof v === 'string') return escapeArmLiteral(v);
  if (Array.isArray(v)) return v.map(literal);
  if (isArmObject(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, literal(x)]));
  return v;
}

function errorText(e: unknown): string {
  if (e instanceof ArmEvalError || e instanceof ArmParseError) return e.message;
  throw e;
}

/** True for a nested deployment whose template is evaluated in its own scope. */
function isInnerDeployment(r: Record<string, unknown>): boolean {
  const props = r.properties as { expressionEvaluationOptions?: { scope?: unknown }; template?: unknown } | undefined;
  return (
    String(r.type).toLowerCase() === DEPLOYMENT_TYPE &&
    isArmObject(props?.template as ArmValue) &&
    String(props?.expressionEvaluationOptions?.scope ?? '').toLowerCase() === 'inner'
  );
}

/** Folds template JSON in one evaluator, expanding property `copy` arrays. */
function foldValue(ev: Evaluator, value: unknown): unknown {
  if (Array.isArray(value)) return value.map((v) => foldValue(ev, v));
  if (value === null || typeof value !== 'object') return foldedToJson(ev.foldJson(value));
  const obj = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(obj)) {
    if (v === undefined) continue;
    if (k === 'copy' && Array.isArray(v) && v.every((c) => isArmObject(c as ArmValue) && typeof (c as { name?: unknown }).name === 'string' && 'input' in (c as object))) {
      for (const loop of v as { name: string; count: unknown; input: unknown }[]) {
        const count = ev.foldJson(loop.count);
        if (count.t !== 'v' || typeof count.v !== 'number') {
          out[loop.name] = `[${serializeArm(toExpr(count))}]`;
          continue;
        }
        out[loop.name] = Array.from({ length: count.v }, (_, i) => foldValue(ev.withCopyIndex(loop.name, i), loop.input));
      }
      continue;
    }
    out[k] = foldValue(ev, v);
  }
  return out;
}

/** One template scope: its evaluator and the nested deployments of its resources, evaluated on demand. */
class TemplateScope {
  private readonly scope: Scope;
  private readonly deployments = new Map<string, { resource: Record<string, unknown>; result?: FlatTemplate }>();
  private readonly bodies?: (type: string) => boolean;
  private declaredCache?: Map<string, DeclaredShape>;
  /** Where each resource of this scope is declared (its JSON path in the template flattened). */
  private readonly deploymentPaths = new Map<Record<string, unknown>, (string | number)[]>();

  constructor(
    private readonly template: Record<string, unknown>,
    ctx: FlattenContext,
    private readonly path: string[],
    private readonly parentDeployed: boolean | undefined,
    private readonly jsonPath: (string | number)[] = [],
  ) {
    this.bodies = ctx.bodies;
    this.scope = new Scope({ ...templateContext(template, ctx), reference: (id, full) => this.reference(id, full), symbol: (name) => this.symbolId(name) });
    for (const [key, r] of this.keyedResources()) this.deploymentPaths.set(r, [...jsonPath, 'resources', key]);
    for (const r of this.resourceList()) {
      if (!isInnerDeployment(r)) continue;
      const name = this.tryFold(r.name);
      if (typeof name === 'string') this.deployments.set(name.toLowerCase(), { resource: r });
    }
  }

  /**
   * The resource ID a symbolic name designates (languageVersion 2.0 templates, whose `resources` is an
   * object keyed by symbolic name: `reference('vnet')`), or undefined.
   */
  private symbolId(symbol: string): string | undefined {
    const list = this.template.resources;
    if (!isArmObject(list as ArmValue) || Array.isArray(list)) return undefined;
    const hit = Object.entries(list as Record<string, unknown>).find(([k]) => k.toLowerCase() === symbol.toLowerCase())?.[1];
    if (!isArmObject(hit as ArmValue)) return undefined;
    const r = hit as Record<string, unknown>;
    const name = this.tryFold(r.name);
    const ctx = this.scope.ctx;
    const group =
      ctx.resourceGroup?.id ?? (ctx.subscriptionId && ctx.resourceGroup?.name ? `/subscriptions/${ctx.subscriptionId}/resourceGroups/${ctx.resourceGroup.name}` : undefined);
    if (typeof name !== 'string' || !group || r.scope !== undefined) return undefined;
    const [ns, ...types] = String(r.type).split('/');
    const names = name.split('/');
    return `${group}/providers/${ns}/${types.map((t, i) => `${t}/${names[i] ?? ''}`).join('/')}`;
  }

  private resourceList(): Record<string, unknown>[] {
    return this.keyedResources().map(([, r]) => r);
  }

  /** The resources with their key in `resources` (an index, or a symbolic name in languageVersion 2.0). */
  private keyedResources(): [string | number, Record<string, unknown>][] {
    const list = this.template.resources;
    const items: [string | number, unknown][] = Array.isArray(list) ? list.map((r, i) => [i, r]) : isArmObject(list as ArmValue) ? Object.entries(list as object) : [];
    return items.filter((e): e is [string | number, Record<string, unknown>] => isArmObject(e[1] as ArmValue));
  }

  private tryFold(value: unknown, ev: Evaluator = this.scope.root()): unknown {
    try {
      const f = ev.foldJson(value);
      return f.t === 'v' ? f.v : undefined;
    } catch {
      return undefined;
    }
  }

  /**
   * `reference()` of a sibling nested deployment (its known outputs), or of a resource declared in this
   * scope (what its declaration fixes of its runtime state, `./runtime.ts`).
   */
  private reference(id: string, full: boolean): ArmValue | undefined {
    const m = DEPLOYMENT_ID.exec(id);
    // A deployment by ID, or by its name alone (`reference('storage')`, which ARM resolves in the template).
    const entry = this.deployments.get((m ? m[1] : id).toLowerCase());
    if (!entry && !id.includes('/')) {
      // A symbolic name (languageVersion 2.0): the resource it names, by its ID.
      const symbolic = this.symbolId(id);
      return symbolic ? this.reference(symbolic, full) : undefined;
    }
    if (!entry) {
      const declared = this.declared().get(id.toLowerCase());
      return declared ? declaredReference(declared, this.scope.deployment.environment, full) : undefined;
    }
    const result = this.nested(entry);
    const outputs: Record<string, ArmValue> = {};
    for (const [k, o] of Object.entries(result.outputs)) {
      const value = isArmObject(o as ArmValue) && 'value' in (o as object) ? knownPart((o as { value: unknown }).value) : undefined;
      if (value !== undefined) outputs[k] = { value };
    }
    return full ? { properties: { outputs } } : { outputs };
  }

  /** The top-level resources of this scope whose runtime state `./runtime.ts` derives, by lower-case ID; folded once (empty while being folded, so a reference inside a declaration stays residual). */
  private declared(): Map<string, DeclaredShape> {
    if (this.declaredCache) return this.declaredCache;
    this.declaredCache = new Map();
    const out = new Map<string, DeclaredShape>();
    const ctx = this.scope.ctx;
    const group =
      ctx.resourceGroup?.id ?? (ctx.subscriptionId && ctx.resourceGroup?.name ? `/subscriptions/${ctx.subscriptionId}/resourceGroups/${ctx.resourceGroup.name}` : undefined);
    for (const r of this.resourceList()) {
      const type = String(r.type);
      if (!group || r.copy !== undefined || !RUNTIME_PROPERTIES[type.toLowerCase()]) continue;
      const name = this.tryFold(r.name);
      if (typeof name !== 'string') continue;
      const id = `${group}/providers/${type}/${name}`;
      out.set(id.toLowerCase(), {
        id,
        type,
        name: name.split('/').pop()!,
        location: this.tryFold(r.location),
        properties: this.tryFold(r.properties) ?? this.partial(r.properties),
      });
    }
    this.declaredCache = out;
    return out;
  }

  /** A value folded as far as known, residual members kept as `[...]` text (undefined when folding fails). */
  private partial(value: unknown): unknown {
    try {
      return foldedToJson(this.scope.root().foldJson(value));
    } catch {
      return undefined;
    }
  }

  private nested(entry: { resource: Record<string, unknown>; result?: FlatTemplate }, ev: Evaluator = this.scope.root(), deployed?: boolean): FlatTemplate {
    if (entry.result) return entry.result;
    const r = entry.resource;
    const props = r.properties as { template: Record<string, unknown>; parameters?: Record<string, unknown> };
    const inner = props.template;
    const given: Record<string, ArmValue> = {};
    const partial: Record<string, Folded> = {};
    const residuals: Record<string, string> = {};
    const passed = new Set<string>();
    for (const [k, p] of Object.entries(props.parameters ?? {})) {
      passed.add(k.toLowerCase());
      // A parameter is `{ value }` (or `{ reference }` to a Key Vault secret); Bicep may build the whole object with an expression.
      const f = (() => {
        try {
          return ev.foldJson(p);
        } catch {
          return undefined;
        }
      })();
      if (f?.t === 'v' && isArmObject(f.v) && 'value' in f.v) given[k] = f.v.value;
      else if (f?.t === 'o' && f.fields.get('value')?.f.t === 'v') given[k] = (f.fields.get('value')!.f as { v: ArmValue }).v;
      else if (f?.t === 'o' && ['o', 'a'].includes(f.fields.get('value')?.f.t ?? '')) partial[k] = f.fields.get('value')!.f;
      else if (f?.t === 'o' && f.fields.get('value')) {
        // Known only at deployment: the residual goes in as the expression it is, unless it names a
        // parameter of this scope (which the inner scope would read as its own).
        const residual = toExpr(f.fields.get('value')!.f);
        let own = false;
        forEachArmNode(residual, (n) => (own ||= n.kind === 'call' && n.name.toLowerCase() === 'parameters'));
        if (!own) residuals[k] = `[${serializeArm(residual)}]`;
      }
    }
    const defaults: Record<string, unknown> = { ...residuals };
    const params = isArmObject(inner.parameters as ArmValue) ? (inner.parameters as Record<string, unknown>) : {};
    for (const [k, p] of Object.entries(params)) {
      if (!passed.has(k.toLowerCase()) && isArmObject(p as ArmValue) && 'defaultValue' in (p as object)) defaults[k] = (p as { defaultValue: unknown }).defaultValue;
    }
    const name = String(this.tryFold(r.name, ev) ?? r.name);
    const at = this.deploymentPaths.get(r) ?? [];
    const child = new TemplateScope(
      inner,
      {
        parameters: given,
        foldedParameters: partial,
        parameterDefaults: defaults,
        subscriptionId: this.scope.ctx.subscriptionId,
        tenantId: this.scope.ctx.tenantId,
        resourceGroup: this.scope.ctx.resourceGroup,
        deploymentName: name,
        environment: this.scope.ctx.environment,
        bodies: this.bodies,
      },
      [...this.path, name],
      deployed,
      [...at, 'properties', 'template'],
    );
    entry.result = child.flatten();
    return entry.result;
  }

  /** Every resource of this scope and of its nested deployments. */
  flatten(): FlatTemplate {
    const resources: FlatResource[] = [];
    for (const [key, r] of this.keyedResources()) this.add(r, resources, undefined, [...this.jsonPath, 'resources', key]);
    const outputs: Record<string, unknown> = {};
    const declared = isArmObject(this.template.outputs as ArmValue) ? (this.template.outputs as Record<string, unknown>) : {};
    for (const [k, o] of Object.entries(declared)) {
      try {
        outputs[k] = foldValue(this.scope.root(), o);
      } catch (e) {
        outputs[k] = { error: errorText(e) };
      }
    }
    return { resources, outputs };
  }

  private add(r: Record<string, unknown>, out: FlatResource[], parent: { type: string; name?: string } | undefined, path: (string | number)[]): void {
    this.deploymentPaths.set(r, path);
    // `existing: true` (languageVersion 2.0) refers to a resource deployed elsewhere: this template does not deploy it.
    if (r.existing === true) return;
    const copy = isArmObject(r.copy as ArmValue) ? (r.copy as { name?: string; count?: unknown }) : undefined;
    if (!copy) {
      this.addOne(r, this.scope.root(), out, parent, path);
      return;
    }
    const count = this.tryFold(copy.count);
    if (typeof count !== 'number') {
      this.addOne(r, this.scope.root(), out, parent, path, undefined, 'the copy count is only known at deployment');
      return;
    }
    for (let i = 0; i < count; i++) this.addOne(r, this.scope.root().withCopyIndex(copy.name ?? '', i), out, parent, path, i);
  }

  private addOne(
    r: Record<string, unknown>,
    ev: Evaluator,
    out: FlatResource[],
    parent: { type: string; name?: string } | undefined,
    path: (string | number)[],
    copyIndex?: number,
    unknownCopy?: string,
  ): void {
    const rawType = String(r.type);
    const type = parent && !rawType.includes('/') ? `${parent.type}/${rawType}` : rawType;
    const nameExpression = typeof r.name === 'string' ? r.name : JSON.stringify(r.name);
    const entry: FlatResource = { type, nameExpression, deployments: this.path, body: {}, path, ...(copyIndex !== undefined ? { copyIndex } : {}) };
    let errors: string[] = unknownCopy ? [unknownCopy] : [];
    const fold = (v: unknown): unknown => {
      try {
        const f = ev.foldJson(v);
        return f.t === 'v' ? f.v : undefined;
      } catch (e) {
        errors.push(errorText(e));
        return undefined;
      }
    };
    const name = unknownCopy ? undefined : fold(r.name);
    if (typeof name === 'string') entry.name = parent && !rawType.includes('/') ? (parent.name === undefined ? undefined : `${parent.name}/${name}`) : name;
    const condition = 'condition' in r ? fold(r.condition) : true;
    const own = typeof condition === 'boolean' ? condition : undefined;
    entry.deployed = own === false || this.parentDeployed === false ? false : own === true && this.parentDeployed === true ? true : undefined;
    if ('scope' in r) {
      const scope = fold(r.scope);
      if (typeof scope === 'string') entry.scope = scope;
    }
    const inner = isInnerDeployment(r);
    const bodySource: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(r)) {
      if (k === 'copy' || k === 'resources') continue;
      if (inner && k === 'properties') {
        const { template: _t, ...rest } = v as Record<string, unknown>;
        bodySource[k] = rest;
      } else bodySource[k] = v;
    }
    if (!this.bodies || this.bodies(type)) {
      try {
        entry.body = foldValue(ev, bodySource) as Record<string, unknown>;
      } catch (e) {
        errors.push(errorText(e));
      }
    }
    errors = [...new Set(errors)];
    if (errors.length) entry.error = errors.join('; ');
    out.push(entry);
    if (inner && typeof name === 'string') {
      const hit = this.deployments.get(name.toLowerCase());
      if (hit) out.push(...this.nested(hit, ev, entry.deployed).resources);
    } else if (String(r.type).toLowerCase() === DEPLOYMENT_TYPE && isArmObject((r.properties as { template?: ArmValue } | undefined)?.template)) {
      // An outer-scope nested template: its resources are evaluated in this scope.
      const t = (r.properties as { template: Record<string, unknown> }).template;
      const list = Array.isArray(t.resources) ? t.resources : [];
      list.forEach((child, i) => isArmObject(child as ArmValue) && this.add(child as Record<string, unknown>, out, undefined, [...path, 'properties', 'template', 'resources', i]));
    }
    const children = Array.isArray(r.resources) ? r.resources : [];
    children.forEach((child, i) => isArmObject(child as ArmValue) && this.add(child as Record<string, unknown>, out, { type, name: entry.name }, [...path, 'resources', i]));
  }
}

/**
 * The part of a folded output known before deployment: an object keeps its known members (the evaluator
 * reads a missing member of a `reference()` value as known only at deployment), an array or a string is
 * known whole or not at all; undefined when nothing is known.
 */
function knownPart(v: unknown): ArmValue | undefined {
  if (typeof v === 'string') return isArmExpressionString(v) ? undefined : v;
  if (Array.isArray(v)) {
    const items = v.map(knownPart);
    return items.every((x) => x !== undefined) ? (items as ArmValue[]) : undefined;
  }
  if (isObject(v)) {
    const out: Record<string, ArmValue> = {};
    for (const [k, x] of Object.entries(v)) {
      const part = knownPart(x);
      if (part !== undefined) out[k] = part;
    }
    return out;
  }
  return v as ArmValue;
}

/**
 * Flattens a template (see the module doc).
 * @param template an ARM template object
 * @param ctx parameter values and deployment context; `useDefaults` applies the parameters' default values
 *   to parameters not given
 * @returns every resource with what could be evaluated, and the folded outputs; expression errors are
 *   recorded on the resource (`error`), never thrown
 */
export function flattenTemplate(template: unknown, ctx: FlattenContext = {}): FlatTemplate {
  if (!isArmObject(template as ArmValue)) return { resources: [], outputs: {} };
  const t = template as Record<string, unknown>;
  return new TemplateScope(t, ctx, [], true).flatten();
}
