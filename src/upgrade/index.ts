/**
 * `hubc upgrade-plan` as a library: the ordered steps of an upgrade from build A to build B.
 *
 * ```ts
 * const a = loadUpgradeSide('0.5', 'hub.yaml');
 * const b = loadUpgradeSide('0.7', 'hub.yaml');
 * const plan = planUpgrade(a.input, b.input, { notes: [...a.notes, ...b.notes] });
 * process.stdout.write(renderPlan(plan, 'markdown'));
 * ```
 */
import { toJsonText } from '../model/json.js';
import { formatPlanMarkdown, formatPlanText } from './format.js';
import type { UpgradePlan } from './types.js';
import type { PlanFormat } from './options.js';
import { planGraph } from './graph.js';
import { toMermaid } from '../graph/index.js';

export { planUpgrade, UpgradePlanError, type DeploymentContext } from './plan.js';
export { loadUpgradeSide } from './load.js';
export { parameterValues } from './parameters.js';
export { formatPlanText, formatPlanMarkdown } from './format.js';
export type * from './types.js';
export { UPGRADE_PHASES } from './types.js';

export { type PlanFormat } from './options.js';

/** Renders a plan in one of the {@link PLAN_FORMATS}. */
export function renderPlan(plan: UpgradePlan, format: PlanFormat): string {
  if (format === 'markdown') return formatPlanMarkdown(plan);
  if (format === 'json') return toJsonText(plan);
  if (format === 'mermaid') return toMermaid(planGraph(plan));
  return formatPlanText(plan);
}
