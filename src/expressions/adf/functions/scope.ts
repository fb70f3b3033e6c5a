/**
 * The Data Factory functions that read the evaluation context rather than their arguments: `pipeline()`,
 * `variables()`, `activity()`, `item()`, `triggerBody()`, `trigger()`, `dataset()`, `linkedService()`.
 * Source: "Expressions and functions in Azure Data Factory" (learn.microsoft.com/azure/data-factory/
 * control-flow-expression-language-functions), "System variables supported by Azure Data Factory".
 */
import { AdfEvalError, expectString, lookup, type FnDef } from './common.js';

/** Functions that read the evaluation context: `pipeline()`, `variables()`, `activity()`, `item()`, ... */
export const SCOPE_FUNCTIONS: Record<string, FnDef> = {
  pipeline: {
    min: 0,
    max: 0,
    run: (_a, ctx) => ({ ...ctx.pipeline, parameters: ctx.parameters ?? {} }),
  },
  variables: {
    min: 1,
    max: 1,
    run: ([name], ctx) => {
      const v = lookup(ctx.variables ?? {}, expectString('variables', name, 'variable name'));
      if (v === undefined) throw new AdfEvalError(`variables: the variable '${name}' does not exist`);
      return v;
    },
  },
  activity: {
    min: 1,
    max: 1,
    run: ([name], ctx) => {
      const v = lookup(ctx.activities ?? {}, expectString('activity', name, 'activity name'));
      if (v === undefined) throw new AdfEvalError(`activity: the activity '${name}' has no result in the evaluation context`);
      return v;
    },
  },
  item: {
    min: 0,
    max: 0,
    run: (_a, ctx) => {
      if (ctx.item === undefined) throw new AdfEvalError('item: not inside a ForEach (the context has no item)');
      return ctx.item;
    },
  },
  triggerbody: { min: 0, max: 0, run: (_a, ctx) => ctx.triggerBody ?? null },
  trigger: { min: 0, max: 0, run: (_a, ctx) => ctx.trigger ?? null },
  dataset: { min: 0, max: 0, run: (_a, ctx) => ctx.dataset ?? {} },
  linkedservice: { min: 0, max: 0, run: (_a, ctx) => ctx.linkedService ?? {} },
};
