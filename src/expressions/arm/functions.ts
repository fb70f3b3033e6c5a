/**
 * The ARM template function library used by the evaluator (`./evaluate.ts`) and the reference checker:
 * which built-in functions exist, how many arguments they take, and how the deterministic ones compute
 * their values (ARM semantics: function names are case-insensitive, integers only, property names on
 * objects are case-insensitive).
 *
 * Sources: "ARM template functions" and its sub-pages (string, array, object, comparison, logical,
 * numeric, deployment, resource, scope, lambda, CIDR functions) on
 * learn.microsoft.com/azure/azure-resource-manager/templates/template-functions*.
 *
 * Partial evaluation works on {@link Folded} values: fully known values, residual expressions, and
 * objects/arrays that are known in shape but have unknown members.
 */
import { createHash } from 'node:crypto';
import type { ArmCall, ArmExpr } from './ast.js';

/** A JSON value as ARM expressions compute it (numbers are integers except values read with `json()`). */
export type ArmValue = string | number | boolean | null | ArmValue[] | { [key: string]: ArmValue };

/** An expression cannot be evaluated: wrong types, out-of-range arguments, unknown functions, etc. */
export class ArmEvalError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ArmEvalError';
  }
}

/**
 * Result of folding an expression. `v`: fully known value. `x`: unknown; `e` is the residual expression.
 * `o`/`a`: an object/array whose shape is known but some members are not (`open` objects may also have
 * unknown extra properties); `e`, when set, is the expression to print when the whole value is needed.
 * Never `o`/`a` when everything is known (constructors normalize to `v`).
 */
export type Folded =
  | { t: 'v'; v: ArmValue }
  | { t: 'x'; e: ArmExpr }
  | { t: 'o'; fields: Map<string, { key: string; f: Folded }>; open: boolean; e?: ArmExpr }
  | { t: 'a'; items: Folded[]; e?: ArmExpr };

/** What a function implementation can ask of the evaluator. */
export interface EvalHost {
  /** Folds an expression in the current scope. */
  fold(expr: ArmExpr): Folded;
  /** Value of `parameters(name)`. */
  parameter(name: string, call: ArmCall): Folded;
  /** Value of `variables(name)`. */
  variable(name: string, call: ArmCall): Folded;
  /** Value of `lambdaVariables(name)` (unknown outside a lambda being evaluated). */
  lambdaVariable(name: string, call: ArmCall): Folded;
  /** Runs `fn` with a host whose lambda variables include `bindings`. */
  withLambda<T>(bindings: Record<string, Folded>, fn: (inner: EvalHost) => T): T;
  /** Calls a user-defined function `namespace.member`. */
  userFunction(call: ArmCall, args: Folded[]): Folded;
  /** Deployment context. */
  readonly deployment: DeploymentInfo;
}

/** Deployment values the scope functions read; absent = unknown until deployment. */
export interface DeploymentInfo {
  subscriptionId?: string;
  tenantId?: string;
  subscriptionDisplayName?: string;
  resourceGroup?: { name?: string; location?: string; id?: string; tags?: Record<string, string> };
  deploymentName?: string;
  environment?: Record<string, ArmValue>;
  /** Current copy loop index: a number for the innermost loop or a map by loop name. */
  copyIndex?: number | Record<string, number>;
}

/**
 * The AzureCloud `environment()` object (learn.microsoft.com/azure/azure-resource-manager/templates/
 * template-functions-deployment#environment). Endpoints end with `/` where ARM returns them that way.
 */
export const AZURE_CLOUD_ENVIRONMENT: { [key: string]: ArmValue } = {
  name: 'AzureCloud',
  gallery: 'https://gallery.azure.com/',
  graph: 'https://graph.windows.net/',
  portal: 'https://portal.azure.com',
  graphAudience: 'https://graph.windows.net/',
  activeDirectoryDataLake: 'https://datalake.azure.net/',
  batch: 'https://batch.core.windows.net/',
  media: 'https://rest.media.azure.net',
  sqlManagement: 'https://management.core.windows.net:8443/',
  vmImageAliasDoc: 'https://raw.githubusercontent.com/Azure/azure-rest-api-specs/master/arm-compute/quickstart-templates/aliases.json',
  resourceManager: 'https://management.azure.com/',
  authentication: {
    loginEndpoint: 'https://login.microsoftonline.com/',
    audiences: ['https://management.core.windows.net/', 'https://management.azure.com/'],
    tenant: 'common',
    identityProvider: 'AAD',
  },
  suffixes: {
    acrLoginServer: '.azurecr.io',
    azureDatalakeAnalyticsCatalogAndJob: 'azuredatalakeanalytics.net',
    azureDatalakeStoreFileSystem: 'azuredatalakestore.net',
    azureFrontDoorEndpointSuffix: 'azurefd.net',
    keyvaultDns: '.vault.azure.net',
    sqlServerHostname: '.database.windows.net',
    storage: 'core.windows.net',
  },
};

// ---------------------------------------------------------------------------------------------
// Folded value helpers

const call = (name: string, ...args: ArmExpr[]): ArmExpr => ({ kind: 'call', name, args });
const str = (value: string): ArmExpr => ({ kind: 'string', value });

/** A known value. */
export const known = (v: ArmValue): Folded => ({ t: 'v', v });
/** An unknown value with its residual expression. */
export const unknown = (e: ArmExpr): Folded => ({ t: 'x', e });

/** True for a plain JSON object (not an array, not null). */
export function isObject(v: unknown): v is { [key: string]: ArmValue } {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Builds a folded object from fields; normalizes to a known value when every field is known and the
 * object is closed.
 */
export function foldedObject(entries: [string, Folded][], open = false, e?: ArmExpr): Folded {
  const fields = new Map<string, { key: string; f: Folded }>();
  for (const [key, f] of entries) {
    fields.delete(key.toLowerCase());
    fields.set(key.toLowerCase(), { key, f });
  }
  if (!open && [...fields.values()].every((x) => x.f.t === 'v')) {
    const out: { [key: string]: ArmValue } = {};
    for (const { key, f } of fields.values()) out[key] = (f as { v: ArmValue }).v;
    return known(out);
  }
  return { t: 'o', fields, open, e };
}

/** Builds a folded array; normalizes to a known value when every item is known. */
export function foldedArray(items: Folded[], e?: ArmExpr): Folded {
  if (items.every((x) => x.t === 'v')) return known(items.map((x) => (x as { v: ArmValue }).v));
  return { t: 'a', items, e };
}

/**
 * Expression text for a known value. Booleans and null become `true()`, `false()`, `null()` (ARM has no
 * bare literals for them), arrays `createArray(...)`, objects `createObject(...)`, fractions `json('1.5')`.
 */
export function valueToExpr(v: ArmValue): ArmExpr {
  if (v === null) return call('null');
  if (typeof v === 'boolean') return call(v ? 'true' : 'false');
  if (typeof v === 'number') return Number.isInteger(v) ? { kind: 'number', value: v } : call('json', str(String(v)));
  if (typeof v === 'string') return str(v);
  if (Array.isArray(v)) return call('createArray', ...v.map(valueToExpr));
  return call('createObject', ...Object.entries(v).flatMap(([k, x]) => [str(k), valueToExpr(x)]));
}

/** The expression for a folded value (a residual when anything is unknown). */
export function toExpr(f: Folded): ArmExpr {
  switch (f.t) {
    case 'v':
      return valueToExpr(f.v);
    case 'x':
      return f.e;
    case 'o':
      if (f.e) return f.e;
      return call('createObject', ...[...f.fields.values()].flatMap(({ key, f: x }) => [str(key), toExpr(x)]));
    case 'a':
      return f.e ?? call('createArray', ...f.items.map(toExpr));
  }
}

/** Residual call `name(args)` with folded arguments. */
export function residualCall(name: string, args: Folded[]): Folded {
  return unknown(call(name, ...args.map(toExpr)));
}

/** Looks a property up case-insensitively (exact match first). */
export function getProperty(obj: { [key: string]: ArmValue }, name: string): ArmValue | undefined {
  if (Object.prototype.hasOwnProperty.call(obj, name)) return obj[name];
  const lower = name.toLowerCase();
  for (const k of Object.keys(obj)) if (k.toLowerCase() === lower) return obj[k];
  return undefined;
}

/** ARM type name of a value, for error messages. */
export function typeName(v: ArmValue): string {
  if (v === null) return 'Null';
  if (Array.isArray(v)) return 'Array';
  if (typeof v === 'string') return 'String';
  if (typeof v === 'number') return Number.isInteger(v) ? 'Integer' : 'Float';
  if (typeof v === 'boolean') return 'Boolean';
  return 'Object';
}

/** Deep equality (ARM `equals`): same type, same values; object keys compared case-sensitively. */
export function deepEqual(a: ArmValue, b: ArmValue): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => deepEqual(x, b[i]));
  if (isObject(a)) {
    if (!isObject(b)) return false;
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    return ka.length === kb.length && ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && deepEqual(a[k], b[k]));
  }
  return false;
}

/**
 * ARM's text form of a value, as `string()` returns it: strings unchanged, booleans `True`/`False`
 * (.NET casing), null as empty text, arrays and objects as compact JSON.
 */
export function armToString(v: ArmValue): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'boolean') return v ? 'True' : 'False';
  if (v === null) return '';
  if (typeof v === 'number') return String(v);
  return JSON.stringify(v);
}

// ---------------------------------------------------------------------------------------------
// Argument checks

function fail(fn: string, message: string): never {
  throw new ArmEvalError(`${fn}: ${message}`);
}
function asString(fn: string, v: ArmValue, what = 'argument'): string {
  if (typeof v !== 'string') fail(fn, `${what} must be a string, got ${typeName(v)}`);
  return v;
}
function asInt(fn: string, v: ArmValue, what = 'argument'): number {
  if (typeof v !== 'number' || !Number.isInteger(v)) fail(fn, `${what} must be an integer, got ${typeName(v)}`);
  return v;
}
function asBool(fn: string, v: ArmValue, what = 'argument'): boolean {
  if (typeof v !== 'boolean') fail(fn, `${what} must be a boolean, got ${typeName(v)}`);
  return v;
}
function asArray(fn: string, v: ArmValue, what = 'argument'): ArmValue[] {
  if (!Array.isArray(v)) fail(fn, `${what} must be an array, got ${typeName(v)}`);
  return v;
}
function asObject(fn: string, v: ArmValue, what = 'argument'): { [key: string]: ArmValue } {
  if (!isObject(v)) fail(fn, `${what} must be an object, got ${typeName(v)}`);
  return v;
}
/** Scalars that string-building functions accept: strings, integers, booleans. */
function scalarText(fn: string, v: ArmValue): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return armToString(v);
  if (v === null) return '';
  fail(fn, `expected a string, got ${typeName(v)}`);
}

// ---------------------------------------------------------------------------------------------
// uniqueString and guid

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/**
 * The 64-bit MurmurHash variant ARM's `uniqueString` uses: a two-lane reduction of MurmurHash3 x86
 * (constants 0x239b961b, 0xab0e9789; 8-byte blocks; seed 0) over the UTF-8 bytes.
 * @returns the hash as an unsigned 64-bit bigint
 */
export function armMurmurHash64(data: Uint8Array): bigint {
  const C1 = 0x239b961b;
  const C2 = 0xab0e9789;
  const rotl = (x: number, r: number) => ((x << r) | (x >>> (32 - r))) >>> 0;
  const word = (i: number, n: number) => {
    let w = 0;
    for (let k = n - 1; k >= 0; k--) w = ((w << 8) | data[i + k]) >>> 0;
    return w;
  };
  const mixK1 = (k: number) => Math.imul(rotl(Math.imul(k, C1) >>> 0, 15), C2) >>> 0;
  const mixK2 = (k: number) => Math.imul(rotl(Math.imul(k, C2) >>> 0, 17), C1) >>> 0;
  const fmix = (h: number) => {
    h = Math.imul(h ^ (h >>> 16), 0x85ebca6b) >>> 0;
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0;
    return (h ^ (h >>> 16)) >>> 0;
  };
  const len = data.length;
  let h1 = 0;
  let h2 = 0;
  let i = 0;
  for (; i + 8 <= len; i += 8) {
    h1 = (h1 ^ mixK1(word(i, 4))) >>> 0;
    h1 = (rotl(h1, 19) + h2) >>> 0;
    h1 = (Math.imul(h1, 5) + 0x561ccd1b) >>> 0;
    h2 = (h2 ^ mixK2(word(i + 4, 4))) >>> 0;
    h2 = (rotl(h2, 13) + h1) >>> 0;
    h2 = (Math.imul(h2, 5) + 0x0bcaa747) >>> 0;
  }
  const rest = len - i;
  if (rest > 0) {
    h1 = (h1 ^ mixK1(word(i, Math.min(rest, 4)))) >>> 0;
    if (rest > 4) h2 = (h2 ^ mixK2(word(i + 4, rest - 4))) >>> 0;
  }
  h1 = (h1 ^ len) >>> 0;
  h2 = (h2 ^ len) >>> 0;
  h1 = (h1 + h2) >>> 0;
  h2 = (h2 + h1) >>> 0;
  h1 = fmix(h1);
  h2 = fmix(h2);
  h1 = (h1 + h2) >>> 0;
  h2 = (h2 + h1) >>> 0;
  return (BigInt(h2) << 32n) | BigInt(h1);
}

/**
 * ARM `uniqueString(args...)`: the arguments joined with `-`, hashed with {@link armMurmurHash64}, and
 * written as 13 base-32 characters (`a-z`, `2-7`), most significant 5 bits first.
 * Example (published): `uniqueString('hello', 'world')` = `a7wkljktk6wne`.
 */
export function armUniqueString(...args: string[]): string {
  let h = armMurmurHash64(new TextEncoder().encode(args.join('-')));
  let out = '';
  for (let n = 0; n < 13; n++) {
    out += BASE32[Number(h >> 59n)];
    h = (h << 5n) & 0xffffffffffffffffn;
  }
  return out;
}

/** Namespace UUID of ARM's `guid()`. */
export const ARM_GUID_NAMESPACE = '11fb06fb-712d-4ddd-98c7-e71bbd588830';

/**
 * ARM `guid(args...)`: a name-based UUID version 5 (RFC 4122 §4.3, SHA-1) in the namespace
 * {@link ARM_GUID_NAMESPACE} over the UTF-8 bytes of the arguments joined with `-`; lowercase text.
 */
export function armGuid(...args: string[]): string {
  const ns = Buffer.from(ARM_GUID_NAMESPACE.replace(/-/g, ''), 'hex');
  const digest = createHash('sha1').update(ns).update(Buffer.from(args.join('-'), 'utf8')).digest();
  const b = digest.subarray(0, 16);
  b[6] = (b[6] & 0x0f) | 0x50;
  b[8] = (b[8] & 0x3f) | 0x80;
  const hex = b.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

// ---------------------------------------------------------------------------------------------
// CIDR functions (learn.microsoft.com/azure/azure-resource-manager/templates/template-functions-cidr)

interface Cidr {
  v6: boolean;
  bits: number; // 32 or 128
  prefix: number;
  network: bigint; // masked
}

function parseIPv4(fn: string, text: string): bigint {
  const parts = text.split('.');
  if (parts.length !== 4 || parts.some((p) => !/^\d{1,3}$/.test(p) || Number(p) > 255)) fail(fn, `'${text}' is not an IPv4 address`);
  return parts.reduce((acc, p) => (acc << 8n) | BigInt(Number(p)), 0n);
}

function parseIPv6(fn: string, text: string): bigint {
  const bad = () => fail(fn, `'${text}' is not an IPv6 address`);
  let groups: string[];
  const dbl = text.split('::');
  if (dbl.length > 2) bad();
  const head = dbl[0] ? dbl[0].split(':') : [];
  const tail = dbl.length === 2 && dbl[1] ? dbl[1].split(':') : [];
  let extra: bigint[] = [];
  const last = (tail.length ? tail : head).at(-1);
  if (last && last.includes('.')) {
    const v4 = parseIPv4(fn, last);
    extra = [v4 >> 16n, v4 & 0xffffn];
    (tail.length ? tail : head).pop();
  }
  if (dbl.length === 2) {
    const fill = 8 - head.length - tail.length - extra.length;
    if (fill < 1) bad();
    groups = [...head, ...Array(fill).fill('0'), ...tail];
  } else {
    groups = head;
    if (groups.length + extra.length !== 8) bad();
  }
  let value = 0n;
  for (const g of groups) {
    if (!/^[0-9a-fA-F]{1,4}$/.test(g)) bad();
    value = (value << 16n) | BigInt(parseInt(g, 16));
  }
  for (const g of extra) value = (value << 16n) | g;
  return value;
}

function formatIPv4(v: bigint): string {
  return [24n, 16n, 8n, 0n].map((s) => String((v >> s) & 0xffn)).join('.');
}

function formatIPv6(v: bigint): string {
  const groups: number[] = [];
  for (let s = 112n; s >= 0n; s -= 16n) groups.push(Number((v >> s) & 0xffffn));
  // Longest run of two or more zero groups becomes "::" (RFC 5952).
  let best = -1;
  let bestLen = 1;
  for (let i = 0; i < 8; ) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLen) {
      best = i;
      bestLen = j - i;
    }
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (best < 0) return hex.join(':');
  return `${hex.slice(0, best).join(':')}::${hex.slice(best + bestLen).join(':')}`;
}

function parseCidrText(fn: string, text: string): Cidr {
  const m = /^([^/]+)\/(\d{1,3})$/.exec(text.trim());
  if (!m) fail(fn, `'${text}' is not in CIDR notation (address/prefix)`);
  const v6 = m[1].includes(':');
  const bits = v6 ? 128 : 32;
  const prefix = Number(m[2]);
  if (prefix > bits) fail(fn, `prefix length ${prefix} is larger than ${bits}`);
  const addr = v6 ? parseIPv6(fn, m[1]) : parseIPv4(fn, m[1]);
  const hostBits = BigInt(bits - prefix);
  const network = (addr >> hostBits) << hostBits;
  return { v6, bits, prefix, network };
}

const formatIp = (c: { v6: boolean }, v: bigint) => (c.v6 ? formatIPv6(v) : formatIPv4(v));

/**
 * ARM `parseCidr(network)`: `{ network, netmask, broadcast (IPv4 only), firstUsable, lastUsable, cidr }`.
 * For IPv4 the first usable address is network+1 and the last is broadcast-1 (network/broadcast
 * themselves for /31 and /32); for IPv6 the range is the whole block.
 */
export function armParseCidr(text: string): { [key: string]: ArmValue } {
  const c = parseCidrText('parseCidr', text);
  const size = 1n << BigInt(c.bits - c.prefix);
  const all = (1n << BigInt(c.bits)) - 1n;
  const netmask = all ^ (size - 1n);
  const last = c.network + size - 1n;
  if (c.v6) {
    return { network: formatIp(c, c.network), netmask: formatIp(c, netmask), firstUsable: formatIp(c, c.network), lastUsable: formatIp(c, last), cidr: c.prefix };
  }
  const tiny = c.prefix >= 31;
  return {
    network: formatIp(c, c.network),
    netmask: formatIp(c, netmask),
    broadcast: formatIp(c, last),
    firstUsable: formatIp(c, tiny ? c.network : c.network + 1n),
    lastUsable: formatIp(c, tiny ? last : last - 1n),
    cidr: c.prefix,
  };
}

/**
 * ARM `cidrSubnet(network, newCIDR, subnetIndex)`: the `subnetIndex`-th block of size `/newCIDR`
 * inside `network`, e.g. `cidrSubnet('10.20.30.0/26', 28, 1)` = `10.20.30.16/28`.
 * @throws ArmEvalError when newCIDR is smaller than the network prefix or the index is out of range
 */
export function armCidrSubnet(network: string, newCidr: number, index: number): string {
  const c = parseCidrText('cidrSubnet', network);
  if (newCidr < c.prefix || newCidr > c.bits) fail('cidrSubnet', `newCIDR ${newCidr} must be between ${c.prefix} and ${c.bits}`);
  const count = 1n << BigInt(newCidr - c.prefix);
  if (index < 0 || BigInt(index) >= count) fail('cidrSubnet', `subnetIndex ${index} is out of range 0..${count - 1n}`);
  const start = c.network + (BigInt(index) << BigInt(c.bits - newCidr));
  return `${formatIp(c, start)}/${newCidr}`;
}

/**
 * ARM `cidrHost(network, hostIndex)`: the usable host address `hostIndex` (0-based) of `network`,
 * i.e. network address + 1 + hostIndex.
 */
export function armCidrHost(network: string, index: number): string {
  const c = parseCidrText('cidrHost', network);
  const size = 1n << BigInt(c.bits - c.prefix);
  const host = c.network + 1n + BigInt(index);
  const limit = c.v6 ? c.network + size - 1n : c.network + size - 2n;
  if (index < 0 || host > limit) fail('cidrHost', `hostIndex ${index} is outside ${network}`);
  return formatIp(c, host);
}

// ---------------------------------------------------------------------------------------------
// Resource IDs

/** `Namespace/type1/name1/type2/name2` for a type and its names. */
export function providerPath(fn: string, type: string, names: string[]): string {
  const segs = type.split('/');
  const nameSegs = names.flatMap((n) => n.split('/'));
  if (segs.length < 2 || segs.some((s) => !s)) fail(fn, `'${type}' is not a resource type`);
  if (nameSegs.length !== segs.length - 1) fail(fn, `resource type '${type}' needs ${segs.length - 1} name segment(s), got ${nameSegs.length}`);
  let out = `${segs[0]}/${segs[1]}/${nameSegs[0]}`;
  for (let i = 2; i < segs.length; i++) out += `/${segs[i]}/${nameSegs[i - 1]}`;
  return out;
}

/** Index of the resource type among the leading arguments of `resourceId`-style functions, or -1. */
export function resourceTypeIndex(args: Folded[], maxPrefix: number): number {
  for (let i = 0; i <= maxPrefix && i < args.length; i++) {
    const a = args[i];
    if (a.t === 'v' && typeof a.v === 'string' && a.v.includes('/')) return i;
    if (a.t !== 'x' && !(a.t === 'v' && typeof a.v === 'string')) return -1;
  }
  return -1;
}

// ---------------------------------------------------------------------------------------------
// The function table

/** One built-in function. */
export interface ArmFunctionDef {
  /** Minimum and maximum argument counts. */
  min: number;
  max: number;
  /** Implementation over fully known arguments. */
  fn?: (args: ArmValue[], host: EvalHost) => ArmValue;
  /** Partial-aware implementation over folded arguments; `undefined` = fall back. */
  partial?: (args: Folded[], host: EvalHost, call: ArmCall) => Folded | undefined;
  /** Implementation that folds its own arguments (lazy: `if`, `coalesce`, lambdas...). */
  lazy?: (call: ArmCall, host: EvalHost) => Folded;
}

const INF = Number.POSITIVE_INFINITY;
const table = new Map<string, ArmFunctionDef>();
function def(name: string, min: number, max: number, impl: Omit<ArmFunctionDef, 'min' | 'max'> = {}): void {
  table.set(name.toLowerCase(), { min, max, ...impl });
}

const allKnown = (fs: Folded[]): fs is { t: 'v'; v: ArmValue }[] => fs.every((f) => f.t === 'v');

// Strings ---------------------------------------------------------------------------------------
def('base64', 1, 1, { fn: ([s]) => Buffer.from(asString('base64', s), 'utf8').toString('base64') });
def('base64ToString', 1, 1, { fn: ([s]) => Buffer.from(asString('base64ToString', s), 'base64').toString('utf8') });
def('base64ToJson', 1, 1, { fn: ([s]) => parseJsonText('base64ToJson', Buffer.from(asString('base64ToJson', s), 'base64').toString('utf8')) });
def('dataUri', 1, 1, { fn: ([s]) => `data:text/plain;charset=utf8;base64,${Buffer.from(asString('dataUri', s), 'utf8').toString('base64')}` });
def('dataUriToString', 1, 1, {
  fn: ([s]) => {
    const text = asString('dataUriToString', s);
    const m = /^data:[^,]*?(;base64)?,(.*)$/s.exec(text);
    if (!m) fail('dataUriToString', 'argument is not a data URI');
    return m[1] ? Buffer.from(m[2], 'base64').toString('utf8') : decodeURIComponent(m[2]);
  },
});
def('concat', 1, INF, {
  fn: (args) => {
    if (args.every(Array.isArray)) return (args as ArmValue[][]).flat(1);
    if (args.some(Array.isArray)) fail('concat', 'arguments must be all strings or all arrays');
    return args.map((a) => scalarText('concat', a)).join('');
  },
  partial: (args) => {
    if (allKnown(args)) return undefined;
    // Arrays of known length: concatenate the items.
    if (args.every((a) => a.t === 'a' || (a.t === 'v' && Array.isArray(a.v)))) {
      return foldedArray(args.flatMap((a) => (a.t === 'a' ? a.items : (a as { v: ArmValue[] }).v.map(known))));
    }
    // Strings: merge adjacent known pieces.
    if (!args.some((a) => a.t === 'v' && typeof a.v === 'string')) return undefined;
    const out: Folded[] = [];
    for (const a of args) {
      const prev = out.at(-1);
      if (a.t === 'v' && (typeof a.v === 'string' || typeof a.v === 'number') && prev?.t === 'v') {
        out[out.length - 1] = known(scalarText('concat', prev.v) + scalarText('concat', a.v));
      } else if (a.t === 'v' && typeof a.v === 'number') {
        out.push(known(String(a.v)));
      } else {
        out.push(a);
      }
    }
    return residualCall('concat', out);
  },
});
def('format', 1, INF, { fn: ([f, ...rest]) => formatNet(asString('format', f, 'format string'), rest) });
def('toLower', 1, 1, { fn: ([s]) => asString('toLower', s).toLowerCase() });
def('toUpper', 1, 1, { fn: ([s]) => asString('toUpper', s).toUpperCase() });
def('trim', 1, 1, { fn: ([s]) => asString('trim', s).trim() });
def('replace', 3, 3, {
  fn: ([s, a, b]) => {
    const from = asString('replace', a, 'oldString');
    if (!from) fail('replace', 'oldString must not be empty');
    return asString('replace', s, 'originalString').split(from).join(asString('replace', b, 'newString'));
  },
});
def('take', 2, 2, {
  fn: ([v, n]) => {
    const count = Math.max(0, asInt('take', n, 'numberToTake'));
    if (Array.isArray(v)) return v.slice(0, count);
    return asString('take', v, 'originalValue').slice(0, count);
  },
  partial: ([v, n]) => (v.t === 'a' && n.t === 'v' ? foldedArray(v.items.slice(0, Math.max(0, asInt('take', n.v)))) : undefined),
});
def('skip', 2, 2, {
  fn: ([v, n]) => {
    const count = Math.max(0, asInt('skip', n, 'numberToSkip'));
    if (Array.isArray(v)) return v.slice(count);
    return asString('skip', v, 'originalValue').slice(count);
  },
  partial: ([v, n]) => (v.t === 'a' && n.t === 'v' ? foldedArray(v.items.slice(Math.max(0, asInt('skip', n.v)))) : undefined),
});
def('substring', 2, 3, {
  fn: ([s, a, b]) => {
    const text = asString('substring', s, 'stringToParse');
    const start = asInt('substring', a, 'startIndex');
    const len = b === undefined ? text.length - start : asInt('substring', b, 'length');
    if (start < 0 || start > text.length) fail('substring', `startIndex ${start} is outside the string (length ${text.length})`);
    if (len < 0 || start + len > text.length) fail('substring', `length ${len} from ${start} runs past the end of the string (length ${text.length})`);
    return text.substring(start, start + len);
  },
});
def('padLeft', 2, 3, {
  fn: ([v, n, c]) => {
    const text = typeof v === 'number' ? String(v) : asString('padLeft', v, 'valueToPad');
    const pad = c === undefined ? ' ' : asString('padLeft', c, 'paddingCharacter');
    if (pad.length !== 1) fail('padLeft', 'paddingCharacter must be one character');
    return text.padStart(asInt('padLeft', n, 'totalLength'), pad);
  },
});
def('split', 2, 2, {
  fn: ([s, d]) => {
    const text = asString('split', s, 'inputString');
    const delims = Array.isArray(d) ? d.map((x) => asString('split', x, 'delimiter')) : [asString('split', d, 'delimiter')];
    const nonEmpty = delims.filter(Boolean);
    if (!nonEmpty.length) return [text];
    return text.split(new RegExp(nonEmpty.map((x) => x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')));
  },
});
def('startsWith', 2, 2, { fn: ([s, p]) => asString('startsWith', s).toLowerCase().startsWith(asString('startsWith', p).toLowerCase()) });
def('endsWith', 2, 2, { fn: ([s, p]) => asString('endsWith', s).toLowerCase().endsWith(asString('endsWith', p).toLowerCase()) });
def('indexOf', 2, 2, {
  fn: ([s, p]) => {
    if (Array.isArray(s)) return s.findIndex((x) => deepEqual(x, p));
    return asString('indexOf', s).toLowerCase().indexOf(asString('indexOf', p).toLowerCase());
  },
});
def('lastIndexOf', 2, 2, {
  fn: ([s, p]) => {
    if (Array.isArray(s)) {
      for (let i = s.length - 1; i >= 0; i--) if (deepEqual(s[i], p)) return i;
      return -1;
    }
    return asString('lastIndexOf', s).toLowerCase().lastIndexOf(asString('lastIndexOf', p).toLowerCase());
  },
});
def('string', 1, 1, { fn: ([v]) => armToString(v) });
def('json', 1, 1, { fn: ([s]) => parseJsonText('json', asString('json', s)) });
def('uri', 2, 2, {
  fn: ([b, r]) => {
    try {
      return new URL(asString('uri', r, 'relativeUri'), asString('uri', b, 'baseUri')).toString();
    } catch (e) {
      if (e instanceof ArmEvalError) throw e;
      fail('uri', `cannot combine '${String(b)}' and '${String(r)}'`);
    }
  },
});
def('uriComponent', 1, 1, {
  fn: ([s]) => encodeURIComponent(asString('uriComponent', s)).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`),
});
def('uriComponentToString', 1, 1, { fn: ([s]) => decodeURIComponent(asString('uriComponentToString', s)) });
def('uniqueString', 1, INF, { fn: (args) => armUniqueString(...args.map((a) => asString('uniqueString', a))) });
def('guid', 1, INF, { fn: (args) => armGuid(...args.map((a) => asString('guid', a))) });
def('newGuid', 0, 0);
def('utcNow', 0, 1);

// Arrays and objects -----------------------------------------------------------------------------
def('array', 1, 1, { fn: ([v]) => (Array.isArray(v) ? v : [v]) });
def('createArray', 0, INF, { fn: (args) => args, partial: (args) => foldedArray(args) });
def('createObject', 0, INF, {
  fn: (args) => {
    if (args.length % 2) fail('createObject', 'needs an even number of arguments (key, value, ...)');
    const out: { [key: string]: ArmValue } = {};
    for (let i = 0; i < args.length; i += 2) out[asString('createObject', args[i], 'key')] = args[i + 1];
    return out;
  },
  partial: (args) => {
    if (args.length % 2) fail('createObject', 'needs an even number of arguments (key, value, ...)');
    const entries: [string, Folded][] = [];
    for (let i = 0; i < args.length; i += 2) {
      const k = args[i];
      if (k.t !== 'v') return undefined;
      entries.push([asString('createObject', k.v, 'key'), args[i + 1]]);
    }
    return foldedObject(entries);
  },
});
def('length', 1, 1, {
  fn: ([v]) => {
    if (typeof v === 'string' || Array.isArray(v)) return v.length;
    return Object.keys(asObject('length', v)).length;
  },
  partial: ([v]) => (v.t === 'a' ? known(v.items.length) : v.t === 'o' && !v.open ? known(v.fields.size) : undefined),
});
def('empty', 1, 1, {
  fn: ([v]) => {
    if (v === null) return true;
    if (typeof v === 'string' || Array.isArray(v)) return v.length === 0;
    return Object.keys(asObject('empty', v)).length === 0;
  },
  partial: ([v]) => (v.t === 'a' ? known(v.items.length === 0) : v.t === 'o' && v.fields.size > 0 ? known(false) : undefined),
});
def('contains', 2, 2, {
  fn: ([c, item]) => {
    if (typeof c === 'string') return c.includes(scalarText('contains', item));
    if (Array.isArray(c)) return c.some((x) => deepEqual(x, item));
    return getProperty(asObject('contains', c, 'container'), scalarText('contains', item)) !== undefined;
  },
  partial: ([c, item]) => {
    if (c.t === 'o' && item.t === 'v' && typeof item.v === 'string') {
      if (c.fields.has(item.v.toLowerCase())) return known(true);
      return c.open ? undefined : known(false);
    }
    return undefined;
  },
});
def('first', 1, 1, {
  fn: ([v]) => (typeof v === 'string' ? v.slice(0, 1) : (asArray('first', v)[0] ?? null)),
  partial: ([v]) => (v.t === 'a' ? (v.items[0] ?? known(null)) : undefined),
});
def('last', 1, 1, {
  fn: ([v]) => (typeof v === 'string' ? v.slice(-1) : (asArray('last', v).at(-1) ?? null)),
  partial: ([v]) => (v.t === 'a' ? (v.items.at(-1) ?? known(null)) : undefined),
});
def('join', 2, 2, { fn: ([a, d]) => asArray('join', a).map((x) => scalarText('join', x)).join(asString('join', d, 'delimiter')) });
def('range', 2, 2, {
  fn: ([s, n]) => {
    const start = asInt('range', s, 'startIndex');
    const count = asInt('range', n, 'count');
    if (count < 0 || count > 10000) fail('range', 'count must be between 0 and 10000');
    return Array.from({ length: count }, (_, i) => start + i);
  },
});
def('min', 1, INF, { fn: (args) => numbers('min', args).reduce((a, b) => Math.min(a, b)) });
def('max', 1, INF, { fn: (args) => numbers('max', args).reduce((a, b) => Math.max(a, b)) });
def('union', 1, INF, {
  fn: (args) => {
    if (args.every(Array.isArray)) {
      const out: ArmValue[] = [];
      for (const a of args as ArmValue[][]) for (const x of a) if (!out.some((y) => deepEqual(x, y))) out.push(x);
      return out;
    }
    return args.map((a) => asObject('union', a)).reduce((acc, o) => mergeObjects(acc, o), {} as { [key: string]: ArmValue });
  },
  partial: (args) => {
    // Objects with known keys: merge what can be merged (later wins) when every argument is an object.
    if (allKnown(args) || !args.every((a) => a.t === 'o' || (a.t === 'v' && isObject(a.v)))) return undefined;
    if (args.some((a) => a.t === 'o' && a.open)) return undefined;
    const entries = new Map<string, [string, Folded]>();
    for (const a of args) {
      const fields: [string, Folded][] =
        a.t === 'o' ? [...a.fields.values()].map(({ key, f }) => [key, f]) : Object.entries((a as { v: { [key: string]: ArmValue } }).v).map(([k, x]) => [k, known(x)]);
      for (const [key, f] of fields) {
        const prev = entries.get(key.toLowerCase());
        // Nested objects merge recursively in ARM; only fold that when both sides are known.
        if (prev && prev[1].t === 'v' && f.t === 'v' && isObject(prev[1].v) && isObject(f.v)) {
          entries.set(key.toLowerCase(), [prev[0], known(mergeObjects(prev[1].v, f.v))]);
        } else if (prev && (prev[1].t !== 'v' || f.t !== 'v') && (isMaybeObject(prev[1]) && isMaybeObject(f))) {
          return undefined;
        } else {
          entries.delete(key.toLowerCase());
          entries.set(key.toLowerCase(), [prev ? prev[0] : key, f]);
        }
      }
    }
    return foldedObject([...entries.values()]);
  },
});
def('intersection', 2, INF, {
  fn: (args) => {
    if (args.every(Array.isArray)) {
      const [head, ...rest] = args as ArmValue[][];
      const out: ArmValue[] = [];
      for (const x of head) if (rest.every((r) => r.some((y) => deepEqual(x, y))) && !out.some((y) => deepEqual(x, y))) out.push(x);
      return out;
    }
    const [head, ...rest] = args.map((a) => asObject('intersection', a));
    const out: { [key: string]: ArmValue } = {};
    for (const [k, v] of Object.entries(head)) if (rest.every((r) => Object.prototype.hasOwnProperty.call(r, k) && deepEqual(r[k], v))) out[k] = v;
    return out;
  },
});
def('items', 1, 1, {
  fn: ([o]) =>
    Object.entries(asObject('items', o))
      .sort(([a], [b]) => compareOrdinalIgnoreCase(a, b))
      .map(([key, value]) => ({ key, value })),
});
def('objectKeys', 1, 1, { fn: ([o]) => Object.keys(asObject('objectKeys', o)) });
def('shallowMerge', 1, 1, { fn: ([a]) => Object.assign({}, ...asArray('shallowMerge', a).map((o) => asObject('shallowMerge', o))) });
def('tryGet', 2, INF, {
  fn: ([o, ...keys]) => {
    let cur: ArmValue = o;
    for (const k of keys) {
      if (cur === null) return null;
      if (Array.isArray(cur) && typeof k === 'number') cur = cur[k] ?? null;
      else if (isObject(cur) && typeof k === 'string') cur = getProperty(cur, k) ?? null;
      else return null;
    }
    return cur;
  },
  partial: ([o, k]) => {
    if (o.t === 'o' && k?.t === 'v' && typeof k.v === 'string') {
      const hit = o.fields.get(k.v.toLowerCase());
      if (hit) return undefined; // a nested lookup may follow; keep it simple
      return o.open ? undefined : known(null);
    }
    return undefined;
  },
});
def('indexFromEnd', 2, 2, {
  fn: ([a, i]) => {
    const arr = asArray('indexFromEnd', a);
    const n = asInt('indexFromEnd', i);
    if (n < 1 || n > arr.length) fail('indexFromEnd', `index ${n} is out of range`);
    return arr[arr.length - n];
  },
});
def('tryIndexFromEnd', 2, 2, {
  fn: ([a, i]) => {
    const arr = asArray('tryIndexFromEnd', a);
    const n = asInt('tryIndexFromEnd', i);
    return n >= 1 && n <= arr.length ? arr[arr.length - n] : null;
  },
});
def('null', 0, 0, { fn: () => null });

// Comparison and logic ---------------------------------------------------------------------------
def('equals', 2, 2, { fn: ([a, b]) => deepEqual(a, b) });
def('less', 2, 2, { fn: ([a, b]) => compare('less', a, b) < 0 });
def('lessOrEquals', 2, 2, { fn: ([a, b]) => compare('lessOrEquals', a, b) <= 0 });
def('greater', 2, 2, { fn: ([a, b]) => compare('greater', a, b) > 0 });
def('greaterOrEquals', 2, 2, { fn: ([a, b]) => compare('greaterOrEquals', a, b) >= 0 });
def('true', 0, 0, { fn: () => true });
def('false', 0, 0, { fn: () => false });
def('not', 1, 1, { fn: ([a]) => !asBool('not', a) });
def('and', 1, INF, {
  fn: (args) => args.map((a) => asBool('and', a)).every(Boolean),
  partial: (args) => (args.some((a) => a.t === 'v' && a.v === false) ? known(false) : undefined),
});
def('or', 1, INF, {
  fn: (args) => args.map((a) => asBool('or', a)).some(Boolean),
  partial: (args) => (args.some((a) => a.t === 'v' && a.v === true) ? known(true) : undefined),
});
def('bool', 1, 1, {
  fn: ([v]) => {
    if (typeof v === 'boolean') return v;
    if (typeof v === 'number') return v !== 0;
    const s = asString('bool', v).toLowerCase();
    if (s === 'true') return true;
    if (s === 'false') return false;
    fail('bool', `'${String(v)}' is not 'true' or 'false'`);
  },
});
// `fail(message)` ends the deployment with the message (learn.microsoft.com/azure/azure-resource-manager/
// bicep/bicep-functions-flow-control, available in ARM since late 2024): only ever reached inside a lazy
// `if` / `coalesce` branch that is taken.
def('fail', 1, 1, { fn: ([message]) => fail('fail', asString('fail', message)) });
def('if', 3, 3, {
  lazy: (c, host) => {
    const cond = host.fold(c.args[0]);
    if (cond.t === 'v') return host.fold(c.args[asBool('if', cond.v, 'condition') ? 1 : 2]);
    // ARM evaluates only the taken branch: a branch that fails now may never run, so keep it as written.
    const branch = (e: ArmExpr): Folded => {
      try {
        return host.fold(e);
      } catch (err) {
        if (err instanceof ArmEvalError) return unknown(e);
        throw err;
      }
    };
    return residualCall(c.name, [cond, branch(c.args[1]), branch(c.args[2])]);
  },
});
def('coalesce', 1, INF, {
  lazy: (c, host) => {
    const rest: Folded[] = [];
    for (const a of c.args) {
      const f = host.fold(a);
      if (f.t === 'v' && f.v === null) continue;
      if (f.t !== 'x' && !rest.length) return f;
      rest.push(f);
      if (f.t !== 'x') break;
    }
    if (!rest.length) return known(null);
    return rest.length === 1 && rest[0].t !== 'x' ? rest[0] : residualCall(c.name, rest);
  },
});

// Numbers -----------------------------------------------------------------------------------------
def('int', 1, 1, {
  fn: ([v]) => {
    if (typeof v === 'number') return Math.trunc(v);
    const s = asString('int', v).trim();
    if (!/^[+-]?\d+$/.test(s)) fail('int', `'${s}' is not an integer`);
    return Number(s);
  },
});
def('float', 1, 1, {
  fn: ([v]) => {
    if (typeof v === 'number') return v;
    const n = Number(asString('float', v));
    if (Number.isNaN(n)) fail('float', `'${String(v)}' is not a number`);
    return n;
  },
});
def('add', 2, 2, { fn: ([a, b]) => asInt('add', a) + asInt('add', b) });
def('sub', 2, 2, { fn: ([a, b]) => asInt('sub', a) - asInt('sub', b) });
def('mul', 2, 2, { fn: ([a, b]) => asInt('mul', a) * asInt('mul', b) });
def('div', 2, 2, {
  fn: ([a, b]) => {
    if (asInt('div', b) === 0) fail('div', 'division by zero');
    return Math.trunc(asInt('div', a) / (b as number));
  },
});
def('mod', 2, 2, {
  fn: ([a, b]) => {
    if (asInt('mod', b) === 0) fail('mod', 'division by zero');
    return asInt('mod', a) % (b as number);
  },
});

// CIDR ----------------------------------------------------------------------------------------------
def('parseCidr', 1, 1, { fn: ([s]) => armParseCidr(asString('parseCidr', s)) });
def('cidrSubnet', 3, 3, { fn: ([n, c, i]) => armCidrSubnet(asString('cidrSubnet', n, 'network'), asInt('cidrSubnet', c, 'newCIDR'), asInt('cidrSubnet', i, 'subnetIndex')) });
def('cidrHost', 2, 2, { fn: ([n, i]) => armCidrHost(asString('cidrHost', n, 'network'), asInt('cidrHost', i, 'hostIndex')) });

// Dates (deploy-time or unused: never folded) --------------------------------------------------------
def('dateTimeAdd', 2, 3);
def('dateTimeFromEpoch', 1, 1);
def('dateTimeToEpoch', 1, 1);

// Deployment and scope ----------------------------------------------------------------------------
def('parameters', 1, 1, {
  lazy: (c, host) => {
    const n = host.fold(c.args[0]);
    return n.t === 'v' ? host.parameter(asString('parameters', n.v, 'parameterName'), c) : residualCall(c.name, [n]);
  },
});
def('variables', 1, 1, {
  lazy: (c, host) => {
    const n = host.fold(c.args[0]);
    return n.t === 'v' ? host.variable(asString('variables', n.v, 'variableName'), c) : residualCall(c.name, [n]);
  },
});
def('resourceGroup', 0, 0, {
  lazy: (c, host) => {
    const d = host.deployment;
    const rg = d.resourceGroup ?? {};
    const self: ArmExpr = { kind: 'call', name: c.name, args: [] };
    const prop = (name: string, v: string | undefined): [string, Folded] => [name, v === undefined ? unknown({ kind: 'property', target: self, name }) : known(v)];
    const id = rg.id ?? (d.subscriptionId && rg.name ? `/subscriptions/${d.subscriptionId}/resourceGroups/${rg.name}` : undefined);
    const fields: [string, Folded][] = [prop('id', id), prop('name', rg.name), ['type', known('Microsoft.Resources/resourceGroups')], prop('location', rg.location)];
    if (rg.tags) fields.push(['tags', known(rg.tags)]);
    fields.push(['properties', known({ provisioningState: 'Succeeded' })]);
    return foldedObject(fields, true, self);
  },
});
def('subscription', 0, 0, {
  lazy: (c, host) => {
    const d = host.deployment;
    const self: ArmExpr = { kind: 'call', name: c.name, args: [] };
    const prop = (name: string, v: string | undefined): [string, Folded] => [name, v === undefined ? unknown({ kind: 'property', target: self, name }) : known(v)];
    return foldedObject(
      [
        prop('id', d.subscriptionId && `/subscriptions/${d.subscriptionId}`),
        prop('subscriptionId', d.subscriptionId),
        prop('tenantId', d.tenantId),
        prop('displayName', d.subscriptionDisplayName),
      ],
      true,
      self,
    );
  },
});
def('tenant', 0, 0, {
  lazy: (c, host) => {
    const d = host.deployment;
    const self: ArmExpr = { kind: 'call', name: c.name, args: [] };
    const prop = (name: string, v: string | undefined): [string, Folded] => [name, v === undefined ? unknown({ kind: 'property', target: self, name }) : known(v)];
    return foldedObject([prop('id', d.tenantId && `/tenants/${d.tenantId}`), prop('tenantId', d.tenantId)], true, self);
  },
});
def('managementGroup', 0, 1);
def('deployment', 0, 0, {
  lazy: (c, host) => {
    const self: ArmExpr = { kind: 'call', name: c.name, args: [] };
    const name = host.deployment.deploymentName;
    return foldedObject([['name', name === undefined ? unknown({ kind: 'property', target: self, name: 'name' }) : known(name)]], true, self);
  },
});
def('deployer', 0, 0);
def('environment', 0, 0, {
  lazy: (c, host) => (host.deployment.environment ? known(host.deployment.environment) : unknown({ kind: 'call', name: c.name, args: [] })),
});
def('copyIndex', 0, 2, {
  lazy: (c, host) => {
    const args = c.args.map((a) => host.fold(a));
    if (!allKnown(args)) return residualCall(c.name, args);
    let loop: string | undefined;
    let offset = 0;
    if (args.length === 2) {
      loop = asString('copyIndex', args[0].v, 'loopName');
      offset = asInt('copyIndex', args[1].v, 'offset');
    } else if (args.length === 1) {
      if (typeof args[0].v === 'string') loop = args[0].v;
      else offset = asInt('copyIndex', args[0].v, 'offset');
    }
    const ci = host.deployment.copyIndex;
    const index = typeof ci === 'number' ? (loop === undefined ? ci : undefined) : ci && loop !== undefined ? lookupCi(ci, loop) : undefined;
    return index === undefined ? residualCall(c.name, args) : known(index + offset);
  },
});

// Resources ---------------------------------------------------------------------------------------
function resourceIdFn(kind: 'rg' | 'sub' | 'tenant') {
  return (args: Folded[], host: EvalHost, c: ArmCall): Folded | undefined => {
    const fn = c.name;
    const maxPrefix = kind === 'rg' ? 2 : kind === 'sub' ? 1 : 0;
    const ti = resourceTypeIndex(args, maxPrefix);
    if (ti < 0 || !allKnown(args)) {
      if (ti < 0 && allKnown(args)) fail(fn, 'no resource type among the first arguments');
      return residualCall(fn, args);
    }
    const vals = args.map((a) => asString(fn, a.v));
    const path = providerPath(fn, vals[ti], vals.slice(ti + 1));
    const d = host.deployment;
    if (kind === 'tenant') return known(`/providers/${path}`);
    const sub = kind === 'rg' ? (ti === 2 ? vals[0] : d.subscriptionId) : ti === 1 ? vals[0] : d.subscriptionId;
    if (sub === undefined) return residualCall(fn, args);
    if (kind === 'sub') return known(`/subscriptions/${sub}/providers/${path}`);
    const rg = ti === 2 ? vals[1] : ti === 1 ? vals[0] : d.resourceGroup?.name;
    if (rg === undefined) return residualCall(fn, args);
    return known(`/subscriptions/${sub}/resourceGroups/${rg}/providers/${path}`);
  };
}
def('resourceId', 2, INF, { partial: resourceIdFn('rg') });
def('subscriptionResourceId', 2, INF, { partial: resourceIdFn('sub') });
def('tenantResourceId', 2, INF, { partial: resourceIdFn('tenant') });
def('extensionResourceId', 3, INF, {
  fn: ([base, type, ...names]) => `${asString('extensionResourceId', base)}/providers/${providerPath('extensionResourceId', asString('extensionResourceId', type), names.map((n) => asString('extensionResourceId', n)))}`,
});
def('managementGroupResourceId', 2, INF);
def('reference', 1, 3);
def('references', 1, 2);
def('pickZones', 3, 5);
def('providers', 1, 2);

// Lambdas -------------------------------------------------------------------------------------------
def('lambda', 1, INF);
def('lambdaVariables', 1, 1, {
  lazy: (c, host) => {
    const n = host.fold(c.args[0]);
    return n.t === 'v' ? host.lambdaVariable(asString('lambdaVariables', n.v), c) : residualCall(c.name, [n]);
  },
});
def('filter', 2, 2, { lazy: (c, host) => mapLike(c, host, 'filter') });
def('map', 2, 2, { lazy: (c, host) => mapLike(c, host, 'map') });
def('sort', 2, 2, { lazy: (c, host) => mapLike(c, host, 'sort') });
def('reduce', 3, 3, { lazy: (c, host) => mapLike(c, host, 'reduce') });
def('toObject', 2, 3, { lazy: (c, host) => mapLike(c, host, 'toObject') });
def('groupBy', 2, 2);
def('mapValues', 2, 2);

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

/** True when `name` is an ARM built-in template function (case-insensitive; `list*` included). */
export function isArmBuiltinFunction(name: string): boolean {
  return armFunction(name) !== undefined;
}

/** Argument count limits of a built-in function, or undefined for unknown names. */
export function armFunctionArity(name: string): { min: number; max: number } | undefined {
  const f = armFunction(name);
  return f && { min: f.min, max: f.max };
}

// ---------------------------------------------------------------------------------------------
// Helpers used above

function lookupCi(map: Record<string, number>, key: string): number | undefined {
  const lower = key.toLowerCase();
  for (const [k, v] of Object.entries(map)) if (k.toLowerCase() === lower) return v;
  return undefined;
}

function compareOrdinalIgnoreCase(a: string, b: string): number {
  const la = a.toLowerCase();
  const lb = b.toLowerCase();
  return la < lb ? -1 : la > lb ? 1 : a < b ? -1 : a > b ? 1 : 0;
}

function isMaybeObject(f: Folded): boolean {
  return f.t === 'o' || f.t === 'x' || (f.t === 'v' && isObject(f.v));
}

function parseJsonText(fn: string, text: string): ArmValue {
  try {
    return JSON.parse(text) as ArmValue;
  } catch {
    fail(fn, `'${text.length > 60 ? `${text.slice(0, 60)}...` : text}' is not valid JSON`);
  }
}

function numbers(fn: string, args: ArmValue[]): number[] {
  const list = args.length === 1 && Array.isArray(args[0]) ? args[0] : args;
  if (!list.length) fail(fn, 'needs at least one integer');
  return list.map((x) => asInt(fn, x));
}

function compare(fn: string, a: ArmValue, b: ArmValue): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  fail(fn, `cannot compare ${typeName(a)} with ${typeName(b)}`);
}

/** ARM `union` of two objects: later values win; nested objects are merged recursively. */
function mergeObjects(a: { [key: string]: ArmValue }, b: { [key: string]: ArmValue }): { [key: string]: ArmValue } {
  const out: { [key: string]: ArmValue } = { ...a };
  for (const [k, v] of Object.entries(b)) {
    const existing = Object.keys(out).find((x) => x.toLowerCase() === k.toLowerCase());
    if (existing !== undefined && isObject(out[existing]) && isObject(v)) {
      out[existing] = mergeObjects(out[existing] as { [key: string]: ArmValue }, v);
    } else {
      if (existing !== undefined) delete out[existing];
      out[existing ?? k] = v;
    }
  }
  return out;
}

/**
 * .NET composite formatting as ARM `format()` uses it: `{index[,alignment][:format]}`, `{{`/`}}`
 * escapes. Supported format strings for integers: `D<n>`, `X<n>`/`x<n>`, `N<n>` (invariant culture).
 */
function formatNet(template: string, args: ArmValue[]): string {
  let out = '';
  for (let i = 0; i < template.length; i++) {
    const ch = template[i];
    if (ch === '{') {
      if (template[i + 1] === '{') {
        out += '{';
        i++;
        continue;
      }
      const end = template.indexOf('}', i);
      if (end < 0) fail('format', `unclosed "{" at ${i} in the format string`);
      const m = /^\s*(\d+)\s*(?:,\s*(-?\d+)\s*)?(?::(.*))?$/s.exec(template.slice(i + 1, end));
      if (!m) fail('format', `bad placeholder '${template.slice(i, end + 1)}'`);
      const index = Number(m[1]);
      if (index >= args.length) fail('format', `placeholder {${index}} has no argument (${args.length} given)`);
      let text = formatOne(args[index], m[3]);
      if (m[2]) {
        const width = Number(m[2]);
        text = width < 0 ? text.padEnd(-width) : text.padStart(width);
      }
      out += text;
      i = end;
    } else if (ch === '}') {
      if (template[i + 1] === '}') i++;
      else fail('format', `unmatched "}" at ${i} in the format string`);
      out += '}';
    } else {
      out += ch;
    }
  }
  return out;
}

function formatOne(v: ArmValue, spec: string | undefined): string {
  if (!spec || typeof v !== 'number') return armToString(v);
  const m = /^([DdXxNn])(\d*)$/.exec(spec);
  if (!m) return armToString(v);
  const digits = m[2] ? Number(m[2]) : undefined;
  switch (m[1]) {
    case 'D':
    case 'd': {
      const s = Math.abs(v).toString().padStart(digits ?? 0, '0');
      return v < 0 ? `-${s}` : s;
    }
    case 'X':
    case 'x': {
      const s = (v >>> 0).toString(16).padStart(digits ?? 0, '0');
      return m[1] === 'X' ? s.toUpperCase() : s;
    }
    default: {
      const d = digits ?? 2;
      const fixed = Math.abs(v).toFixed(d);
      const [int, frac] = fixed.split('.');
      const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
      return `${v < 0 ? '-' : ''}${grouped}${frac ? `.${frac}` : ''}`;
    }
  }
}

/** map/filter/sort/reduce/toObject over a known array with `lambda(...)` arguments. */
function mapLike(c: ArmCall, host: EvalHost, kind: 'map' | 'filter' | 'sort' | 'reduce' | 'toObject'): Folded {
  const input = host.fold(c.args[0]);
  const lambdas = c.args.slice(1).filter((a) => a.kind === 'call' && a.name.toLowerCase() === 'lambda') as ArmCall[];
  const initial = kind === 'reduce' ? host.fold(c.args[1]) : undefined;
  const residual = () => unknown({ kind: 'call', name: c.name, args: [toExpr(input), ...(initial ? [toExpr(initial)] : []), ...c.args.slice(kind === 'reduce' ? 2 : 1)] });
  if (input.t !== 'v' && input.t !== 'a') return residual();
  const items: Folded[] = input.t === 'a' ? input.items : Array.isArray(input.v) ? input.v.map(known) : fail(c.name, 'first argument must be an array');
  const expectedLambdas = kind === 'toObject' ? c.args.length - 1 : 1;
  if (lambdas.length !== expectedLambdas) fail(c.name, 'expects lambda(...) arguments');
  const apply = (lam: ArmCall, values: Folded[]): Folded => {
    const names = lam.args.slice(0, -1).map((a) => (a.kind === 'string' ? a.value : fail('lambda', 'parameter names must be string literals')));
    const bindings: Record<string, Folded> = {};
    names.forEach((n, i) => {
      if (values[i]) bindings[n] = values[i];
    });
    return host.withLambda(bindings, (inner) => inner.fold(lam.args[lam.args.length - 1]));
  };
  switch (kind) {
    case 'map':
      return foldedArray(items.map((x, i) => apply(lambdas[0], [x, known(i)])));
    case 'filter': {
      const out: Folded[] = [];
      for (let i = 0; i < items.length; i++) {
        const keep = apply(lambdas[0], [items[i], known(i)]);
        if (keep.t !== 'v') return residual();
        if (asBool('filter', keep.v, 'lambda result')) out.push(items[i]);
      }
      return foldedArray(out);
    }
    case 'sort': {
      if (!allKnown(items)) return residual();
      let unknownSeen = false;
      const sorted = [...items].sort((a, b) => {
        const lt = apply(lambdas[0], [a, b]);
        if (lt.t !== 'v') {
          unknownSeen = true;
          return 0;
        }
        if (asBool('sort', lt.v, 'lambda result')) return -1;
        const gt = apply(lambdas[0], [b, a]);
        if (gt.t !== 'v') {
          unknownSeen = true;
          return 0;
        }
        return asBool('sort', gt.v, 'lambda result') ? 1 : 0;
      });
      return unknownSeen ? residual() : foldedArray(sorted);
    }
    case 'reduce': {
      let acc = initial!;
      for (let i = 0; i < items.length; i++) acc = apply(lambdas[0], [acc, items[i], known(i)]);
      return acc;
    }
    case 'toObject': {
      const entries: [string, Folded][] = [];
      for (const x of items) {
        const k = apply(lambdas[0], [x]);
        if (k.t !== 'v') return residual();
        entries.push([asString('toObject', k.v, 'key'), lambdas[1] ? apply(lambdas[1], [x]) : x]);
      }
      return foldedObject(entries);
    }
  }
}
