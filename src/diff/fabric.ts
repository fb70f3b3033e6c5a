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
import { FABRIC_FILES, FABRIC_SWITCH } from '../modules/fabric/index.js';
import { isObject, type JsonObject } from '../util/json.js';
import type { LoadedBuild } from '../load/index.js';

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
  /**
   * `fabric/IngestionRetype.kql` (when A's hub used the eventhouse: a new one does not need it), then
   * `fabric/IngestionSetup.kql`, then `fabric/HubSetup.kql`: those new in B or changed.
   */
  scripts: string[];
  /** `fabric/DataFactoryAccess.kql` when A's hub did not use an eventhouse. */
  access?: string;
}

/**
 * The eventhouse setup an upgrade from A to B needs, or undefined when B's hub uses none or nothing changed.
 * @param known what is known of each deployment (a saved parameter file's values)
 */
export function fabricSetup(a: LoadedBuild, b: LoadedBuild, known: { a?: ArmEvalContext; b?: ArmEvalContext } = {}): FabricSetup | undefined {
  const inUse = fabricInUse(b.build.template.json ?? {}, known.b);
  if (inUse === false) return undefined;
  const before = fabricInUse(a.build.template.json ?? {}, known.a);
  const [fa, fb] = [a.build.files, b.build.files];
  const changed = (f: string) => fb.has(f) && (before === false || fa.get(f) !== fb.get(f));
  const scripts = [...(before === false ? [] : [FABRIC_FILES.retype]), FABRIC_FILES.ingestion, FABRIC_FILES.hub].filter(changed);
  if (!scripts.length) return undefined;
  return { inUse, scripts, ...(before === false && fb.has(FABRIC_FILES.access) ? { access: FABRIC_FILES.access } : {}) };
}

/** The database a Fabric setup script of a build is for, as its header names it (`Setup of the <db> database`). */
export function fabricScriptDatabase(b: LoadedBuild, file: string): string | undefined {
  return /^\/\/ Setup of the (\S+) database/m.exec(b.build.files.get(file) ?? '')?.[1];
}
