/**
 * The ARM template function library used by the evaluator (`./evaluate.ts`) and the reference checker:
 * which built-in functions exist, how many arguments they take, and how the deterministic ones compute
 * their values (ARM semantics: function names are case-insensitive, integers only, property names on
 * objects are case-insensitive). One table per category of the documentation lives in `./functions/`;
 * this file merges them and answers lookups.
 *
 * Sources: "ARM template functions" and its sub-pages (string, array, object, comparison, logical,
 * numeric, deployment, resource, scope, lambda, CIDR functions) on
 * learn.microsoft.com/azure/azure-resource-manager/templates/template-functions*.
 *
 * Partial evaluation works on {@link Folded} values: fully known values, residual expressions, and
 * objects/arrays that are known in shape but have unknown members (`./functions/folded.ts`).
 */
import type { ArmFunctionDef, ArmFunctionTable } from './functions/common.js';
import { CIDR_FUNCTIONS } from './functions/cidr.js';
import { COLLECTION_FUNCTIONS } from './functions/collections.js';
import { DEPLOYMENT_FUNCTIONS } from './functions/deployment.js';
import { LAMBDA_FUNCTIONS } from './functions/lambdas.js';
import { LOGIC_FUNCTIONS } from './functions/logic.js';
import { NUMERIC_FUNCTIONS } from './functions/numeric.js';
import { RESOURCE_FUNCTIONS } from './functions/resources.js';
import { STRING_FUNCTIONS } from './functions/strings.js';

export * from './functions/folded.js';
export type { ArmFunctionDef } from './functions/common.js';
export { arityText } from '../calls.js';
export { armUniqueString, armGuid } from './functions/hashing.js';
export { AZURE_CLOUD_ENVIRONMENT } from './functions/deployment.js';

/** Every built-in function (but the `list*` family), by lower-cased name. */
const table: ArmFunctionTable = new Map(
  [STRING_FUNCTIONS, COLLECTION_FUNCTIONS, LOGIC_FUNCTIONS, NUMERIC_FUNCTIONS, CIDR_FUNCTIONS, DEPLOYMENT_FUNCTIONS, RESOURCE_FUNCTIONS, LAMBDA_FUNCTIONS].flatMap((t) => [...t]),
);

/**
 * Looks up a built-in function by name (case-insensitive). `list*` functions (listKeys, listSecrets,
 * ...) are all known and never folded.
 */
export function armFunction(name: string): ArmFunctionDef | undefined {
  const lower = name.toLowerCase();
  const hit = table.get(lower);
  if (hit) return hit;
  if (/^list[a-z0-9]*$/i.test(name)) return { min: 1, max: 3 };
  return undefined;
}
