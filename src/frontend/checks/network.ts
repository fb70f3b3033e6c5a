/**
 * HUB201: `networking.addressPrefix` must be an IPv4 CIDR range of /26 or larger with no host bits, so the
 * /28 (private endpoints), /28 (deployment scripts) and /27 (Data Explorer) subnets fit (spec, parameter
 * `virtualNetworkAddressPrefix` and "Limits"), and lie inside one of the private address ranges of
 * RFC 1918 ("Address Allocation for Private Internets", section 3: 10.0.0.0/8, 172.16.0.0/12,
 * 192.168.0.0/16): the hub's network is private, and a range such as 0.0.0.0/0 would take every address.
 */
import { codes } from '../../diagnostics/index.js';
import type { Check } from './types.js';

/** Parses `a.b.c.d/n` into a 32-bit network address and prefix length; undefined when not valid IPv4 CIDR. */
export function parseCidr(text: string): { address: number; prefix: number } | undefined {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})\/(\d{1,2})$/.exec(text);
  if (!m) return undefined;
  const octets = m.slice(1, 5).map(Number);
  const prefix = Number(m[5]);
  if (octets.some((o) => o > 255) || prefix > 32) return undefined;
  const address = ((octets[0] << 24) | (octets[1] << 16) | (octets[2] << 8) | octets[3]) >>> 0;
  return { address, prefix };
}

/** The private address ranges of RFC 1918, section 3. */
export const PRIVATE_RANGES: readonly string[] = ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16'];

/** True when a CIDR range lies inside one of {@link PRIVATE_RANGES}. */
export function isPrivateRange(cidr: { address: number; prefix: number }): boolean {
  return PRIVATE_RANGES.map((r) => parseCidr(r)!).some((r) => cidr.prefix >= r.prefix && ((cidr.address ^ r.address) & (0xffffffff << (32 - r.prefix))) === 0);
}

export const addressPrefixCheck: Check = {
  codes: [codes.HUB201],
  run(ctx) {
    const path = ['networking', 'addressPrefix'];
    if (!ctx.valid(path)) return;
    const prefix = String(ctx.data.networking.addressPrefix);
    const cidr = parseCidr(prefix);
    if (!cidr) {
      ctx.report(codes.HUB201.notCidr({ prefix }), path);
    } else if (cidr.prefix > 26) {
      ctx.report(codes.HUB201.tooSmall({ prefix }), path);
    } else if ((cidr.address & (cidr.prefix === 0 ? 0 : 0xffffffff >>> cidr.prefix)) !== 0) {
      ctx.report(codes.HUB201.hostBits({ prefix }), path);
    } else if (!isPrivateRange(cidr)) {
      ctx.report(codes.HUB201.notPrivate({ prefix }), path);
    }
  },
};
