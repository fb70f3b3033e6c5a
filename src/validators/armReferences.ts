/**
 * Reference checker for ARM templates: parses every template expression and checks what it refers to.
 *
 * Reports (docs/diagnostics.md):
 * - HUB304 (error): an expression that does not parse; ARM's missing bare literals (`true` instead of
 *   `true()`); `parameters('x')`/`variables('x')` naming something the scope does not declare; unknown
 *   functions (neither an ARM built-in nor a user-defined `namespace.member`); wrong argument counts;
 *   `reference()` in the variables section, and `variables()`/`reference()`/`list*()` in parameter
 *   default values and user-defined functions (all forbidden by ARM); `lambdaVariables('x')` outside a lambda declaring `x`; nested
 *   deployments (inner scope) that pass undeclared parameters or miss required ones; `dependsOn`
 *   entries that match no resource of the same template.
 * - HUB305 (warning): a resource uses `reference()`/`resourceId()` of another resource declared in the
 *   same template without depending on it (directly or through other resources' `dependsOn`).
 *
 * Sources: "Syntax and expressions", "Define the order for deploying resources" (dependsOn), "Nested
 * templates" (expressionEvaluationOptions), "User-defined functions" and the function reference pages
 * under learn.microsoft.com/azure/azure-resource-manager/templates/.
 *
 * Resource identity is compared after folding names with the template's variables and an unknown
 * deployment context (parameters unknown): two names are equal when they fold to the same text or the
 * same residual expression, different when their literal prefixes/suffixes differ, and otherwise
 * undecided; undecided comparisons are never reported.
 */
import type { Diagnostic } from '../compiler/diagnostics.js';
import { forEachArmNode, type ArmCall, type ArmExpr } from '../expressions/arm/ast.js';
import { ArmParseError, isArmExpressionString, parseArmExpression } from '../expressions/arm/parser.js';
import { armFolder, isArmKnown, type ArmFolded } from '../expressions/arm/evaluate.js';
import { armFunction, arityText } from '../expressions/arm/functions.js';

const CODE_ERROR = 'HUB304';
const CODE_DEPENDS = 'HUB305';
const DEPLOYMENTS = 'microsoft.resources/deployments';

type Json = any;

/** Names a scope declares, lowercased. */
interface Decls {
  parameters: Set<string>;
  variables: Set<string>;
  /** User-defined functions `namespace.member` → parameter count. */
  functions: Map<string, number>;
  /** Folds with the scope's variables and functions; parameters and deployment values unknown. */
  fold: (expr: ArmExpr) => ArmFolded;
}

/** Where an expression sits, for the section-specific rules. */
type Section = 'template' | 'variables' | 'parameters' | { fn: string; params: Set<string> };

/** A piece of a partly known string: literal text or an opaque residual expression. */
type Part = { lit: string } | { expr: string };
type Segment = Part[];
type Tri = 'eq' | 'ne' | 'unknown';

/** What a `dependsOn` entry, `reference()` argument or `resourceId()` call designates. */
type Target =
  | { kind: 'key'; type?: string; names?: Segment[] }
  | { kind: 'name'; names: Segment[] }
  | { kind: 'label'; label: string }
  | { kind: 'unknown' };

interface ResourceInfo {
  pointer: string;
  /** Full resource type, lowercased; undefined when it is an expression that does not fold. */
  type?: string;
  /** Full name split at `/`; undefined when it cannot be read. */
  names?: Segment[];
  symbolic?: string;
  copyName?: string;
  parent?: number;
  dependsOn: { value: unknown; pointer: string }[];
  /** `reference()`/`resourceId()` uses in the body: the call and the pointer of its string. */
  uses: { call: ArmCall; pointer: string }[];
  display: string;
}

/**
 * Checks the expressions and references of an ARM template, including the inner templates of nested
 * deployments (with their own parameters and variables when `expressionEvaluationOptions.scope` is
 * `inner`).
 * @param template the parsed template JSON
 * @param file file name to put in the diagnostics (e.g. `azuredeploy.json`)
 * @returns HUB304 errors and HUB305 warnings, each with `path` = JSON pointer of the offending value
 */
export function checkArmReferences(template: any, file: string): Diagnostic[] {
  const out: Diagnostic[] = [];
  if (!isObj(template)) return out;
  checkTemplate(template, '', undefined, file, out);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Template walk

function checkTemplate(template: Json, base: string, outer: Decls | undefined, file: string, out: Diagnostic[]): void {
  const decls = outer ?? declarationsOf(template);
  const report = (code: string, severity: 'error' | 'warning', pointer: string, message: string, hint?: string) =>
    out.push({ code, severity, message, ...(hint ? { hint } : {}), file, path: pointer || '/' });
  const checkValue = (value: unknown, pointer: string, section: Section, onCall?: (c: ArmCall, pointer: string) => void) =>
    walkStrings(value, pointer, (text, ptr) => checkExpressionString(text, ptr, decls, section, report, onCall));

  if (!outer) {
    if (isObj(template.parameters)) {
      for (const [name, p] of Object.entries(template.parameters)) {
        if (isObj(p) && 'defaultValue' in p) checkValue(p.defaultValue, `${base}/parameters/${esc(name)}/defaultValue`, 'parameters');
      }
    }
    if (isObj(template.variables)) checkValue(template.variables, `${base}/variables`, 'variables');
    if (Array.isArray(template.functions)) {
      template.functions.forEach((ns: Json, i: number) => {
        if (!isObj(ns) || !isObj(ns.members)) return;
        for (const [name, m] of Object.entries(ns.members)) {
          if (!isObj(m)) continue;
          const params = new Set<string>((Array.isArray(m.parameters) ? m.parameters : []).map((p: Json) => String(p?.name ?? '').toLowerCase()));
          checkValue(m.output, `${base}/functions/${i}/members/${esc(name)}/output`, { fn: `${ns.namespace}.${name}`, params });
        }
      });
    }
  }

  // Resources (array, or object keyed by symbolic name in languageVersion 2.0).
  const resources: ResourceInfo[] = [];
  const visit = (r: Json, pointer: string, parent: number | undefined, symbolic: string | undefined) => {
    if (!isObj(r)) return;
    const index = resources.length;
    const info = describeResource(r, pointer, parent === undefined ? undefined : resources[parent], decls, symbolic);
    info.parent = parent;
    resources.push(info);
    const onCall = (c: ArmCall, ptr: string) => info.uses.push({ call: c, pointer: ptr });
    const isDeployment = info.type === DEPLOYMENTS;
    for (const [key, value] of Object.entries(r)) {
      const ptr = `${pointer}/${esc(key)}`;
      if (key === 'resources' && Array.isArray(value)) {
        value.forEach((child, i) => visit(child, `${ptr}/${i}`, index, undefined));
      } else if (key === 'dependsOn') {
        checkValue(value, ptr, 'template');
        if (Array.isArray(value)) value.forEach((d, i) => info.dependsOn.push({ value: d, pointer: `${ptr}/${i}` }));
      } else if (key === 'properties' && isDeployment && isObj(value)) {
        for (const [pk, pv] of Object.entries(value)) {
          const pptr = `${ptr}/${esc(pk)}`;
          if (pk === 'template' && isObj(pv)) continue; // checked below as a template of its own
          checkValue(pv, pptr, 'template', pk === 'parameters' ? onCall : undefined);
        }
        checkNestedDeployment(value, ptr, decls, file, out, report);
      } else {
        checkValue(value, ptr, 'template', key === 'copy' || key === 'name' || key === 'type' || key === 'apiVersion' ? undefined : onCall);
      }
    }
  };
  if (Array.isArray(template.resources)) template.resources.forEach((r: Json, i: number) => visit(r, `${base}/resources/${i}`, undefined, undefined));
  else if (isObj(template.resources)) for (const [sym, r] of Object.entries(template.resources)) visit(r, `${base}/resources/${esc(sym)}`, undefined, sym);

  if (isObj(template.outputs)) checkValue(template.outputs, `${base}/outputs`, 'template');

  checkDependencies(resources, decls, report);
}

/** Nested deployment: the inner template with its scope, and parameters passed to an inner scope. */
function checkNestedDeployment(
  properties: Json,
  pointer: string,
  outer: Decls,
  file: string,
  out: Diagnostic[],
  report: (code: string, severity: 'error' | 'warning', pointer: string, message: string, hint?: string) => void,
): void {
  const inner = properties.template;
  if (!isObj(inner)) return;
  const scope = String(properties.expressionEvaluationOptions?.scope ?? 'outer').toLowerCase();
  const innerScope = scope === 'inner';
  checkTemplate(inner, `${pointer}/template`, innerScope ? undefined : outer, file, out);
  if (!innerScope || !isObj(properties.parameters)) return;
  const declared = isObj(inner.parameters) ? inner.parameters : {};
  const declaredLower = new Map(Object.keys(declared).map((k) => [k.toLowerCase(), k]));
  const passed = new Set(Object.keys(properties.parameters).map((k) => k.toLowerCase()));
  for (const name of Object.keys(properties.parameters)) {
    if (!declaredLower.has(name.toLowerCase())) {
      report(CODE_ERROR, 'error', `${pointer}/parameters/${esc(name)}`, `The nested deployment passes parameter '${name}', which its inner template does not declare.`, 'Declare the parameter in the inner template or stop passing it.');
    }
  }
  for (const [name, p] of Object.entries(declared)) {
    if (isObj(p) && !('defaultValue' in p) && !passed.has(name.toLowerCase())) {
      report(CODE_ERROR, 'error', `${pointer}/parameters`, `The nested deployment does not pass required parameter '${name}' of its inner template.`, 'Pass a value or give the parameter a defaultValue.');
    }
  }
}

function declarationsOf(template: Json): Decls {
  const lowerKeys = (o: unknown) => new Set(isObj(o) ? Object.keys(o).map((k) => k.toLowerCase()) : []);
  const variables = lowerKeys(template.variables);
  variables.delete('copy');
  const copies = isObj(template.variables) ? template.variables.copy : undefined;
  if (Array.isArray(copies)) for (const c of copies) if (isObj(c) && typeof c.name === 'string') variables.add(c.name.toLowerCase());
  const functions = new Map<string, number>();
  if (Array.isArray(template.functions)) {
    for (const ns of template.functions) {
      if (!isObj(ns) || typeof ns.namespace !== 'string' || !isObj(ns.members)) continue;
      for (const [name, m] of Object.entries(ns.members)) {
        functions.set(`${ns.namespace}.${name}`.toLowerCase(), isObj(m) && Array.isArray(m.parameters) ? m.parameters.length : 0);
      }
    }
  }
  return {
    parameters: lowerKeys(template.parameters),
    variables,
    functions,
    fold: armFolder({ variables: isObj(template.variables) ? template.variables : {}, functions: template.functions, inlineVariables: true }),
  };
}

/** Calls `fn` for every string in a JSON value (values only; keys are not expressions in ARM). */
function walkStrings(value: unknown, pointer: string, fn: (text: string, pointer: string) => void): void {
  if (typeof value === 'string') fn(value, pointer);
  else if (Array.isArray(value)) value.forEach((v, i) => walkStrings(v, `${pointer}/${i}`, fn));
  else if (isObj(value)) for (const [k, v] of Object.entries(value)) walkStrings(v, `${pointer}/${esc(k)}`, fn);
}

// ---------------------------------------------------------------------------------------------
// One expression

function checkExpressionString(
  text: string,
  pointer: string,
  decls: Decls,
  section: Section,
  report: (code: string, severity: 'error' | 'warning', pointer: string, message: string, hint?: string) => void,
  onCall?: (c: ArmCall, pointer: string) => void,
): void {
  if (!isArmExpressionString(text)) return;
  let expr: ArmExpr;
  try {
    expr = parseArmExpression(text.slice(1, -1));
  } catch (e) {
    if (!(e instanceof ArmParseError)) throw e;
    report(CODE_ERROR, 'error', pointer, `ARM expression does not parse: ${e.detail} at character ${e.offset + 2} of ${quote(text)}.`);
    return;
  }
  const seen = new Set<string>();
  const once = (message: string, hint?: string) => {
    if (seen.has(message)) return;
    seen.add(message);
    report(CODE_ERROR, 'error', pointer, message, hint);
  };
  const fnScope = typeof section === 'object' ? section : undefined;
  forEachArmNode(expr, (e, lambdas) => {
    if (e.kind === 'keyword') once(`ARM expressions have no bare '${String(e.value)}' literal (in ${quote(text)}).`, `Write ${String(e.value)}() instead.`);
    if (e.kind !== 'call') return;
    const lower = e.name.toLowerCase();
    const literalArg = e.args[0]?.kind === 'string' ? e.args[0].value : undefined;
    if (e.name.includes('.')) {
      const count = decls.functions.get(lower);
      if (count === undefined) once(`Unknown function '${e.name}': the template declares no user-defined function of that name.`);
      else if (count !== e.args.length) once(`User-defined function '${e.name}' takes ${count} argument(s) but is called with ${e.args.length}.`);
    } else {
      const def = armFunction(e.name);
      if (!def) {
        once(`Unknown ARM function '${e.name}'.`, 'Check the spelling against the ARM template function reference.');
      } else if (e.args.length < def.min || e.args.length > def.max) {
        once(`${e.name}() takes ${arityText(def)} argument(s) but is called with ${e.args.length}.`);
      }
      if (lower === 'parameters' && literalArg !== undefined) {
        const declared = fnScope ? fnScope.params : decls.parameters;
        if (!declared.has(literalArg.toLowerCase())) {
          once(
            fnScope ? `parameters('${literalArg}') names no parameter of user-defined function '${fnScope.fn}'.` : `parameters('${literalArg}') names a parameter the template does not declare.`,
            'Declare the parameter or fix the name.',
          );
        }
      } else if (lower === 'variables' && (literalArg !== undefined || fnScope || section === 'parameters')) {
        if (fnScope) once(`variables() cannot be used inside user-defined function '${fnScope.fn}'.`);
        else if (section === 'parameters') once('variables() cannot be used in a parameter default value.', 'Parameter defaults can use other parameters and deployment functions, not variables.');
        else if (literalArg !== undefined && !decls.variables.has(literalArg.toLowerCase())) once(`variables('${literalArg}') names a variable the template does not declare.`, 'Declare the variable or fix the name.');
      } else if (lower === 'lambdavariables' && literalArg !== undefined && !lambdas.includes(literalArg.toLowerCase())) {
        once(`lambdaVariables('${literalArg}') is not inside a lambda that declares '${literalArg}'.`);
      } else if (lower === 'reference' || lower === 'references' || /^list/.test(lower)) {
        if (fnScope && def) once(`${e.name}() cannot be used inside user-defined function '${fnScope.fn}'.`);
        else if (section === 'variables' && (lower === 'reference' || lower === 'references')) once(`${e.name}() cannot be used in the variables section.`, 'Move the expression into the resource or output that needs it.');
        else if (section === 'parameters' && def) once(`${e.name}() cannot be used in a parameter default value.`, 'Move the expression into the resource or output that needs it.');
      }
      if ((lower === 'reference' || lower === 'resourceid') && onCall) onCall(e, pointer);
    }
  });
}

// ---------------------------------------------------------------------------------------------
// Resource identity

function describeResource(r: Json, pointer: string, parent: ResourceInfo | undefined, decls: Decls, symbolic: string | undefined): ResourceInfo {
  let type: string | undefined = typeof r.type === 'string' && !isArmExpressionString(r.type) ? r.type : undefined;
  let names = nameSegments(r.name, decls);
  if (parent && type !== undefined && !type.includes('/')) {
    type = parent.type === undefined ? undefined : `${parent.type}/${type}`;
    names = parent.names && names ? [...parent.names, ...names] : undefined;
  }
  const copyName = isObj(r.copy) && typeof r.copy.name === 'string' ? r.copy.name : undefined;
  const display = `${typeof r.type === 'string' ? r.type : '?'} ${typeof r.name === 'string' ? r.name : symbolic ?? '?'}`;
  return { pointer, type: type?.toLowerCase(), names, symbolic, copyName, dependsOn: [], uses: [], display };
}

/** The segments of a resource name (template JSON value). */
function nameSegments(name: unknown, decls: Decls): Segment[] | undefined {
  if (typeof name !== 'string') return undefined;
  if (!isArmExpressionString(name)) return splitSegments([{ lit: name.startsWith('[[') ? name.slice(1) : name }]);
  const folded = fold(name.slice(1, -1), decls);
  const parts = folded && foldedParts(folded);
  return parts ? splitSegments(parts) : undefined;
}

function fold(text: string, decls: Decls): ArmFolded | undefined {
  try {
    return decls.fold(parseArmExpression(text));
  } catch {
    return undefined; // parse/eval problems are reported elsewhere or undecidable
  }
}

/** A folded string as parts; undefined when it is known not to be a string. */
function foldedParts(f: ArmFolded): Part[] | undefined {
  if (isArmKnown(f)) return typeof f.value === 'string' ? [{ lit: f.value }] : undefined;
  return exprParts(f);
}

/** Parts of a residual expression: `concat` and `format` with a literal format string are opened up. */
function exprParts(e: ArmExpr): Part[] {
  if (e.kind === 'string') return [{ lit: e.value }];
  if (e.kind === 'number') return [{ lit: String(e.value) }];
  if (e.kind === 'call') {
    const lower = e.name.toLowerCase();
    if (lower === 'concat' && e.args.length) return e.args.flatMap(exprParts);
    if (lower === 'format' && e.args[0]?.kind === 'string') {
      const template = e.args[0].value;
      const parts: Part[] = [];
      const re = /\{\{|\}\}|\{(\d+)\}|[{}]/g;
      let last = 0;
      for (let m = re.exec(template); m; m = re.exec(template)) {
        parts.push({ lit: template.slice(last, m.index) });
        last = re.lastIndex;
        if (m[0] === '{{' || m[0] === '}}') parts.push({ lit: m[0][0] });
        else if (m[1] !== undefined && e.args[Number(m[1]) + 1]) parts.push(...exprParts(e.args[Number(m[1]) + 1]));
        else return [{ expr: normalize(e) }]; // placeholders with alignment/format: keep opaque
      }
      parts.push({ lit: template.slice(last) });
      return parts;
    }
  }
  return [{ expr: normalize(e) }];
}

/** Expression text with function names lowercased (ARM names are case-insensitive). */
function normalize(e: ArmExpr): string {
  switch (e.kind) {
    case 'string':
      return `'${e.value.replace(/'/g, "''")}'`;
    case 'number':
      return String(e.value);
    case 'keyword':
      return `${String(e.value)}()`;
    case 'call':
      return `${e.name.toLowerCase()}(${e.args.map(normalize).join(',')})`;
    case 'property':
      return `${normalize(e.target)}.${e.name.toLowerCase()}`;
    case 'index':
      return `${normalize(e.target)}[${normalize(e.index)}]`;
  }
}

/** Splits parts at `/` in literal text; adjacent literals are merged. */
function splitSegments(parts: Part[]): Segment[] {
  const segments: Segment[] = [[]];
  const push = (p: Part) => {
    const seg = segments[segments.length - 1];
    const prev = seg[seg.length - 1];
    if ('lit' in p) {
      if (!p.lit) return;
      if (prev && 'lit' in prev) seg[seg.length - 1] = { lit: prev.lit + p.lit };
      else seg.push(p);
    } else {
      seg.push(p);
    }
  };
  for (const p of parts) {
    if ('lit' in p) {
      const pieces = p.lit.split('/');
      pieces.forEach((piece, i) => {
        if (i > 0) segments.push([]);
        push({ lit: piece });
      });
    } else {
      push(p);
    }
  }
  return segments;
}

const litOf = (seg: Segment): string | undefined => (seg.length === 0 ? '' : seg.length === 1 && 'lit' in seg[0] ? seg[0].lit : undefined);

function compareSegment(a: Segment, b: Segment): Tri {
  const la = litOf(a);
  const lb = litOf(b);
  if (la !== undefined && lb !== undefined) return la.toLowerCase() === lb.toLowerCase() ? 'eq' : 'ne';
  if (a.length === b.length && a.every((p, i) => samePart(p, b[i]))) return 'eq';
  const first = (s: Segment) => (s[0] && 'lit' in s[0] ? s[0].lit.toLowerCase() : '');
  const lastLit = (s: Segment) => {
    const p = s[s.length - 1];
    return p && 'lit' in p ? p.lit.toLowerCase() : '';
  };
  const pa = first(a);
  const pb = first(b);
  const n = Math.min(pa.length, pb.length);
  if (pa.slice(0, n) !== pb.slice(0, n)) return 'ne';
  const sa = lastLit(a);
  const sb = lastLit(b);
  const m = Math.min(sa.length, sb.length);
  if (m && sa.slice(sa.length - m) !== sb.slice(sb.length - m)) return 'ne';
  return 'unknown';
}

function samePart(a: Part, b: Part): boolean {
  if ('lit' in a) return 'lit' in b && a.lit.toLowerCase() === b.lit.toLowerCase();
  return 'expr' in b && a.expr === b.expr;
}

function compareNames(a: Segment[] | undefined, b: Segment[] | undefined): Tri {
  if (!a || !b) return 'unknown';
  if (a.length !== b.length) {
    // An opaque part may hide a "/"; only fully literal names have a certain segment count.
    return a.every((s) => litOf(s) !== undefined) && b.every((s) => litOf(s) !== undefined) ? 'ne' : 'unknown';
  }
  let result: Tri = 'eq';
  for (let i = 0; i < a.length; i++) {
    const c = compareSegment(a[i], b[i]);
    if (c === 'ne') return 'ne';
    if (c === 'unknown') result = 'unknown';
  }
  return result;
}

/** Compares a target with a resource. */
function matchTarget(t: Target, r: ResourceInfo): Tri {
  switch (t.kind) {
    case 'unknown':
      return 'unknown';
    case 'label': {
      const l = t.label.toLowerCase();
      if (r.symbolic?.toLowerCase() === l || r.copyName?.toLowerCase() === l) return 'eq';
      // A plain name may also designate a resource by name.
      return compareNames(splitSegments([{ lit: t.label }]), r.names);
    }
    case 'name':
      return compareNames(t.names, r.names);
    case 'key': {
      if (t.type === undefined || r.type === undefined) return 'unknown';
      if (t.type !== r.type) return 'ne';
      return compareNames(t.names, r.names);
    }
  }
}

const RESOURCE_ID_FUNCTIONS: Record<string, number> = { resourceid: 2, subscriptionresourceid: 1, tenantresourceid: 0, extensionresourceid: 1 };

/** Reads a folded value (a dependsOn entry, a reference() argument, a resourceId() call) as a target. */
function targetOf(f: ArmFolded | undefined): Target {
  if (!f) return { kind: 'unknown' };
  if (isArmKnown(f)) {
    if (typeof f.value !== 'string') return { kind: 'unknown' };
    const s = f.value;
    if (!s.includes('/')) return { kind: 'label', label: s };
    return idTarget(splitSegments([{ lit: s }])) ?? { kind: 'name', names: splitSegments([{ lit: s }]) };
  }
  if (f.kind === 'call') {
    const lower = f.name.toLowerCase();
    const maxPrefix = RESOURCE_ID_FUNCTIONS[lower];
    if (maxPrefix !== undefined) {
      const start = lower === 'extensionresourceid' ? 1 : 0;
      for (let i = start; i <= start + maxPrefix && i < f.args.length; i++) {
        const a = f.args[i];
        if (a.kind === 'string' && a.value.includes('/')) {
          const names: Part[] = [];
          f.args.slice(i + 1).forEach((n, k) => {
            if (k > 0) names.push({ lit: '/' });
            names.push(...exprParts(n));
          });
          return { kind: 'key', type: a.value.toLowerCase(), names: splitSegments(names) };
        }
        if (a.kind === 'string') return { kind: 'unknown' };
      }
      return { kind: 'unknown' };
    }
  }
  const segs = splitSegments(exprParts(f));
  return idTarget(segs) ?? { kind: 'unknown' };
}

/**
 * Reads segments as a resource ID (`.../providers/Ns/type/name[/type/name...]`) or a `Ns/type/name`
 * type-and-name reference.
 */
function idTarget(segs: Segment[]): Target | undefined {
  let k = -1;
  for (let i = segs.length - 1; i >= 0; i--) {
    if (litOf(segs[i])?.toLowerCase() === 'providers') {
      k = i;
      break;
    }
  }
  if (k < 0 && !(litOf(segs[0])?.includes('.'))) return undefined;
  const rest = segs.slice(k + 1);
  if (rest.length < 3 || rest.length % 2 === 0) return k < 0 ? undefined : { kind: 'unknown' };
  const ns = litOf(rest[0]);
  const types: string[] = [];
  const names: Segment[] = [];
  for (let i = 1; i < rest.length; i += 2) {
    const t = litOf(rest[i]);
    if (t === undefined || ns === undefined) return { kind: 'unknown' };
    types.push(t);
    names.push(rest[i + 1]);
  }
  return { kind: 'key', type: `${ns}/${types.join('/')}`.toLowerCase(), names };
}

// ---------------------------------------------------------------------------------------------
// dependsOn and implicit dependencies

function checkDependencies(
  resources: ResourceInfo[],
  decls: Decls,
  report: (code: string, severity: 'error' | 'warning', pointer: string, message: string, hint?: string) => void,
): void {
  // Resolve every dependsOn entry against every resource.
  const edges = resources.map(() => ({ sure: new Set<number>(), maybe: new Set<number>(), open: false }));
  resources.forEach((r, ri) => {
    if (r.parent !== undefined) edges[ri].sure.add(r.parent);
    for (const dep of r.dependsOn) {
      const target = dependsOnTarget(dep.value, decls);
      if (target.kind === 'unknown') {
        edges[ri].open = true;
        continue;
      }
      let anyMatch = false;
      let undecided = false;
      resources.forEach((other, oi) => {
        const m = matchTarget(target, other);
        if (m === 'eq') {
          anyMatch = true;
          edges[ri].sure.add(oi);
        } else if (m === 'unknown') {
          undecided = true;
          edges[ri].maybe.add(oi);
        }
      });
      if (!anyMatch && !undecided) {
        report(
          CODE_ERROR,
          'error',
          dep.pointer,
          `dependsOn entry ${quote(typeof dep.value === 'string' ? dep.value : JSON.stringify(dep.value))} matches no resource of this template.`,
          'Point dependsOn at a resource declared in the same template (resourceId(type, name), its name, or a copy loop name).',
        );
      }
    }
  });

  // Implicit dependencies: reference()/resourceId() of a resource of this template.
  resources.forEach((r, ri) => {
    if (!r.uses.length) return;
    const reach = reachable(ri, edges);
    if (reach.open) return;
    const reported = new Set<number>();
    for (const use of r.uses) {
      const lower = use.call.name.toLowerCase();
      const arg = lower === 'reference' ? use.call.args[0] : use.call;
      if (!arg) continue;
      const target = targetOf(foldExpr(arg, decls));
      if (target.kind === 'unknown') continue;
      const hits = resources.flatMap((o, oi) => (matchTarget(target, o) === 'eq' ? [oi] : []));
      if (hits.length !== 1) continue;
      const t = hits[0];
      if (t === ri || isAncestor(resources, t, ri) || reach.nodes.has(t) || reported.has(t)) continue;
      reported.add(t);
      report(
        CODE_DEPENDS,
        'warning',
        use.pointer,
        `Resource '${r.display}' uses ${use.call.name}() of '${resources[t].display}', which is declared in this template but is not in its dependsOn.`,
        'Add the resource to dependsOn so ARM deploys it first.',
      );
    }
  });
}

function dependsOnTarget(value: unknown, decls: Decls): Target {
  if (typeof value !== 'string') return { kind: 'unknown' };
  if (!isArmExpressionString(value)) return targetOf({ value: value.startsWith('[[') ? value.slice(1) : value });
  return targetOf(fold(value.slice(1, -1), decls));
}

function foldExpr(e: ArmExpr, decls: Decls): ArmFolded | undefined {
  try {
    return decls.fold(e);
  } catch {
    return undefined;
  }
}

function reachable(start: number, edges: { sure: Set<number>; maybe: Set<number>; open: boolean }[]): { nodes: Set<number>; open: boolean } {
  const nodes = new Set<number>();
  const queue = [start];
  let open = false;
  while (queue.length) {
    const n = queue.pop()!;
    if (edges[n].open) open = true;
    for (const next of [...edges[n].sure, ...edges[n].maybe]) {
      if (!nodes.has(next)) {
        nodes.add(next);
        queue.push(next);
      }
    }
  }
  return { nodes, open };
}

function isAncestor(resources: ResourceInfo[], maybeAncestor: number, of: number): boolean {
  for (let p = resources[of].parent; p !== undefined; p = resources[p].parent) if (p === maybeAncestor) return true;
  return false;
}

// ---------------------------------------------------------------------------------------------

function isObj(v: unknown): v is Record<string, any> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** JSON pointer escaping (RFC 6901). */
function esc(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

function quote(text: string): string {
  return `"${text.length > 120 ? `${text.slice(0, 117)}...` : text}"`;
}
