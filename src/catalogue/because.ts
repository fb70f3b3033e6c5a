/**
 * Words for why a value is possible (src/expressions/arm/possible.ts `Because`): the parameter values and
 * table keys that give it, for the "when" part of a finding's message.
 */
import type { Because, Possibility } from '../expressions/arm/possible.js';

/** `a, b, c and 4 more`. */
function listed(items: readonly string[], max = 4): string {
  return items.length > max ? `${items.slice(0, max).join(', ')} and ${items.length - max} more` : items.join(', ');
}

/**
 * The conditions under which the possibilities hold, or undefined when they hold for every deployment. A
 * parameter that gives the value with two of its values or more does not decide it and is left out.
 * @returns e.g. `for japaneast, japanwest`, `with fabricCapacityUnits = 2048 (its maxValue)`
 */
export function describeBecause(possibilities: readonly Possibility[]): string | undefined {
  const because: Because[] = possibilities.flatMap((p) => p.because);
  const byParameter = new Map<string, Because[]>();
  for (const b of because) if (b.kind === 'parameter') byParameter.set(b.name, [...(byParameter.get(b.name) ?? []), b]);
  const parts: string[] = [];
  for (const [name, list] of byParameter) {
    const values = [...new Set(list.map((b) => JSON.stringify(b.kind === 'parameter' ? b.value : null)))];
    if (values.length !== 1) continue;
    const b = list[0] as Extract<Because, { kind: 'parameter' }>;
    parts.push(`with ${name} = ${JSON.stringify(b.value)}${b.bound ? ` (its ${b.bound})` : ''}`);
  }
  const keys = [...new Set(because.flatMap((b) => (b.kind === 'key' ? [b.key] : [])))];
  if (keys.length) parts.push(`for ${listed(keys)}`);
  if (because.some((b) => b.kind === 'otherKey')) parts.push(keys.length ? 'and any key its lookup table does not list' : 'for any key its lookup table does not list');
  return parts.length ? parts.join(' ') : undefined;
}
