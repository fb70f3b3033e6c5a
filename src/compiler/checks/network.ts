/**
 * HUB201: `networking.addressPrefix` must be an IPv4 CIDR range of /26 or larger with no host bits, so the
 * /28 (private endpoints), /28 (deployment scripts) and /27 (Data Explorer) subnets fit (spec, parameter
 * `virtualNetworkAddressPrefix` and "Limits").
 */
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

export const addressPrefixCheck: Check = {
  codes: ['HUB201'],
  run(ctx) {
    const path = ['networking', 'addressPrefix'];
    if (!ctx.valid(path)) return;
    const prefix = String(ctx.data.networking.addressPrefix);
    const cidr = parseCidr(prefix);
    if (!cidr) {
      ctx.report('HUB201', path, `networking.addressPrefix '${prefix}' is not a valid IPv4 CIDR range`, 'Write it as a.b.c.d/n, e.g. 10.20.30.0/26.');
    } else if (cidr.prefix > 26) {
      ctx.report('HUB201', path, `networking.addressPrefix '${prefix}' is smaller than /26`, 'The hub needs a /26 or larger range for its /28, /28 and /27 subnets.');
    } else if ((cidr.address & (cidr.prefix === 0 ? 0 : 0xffffffff >>> cidr.prefix)) !== 0) {
      ctx.report('HUB201', path, `networking.addressPrefix '${prefix}' has host bits set`, 'Use the first address of the range, e.g. 10.20.30.0/26.');
    }
  },
};
