/**
 * Data Factory expressions in the reference checker: parses a string value (HUB320 when it does not parse)
 * and checks every name its expressions use against the scope: `variables()` (HUB321), `activity()`
 * (HUB322: declared, and run before), `item()` (HUB325: inside a ForEach or Filter condition),
 * `pipeline().parameters.X`, `dataset().X` and `linkedService().X` (HUB321). String values that are ARM
 * template expressions are skipped: they are only known at deployment. Source: "Expressions and functions
 * in Azure Data Factory" (learn.microsoft.com/azure/data-factory/control-flow-expression-language-functions).
 */
import type { AdfExprNode } from '../../expressions/adf/ast.js';
import { AdfParseError, adfValueNodes, parseAdfValue, walkAdf } from '../../expressions/adf/parser.js';
import { isArmExpressionString } from '../../expressions/arm/parser.js';
import { ADF_KIND_LABEL as KIND_LABEL } from '../../naming/dataFactory.js';
import { list, type Location, type Report, type Scope } from './common.js';

/**
 * Checks one string value of an object.
 * @param text the value as written (a literal, `@...` or an interpolation)
 * @param loc where it sits
 * @param scope the names it may use
 * @param report receives the diagnostics
 */
export function checkExpressionString(text: string, loc: Location, scope: Scope, report: Report): void {
  if (isArmExpressionString(text)) return;
  const value = text.startsWith('[[') ? text.slice(1) : text;
  if (!value.includes('@')) return;
  let nodes: AdfExprNode[];
  try {
    nodes = adfValueNodes(parseAdfValue(value));
  } catch (e) {
    if (!(e instanceof AdfParseError)) throw e;
    report('HUB320', loc, `expression does not parse: ${e.message} (at offset ${e.offset} of ${JSON.stringify(value.length > 80 ? value.slice(0, 77) + '...' : value)})`);
    return;
  }
  for (const node of nodes) walkAdf(node, (n) => checkNode(n, loc, scope, report));
}

function checkNode(node: AdfExprNode, loc: Location, scope: Scope, report: Report): void {
  const p = scope.pipeline;
  if (node.kind === 'call') {
    const fn = node.name.toLowerCase();
    const arg = node.args[0]?.kind === 'string' ? node.args[0].value : undefined;
    if (fn === 'variables') {
      if (!p) report('HUB321', loc, `variables() is only available in pipelines`);
      else if (arg !== undefined && !p.variables.has(arg.toLowerCase())) {
        report('HUB321', loc, `variables('${arg}') refers to a variable the pipeline does not declare`, `Declared variables: ${list(p.variables.values())}.`);
      }
    } else if (fn === 'activity') {
      if (!p) report('HUB322', loc, `activity() is only available in pipelines`);
      else if (arg !== undefined) {
        const declared = p.allActivities.get(arg.toLowerCase());
        if (!declared) {
          report('HUB322', loc, `activity('${arg}') refers to an activity that does not exist in the pipeline`, `Activities: ${list(p.allActivities.values())}.`);
        } else if (!p.upstream.has(arg.toLowerCase())) {
          const before = [...p.allActivities.values()].filter((n) => p.upstream.has(n.toLowerCase()));
          report('HUB322', loc, `activity('${arg}') refers to an activity that does not run before this one`, `Add a dependsOn path from '${declared}' to this activity; upstream activities here: ${list(before)}.`);
        }
      }
    } else if (fn === 'item') {
      if (!p?.inForEach) report('HUB325', loc, `item() is used outside a ForEach (or Filter condition)`, 'item() is only defined inside the activities of a ForEach and in a Filter condition.');
    } else if (fn === 'dataset' && loc.kind !== 'dataset') {
      report('HUB321', loc, `dataset() is only available inside a dataset definition`);
    } else if (fn === 'linkedservice' && loc.kind !== 'linkedService') {
      report('HUB321', loc, `linkedService() is only available inside a linked service definition`);
    }
    return;
  }
  if (node.kind !== 'property' && node.kind !== 'index') return;
  const key = node.kind === 'property' ? node.name : node.index.kind === 'string' ? node.index.value : undefined;
  if (key === undefined) return;
  const target = node.target;
  // pipeline().parameters.X
  if (p && (target.kind === 'property' || target.kind === 'index') && isCall(target.target, 'pipeline')) {
    const inner = target.kind === 'property' ? target.name : target.index.kind === 'string' ? target.index.value : undefined;
    if (inner?.toLowerCase() === 'parameters' && !p.parameters.has(key.toLowerCase())) {
      report('HUB321', loc, `pipeline().parameters.${key} refers to a parameter the pipeline does not declare`, `Declared parameters: ${list(p.parameters.values())}.`);
    }
    return;
  }
  // dataset().X / linkedService().X
  if (scope.ownParameters && ((loc.kind === 'dataset' && isCall(target, 'dataset')) || (loc.kind === 'linkedService' && isCall(target, 'linkedService')))) {
    if (!scope.ownParameters.has(key.toLowerCase())) {
      const fn = loc.kind === 'dataset' ? 'dataset' : 'linkedService';
      report('HUB321', loc, `${fn}().${key} refers to a parameter the ${KIND_LABEL[loc.kind]} does not declare`, `Declared parameters: ${list(scope.ownParameters.values())}.`);
    }
  }
}

function isCall(node: AdfExprNode, name: string): boolean {
  return node.kind === 'call' && node.name.toLowerCase() === name.toLowerCase() && node.args.length === 0;
}
