/**
 * A Microsoft Fabric eventhouse across an upgrade (0.10+): the template deploys nothing in Fabric, so when B's
 * hub uses an eventhouse, the setup scripts of B's build (`fabric/IngestionSetup.kql`, `fabric/HubSetup.kql`,
 * written by src/modules/fabric) that are new or differ from A's must be run by the eventhouse's owner, and a
 * hub new to Fabric needs its Data Factory identity let in (`fabric/DataFactoryAccess.kql`). Whether a build
 * uses an eventhouse is its `useFabric` variable folded with what is known (`unknown` when the query URI is
 * known only at deployment: the step is then conditional on it).
 */
import * as arm from '../expressions/arm/index.js';
import { templateContext, templateValueFolder, type ArmEvalContext } from '../expressions/arm/evaluate.js';
import { FABRIC_SWITCH } from '../modules/core/names.js';
import { FABRIC_FILES } from '../modules/fabric/index.js';
import { isObject, type JsonObject } from '../util/json.js';
import type { DiffInput } from './types.js';

/** Whether a build's hub uses a Fabric eventhouse: true, false (also for a build without Fabric) or unknown. */
export function fabricInUse(template: JsonObject, real: ArmEvalContext = {}): boolean | 'unknown' {
  if (!isObject(template.variables) || !(FABRIC_SWITCH in template.variables)) return false;
  const value = templateValueFolder(templateContext(template, { ...real, useDefaults: true }), { keepInvalid: true })(arm.variables(FABRIC_SWITCH));
  return typeof value === 'boolean' ? value : 'unknown';
}

/** What an upgrade asks of an eventhouse's owner: the setup scripts of B to run, in order, and the access script for a hub new to Fabric. */
export interface FabricSetup {
  /** B uses an eventhouse (`unknown`: only the deployment's query URI tells). */
  inUse: true | 'unknown';
  /** `fabric/IngestionSetup.kql`, then `fabric/HubSetup.kql`: those new in B or changed. */
  scripts: string[];
  /** `fabric/DataFactoryAccess.kql` when A's hub did not use an eventhouse. */
  access?: string;
}

/**
 * The eventhouse setup an upgrade from A to B needs, or undefined when B's hub uses none or nothing changed.
 * @param known what is known of each deployment (a saved parameter file's values)
 */
export function fabricSetup(a: DiffInput, b: DiffInput, ta: JsonObject, tb: JsonObject, known: { a?: ArmEvalContext; b?: ArmEvalContext } = {}): FabricSetup | undefined {
  const inUse = fabricInUse(tb, known.b);
  if (inUse === false) return undefined;
  const before = fabricInUse(ta, known.a);
  const scripts = [FABRIC_FILES.ingestion, FABRIC_FILES.hub].filter((f) => b.artifacts.has(f) && (before === false || a.artifacts.get(f) !== b.artifacts.get(f)));
  if (!scripts.length) return undefined;
  return { inUse, scripts, ...(before === false && b.artifacts.has(FABRIC_FILES.access) ? { access: FABRIC_FILES.access } : {}) };
}
