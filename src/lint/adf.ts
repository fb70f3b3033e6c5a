/**
 * Data Factory helpers for the lint rules (a pipeline's activities are the Build's activity tree,
 * `FactoryObject.activities`): the dependency conditions on an activity, control activities, timespans.
 * Source: "Pipelines and activities in Azure Data Factory" (learn.microsoft.com/azure/data-factory/concepts-pipelines-activities).
 */
import type { ActivityNode } from '../model/activities.js';
import { isObject } from '../util/json.js';

/**
 * Control activities: they run no external work of their own, so Data Factory gives them no `policy`
 * (timeout, retry). Source: concepts-pipelines-activities ("Control flow activities").
 */
export const CONTROL_ACTIVITY_TYPES: ReadonlySet<string> = new Set([
  'AppendVariable',
  'ExecutePipeline',
  'Fail',
  'Filter',
  'ForEach',
  'IfCondition',
  'SetVariable',
  'Switch',
  'Until',
  'Validation',
  'Wait',
  'WebHook',
]);

/** The dependency conditions other activities of the same list attach to `entry` (`Succeeded`, `Failed`, ...). */
export function conditionsOn(entry: ActivityNode): Set<string> {
  const out = new Set<string>();
  for (const s of entry.siblings) {
    if (!Array.isArray(s.dependsOn)) continue;
    for (const d of s.dependsOn) {
      if (!isObject(d) || typeof d.activity !== 'string' || d.activity.toLowerCase() !== entry.name.toLowerCase()) continue;
      if (Array.isArray(d.dependencyConditions)) for (const c of d.dependencyConditions) if (typeof c === 'string') out.add(c);
    }
  }
  return out;
}

/**
 * A Data Factory timespan (`d.hh:mm:ss` or `hh:mm:ss`) in seconds, or undefined when the text is not one
 * (an expression, say).
 */
export function timespanSeconds(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const m = /^(?:(\d+)\.)?(\d{1,2}):(\d{2}):(\d{2})$/.exec(value.trim());
  if (!m) return undefined;
  const [, d, h, min, s] = m;
  return Number(d ?? 0) * 86400 + Number(h) * 3600 + Number(min) * 60 + Number(s);
}

/** Seven days, in seconds: the documented default timeout of activities and of the Until loop. */
export const SEVEN_DAYS = 7 * 86400;
