/**
 * ARM template emitter: merges module contributions into `azuredeploy.json`
 * (schema 2019-04-01 deploymentTemplate, learn.microsoft.com/azure/azure-resource-manager/templates/syntax):
 * it names and orders parameters and outputs from the release table, merges variables and resources,
 * derives `dependsOn` from the expressions (./dependencies.ts) and escapes literal text. It knows no
 * particular hub: names, resources and the Data Factory objects as factory child resources all come from
 * the modules (src/modules/dataFactory `withFactoryResources`).
 */
import * as arm from '../../expressions/arm/index.js';
import type { ArmResource, Contribution } from '../../modules/types.js';
import { PARAMETER_SOURCES, outputName, parameterName, type OutputKey, type ParameterKey, type Release } from '../../model/releases.js';
import { withDerivedDependencies } from './dependencies.js';

/**
 * Turns a value tree into template JSON: expressions become `"[...]"` strings, and plain strings that
 * would read as expressions (`[` ... `]`) get the `[[` escape, so ARM keeps them literal.
 */
export function escapeLiterals(value: unknown): Record<string, unknown> {
  const walk = (v: unknown): unknown => {
    if (v instanceof arm.Arm) return v.toJSON();
    if (typeof v === 'string') return arm.escapeArmLiteral(v);
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object') {
      if (typeof (v as { toJSON?: unknown }).toJSON === 'function') return walk((v as { toJSON(): unknown }).toJSON());
      const out: Record<string, unknown> = {};
      const o = v as Record<string, unknown>;
      for (const k in o) {
        const x = o[k];
        if (x !== undefined && Object.hasOwn(o, k)) out[k] = walk(x);
      }
      return out;
    }
    return v;
  };
  return walk(value) as Record<string, unknown>;
}

/** The name of the module that made contribution number `index` (0-based), for internal error messages. */
function contributor(c: Contribution, index: number): string {
  return c.module ?? `module #${index + 1}`;
}

/**
 * Merges one keyed section (parameters, outputs, variables) of every contribution.
 * @throws Error when two modules contribute the same key (naming both), so no module silently replaces
 *   another's entry
 */
export function mergeSection<T>(contributions: readonly Contribution[], section: (c: Contribution) => Record<string, T> | undefined, what: string): Map<string, T> {
  const merged = new Map<string, T>();
  const owner = new Map<string, string>();
  contributions.forEach((c, i) => {
    for (const [key, value] of Object.entries(section(c) ?? {})) {
      if (value === undefined) continue;
      const by = contributor(c, i);
      if (merged.has(key)) throw new Error(`${what} ${key} is contributed by two modules: ${owner.get(key)} and ${by}`);
      merged.set(key, value);
      owner.set(key, by);
    }
  });
  return merged;
}

/**
 * The resources of all contributions, in contribution order.
 * @throws Error when a resource of the same type (compared case-insensitively, as ARM does) and the same
 *   serialized name is contributed twice, naming both modules (or the one module that contributes it
 *   twice): ARM rejects a template that defines a resource more than once
 */
export function mergeResources(contributions: readonly Contribution[]): ArmResource[] {
  const owned = contributions.flatMap((c, i) => (c.resources ?? []).map((r): [ArmResource, string] => [r, contributor(c, i)]));
  const owner = new Map<string, string>();
  for (const [r, by] of owned) {
    const name = JSON.stringify(r.name);
    const key = `${r.type.toLowerCase()} ${name}`;
    const first = owner.get(key);
    if (first === by) throw new Error(`resource ${r.type} ${name} is contributed twice by module ${by}`);
    if (first !== undefined) throw new Error(`resource ${r.type} ${name} is contributed by two modules: ${first} and ${by}`);
    owner.set(key, by);
  }
  return owned.map(([r]) => r);
}

/**
 * Puts keyed entries in the order a release lists them, under their template names.
 * @throws Error when a listed key has no contribution or a contribution is not listed (a module and the
 *   release table disagree)
 */
function ordered<T>(merged: Map<string, T>, order: readonly string[], nameOf: (key: string) => string, what: string, release: string): Record<string, T> {
  const missing = order.filter((k) => !merged.has(k));
  const extra = [...merged.keys()].filter((k) => !order.includes(k));
  if (missing.length || extra.length) {
    throw new Error(`release ${release}: ${what}s ${[...missing.map((k) => `${k} (listed, not contributed)`), ...extra.map((k) => `${k} (contributed, not listed)`)].join(', ')}`);
  }
  const out: Record<string, T> = {};
  for (const key of order) out[nameOf(key)] = merged.get(key)!;
  return out;
}

/**
 * Which hub.yaml field each parameter of a release's template comes from (the release table's
 * `PARAMETER_SOURCES`), by the parameter name the template uses.
 * @returns parameter name -> hub.yaml path, in template order
 */
export function parameterSources(release: Release): Map<string, readonly string[]> {
  return new Map(release.parameters.map((key) => [parameterName(release, key), PARAMETER_SOURCES[key]]));
}

/**
 * Builds the ARM template object from all contributions, in contribution order; parameters and outputs
 * in the order the release table gives them.
 * @returns plain JSON (expressions serialized to `"[...]"` strings)
 * @throws Error when two modules contribute the same parameter, variable, output or resource, a module and
 *   the release table disagree on the parameters or outputs, or a resource refers to one no module
 *   contributed
 */
export function emitArmTemplate(contributions: readonly Contribution[], release: Release, metadata: Record<string, unknown>): Record<string, unknown> {
  const parameters = ordered(
    mergeSection(contributions, (c) => c.parameters, 'parameter'),
    release.parameters,
    (key) => parameterName(release, key as ParameterKey),
    'parameter',
    release.version,
  );
  const outputs = ordered(
    mergeSection(contributions, (c) => c.outputs, 'output'),
    release.outputs,
    (key) => outputName(release, key as OutputKey),
    'output',
    release.version,
  );
  const variables = Object.fromEntries(mergeSection(contributions, (c) => c.variables, 'variable'));
  const resources = withDerivedDependencies(mergeResources(contributions));
  return escapeLiterals({
    $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#',
    contentVersion: '1.0.0.0',
    metadata,
    parameters,
    variables,
    resources,
    outputs,
  });
}
