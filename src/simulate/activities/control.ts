/**
 * Control activities without inner activities: SetVariable, AppendVariable, Filter, Wait and Fail.
 * Sources: learn.microsoft.com/azure/data-factory/control-flow-set-variable-activity,
 * control-flow-append-variable-activity, control-flow-filter-activity, control-flow-wait-activity,
 * control-flow-fail-activity.
 */
import { adfToString } from '../../expressions/adf/evaluate.js';
import { expressionContext, registerActivity, childScope, type Scope } from '../engine.js';
import { ActivityFailure, evaluateDeep } from '../values.js';

/** Data Factory variable types and the JSON type a value of each must have. */
function checkVariableType(scope: Scope, name: string, value: unknown, activity: string): void {
  const key = Object.keys(scope.variables).find((k) => k.toLowerCase() === name.toLowerCase());
  if (key === undefined) throw new ActivityFailure('InvalidVariable', `The variable '${name}' set by '${activity}' is not declared by pipeline ${scope.run.pipeline}.`);
  const type = (scope.variableTypes[key] ?? 'String').toLowerCase();
  const ok =
    value === null ||
    (type === 'string' && typeof value === 'string') ||
    (type === 'bool' && typeof value === 'boolean') ||
    (type === 'boolean' && typeof value === 'boolean') ||
    (type === 'array' && Array.isArray(value)) ||
    (type === 'integer' && typeof value === 'number');
  if (!ok) {
    throw new ActivityFailure(
      'InvalidVariableType',
      `The variable '${key}' of type '${scope.variableTypes[key]}' cannot be set to a value of type '${Array.isArray(value) ? 'Array' : typeof value}'.`,
    );
  }
}

/** Finds the declared name of a variable (names are case-insensitive). */
function variableKey(scope: Scope, name: string): string {
  return Object.keys(scope.variables).find((k) => k.toLowerCase() === name.toLowerCase()) ?? name;
}

registerActivity('SetVariable', async (activity, scope, record) => {
  const tp = activity.typeProperties ?? {};
  const name = String(tp.variableName);
  const value = evaluateDeep(tp.value, expressionContext(scope));
  record.input = { variableName: name, value };
  checkVariableType(scope, name, value, activity.name);
  scope.variables[variableKey(scope, name)] = value;
  record.output = { name, value };
});

registerActivity('AppendVariable', async (activity, scope, record) => {
  const tp = activity.typeProperties ?? {};
  const name = String(tp.variableName);
  const value = evaluateDeep(tp.value, expressionContext(scope));
  record.input = { variableName: name, value };
  const key = variableKey(scope, name);
  if ((scope.variableTypes[key] ?? '').toLowerCase() !== 'array') {
    throw new ActivityFailure('InvalidVariableType', `AppendVariable needs an Array variable; '${name}' is ${scope.variableTypes[key] ?? 'not declared'}.`);
  }
  const current = Array.isArray(scope.variables[key]) ? (scope.variables[key] as unknown[]) : [];
  scope.variables[key] = [...current, value];
});

registerActivity('Filter', async (activity, scope, record) => {
  const tp = activity.typeProperties ?? {};
  const items = evaluateDeep(tp.items, expressionContext(scope));
  if (!Array.isArray(items)) throw new ActivityFailure('InvalidTemplate', `The items of Filter '${activity.name}' must be an array, got ${adfToString(items)}.`);
  const kept: unknown[] = [];
  for (const item of items) {
    const keep = evaluateDeep(tp.condition, expressionContext(childScope(scope, item)));
    if (typeof keep !== 'boolean') throw new ActivityFailure('InvalidTemplate', `The condition of Filter '${activity.name}' must give true or false, got ${adfToString(keep)}.`);
    if (keep) kept.push(item);
  }
  record.input = { items };
  record.output = { ItemsCount: items.length, FilteredItemsCount: kept.length, Value: kept };
});

registerActivity('Wait', async (activity, scope, record) => {
  const seconds = Number(evaluateDeep(activity.typeProperties?.waitTimeInSeconds, expressionContext(scope)) ?? 0);
  record.input = { waitTimeInSeconds: seconds };
  record.notes = [`waits ${seconds} s (not slept; the simulated clock advances)`];
  scope.engine.waitedSeconds += seconds;
});

registerActivity('Fail', async (activity, scope, record) => {
  const ctx = expressionContext(scope);
  const message = adfToString(evaluateDeep(activity.typeProperties?.message, ctx));
  const errorCode = adfToString(evaluateDeep(activity.typeProperties?.errorCode, ctx));
  record.input = { errorCode, message };
  throw new ActivityFailure(errorCode, message);
});
