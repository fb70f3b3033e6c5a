/**
 * HUB511: no resource property, variable or output is hard-coded to an empty value (`""`, `{}`, `[]`,
 * `null`) (ARM-TTK "Template Should Not Contain Blanks").
 *
 * Exempt, as in ARM-TTK: members that may be empty by design (`properties`, `value`, `defaultValue`,
 * `accessPolicies`, `resources`, `outputs`, `variables`, `parameters`), and the user-assigned identity
 * entries (`"[resourceId(...)]": {}`). Exempt for hubc: inside Data Factory objects, the members Data
 * Factory Studio and Git integration always write (`annotations`, `userProperties`, activity `dependsOn`,
 * dataset `schema`), so the standalone files round-trip through the Studio without a change.
 */
import { codes } from '../../diagnostics/index.js';
import { ruleCode } from '../ruleCode.js';
import type { LintFinding, LintRule } from '../types.js';
import { armTtk } from '../links.js';
import { walkJson, isObject, type JsonPath } from '../../util/json.js';
import { isArmExpressionString } from '../../expressions/arm/semantics.js';

const MAY_BE_EMPTY = new Set(['properties', 'value', 'defaultvalue', 'accesspolicies', 'resources', 'outputs', 'variables', 'parameters']);
const DATA_FACTORY_AUTHORING = new Set(['annotations', 'userproperties', 'dependson', 'schema']);

function isBlank(v: unknown): boolean {
  return v === null || v === '' || (Array.isArray(v) && v.length === 0) || (isObject(v) && Object.keys(v).length === 0);
}

export const noBlankProperties: LintRule = {
  ...ruleCode(codes.HUB511),
  area: 'template',
  actor: 'maintainer',
  rationale: 'An empty value has a meaning of its own in a declarative template; leave the property out instead.',
  link: armTtk('properties-cant-be-empty'),
  check(ctx) {
    const t = ctx.template;
    if (!t) return [];
    const out: LintFinding[] = [];
    const scan = (value: unknown, base: JsonPath, inDataFactory: boolean, where?: string) =>
      walkJson(
        value,
        (v, path, key) => {
          if (typeof key !== 'string' || !isBlank(v)) return;
          const k = key.toLowerCase();
          if (MAY_BE_EMPTY.has(k) || isArmExpressionString(key) || key.startsWith('/subscriptions/')) return;
          if (inDataFactory && DATA_FACTORY_AUTHORING.has(k)) return;
          out.push({
            message: `${where ? `${where}: ` : ''}'${key}' is ${JSON.stringify(v)}`,
            hint: 'Leave the property out, or set it from a parameter.',
            location: ctx.templateAt(path),
            ...(where ? { where } : {}),
          });
        },
        base,
      );
    for (const r of ctx.resources) {
      const { dependsOn: _d, ...body } = r.json;
      const adf = /^microsoft\.datafactory\/factories\//i.test(r.type);
      scan(body, ['resources', r.index], adf, r.label);
    }
    scan(t.variables, ['variables'], false);
    scan(t.outputs, ['outputs'], false);
    return out;
  },
};
