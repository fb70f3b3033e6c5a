/**
 * Resource identity for the ARM reference checker: reads resource names, `dependsOn` entries,
 * `reference()` arguments and `resourceId()` calls as segments of literal text and opaque expressions, and
 * compares them. Names are folded with the template's variables and an unknown deployment context; two
 * names are equal when they fold to the same text or the same residual expression, different when their
 * literal prefixes/suffixes differ, and otherwise undecided. Source: "Define the order for deploying
 * resources" and "resourceId" (learn.microsoft.com/azure/azure-resource-manager/templates/
 * resource-dependency, template-functions-resource).
 */
import type { ArmCall, ArmExpr } from '../../expressions/arm/ast.js';
import { parseArmExpression } from '../../expressions/arm/parser.js';
import { isArmExpressionString, isResourceIdFunction, resourceIdTarget, unescapeArmLiteral } from '../../expressions/arm/semantics.js';
import { isArmKnown, type ArmFolded } from '../../expressions/arm/evaluate.js';
import { type Decls, type Json } from './common.js';
import { isObject } from '../../util/json.js';

/** A piece of a partly known string: literal text or an opaque residual expression. */
export type Part = { lit: string } | { expr: string };

/** One `/`-separated segment of a resource name, as parts. */
export type Segment = Part[];

/** A comparison that may be undecided: equal, not equal, or unknown. */
export type Tri = 'eq' | 'ne' | 'unknown';

/** What a `dependsOn` entry, `reference()` argument or `resourceId()` call designates. */
export type Target = { kind: 'key'; type?: string; names?: Segment[] } | { kind: 'name'; names: Segment[] } | { kind: 'label'; label: string } | { kind: 'unknown' };

/** What the checker knows of one resource of a template. */
export interface ResourceInfo {
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

/** Reads a resource: its full type and name (a child's joined to its parent's), symbolic and copy names. */
export function describeResource(r: Json, pointer: string, parent: ResourceInfo | undefined, decls: Decls, symbolic: string | undefined): ResourceInfo {
  let type: string | undefined = typeof r.type === 'string' && !isArmExpressionString(r.type) ? r.type : undefined;
  let names = nameSegments(r.name, decls);
  if (parent && type !== undefined && !type.includes('/')) {
    type = parent.type === undefined ? undefined : `${parent.type}/${type}`;
    names = parent.names && names ? [...parent.names, ...names] : undefined;
  }
  const copyName = isObject(r.copy) && typeof r.copy.name === 'string' ? r.copy.name : undefined;
  const display = `${typeof r.type === 'string' ? r.type : '?'} ${typeof r.name === 'string' ? r.name : (symbolic ?? '?')}`;
  return { pointer, type: type?.toLowerCase(), names, symbolic, copyName, dependsOn: [], uses: [], display };
}

/** The segments of a resource name (template JSON value). */
function nameSegments(name: unknown, decls: Decls): Segment[] | undefined {
  if (typeof name !== 'string') return undefined;
  if (!isArmExpressionString(name)) return splitSegments([{ lit: unescapeArmLiteral(name) }]);
  const folded = foldText(name.slice(1, -1), decls);
  const parts = folded && foldedParts(folded);
  return parts ? splitSegments(parts) : undefined;
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
export function splitSegments(parts: Part[]): Segment[] {
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
export function matchTarget(t: Target, r: ResourceInfo): Tri {
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

/** Reads a folded value (a dependsOn entry, a reference() argument, a resourceId() call) as a target. */
export function targetOf(f: ArmFolded | undefined): Target {
  if (!f) return { kind: 'unknown' };
  if (isArmKnown(f)) {
    if (typeof f.value !== 'string') return { kind: 'unknown' };
    const s = f.value;
    if (!s.includes('/')) return { kind: 'label', label: s };
    return idTarget(splitSegments([{ lit: s }])) ?? { kind: 'name', names: splitSegments([{ lit: s }]) };
  }
  if (f.kind === 'call' && isResourceIdFunction(f.name)) {
    const t = resourceIdTarget(f);
    if (!t) return { kind: 'unknown' };
    const names: Part[] = [];
    t.names.forEach((n, k) => {
      if (k > 0) names.push({ lit: '/' });
      names.push(...exprParts(n));
    });
    return { kind: 'key', type: t.type.toLowerCase(), names: splitSegments(names) };
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
  if (k < 0 && !litOf(segs[0])?.includes('.')) return undefined;
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

/**
 * Folds the text of an expression (between the brackets) with the scope's variables.
 * @returns the folded value, or undefined when it does not parse or fails to fold (reported elsewhere, or
 *   undecidable)
 */
export function foldText(text: string, decls: Decls): ArmFolded | undefined {
  let expr: ArmExpr;
  try {
    expr = parseArmExpression(text);
  } catch {
    return undefined;
  }
  return foldExpr(expr, decls);
}

/** Folds an expression with the scope's variables; undefined when it fails to fold. */
export function foldExpr(e: ArmExpr, decls: Decls): ArmFolded | undefined {
  try {
    return decls.fold(e);
  } catch {
    return undefined;
  }
}
