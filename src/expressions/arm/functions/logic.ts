/**
 * ARM's comparison and logical functions. `if` and `coalesce` are lazy: only the branch or argument ARM
 * would evaluate is folded. Sources: "Comparison functions for ARM templates", "Logical functions for ARM
 * templates" (learn.microsoft.com/azure/azure-resource-manager/templates/template-functions-comparison, template-functions-logical).
 */
import { isDeepStrictEqual } from 'node:util';
import type { ArmExpr } from '../ast.js';
import { asBool, asString, defineIn, fail, INF, type ArmFunctionTable } from './common.js';
import { ArmEvalError, known, residualCall, typeName, unknown, type ArmValue, type Folded } from './folded.js';

/** The comparison and logical functions, by lower-cased name. */
export const LOGIC_FUNCTIONS: ArmFunctionTable = new Map();
const def = defineIn(LOGIC_FUNCTIONS);

def('equals', 2, 2, { fn: ([a, b]) => isDeepStrictEqual(a, b) });
def('less', 2, 2, { fn: ([a, b]) => compare('less', a, b) < 0 });
def('lessOrEquals', 2, 2, { fn: ([a, b]) => compare('lessOrEquals', a, b) <= 0 });
def('greater', 2, 2, { fn: ([a, b]) => compare('greater', a, b) > 0 });
def('greaterOrEquals', 2, 2, { fn: ([a, b]) => compare('greaterOrEquals', a, b) >= 0 });
def('true', 0, 0, { fn: () => true });
def('false', 0, 0, { fn: () => false });
def('not', 1, 1, { fn: ([a]) => !asBool('not', a) });
def('and', 1, INF, {
  fn: (args) => args.map((a) => asBool('and', a)).every(Boolean),
  partial: (args) => (args.some((a) => a.t === 'v' && a.v === false) ? known(false) : undefined),
});
def('or', 1, INF, {
  fn: (args) => args.map((a) => asBool('or', a)).some(Boolean),
  partial: (args) => (args.some((a) => a.t === 'v' && a.v === true) ? known(true) : undefined),
});
def('bool', 1, 1, {
  fn: ([v]) => {
    if (typeof v === 'boolean') return v;
    if (typeof v === 'number') return v !== 0;
    const s = asString('bool', v).toLowerCase();
    if (s === 'true') return true;
    if (s === 'false') return false;
    fail('bool', `'${String(v)}' is not 'true' or 'false'`);
  },
});
// `fail(message)` ends the deployment with the message (learn.microsoft.com/azure/azure-resource-manager/
// bicep/bicep-functions-flow-control, available in ARM since late 2024): only ever reached inside a lazy
// `if` / `coalesce` branch that is taken.
def('fail', 1, 1, { fn: ([message]) => fail('fail', asString('fail', message)) });
def('if', 3, 3, {
  lazy: (c, host) => {
    const cond = host.fold(c.args[0]);
    if (cond.t === 'v') return host.fold(c.args[asBool('if', cond.v, 'condition') ? 1 : 2]);
    // ARM evaluates only the taken branch: a branch that fails now may never run, so keep it as written.
    const branch = (e: ArmExpr): Folded => {
      try {
        return host.fold(e);
      } catch (err) {
        if (err instanceof ArmEvalError) return unknown(e);
        throw err;
      }
    };
    return residualCall(c.name, [cond, branch(c.args[1]), branch(c.args[2])]);
  },
});
def('coalesce', 1, INF, {
  lazy: (c, host) => {
    const rest: Folded[] = [];
    for (const a of c.args) {
      const f = host.fold(a);
      if (f.t === 'v' && f.v === null) continue;
      if (f.t !== 'x' && !rest.length) return f;
      rest.push(f);
      if (f.t !== 'x') break;
    }
    if (!rest.length) return known(null);
    return rest.length === 1 && rest[0].t !== 'x' ? rest[0] : residualCall(c.name, rest);
  },
});

function compare(fn: string, a: ArmValue, b: ArmValue): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  fail(fn, `cannot compare ${typeName(a)} with ${typeName(b)}`);
}
