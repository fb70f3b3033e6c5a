/**
 * Partial evaluation of template values with the template parameters at their defaults (hub.yaml's
 * values). Used to write the standalone Data Factory files: what is known before deployment becomes a
 * literal; what depends on the deployment (resource group, `uniqueString`, `reference()`,
 * `environment()`) stays an ARM expression.
 */
import { foldTemplateValue, templateContext } from '../../expressions/arm/evaluate.js';
import { isArmExpressionString } from '../../expressions/arm/semantics.js';
import { isObject } from '../../util/json.js';

/** Partial evaluator of template values: returns the folded value, or `undefined` for "leave out". */
export type TemplateFolder = (value: unknown) => unknown;

/**
 * Returns a folder for values of `template` (plain JSON with `"[...]"` expression strings).
 * Object members that were expressions and fold to `null` are left out, as an absent property.
 */
export function foldWithDefaults(template: Record<string, unknown>): TemplateFolder {
  const ctx = templateContext(template, { useDefaults: true, inlineVariables: false });
  const dropNulls = (original: unknown, folded: unknown): unknown => {
    if (Array.isArray(original) && Array.isArray(folded)) return folded.map((f, i) => dropNulls(original[i], f));
    if (isObject(original) && isObject(folded)) {
      const out: Record<string, unknown> = {};
      for (const [k, f] of Object.entries(folded)) {
        const o = original[k];
        if (f === null && isArmExpressionString(o)) continue;
        out[k] = dropNulls(o, f);
      }
      return out;
    }
    return folded;
  };
  return (value) => dropNulls(value, foldTemplateValue(value, ctx));
}
