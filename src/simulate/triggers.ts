/**
 * Triggers of a simulation: which blob event triggers a blob event fires, which schedule trigger a
 * `--schedule` names, and the pipeline runs a trigger starts with the parameters it passes.
 *
 * Blob event triggers (learn.microsoft.com/azure/data-factory/how-to-create-event-trigger): the event's
 * subject is `/<container>/blobs/<path in container>`; `blobPathBeginsWith` and `blobPathEndsWith` must
 * match its start and end (compared ignoring case, as Event Grid subject filters do by default); the
 * event type must be in `events`; with `ignoreEmptyBlobs` (default true) a created blob of zero bytes
 * fires nothing. `@triggerBody().folderPath` is the blob's folder with the container first and no leading
 * slash (`rawexports/exports/daily`), `@triggerBody().fileName` its file name.
 * Schedule triggers: `daily` is the one with `recurrence.frequency` `Day` (or `Hour`/`Minute`), `monthly`
 * the one with `Month`; `@trigger().scheduledTime` and `startTime` are the simulation's current time.
 */
import type { AdfEvalContext } from '../expressions/adf/evaluate.js';
import type { Factory, FactoryObject } from './factory.js';
import type { BlobEvent } from './storage.js';
import { evaluateDeep } from './values.js';

/** A pipeline run a trigger asks for. */
export interface TriggeredRun {
  trigger: string;
  triggerType: 'BlobEventsTrigger' | 'ScheduleTrigger';
  pipeline: string;
  parameters: Record<string, unknown>;
  triggerBody?: unknown;
}

/** The event subject of a storage path (`rawexports/a/b.json` -> `/rawexports/blobs/a/b.json`). */
export function blobSubject(path: string): string {
  const [container, ...rest] = path.split('/');
  return `/${container}/blobs/${rest.join('/')}`;
}

/** True when a blob event trigger fires for the event. */
export function blobTriggerFires(trigger: FactoryObject, event: BlobEvent): boolean {
  const p = trigger.properties;
  if (p.type !== 'BlobEventsTrigger') return false;
  const tp = p.typeProperties ?? {};
  const events: string[] = tp.events ?? [];
  if (!events.includes(event.type)) return false;
  const subject = blobSubject(event.path).toLowerCase();
  if (typeof tp.blobPathBeginsWith === 'string' && !subject.startsWith(tp.blobPathBeginsWith.toLowerCase())) return false;
  if (typeof tp.blobPathEndsWith === 'string' && !subject.endsWith(tp.blobPathEndsWith.toLowerCase())) return false;
  if (event.type === 'Microsoft.Storage.BlobCreated' && tp.ignoreEmptyBlobs !== false && event.size === 0) return false;
  return true;
}

/** Why a blob event trigger does not fire (for the "no trigger fired" diagnostic), or undefined when it does. */
export function whyNotFired(trigger: FactoryObject, event: BlobEvent): string | undefined {
  if (blobTriggerFires(trigger, event)) return undefined;
  const tp = trigger.properties.typeProperties ?? {};
  if (event.type === 'Microsoft.Storage.BlobCreated' && tp.ignoreEmptyBlobs !== false && event.size === 0) {
    const rest = { ...event, size: 1 };
    if (blobTriggerFires(trigger, rest)) return `${trigger.name} ignores empty blobs`;
  }
  return `${trigger.name} watches ${tp.blobPathBeginsWith ?? '*'} ... ${tp.blobPathEndsWith ?? '*'}`;
}

/** The runs a trigger starts, parameters evaluated with its trigger body. */
function runsOf(trigger: FactoryObject, ctx: AdfEvalContext, triggerBody?: unknown): TriggeredRun[] {
  return (trigger.properties.pipelines ?? []).map((p: { pipelineReference: { referenceName: string }; parameters?: Record<string, unknown> }) => ({
    trigger: trigger.name,
    triggerType: trigger.properties.type,
    pipeline: p.pipelineReference.referenceName,
    parameters: (evaluateDeep(p.parameters ?? {}, ctx) ?? {}) as Record<string, unknown>,
    ...(triggerBody !== undefined ? { triggerBody } : {}),
  }));
}

/** The runs a blob event starts, in trigger name order. */
export function runsForBlobEvent(factory: Factory, event: BlobEvent, now: string): TriggeredRun[] {
  const parts = event.path.split('/');
  const triggerBody = { folderPath: parts.slice(0, -1).join('/'), fileName: parts[parts.length - 1] };
  const out: TriggeredRun[] = [];
  for (const name of [...factory.triggers.keys()].sort()) {
    const t = factory.triggers.get(name)!;
    if (!blobTriggerFires(t, event)) continue;
    out.push(...runsOf(t, { utcNow: now, triggerBody, trigger: { name, type: 'BlobEventsTrigger', outputs: { body: triggerBody } } }, triggerBody));
  }
  return out;
}

/** The schedule trigger `daily` or `monthly` names, or undefined. */
export function scheduleTrigger(factory: Factory, schedule: 'daily' | 'monthly'): FactoryObject | undefined {
  const wanted = schedule === 'monthly' ? ['month'] : ['day', 'hour', 'minute'];
  return [...factory.triggers.values()]
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .find((t) => t.properties.type === 'ScheduleTrigger' && wanted.includes(String(t.properties.typeProperties?.recurrence?.frequency ?? '').toLowerCase()));
}

/** The runs a schedule trigger starts at `now`. */
export function runsForSchedule(trigger: FactoryObject, now: string): TriggeredRun[] {
  return runsOf(trigger, { utcNow: now, trigger: { name: trigger.name, type: 'ScheduleTrigger', scheduledTime: now, startTime: now } });
}
