/**
 * ARM's lambda functions: `map`, `filter`, `sort`, `reduce` and `toObject` are folded over arrays of known
 * length by binding the lambda's variables and folding its body; `groupBy` and `mapValues` are known but
 * not folded. Source: "Lambda functions for ARM templates" (learn.microsoft.com/azure/azure-resource-manager/templates/template-functions-lambda).
 */
import type { ArmCall } from '../ast.js';
import { allKnown, asBool, asString, defineIn, fail, INF, type ArmFunctionTable } from './common.js';
import { foldedArray, foldedObject, known, residualCall, toExpr, unknown, type EvalHost, type Folded } from './folded.js';

/** The lambda functions, by lower-cased name. */
export const LAMBDA_FUNCTIONS: ArmFunctionTable = new Map();
const def = defineIn(LAMBDA_FUNCTIONS);

def('lambda', 1, INF);
def('lambdaVariables', 1, 1, {
  lazy: (c, host) => {
    const n = host.fold(c.args[0]);
    return n.t === 'v' ? host.lambdaVariable(asString('lambdaVariables', n.v), c) : residualCall(c.name, [n]);
  },
});
def('filter', 2, 2, { lazy: (c, host) => mapLike(c, host, 'filter') });
def('map', 2, 2, { lazy: (c, host) => mapLike(c, host, 'map') });
def('sort', 2, 2, { lazy: (c, host) => mapLike(c, host, 'sort') });
def('reduce', 3, 3, { lazy: (c, host) => mapLike(c, host, 'reduce') });
def('toObject', 2, 3, { lazy: (c, host) => mapLike(c, host, 'toObject') });
def('groupBy', 2, 2);
def('mapValues', 2, 2);

/** map/filter/sort/reduce/toObject over a known array with `lambda(...)` arguments. */
function mapLike(c: ArmCall, host: EvalHost, kind: 'map' | 'filter' | 'sort' | 'reduce' | 'toObject'): Folded {
  const input = host.fold(c.args[0]);
  const lambdas = c.args.slice(1).filter((a) => a.kind === 'call' && a.name.toLowerCase() === 'lambda') as ArmCall[];
  const initial = kind === 'reduce' ? host.fold(c.args[1]) : undefined;
  const residual = () => unknown({ kind: 'call', name: c.name, args: [toExpr(input), ...(initial ? [toExpr(initial)] : []), ...c.args.slice(kind === 'reduce' ? 2 : 1)] });
  if (input.t !== 'v' && input.t !== 'a') return residual();
  const items: Folded[] = input.t === 'a' ? input.items : Array.isArray(input.v) ? input.v.map(known) : fail(c.name, 'first argument must be an array');
  const expectedLambdas = kind === 'toObject' ? c.args.length - 1 : 1;
  if (lambdas.length !== expectedLambdas) fail(c.name, 'expects lambda(...) arguments');
  const apply = (lam: ArmCall, values: Folded[]): Folded => {
    const names = lam.args.slice(0, -1).map((a) => (a.kind === 'string' ? a.value : fail('lambda', 'parameter names must be string literals')));
    const bindings: Record<string, Folded> = {};
    names.forEach((n, i) => {
      if (values[i]) bindings[n] = values[i];
    });
    return host.withLambda(bindings, (inner) => inner.fold(lam.args[lam.args.length - 1]));
  };
  switch (kind) {
    case 'map':
      return foldedArray(items.map((x, i) => apply(lambdas[0], [x, known(i)])));
    case 'filter': {
      const out: Folded[] = [];
      for (let i = 0; i < items.length; i++) {
        const keep = apply(lambdas[0], [items[i], known(i)]);
        if (keep.t !== 'v') return residual();
        if (asBool('filter', keep.v, 'lambda result')) out.push(items[i]);
      }
      return foldedArray(out);
    }
    case 'sort': {
      if (!allKnown(items)) return residual();
      let unknownSeen = false;
      const sorted = [...items].sort((a, b) => {
        const lt = apply(lambdas[0], [a, b]);
        if (lt.t !== 'v') {
          unknownSeen = true;
          return 0;
        }
        if (asBool('sort', lt.v, 'lambda result')) return -1;
        const gt = apply(lambdas[0], [b, a]);
        if (gt.t !== 'v') {
          unknownSeen = true;
          return 0;
        }
        return asBool('sort', gt.v, 'lambda result') ? 1 : 0;
      });
      return unknownSeen ? residual() : foldedArray(sorted);
    }
    case 'reduce': {
      let acc = initial!;
      for (let i = 0; i < items.length; i++) acc = apply(lambdas[0], [acc, items[i], known(i)]);
      return acc;
    }
    case 'toObject': {
      const entries: [string, Folded][] = [];
      for (const x of items) {
        const k = apply(lambdas[0], [x]);
        if (k.t !== 'v') return residual();
        entries.push([asString('toObject', k.v, 'key'), lambdas[1] ? apply(lambdas[1], [x]) : x]);
      }
      return foldedObject(entries);
    }
  }
}
