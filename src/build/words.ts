/**
 * Resources of a build in words, for upgrade notes, plan steps and release notes: a type as a word
 * (`private DNS zone`), a resource's name as far as known without a deployment (`finopsstore{unique}`),
 * lists of resources each once with what belongs to it.
 */
import { readableArm } from '../expressions/arm/readable.js';
import { lastNameText } from '../expressions/arm/semantics.js';
import type { DeclaredResource } from './deployed.js';

/** True when `r` is a child or extension resource of `x` (it goes with it). */
export function isPartOf(r: DeclaredResource, x: DeclaredResource): boolean {
  return r !== x && r.id.toLowerCase().startsWith(`${x.id.toLowerCase()}/`);
}

/** A resource type in words: `Microsoft.Network/privateDnsZones` -> `private DNS zone`. */
export function typeWord(type: string): string {
  const last = type.split('/').pop() ?? type;
  return last
    .replace(/ies$/, 'y')
    .replace(/s$/, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/\bdns\b/, 'DNS');
}

/**
 * The name of a resource as far as known without a deployment (its last segment; parts only a deployment
 * knows as placeholders, `finopsstore{unique}`, src/expressions/arm/readable.ts), or undefined.
 */
export function shortName(r: DeclaredResource): string | undefined {
  const full = r.object ? lastNameText(r.display) : readableName(r);
  const name = full.slice(full.lastIndexOf('/') + 1);
  return /^[\w.{}-]+$/.test(name) ? name : undefined;
}

/** The whole name of a resource for people: folded as far as known, the rest as placeholders (`finopsstore{unique}/default`). */
export function readableName(r: Pick<DeclaredResource, 'display'>): string {
  return readableArm(r.display);
}

/**
 * Resources in words, each once with its name (`private endpoint myadx-ep`), unnamed ones of one type
 * counted (`2 role assignments`); with `parts`, what belongs to each is counted after it
 * (`managed virtual network default with its 3 managed private endpoints`).
 */
export function describeResources(list: readonly DeclaredResource[], parts: readonly DeclaredResource[] = []): string[] {
  const out: string[] = [];
  const unnamed = new Map<string, number>();
  for (const r of list) {
    const name = shortName(r);
    const own = parts.filter((x) => isPartOf(x, r));
    const ownText = own.length ? ` with its ${countWords(own.map((x) => typeWord(x.type)))}` : '';
    if (name) out.push(`${typeWord(r.type)} ${name}${ownText}`);
    else if (ownText) out.push(`a ${typeWord(r.type)}${ownText}`);
    else unnamed.set(typeWord(r.type), (unnamed.get(typeWord(r.type)) ?? 0) + 1);
  }
  for (const [word, n] of unnamed) out.push(n === 1 ? `a ${word}` : `${n} ${word}s`);
  return out;
}

/** Words counted: `['a', 'a', 'b']` -> `2 as and b`. */
function countWords(words: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const w of words) counts.set(w, (counts.get(w) ?? 0) + 1);
  const items = [...counts].map(([w, n]) => (n === 1 ? w : `${n} ${w}s`));
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** The leftovers that are not part of another leftover, each with the types of the parts that go with it. */
export function topLevel(left: readonly DeclaredResource[]): { r: DeclaredResource; parts: string[] }[] {
  return left.filter((r) => !left.some((x) => isPartOf(r, x))).map((r) => ({ r, parts: [...new Set(left.filter((x) => isPartOf(x, r)).map((x) => `${typeWord(x.type)}s`))] }));
}
