/**
 * The values module contributions are made of: JSON in which ARM and Data Factory expressions may stand
 * for any value. Imported by src/modules/types.ts and the generated resource body types
 * (src/modules/armResources.generated.ts), so it imports nothing of the modules.
 */
import type { Arm } from '../expressions/arm/ast.js';
import type { Adf, AdfInterpolation } from '../expressions/adf/ast.js';

/**
 * A JSON value that may contain ARM expressions ({@link Arm}, serialized `"[...]"`) and Data Factory
 * expressions ({@link Adf} `"@..."`, {@link AdfInterpolation} `"..@{..}.."`).
 */
export type Value = string | number | boolean | null | Arm | Adf | AdfInterpolation | Value[] | { [key: string]: Value | undefined };

/** An object of {@link Value}s; `undefined` members are left out of the output. */
export type ValueObject = { [key: string]: Value | undefined };

/**
 * A value of an ARM enum: one of the schema's values `E` as the schema spells it, or all in lower case. ARM
 * compares enum values case-insensitively (recipe ../shared/recipes/validators.md §3.3; `hubc validate`
 * does too), and templates write some in lower case (a nested deployment's `expressionEvaluationOptions.scope:
 * 'inner'`, as Bicep emits it); any other spelling is taken for a typo.
 */
export type ArmEnum<E extends string> = E | Lowercase<E>;
