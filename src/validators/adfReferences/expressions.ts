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
import { isArmExpressionString, unescapeArmLiteral } from '../../expressions/arm/semantics.js';
import { ADF_KIND_LABEL as KIND_LABEL } from '../../model/dataFactoryKinds.js';
import { codes } from '../../diagnostics/index.js';
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
  const value = unescapeArmLiteral(text);
  if (!value.includes('@')) return;
  let nodes: AdfExprNode[];
  try {
    nodes = adfValueNodes(parseAdfValue(value));
  } catch (e) {
    if (!(e instanceof AdfParseError)) throw e;
    report(codes.HUB320.notParsed({ detail: e.message, offset: e.offset, value }), loc);
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
      if (!p) report(codes.HUB321.variablesOutsidePipeline(), loc);
      else if (arg !== undefined && !p.variables.has(arg.toLowerCase())) {
        report(codes.HUB321.unknownVariable({ name: arg, declared: list(p.variables.values()) }), loc);
      }
    } else if (fn === 'activity') {
      if (!p) report(codes.HUB322.activityOutsidePipeline(), loc);
      else if (arg !== undefined) {
        const declared = p.allActivities.get(arg.toLowerCase());
        if (!declared) {
          report(codes.HUB322.unknownActivity({ name: arg, activities: list(p.allActivities.values()) }), loc);
        } else if (!p.upstream.has(arg.toLowerCase())) {
          const before = [...p.allActivities.values()].filter((n) => p.upstream.has(n.toLowerCase()));
          report(codes.HUB322.notUpstream({ name: arg, declared, upstream: list(before) }), loc);
        }
      }
    } else if (fn === 'item') {
      if (!p?.inForEach) report(codes.HUB325.raise(), loc);
    } else if (fn === 'dataset' && loc.kind !== 'dataset') {
      report(codes.HUB321.datasetOutside(), loc);
    } else if (fn === 'linkedservice' && loc.kind !== 'linkedService') {
      report(codes.HUB321.linkedServiceOutside(), loc);
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
      report(codes.HUB321.unknownPipelineParameter({ key, declared: list(p.parameters.values()) }), loc);
    }
    return;
  }
  // dataset().X / linkedService().X
  if (scope.ownParameters && ((loc.kind === 'dataset' && isCall(target, 'dataset')) || (loc.kind === 'linkedService' && isCall(target, 'linkedService')))) {
    if (!scope.ownParameters.has(key.toLowerCase())) {
      const fn = loc.kind === 'dataset' ? 'dataset' : 'linkedService';
      report(codes.HUB321.unknownOwnParameter({ fn, key, label: KIND_LABEL[loc.kind], declared: list(scope.ownParameters.values()) }), loc);
    }
  }
}

function isCall(node: AdfExprNode, name: string): boolean {
  return node.kind === 'call' && node.name.toLowerCase() === name.toLowerCase() && node.args.length === 0;
}
