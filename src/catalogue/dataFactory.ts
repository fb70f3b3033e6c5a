/**
 * Catalogue entries for Data Factory: schedule trigger time zones (HUB700) and start times (HUB701), the
 * ForEach batch count (HUB702), Until and Wait timeouts (HUB703), and the references between pipelines,
 * activities, parameters, variables, datasets and linked services (the quick output checks' HUB320-HUB325,
 * run on any template). Values are judged over every value the template lets them take (ctx.possible), so a
 * region whose table entry is wrong is found without deploying there.
 */
import { codes, type Raised } from '../diagnostics/index.js';
import type { ActivityNode } from '../model/activities.js';
import { correctedTimeZone, isKnownTimeZone, UTC_TIME_ZONE, WINDOWS_TIME_ZONES } from '../model/timeZones.js';
import { checkAdfReferences } from '../validators/adfReferences.js';
import type { FactoryObject } from '../build/index.js';
import type { Possibility } from '../expressions/arm/possible.js';
import type { ArmValue } from '../expressions/arm/evaluate.js';
import { nearest } from '../util/nearest.js';
import { isObject, member } from '../util/json.js';
import { describeBecause } from './because.js';
import { serializeArm, type ArmExpr } from '../expressions/arm/ast.js';
import { parseArmExpression } from '../expressions/arm/parser.js';
import { isArmExpressionString } from '../expressions/arm/semantics.js';
import type { CheckContext } from './context.js';
import type { CatalogueEntry, CatalogueFinding } from './types.js';

const SCHEDULE_TRIGGER_DOC = 'https://learn.microsoft.com/azure/data-factory/how-to-create-schedule-trigger#time-zone-option';

/** The possibilities of a value at `path` inside a Data Factory object's `properties`, as the written template gives them. */
function possibleIn(ctx: CheckContext, o: FactoryObject, path: (string | number)[]) {
  const origin = ctx.origin(o.resource);
  if (!origin) return undefined;
  const value = ctx.writtenValue(o.resource, ['properties', ...path]);
  return value === undefined ? undefined : ctx.possible(origin.resource, value);
}

/** Possibilities grouped by value, in first-seen order. */
function byValue(list: readonly Possibility[], keep: (v: ArmValue) => boolean): Possibility[][] {
  const groups = new Map<string, Possibility[]>();
  for (const p of list) {
    if (!keep(p.value)) continue;
    const k = JSON.stringify(p.value);
    groups.set(k, [...(groups.get(k) ?? []), p]);
  }
  return [...groups.values()];
}

const RECURRENCE = ['typeProperties', 'recurrence'];

/** The schedule triggers of the deployment, with the possible time zones of each. */
function scheduleTriggers(ctx: CheckContext) {
  return ctx.deployed.factory.triggers.flatMap((t) => {
    if (member(t.properties, 'type') !== 'ScheduleTrigger') return [];
    const zones = possibleIn(ctx, t, [...RECURRENCE, 'timeZone']);
    return zones ? [{ trigger: t, zones }] : [];
  });
}

export const triggerTimeZone: CatalogueEntry = {
  name: 'adf/trigger-time-zone',
  codes: [codes.HUB700.code],
  area: 'dataFactory',
  azure: 'The deployment creates the trigger; starting it fails with "invalid time zone", often half-way through a deployment that leaves resources behind.',
  source: SCHEDULE_TRIGGER_DOC,
  issues: [1085, 1995, 2087, 2236],
  check(ctx) {
    const out: CatalogueFinding[] = [];
    for (const { trigger, zones } of scheduleTriggers(ctx)) {
      for (const group of byValue(zones.values, (v) => typeof v !== 'string' || !isKnownTimeZone(v))) {
        const zone = String(group[0].value);
        const suggestion = correctedTimeZone(zone) ?? nearest(zone, WINDOWS_TIME_ZONES);
        const when = describeBecause(group);
        out.push({
          raised: codes.HUB700.raise({ trigger: trigger.name, zone, ...(when ? { when } : {}), ...(suggestion ? { suggestion } : {}) }),
          at: ctx.placeOfObject(trigger, [...RECURRENCE, 'timeZone']),
          where: trigger.label,
        });
      }
    }
    return out;
  },
};

/** Replaces every subtree of `e` written as `what` with the string `value`. */
function substitute(e: ArmExpr, what: string, value: string): ArmExpr {
  if (serializeArm(e) === what) return { kind: 'string', value };
  switch (e.kind) {
    case 'call':
      return { ...e, args: e.args.map((a) => substitute(a, what, value)) };
    case 'property':
      return { ...e, target: substitute(e.target, what, value) };
    case 'index':
      return { ...e, target: substitute(e.target, what, value), index: substitute(e.index, what, value) };
    default:
      return e;
  }
}

/**
 * The start times a trigger can have with one of its time zones: where the start time is written from the
 * same expression as the zone (`if(equals(<zone>, 'UTC'), '...Z', '...')`), that expression is the zone.
 */
function startTimesIn(ctx: CheckContext, trigger: FactoryObject, zone: string): Possibility[] {
  const origin = ctx.origin(trigger.resource);
  const written = (key: string) => ctx.writtenValue(trigger.resource, ['properties', ...RECURRENCE, key]);
  let start = written('startTime');
  const tz = written('timeZone');
  if (origin && isArmExpressionString(start) && isArmExpressionString(tz)) {
    try {
      const what = serializeArm(parseArmExpression((tz as string).slice(1, -1)));
      start = `[${serializeArm(substitute(parseArmExpression((start as string).slice(1, -1)), what, zone))}]`;
    } catch {
      // An expression that does not parse: the reference checks report it.
    }
  }
  return start === undefined || !origin ? [] : ctx.possible(origin.resource, start).values.filter((p) => typeof p.value === 'string');
}

/** True when an ISO 8601 date-time ends in a UTC designator or an offset. */
const HAS_ZONE = /(Z|[+-]\d{2}:?\d{2})$/i;

export const triggerStartTime: CatalogueEntry = {
  name: 'adf/trigger-start-time',
  codes: [codes.HUB701.code],
  area: 'dataFactory',
  azure: 'The deployment creates the trigger; starting it fails with "invalid start time ... zone designator", so the schedule never runs.',
  source: SCHEDULE_TRIGGER_DOC,
  issues: [2157],
  check(ctx) {
    const out: CatalogueFinding[] = [];
    for (const { trigger, zones } of scheduleTriggers(ctx)) {
      const at = ctx.placeOfObject(trigger, [...RECURRENCE, 'startTime']);
      for (const group of byValue(zones.values, (v) => typeof v === 'string' && isKnownTimeZone(v))) {
        const zone = group[0].value as string;
        const utc = zone === UTC_TIME_ZONE;
        const starts = startTimesIn(ctx, trigger, zone);
        for (const start of starts) {
          const text = start.value as string;
          if (utc === HAS_ZONE.test(text)) continue;
          const when = describeBecause(group);
          const raised = utc
            ? codes.HUB701.needsZ({ trigger: trigger.name, startTime: text, ...(when ? { when } : {}) })
            : codes.HUB701.noOffset({ trigger: trigger.name, startTime: text, zone, ...(when ? { when } : {}) });
          out.push({ raised, at, where: trigger.label });
        }
      }
    }
    return out;
  },
};

/** Data Factory's limit on parallel ForEach iterations (ForEach activity, `batchCount`: "maximum 50"). */
export const FOREACH_MAX_BATCH = 50;

/** The activities of each pipeline of the deployment, of one type. */
function activitiesOfType(ctx: CheckContext, type: string): { pipeline: FactoryObject; activity: ActivityNode }[] {
  return ctx.deployed.factory.pipelines.flatMap((pipeline) => pipeline.activities.filter((a) => a.type === type).map((activity) => ({ pipeline, activity })));
}

export const forEachBatchCount: CatalogueEntry = {
  name: 'adf/foreach-batch-count',
  codes: [codes.HUB702.code],
  area: 'dataFactory',
  azure: 'Data Factory takes a ForEach batchCount of 1 to 50; a larger value fails the pipeline (and the deployment that creates it).',
  source: 'https://learn.microsoft.com/azure/data-factory/control-flow-for-each-activity#type-properties',
  issues: [2181],
  check(ctx) {
    const out: CatalogueFinding[] = [];
    for (const { pipeline, activity } of activitiesOfType(ctx, 'ForEach')) {
      if (member(activity.activity.typeProperties, 'isSequential') === true) continue;
      const path = [...activity.path, 'typeProperties', 'batchCount'];
      const possible = possibleIn(ctx, pipeline, path);
      if (!possible) continue;
      const bad = possible.values.filter((p) => !(typeof p.value === 'number' && Number.isInteger(p.value) && p.value >= 1 && p.value <= FOREACH_MAX_BATCH));
      if (!bad.length) continue;
      const values = byValue(bad, () => true)
        .sort((a, b) => Number(b[0].value) - Number(a[0].value))
        .map((group) => {
          const when = describeBecause(group);
          return `${JSON.stringify(group[0].value)}${when ? ` (${when})` : ''}`;
        });
      out.push({
        raised: codes.HUB702.raise({ pipeline: pipeline.name, activity: activity.name, values }),
        at: ctx.placeOfObject(pipeline, path),
        where: `${pipeline.label}, activity ${activity.name}`,
      });
    }
    return out;
  },
};

/** Ninety days, in seconds: the longest Until timeout Data Factory takes. */
const NINETY_DAYS = 90 * 86400;

/** A Data Factory timespan `d.hh:mm:ss` or `hh:mm:ss` in seconds, or undefined when the text is not one. */
function timespanSeconds(text: string): number | undefined {
  const m = /^(?:(\d+)\.)?(\d{1,2}):([0-5]\d):([0-5]\d)(?:\.\d+)?$/.exec(text.trim());
  if (!m || Number(m[2]) > 23) return undefined;
  return Number(m[1] ?? 0) * 86400 + Number(m[2]) * 3600 + Number(m[3]) * 60 + Number(m[4]);
}

/** True for a Data Factory expression (`@...` text, or `{ value, type: 'Expression' }`): judged when the pipeline runs. */
function isAdfExpression(v: unknown): boolean {
  return (typeof v === 'string' && v.startsWith('@') && !v.startsWith('@@')) || (isObject(v) && v.type === 'Expression');
}

export const loopTimeouts: CatalogueEntry = {
  name: 'adf/until-wait-times',
  codes: [codes.HUB703.code],
  area: 'dataFactory',
  azure: 'Data Factory rejects an Until timeout that is not a d.hh:mm:ss timespan of at most 90 days, and a Wait time that is not a whole number of seconds.',
  source: 'https://learn.microsoft.com/azure/data-factory/control-flow-until-activity#type-properties',
  issues: [],
  check(ctx) {
    const out: CatalogueFinding[] = [];
    const judge = (type: string, key: string, ok: (v: ArmValue) => boolean, raise: (a: { pipeline: string; activity: string; value: string }) => Raised) => {
      for (const { pipeline, activity } of activitiesOfType(ctx, type)) {
        const path = [...activity.path, 'typeProperties', key];
        const possible = possibleIn(ctx, pipeline, path);
        const bad = possible?.values.filter((p) => !isAdfExpression(p.value) && !ok(p.value)) ?? [];
        if (!bad.length) continue;
        out.push({
          raised: raise({ pipeline: pipeline.name, activity: activity.name, value: JSON.stringify(bad[0].value) }),
          at: ctx.placeOfObject(pipeline, path),
          where: `${pipeline.label}, activity ${activity.name}`,
        });
      }
    };
    judge('Until', 'timeout', (v) => typeof v === 'string' && (timespanSeconds(v) ?? Infinity) <= NINETY_DAYS, codes.HUB703.untilTimeout);
    judge('Wait', 'waitTimeInSeconds', (v) => typeof v === 'number' && Number.isInteger(v) && v >= 0, codes.HUB703.waitTime);
    return out;
  },
};

export const factoryReferences: CatalogueEntry = {
  name: 'adf/references',
  codes: [codes.HUB320.code, codes.HUB321.code, codes.HUB322.code, codes.HUB323.code, codes.HUB324.code, codes.HUB325.code],
  area: 'dataFactory',
  azure:
    'Data Factory rejects a pipeline, trigger or dataset that names a missing parameter, variable, activity, dataset, linked service or pipeline, or fails the run that evaluates the expression.',
  source: 'https://learn.microsoft.com/azure/data-factory/control-flow-expression-language-functions',
  issues: [],
  wrapsBuildChecks: true,
  check(ctx) {
    const f = ctx.deployed.factory;
    // A template of nested deployments may declare one object in several of them (the public 13.0 and 14.0
    // apps each declare the shared linked services): ARM deploys each in turn, and the last one stays.
    const last = (list: readonly FactoryObject[]) => [...new Map(list.map((o) => [o.name.toLowerCase(), o])).values()];
    const wire = (list: readonly FactoryObject[]) => (ctx.flat ? list : last(list)).map((o) => ({ name: o.name, properties: o.properties }));
    const places = new Map(f.objects.map((o) => [`${o.kind}|${o.name}`, o]));
    const diagnostics = checkAdfReferences(
      { pipelines: wire(f.pipelines), triggers: wire(f.triggers), datasets: wire(f.datasets), linkedServices: wire(f.linkedServices) },
      'azuredeploy.json',
      (kind, name, path) => {
        const o = places.get(`${kind}|${name}`);
        if (!o) return undefined;
        const place = ctx.placeOfObject(o, path.slice(1));
        const start = ctx.written.locate(place.file, place.path);
        return start ? { file: place.file, start } : { file: place.file };
      },
    );
    return diagnostics.map((diagnostic) => ({ diagnostic }));
  },
};
