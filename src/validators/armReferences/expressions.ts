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
import { ArmParseError, isArmExpressionString, parseArmExpression } from '../../expressions/arm/parser.js';
import { armFunction, arityText } from '../../expressions/arm/functions.js';
import { CODE_ERROR, quote, type Decls, type Report, type Section } from './common.js';

/**
 * Checks one template string value; does nothing when it is not an expression.
 * @param text the string value as written (`"[...]"`)
 * @param pointer JSON pointer of the value, put on the diagnostics
 * @param decls what the scope declares
 * @param section which section the value is in (section-specific rules)
 * @param report receives HUB304 errors, each message once per value
 * @param onCall called for every `reference()` and `resourceId()` call (implicit dependencies)
 */
export function checkExpressionString(
  text: string,
  pointer: string,
  decls: Decls,
  section: Section,
  report: Report,
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
