/**
 * Evaluator for Azure Data Factory expressions, used by tests and `hubc simulate` to compute what generated
 * pipelines do. The function library lives in `./functions/` (one file per group of the documentation).
 *
 * Semantics follow "Expressions and functions in Azure Data Factory"
 * (learn.microsoft.com/azure/data-factory/control-flow-expression-language-functions):
 * - function names are matched case-insensitively (`utcnow()` = `utcNow()`);
 * - `indexOf`, `lastIndexOf`, `startsWith` and `endsWith` ignore case; `contains`, `replace` and `equals` on strings do not;
 * - `div` of two integers is the integer quotient (`div(11, 5)` = 2);
 * - date functions take ISO 8601 (or `MM/dd/yyyy HH:mm:ss`) timestamps, compute in UTC with 100 ns precision and
 *   format with .NET date format strings (standard one-letter formats in the en-US culture, or custom patterns);
 *   the default format is `o`, i.e. `yyyy-MM-ddTHH:mm:ss.fffffffZ`;
 * - property access is exact first, then case-insensitive; a missing property or `null` target is an error
 *   unless the access is `?.` / `?[`, which gives `null`.
 * Assumptions where the documentation is silent: `if`, `and` and `or` evaluate lazily; booleans convert to
 * strings as `True`/`False` (as .NET does); objects and arrays convert to compact JSON; `concat` converts non-string
 * arguments to strings (null → empty) and joins arrays when all arguments are arrays; `toLower`/`toUpper` of null is ''.
 * Numbers are JavaScript numbers, so `1.0` and `1` are the same integer.
 */
import type { AdfExprNode } from './ast.js';
import { parseAdfValue } from './parser.js';
import { AdfEvalError, AdfUnsupportedFunctionError, adfToString, lookup, typeName, type AdfEvalContext, type Evaluator } from './functions/common.js';
import { adfFunction } from './functions.js';
import { arityText } from '../calls.js';
import { isObject } from '../../util/json.js';

export { AdfEvalError, AdfUnsupportedFunctionError, adfToString, type AdfEvalContext } from './functions/common.js';
export { ADF_EVALUATOR_FUNCTIONS } from './functions.js';
export { formatAdfTimestamp, parseTimestamp as parseAdfTimestamp } from './functions/timestamps.js';

/**
 * Evaluates an expression node.
 * @returns the JSON value (string, number, boolean, null, array or object)
 * @throws AdfEvalError on unknown functions, wrong argument counts/types, missing variables or properties
 */
export function evaluateAdf(node: AdfExprNode, ctx: AdfEvalContext): unknown {
  const ev: Evaluator = (n) => evaluateAdf(n, ctx);
  switch (node.kind) {
    case 'string':
    case 'number':
    case 'keyword':
      return node.value;
    case 'call': {
      const def = adfFunction(node.name);
      if (!def) throw new AdfUnsupportedFunctionError(node.name);
      if (node.args.length < def.min || node.args.length > def.max) throw new AdfEvalError(`${node.name}: expected ${arityText(def)} argument(s), got ${node.args.length}`);
      return def.run(def.lazy ? node.args : node.args.map(ev), ctx, ev);
    }
    case 'property':
    case 'index': {
      const target = ev(node.target);
      const key = node.kind === 'property' ? node.name : ev(node.index);
      const shown = node.kind === 'property' ? `.${node.name}` : `[${JSON.stringify(key)}]`;
      if (target === null || target === undefined) {
        if (node.optional) return null;
        throw new AdfEvalError(`cannot read '${shown}' of null (use '?' to allow null)`);
      }
      if (Array.isArray(target)) {
        if (typeof key !== 'number' || !Number.isInteger(key)) throw new AdfEvalError(`an array index must be an integer, got ${typeName(key)}`);
        if (key < 0 || key >= target.length) {
          if (node.optional) return null;
          throw new AdfEvalError(`index ${key} is outside the array of length ${target.length}`);
        }
        return target[key];
      }
      if (isObject(target)) {
        if (typeof key !== 'string') throw new AdfEvalError(`an object key must be a string, got ${typeName(key)}`);
        const v = lookup(target, key);
        if (v === undefined) {
          if (node.optional) return null;
          throw new AdfEvalError(`the property '${key}' does not exist (available: ${Object.keys(target).join(', ') || 'none'})`);
        }
        return v;
      }
      throw new AdfEvalError(`cannot read '${shown}' of a ${typeName(target)}`);
    }
  }
}

/**
 * Evaluates a Data Factory JSON string value: literal text as is, `@expr` to the expression's value,
 * interpolations to a string.
 * @throws AdfParseError on a syntax error, AdfEvalError on an evaluation error
 */
export function evaluateAdfValue(text: string, ctx: AdfEvalContext): unknown {
  const parsed = parseAdfValue(text);
  switch (parsed.kind) {
    case 'literal':
      return parsed.value;
    case 'expression':
      return evaluateAdf(parsed.node, ctx);
    case 'interpolation':
      return parsed.parts.map((p) => (typeof p === 'string' ? p : adfToString(evaluateAdf(p, ctx)))).join('');
  }
}
