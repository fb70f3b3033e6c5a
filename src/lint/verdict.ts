/**
 * Three-valued judgements for the lint rules: a value passes a rule, fails it, or cannot be decided at
 * build time (it is known only at deployment). An undecided value is a finding of its own, at the rule's
 * severity, saying what could not be decided and why: a rule never passes a value it could not see.
 */
import type { ArmValue } from '../expressions/arm/evaluate.js';
import { possibleValues } from './arm.js';
import type { LintFinding } from './types.js';
import type { LintLocation } from './context.js';

/** A rule's verdict on one value. */
export type Verdict = { kind: 'pass' } | { kind: 'fail'; bad: readonly ArmValue[] } | { kind: 'unknown'; why: string };

export const PASS: Verdict = { kind: 'pass' };
/** A failure with no particular value (a property that is missing, a structure that is wrong). */
export const FAIL: Verdict = { kind: 'fail', bad: [] };

/**
 * Judges a template value with a test every value it can take must pass: `fail` when a value known at
 * build time fails (with those values), else `unknown` when some combination of parameter values is known
 * only at deployment, else `pass` (see {@link possibleValues}).
 * @param extra parameters fixed to one value
 * @param limit combinations of parameter values tried at most (default {@link possibleValues}'s)
 */
export function judge(value: unknown, template: unknown, ok: (v: ArmValue) => boolean, extra: Record<string, ArmValue> = {}, limit?: number): Verdict {
  const p = possibleValues(value, template, extra, limit);
  const bad = p.values.filter((v) => !ok(v));
  if (bad.length) return { kind: 'fail', bad };
  if (p.unknown !== undefined) return { kind: 'unknown', why: p.unknown };
  return PASS;
}

/** Three-valued "or": passes when one passes, else undecided when one is undecided, else fails. */
export function anyOf(...verdicts: Verdict[]): Verdict {
  return verdicts.find((v) => v.kind === 'pass') ?? verdicts.find((v) => v.kind === 'unknown') ?? verdicts[0] ?? FAIL;
}

/**
 * The message of a finding whose value cannot be known at build time:
 * `cannot be decided at build time: <what>: <why>`.
 * @param what the subject, e.g. `resource Microsoft.Storage/storageAccounts 'x' supportsHttpsTrafficOnly`
 * @param why {@link Verdict} `unknown`'s reason
 */
export function undecided(what: string, why: string): string {
  return `cannot be decided at build time: ${what}: ${why}`;
}

/** How to report a verdict. */
export interface VerdictReport {
  /** The subject for an undecided finding, e.g. `resource ... supportsHttpsTrafficOnly`. */
  subject: string;
  /** The message of a failure, given the failing values. */
  failed(bad: readonly ArmValue[]): string;
  hint: string;
  location: LintLocation;
  where?: string;
}

/** The findings of a verdict: none when it passes, one saying why otherwise. */
export function findingsOf(verdict: Verdict, report: VerdictReport): LintFinding[] {
  if (verdict.kind === 'pass') return [];
  const message = verdict.kind === 'unknown' ? undecided(report.subject, verdict.why) : report.failed(verdict.bad);
  return [{ message, hint: report.hint, location: report.location, ...(report.where ? { where: report.where } : {}) }];
}
