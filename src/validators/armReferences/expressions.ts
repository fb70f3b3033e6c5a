/**
 * One ARM expression of the reference checker: parses a template string that is an expression and checks
 * every function call in it (HUB304): bare `true`/`false`/`null` literals, unknown functions, argument
 * counts, `parameters()`/`variables()`/`lambdaVariables()` naming what the scope declares, and the
 * functions each section may not use (`reference()` in variables; `variables()`, `reference()`, `list*()`
 * in parameter defaults and user-defined functions). Sources: "Syntax and expressions", "User-defined
 * functions", "Lambda functions" and the function reference pages under learn.microsoft.com/azure/
 * azure-resource-manager/templates/.
 */
import { forEachArmNode, type ArmCall, type ArmExpr } from '../../expressions/arm/ast.js';
import { ArmParseError, parseArmExpression } from '../../expressions/arm/parser.js';
import { isArmExpressionString } from '../../expressions/arm/semantics.js';
import { armFunction, arityText } from '../../expressions/arm/functions.js';
import { codes, type Raised } from '../../diagnostics/index.js';
import { quote, type Decls, type Report, type Section } from './common.js';

/**
 * Checks one template string value; does nothing when it is not an expression.
 * @param text the string value as written (`"[...]"`)
 * @param pointer JSON pointer of the value, put on the diagnostics
 * @param decls what the scope declares
 * @param section which section the value is in (section-specific rules)
 * @param report receives HUB304 errors, each message once per value
 * @param onCall called for every `reference()` and `resourceId()` call (implicit dependencies)
 */
export function checkExpressionString(text: string, pointer: string, decls: Decls, section: Section, report: Report, onCall?: (c: ArmCall, pointer: string) => void): void {
  if (!isArmExpressionString(text)) return;
  let expr: ArmExpr;
  try {
    expr = parseArmExpression(text.slice(1, -1));
  } catch (e) {
    if (!(e instanceof ArmParseError)) throw e;
    report(codes.HUB304.notParsed({ detail: e.detail, at: e.offset + 2, quoted: quote(text) }), pointer);
    return;
  }
  const seen = new Set<string>();
  const once = (raised: Raised) => {
    if (seen.has(raised.message)) return;
    seen.add(raised.message);
    report(raised, pointer);
  };
  const fnScope = typeof section === 'object' ? section : undefined;
  forEachArmNode(expr, (e, lambdas) => {
    if (e.kind === 'keyword') once(codes.HUB304.bareLiteral({ value: String(e.value), quoted: quote(text) }));
    if (e.kind !== 'call') return;
    const lower = e.name.toLowerCase();
    const literalArg = e.args[0]?.kind === 'string' ? e.args[0].value : undefined;
    if (e.name.includes('.')) {
      const count = decls.functions.get(lower);
      if (count === undefined) once(codes.HUB304.unknownUserFunction({ name: e.name }));
      else if (count !== e.args.length) once(codes.HUB304.userFunctionArity({ name: e.name, count, given: e.args.length }));
    } else {
      const def = armFunction(e.name);
      if (!def) {
        once(codes.HUB304.unknownFunction({ name: e.name }));
      } else if (e.args.length < def.min || e.args.length > def.max) {
        once(codes.HUB304.arity({ name: e.name, arity: arityText(def), given: e.args.length }));
      }
      if (lower === 'parameters' && literalArg !== undefined) {
        const declared = fnScope ? fnScope.params : decls.parameters;
        if (!declared.has(literalArg.toLowerCase())) {
          once(codes.HUB304.unknownParameter({ name: literalArg, fn: fnScope?.fn }));
        }
      } else if (lower === 'variables' && (literalArg !== undefined || fnScope || section === 'parameters')) {
        if (fnScope) once(codes.HUB304.variablesInFunction({ fn: fnScope.fn }));
        else if (section === 'parameters') once(codes.HUB304.variablesInParameterDefault());
        else if (literalArg !== undefined && !decls.variables.has(literalArg.toLowerCase())) once(codes.HUB304.unknownVariable({ name: literalArg }));
      } else if (lower === 'lambdavariables' && literalArg !== undefined && !lambdas.includes(literalArg.toLowerCase())) {
        once(codes.HUB304.lambdaVariable({ name: literalArg }));
      } else if (lower === 'reference' || lower === 'references' || lower.startsWith('list')) {
        if (fnScope && def) once(codes.HUB304.callInFunction({ name: e.name, fn: fnScope.fn }));
        else if (section === 'variables' && (lower === 'reference' || lower === 'references')) once(codes.HUB304.callInVariables({ name: e.name }));
        else if (section === 'parameters' && def) once(codes.HUB304.callInParameterDefault({ name: e.name }));
      }
      if ((lower === 'reference' || lower === 'resourceid') && onCall) onCall(e, pointer);
    }
  });
}
