/**
 * Typed builders for ARM template expressions. Every function returns an {@link Arm} value that can be
 * placed anywhere in a template JSON tree; it serializes to `"[...]"`.
 *
 * Function names and argument orders follow "ARM template functions"
 * (learn.microsoft.com/azure/azure-resource-manager/templates/template-functions).
 */
import { Arm, type ArmExpr } from './ast.js';
import { literalNode } from '../calls.js';

/** Anything a builder accepts as an argument: an expression or a plain literal. */
export type ArmArg = Arm | ArmExpr | string | number | boolean | null;

/** Converts a builder argument into an expression node. */
export function lit(value: ArmArg): ArmExpr {
  if (value instanceof Arm) return value.expr;
  if (value !== null && typeof value === 'object') return value;
  return literalNode(value);
}

/** Builds a call of any ARM function. Prefer the named helpers below. */
export function call(name: string, ...args: ArmArg[]): Arm {
  return new Arm({ kind: 'call', name, args: args.map(lit) });
}

/** `target.name` */
export function prop(target: ArmArg, ...names: string[]): Arm {
  let expr = lit(target);
  for (const name of names) expr = { kind: 'property', target: expr, name };
  return new Arm(expr);
}

/** `target[index]` */
export function at(target: ArmArg, index: ArmArg): Arm {
  return new Arm({ kind: 'index', target: lit(target), index: lit(index) });
}

// Deployment values
export const parameters = (name: string) => call('parameters', name);
export const variables = (name: string) => call('variables', name);
export const resourceGroup = () => call('resourceGroup');
export const subscription = () => call('subscription');
export const tenant = () => call('tenant');
export const environment = () => call('environment');
export const deployment = () => call('deployment');

// Resources
export const resourceId = (type: string, ...names: ArmArg[]) => call('resourceId', type, ...names);
export const subscriptionResourceId = (type: string, ...names: ArmArg[]) => call('subscriptionResourceId', type, ...names);
/** `reference(id, apiVersion[, 'Full'])` */
export const reference = (id: ArmArg, apiVersion?: string, full = false) =>
  full ? call('reference', id, apiVersion ?? null, 'Full') : apiVersion ? call('reference', id, apiVersion) : call('reference', id);
export const listKeys = (id: ArmArg, apiVersion: string) => call('listKeys', id, apiVersion);

// Strings
export const concat = (...args: ArmArg[]) => call('concat', ...args);
export const format = (template: string, ...args: ArmArg[]) => call('format', template, ...args);
export const toLower = (s: ArmArg) => call('toLower', s);
export const toUpper = (s: ArmArg) => call('toUpper', s);
export const replace = (s: ArmArg, from: ArmArg, to: ArmArg) => call('replace', s, from, to);
export const take = (s: ArmArg, count: ArmArg) => call('take', s, count);
export const skip = (s: ArmArg, count: ArmArg) => call('skip', s, count);
export const substring = (s: ArmArg, start: ArmArg, length?: ArmArg) => (length === undefined ? call('substring', s, start) : call('substring', s, start, length));
export const uniqueString = (...args: ArmArg[]) => call('uniqueString', ...args);
export const guid = (...args: ArmArg[]) => call('guid', ...args);
export const startsWith = (s: ArmArg, prefix: ArmArg) => call('startsWith', s, prefix);
export const endsWith = (s: ArmArg, suffix: ArmArg) => call('endsWith', s, suffix);
export const split = (s: ArmArg, delimiter: ArmArg) => call('split', s, delimiter);
export const last = (a: ArmArg) => call('last', a);
export const first = (a: ArmArg) => call('first', a);
export const length = (a: ArmArg) => call('length', a);
export const string = (a: ArmArg) => call('string', a);
export const json = (a: ArmArg) => call('json', a);
export const base64 = (a: ArmArg) => call('base64', a);
export const uri = (base: ArmArg, relative: ArmArg) => call('uri', base, relative);

// Logic and comparison
export const if_ = (condition: ArmArg, whenTrue: ArmArg, whenFalse: ArmArg) => call('if', condition, whenTrue, whenFalse);
export const equals = (a: ArmArg, b: ArmArg) => call('equals', a, b);
export const not = (a: ArmArg) => call('not', a);
export const and = (...args: ArmArg[]) => call('and', ...args);
export const or = (...args: ArmArg[]) => call('or', ...args);
export const empty = (a: ArmArg) => call('empty', a);
export const bool = (a: ArmArg) => call('bool', a);
export const int = (a: ArmArg) => call('int', a);
export const less = (a: ArmArg, b: ArmArg) => call('less', a, b);
export const greater = (a: ArmArg, b: ArmArg) => call('greater', a, b);
export const min = (...args: ArmArg[]) => call('min', ...args);
export const sub = (a: ArmArg, b: ArmArg) => call('sub', a, b);
export const max = (...args: ArmArg[]) => call('max', ...args);
export const contains = (container: ArmArg, item: ArmArg) => call('contains', container, item);
export const coalesce = (...args: ArmArg[]) => call('coalesce', ...args);

// Objects and arrays
export const union = (...args: ArmArg[]) => call('union', ...args);
export const createObject = (...keyValues: ArmArg[]) => call('createObject', ...keyValues);
export const createArray = (...items: ArmArg[]) => call('createArray', ...items);
export const tryGet = (obj: ArmArg, ...keys: ArmArg[]) => call('tryGet', obj, ...keys);
export const join = (a: ArmArg, delimiter: ArmArg) => call('join', a, delimiter);

// Networking
/** `cidrSubnet(network, newCIDR, subnetIndex)`: the subnetIndex-th /newCIDR block of `network`. */
export const cidrSubnet = (network: ArmArg, newCidr: ArmArg, index: ArmArg) => call('cidrSubnet', network, newCidr, index);

// Copy loops
export const copyIndex = (loopName?: string) => (loopName ? call('copyIndex', loopName) : call('copyIndex'));
