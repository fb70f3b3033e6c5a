/**
 * The portal form's analytics engine choice (release behaviour `oneAnalyticsEngine`, src/model/analyticsEngines.ts):
 * one `Microsoft.Common.OptionsGroup` on Basics offering none (storage only) and each engine a module contributes
 * (`Contribution.formEngine`); each engine's elements show only while it is chosen, and each of its outputs sends
 * the contribution's `whenOff` value while another engine is. So the form never sends a value its parameter
 * cannot take: the public 14.0 form sends `''` for the int `fabricCapacityUnits` whenever Fabric is not chosen
 * (releases-0.9-14.md §1.6 "UI"; HUB711). Sources: "Microsoft.Common.OptionsGroup UI element" and the element
 * `visible` property (learn.microsoft.com/azure/azure-resource-manager/managed-applications/
 * microsoft-common-optionsgroup, create-uidefinition-elements).
 */
import { isDeepStrictEqual } from 'node:util';
import * as ui from '../../expressions/ui/index.js';
import { ANALYTICS_ENGINES, NO_ANALYTICS_ENGINE, type AnalyticsEngine } from '../../model/analyticsEngines.js';
import type { ArmParameter, FormContribution, FormEngineOption } from '../../modules/types.js';
import type { Value } from '../../modules/values.js';
import { isObject } from '../../util/json.js';

/** The name of the choice's element on Basics. */
export const ENGINE_CHOICE = 'analyticsEngine';

/** The label of the choice's option for no engine. */
const NONE_LABEL = 'None (storage only)';

/** Form expression: true while `engine` is chosen. */
export function engineChosen(engine: AnalyticsEngine): ui.UiExpr {
  return ui.equals(ui.basics(ENGINE_CHOICE), engine);
}

/**
 * The choice element: none first, then the engines in the order of `ANALYTICS_ENGINES`; it starts at the engine hub.yaml
 * chooses, else at none.
 * @throws Error when two options are chosen or two modules offer the same engine (hub.yaml's HUB270 and the
 *   module list keep both from happening)
 */
export function engineChoiceElement(contributed: readonly FormEngineOption[]): Record<string, unknown> {
  const options = [...contributed].sort((a, b) => ANALYTICS_ENGINES.indexOf(a.engine) - ANALYTICS_ENGINES.indexOf(b.engine));
  const chosen = options.filter((o) => o.chosen);
  if (chosen.length > 1) throw new Error(`the form's engine choice starts at ${chosen.map((o) => o.engine).join(' and ')} (expected at most one)`);
  if (new Set(options.map((o) => o.engine)).size !== options.length) throw new Error(`two modules offer the same analytics engine: ${options.map((o) => o.engine).join(', ')}`);
  return {
    name: ENGINE_CHOICE,
    type: 'Microsoft.Common.OptionsGroup',
    label: 'Analytics engine',
    defaultValue: chosen[0]?.label ?? NONE_LABEL,
    toolTip: `Where the hub sends its converted data beside its own storage: ${options.map((o) => o.label).join(', ')}, or none (Power BI reads the storage).`,
    constraints: {
      allowedValues: [{ label: NONE_LABEL, value: NO_ANALYTICS_ENGINE }, ...options.map((o) => ({ label: o.label, value: o.engine }))],
      required: true,
    },
  };
}

/** `and(<engine chosen>, <visible>)`, or the engine alone for an element always shown. */
function visibleWith(engine: AnalyticsEngine, element: Record<string, unknown>): Record<string, unknown> {
  const visible = element.visible;
  return { ...element, visible: visible === undefined || visible === true ? engineChosen(engine) : ui.and(engineChosen(engine), visible as ui.UiArg) };
}

/** Why a value is not one a parameter takes, or undefined when it is (type, allowed values, bounds). */
export function invalidFor(parameter: ArmParameter, value: Value | undefined): string | undefined {
  if (value === undefined) return 'no value';
  const fits: Record<ArmParameter['type'], (v: unknown) => boolean> = {
    string: (v) => typeof v === 'string',
    securestring: (v) => typeof v === 'string',
    int: (v) => typeof v === 'number' && Number.isInteger(v),
    bool: (v) => typeof v === 'boolean',
    object: isObject,
    secureObject: isObject,
    array: (v) => Array.isArray(v),
  };
  if (!fits[parameter.type](value)) return `${JSON.stringify(value)} is not a${parameter.type === 'int' ? 'n' : ''} ${parameter.type}`;
  if (parameter.allowedValues && !parameter.allowedValues.some((a) => isDeepStrictEqual(a, value))) return `${JSON.stringify(value)} is not an allowed value`;
  if (typeof value === 'number' && ((parameter.minValue !== undefined && value < parameter.minValue) || (parameter.maxValue !== undefined && value > parameter.maxValue))) {
    return `${value} is outside ${parameter.minValue ?? '-'}..${parameter.maxValue ?? '-'}`;
  }
  return undefined;
}

/**
 * An engine's form contribution in a form with the choice: its element and helpers shown only while the engine
 * is chosen, its output `if(<engine chosen>, <output>, <whenOff>)`.
 * @throws Error when `whenOff` is not a valid value of the parameter
 */
export function gatedByEngine(f: FormContribution & { engine: AnalyticsEngine }, parameter: ArmParameter, parameterName: string): FormContribution {
  const wrong = invalidFor(parameter, f.whenOff);
  if (wrong) throw new Error(`form output ${parameterName} (engine ${f.engine}) sends ${wrong} while another engine is chosen: whenOff must be a valid value of the parameter`);
  return {
    ...f,
    ...(f.element ? { element: visibleWith(f.engine, f.element) } : {}),
    ...(f.helpers ? { helpers: f.helpers.map((h) => visibleWith(f.engine, h)) } : {}),
    output: ui.if_(engineChosen(f.engine), f.output, isObject(f.whenOff) || Array.isArray(f.whenOff) ? ui.parseJson(f.whenOff) : (f.whenOff as ui.UiArg)),
  };
}
