/**
 * Template outputs A has and B does not: scripts and pipelines that read a hub deployment's outputs (the
 * storage account, the factory name, the cluster URI) get nothing for a removed one. A rename comes from the
 * release table when both builds are releases hubc knows (`outputNames`: `dataFactorytName` in 0.1-0.7,
 * `dataFactoryName` from 0.8), else from an output of B with the same value expression under a name A
 * lacks (a likely rename). One of the comparisons the upgrade notes (HUB031, HUB032, ./upgrade.ts) and
 * `hubc upgrade-plan`'s steps share.
 */
import { isDeepStrictEqual } from 'node:util';
import { outputName, type Release } from '../model/releases.js';
import { isObject } from '../util/json.js';
import type { TemplateView } from '../build/index.js';

/** An output of A that B removes or renames. */
export interface OutputChange {
  /** Name in A. */
  from: string;
  /** Name in B; absent when B has no such output. */
  to?: string;
  /** True when the rename is a guess from an equal value, not a fact of the release table. */
  likely?: boolean;
}

/**
 * The outputs of A that B lacks, in A's order, each renamed when the release table or an equal value says so.
 * @param ra A's release row and @param rb B's, when hubc knows them
 */
export function outputChanges(ta: TemplateView, tb: TemplateView, ra?: Release, rb?: Release): OutputChange[] {
  const oa = isObject(ta.json?.outputs) ? ta.json.outputs : {};
  const ob = isObject(tb.json?.outputs) ? tb.json.outputs : {};
  const added = Object.keys(ob).filter((n) => !(n in oa));
  const taken = new Set<string>();
  const out: OutputChange[] = [];
  for (const name of Object.keys(oa)) {
    if (name in ob) continue;
    const key = ra && rb ? ra.outputs.find((k) => outputName(ra, k) === name && rb.outputs.includes(k)) : undefined;
    const tabled = key && rb ? outputName(rb, key) : undefined;
    if (tabled && tabled in ob) {
      taken.add(tabled);
      out.push({ from: name, to: tabled });
      continue;
    }
    const value = isObject(oa[name]) ? oa[name].value : undefined;
    const same = added.find((n) => !taken.has(n) && value !== undefined && isObject(ob[n]) && isDeepStrictEqual(ob[n].value, value));
    if (same) {
      taken.add(same);
      out.push({ from: name, to: same, likely: true });
    } else out.push({ from: name });
  }
  return out;
}
