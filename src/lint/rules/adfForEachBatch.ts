/**
 * HUB543: a parallel ForEach (`isSequential` false) runs at most 50 iterations at once (`batchCount`
 * 1-50; the service limit). `batchCount` given as an ARM expression is evaluated for every allowed value
 * of the template parameters it depends on; a value known only at deployment is a finding of its own
 * (undecided).
 */
import { codes } from '../../diagnostics/index.js';
import { ruleCode } from '../ruleCode.js';
import type { LintFinding, LintRule } from '../types.js';
import { ADF_FOREACH } from '../links.js';
import { findingsOf, judge } from '../verdict.js';
import { member } from '../../util/json.js';

/** Data Factory's limit on parallel ForEach iterations. */
export const FOREACH_MAX_BATCH = 50;

/**
 * Parameter combinations tried: a batch count can follow both the Data Explorer SKU (64 allowed values)
 * and, from 0.10, the Fabric capacity (11), 704 combinations, each a cheap evaluation.
 */
const COMBINATIONS = 1024;

export const adfForEachBatch: LintRule = {
  ...ruleCode(codes.HUB543),
  area: 'dataFactory',
  actor: 'author',
  rationale: `Data Factory rejects a batchCount above ${FOREACH_MAX_BATCH} when the pipeline is deployed.`,
  link: ADF_FOREACH,
  check(ctx) {
    const out: LintFinding[] = [];
    for (const p of ctx.dataFactory.filter((o) => o.kind === 'pipeline')) {
      for (const e of p.activities) {
        if (e.type !== 'ForEach') continue;
        const tp = e.activity.typeProperties;
        if (member(tp, 'isSequential') === true) continue;
        const batch = member(tp, 'batchCount');
        if (batch === undefined) continue;
        const where = `${p.label}, activity ${e.name}`;
        out.push(
          ...findingsOf(
            judge(batch, ctx.template, (v) => typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= FOREACH_MAX_BATCH, {}, COMBINATIONS),
            {
              subject: `${p.label}: ForEach '${e.name}' batchCount`,
              failed: (bad) => `${p.label}: ForEach '${e.name}' can run with batchCount ${bad.map((v) => JSON.stringify(v)).join(', ')}`,
              hint: `Keep batchCount between 1 and ${FOREACH_MAX_BATCH}.`,
              location: p.at([...e.path, 'typeProperties', 'batchCount']),
              where,
            },
          ),
        );
      }
    }
    return out;
  },
};
