/**
 * The hashes behind ARM's `uniqueString()` and `guid()`, which make deterministic resource names: same
 * arguments, same text, on every deployment. Source: "String functions for ARM templates"
 * (learn.microsoft.com/azure/azure-resource-manager/templates/template-functions-string, uniqueString and guid).
 */
import { createHash } from 'node:crypto';

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
  const digest = createHash('sha1')
    .update(ns)
    .update(Buffer.from(args.join('-'), 'utf8'))
    .digest();
  const b = digest.subarray(0, 16);
  b[6] = (b[6] & 0x0f) | 0x50;
  b[8] = (b[8] & 0x3f) | 0x80;
  const hex = b.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
