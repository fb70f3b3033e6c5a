/**
 * ARM's CIDR functions `parseCidr`, `cidrSubnet` and `cidrHost` over IPv4 and IPv6 networks (the hub's
 * virtual network and subnets are carved with them). Source: "CIDR functions for ARM templates"
 * (learn.microsoft.com/azure/azure-resource-manager/templates/template-functions-cidr).
 */
import { asInt, asString, defineIn, fail, type ArmFunctionTable } from './common.js';
import type { ArmValue } from './folded.js';

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
  for (let i = 0; i < 8;) {
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

/** The CIDR functions, by lower-cased name. */
export const CIDR_FUNCTIONS: ArmFunctionTable = new Map();
const def = defineIn(CIDR_FUNCTIONS);

def('parseCidr', 1, 1, { fn: ([s]) => armParseCidr(asString('parseCidr', s)) });
def('cidrSubnet', 3, 3, { fn: ([n, c, i]) => armCidrSubnet(asString('cidrSubnet', n, 'network'), asInt('cidrSubnet', c, 'newCIDR'), asInt('cidrSubnet', i, 'subnetIndex')) });
def('cidrHost', 2, 2, { fn: ([n, i]) => armCidrHost(asString('cidrHost', n, 'network'), asInt('cidrHost', i, 'hostIndex')) });
