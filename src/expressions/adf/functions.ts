/**
 * The Data Factory expression function library: the tables of `./functions/` (one file per group of the
 * documentation) merged into one, looked up case-insensitively as Data Factory does. Source:
 * "Expressions and functions in Azure Data Factory" (learn.microsoft.com/azure/data-factory/
 * control-flow-expression-language-functions).
 */
import type { FnDef } from './functions/common.js';
import { STRING_FUNCTIONS, CONVERSION_FUNCTIONS } from './functions/strings.js';
import { COLLECTION_FUNCTIONS, LOGIC_FUNCTIONS, MATH_FUNCTIONS } from './functions/collections.js';
import { DATE_FUNCTIONS } from './functions/dates.js';
import { SCOPE_FUNCTIONS } from './functions/scope.js';

const FUNCTIONS: Record<string, FnDef> = {
  ...STRING_FUNCTIONS,
  ...COLLECTION_FUNCTIONS,
  ...LOGIC_FUNCTIONS,
  ...CONVERSION_FUNCTIONS,
  ...MATH_FUNCTIONS,
  ...DATE_FUNCTIONS,
  ...SCOPE_FUNCTIONS,
};

/** Names (lower-cased) of the functions the evaluator implements. */
export const ADF_EVALUATOR_FUNCTIONS: readonly string[] = Object.keys(FUNCTIONS);

/**
 * The definition of a function by name (case-insensitive), or undefined when the evaluator does not
 * implement it.
 */
export function adfFunction(name: string): FnDef | undefined {
  return FUNCTIONS[name.toLowerCase()];
}
