/**
 * A lint rule's identity from the diagnostic registry (src/diagnostics/lint.ts): its code, name, severity
 * and summary are declared there once, and the rule file spreads them in (`...ruleCode(codes.HUB521)`).
 */
import type { CodeInfo } from '../diagnostics/index.js';
import type { LintRule } from './types.js';

/**
 * The `id`, `name`, `severity` and `summary` of the rule with a registry code.
 * @throws Error when the entry declares no rule name or is not an error or warning (a registry mistake)
 */
export function ruleCode(entry: CodeInfo): Pick<LintRule, 'id' | 'name' | 'severity' | 'summary'> {
  if (!entry.rule || entry.severity === 'info') throw new Error(`${entry.code} is not a lint rule code`);
  return { id: entry.code, name: entry.rule, severity: entry.severity, summary: entry.meaning };
}
