/**
 * Template parameters of the public releases against hubc's: the public name of each logical parameter
 * (release table `publicRelease`), values moved between the two (the public 0.7 `enablePublicAccess` is a
 * bool, hubc's the string `True`/`False`; the public `dataExplorerSku` implies hubc's
 * `dataExplorerSkuTier`), and a saved public parameter file rewritten for hubc's template of the same
 * release.
 */
import { publicParameterName, type ParameterKey, type Release } from '../model/releases.js';
import { isArmExpressionString } from '../expressions/arm/semantics.js';
import { isObject, type JsonObject } from '../util/json.js';
import { parameterName } from '../model/releases.js';

/** The logical key of a parameter as the public release names it, or undefined for a public-only parameter. */
export function publicParameterKey(release: Release, name: string): ParameterKey | undefined {
  return release.parameters.find((k) => publicParameterName(release, k)?.toLowerCase() === name.toLowerCase());
}

/** A value of hubc's parameter `key` as the public template takes it (`'True'` -> `true` for `enablePublicAccess`). */
export function toPublicValue(key: ParameterKey, value: unknown): unknown {
  return key === 'enablePublicAccess' && typeof value === 'string' ? value.toLowerCase() === 'true' : value;
}

/** A value of the public parameter for `key` as hubc's template takes it (`true` -> `'True'` for `enablePublicAccess`). */
export function toHubcValue(key: ParameterKey, value: unknown): unknown {
  return key === 'enablePublicAccess' && typeof value === 'boolean' ? (value ? 'True' : 'False') : value;
}

/**
 * Values for the public template's parameters from the defaults of a hubc template (its hub.yaml): what
 * "the public template with the same parameters" deploys. Parameters are matched by logical key, so the
 * hubc template may be of another release; defaults that are expressions (`[resourceGroup().location]`)
 * are left to the public template's own defaults.
 * @param release the public template's release row; @param hubcRelease the hubc template's
 */
export function publicValuesFromHubTemplate(release: Release, hubcTemplate: JsonObject, hubcRelease: Release = release): Record<string, unknown> {
  const params = isObject(hubcTemplate.parameters) ? hubcTemplate.parameters : {};
  const out: Record<string, unknown> = {};
  for (const key of release.parameters) {
    const name = publicParameterName(release, key);
    const p = hubcRelease.parameters.includes(key) ? params[parameterName(hubcRelease, key)] : undefined;
    if (!name || !isObject(p) || !('defaultValue' in p) || isArmExpressionString(p.defaultValue)) continue;
    out[name] = toPublicValue(key, p.defaultValue);
  }
  return out;
}

/** Public parameter values of one release carried to another's public names (by logical key; values converted neither way). */
export function publicValuesAcross(from: Release, values: Record<string, unknown>, to: Release): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    const key = publicParameterKey(from, name);
    const target = key ? publicParameterName(to, key) : undefined;
    if (target) out[target] = value;
  }
  return out;
}
