/**
 * Helpers for the Data Factory object tests: models from hub.yaml text, objects in wire JSON, activity lookup and expression
 * evaluation.
 */
import { readFileSync } from 'node:fs';
import { hubYaml, modelOf } from '../../support/hubs.js';
import { dataFactoryContext, type DataFactoryContext } from '../../../src/modules/dataFactory/context.js';
import { dataFactoryObjects } from '../../../src/modules/dataFactory/objects.js';
import type { AdfObject } from '../../../src/modules/types.js';
import { innerActivityLists } from '../../../src/model/activities.js';

/** The activities directly inside a container activity. */
const innerActivities = (a: unknown) => innerActivityLists(a).flatMap((l) => l.activities as any[]);
import { evaluateAdfValue, type AdfEvalContext } from '../../../src/expressions/adf/index.js';

const root = new URL('../../../', import.meta.url);
export const DEFAULT_YAML = readFileSync(new URL('hub.yaml', root), 'utf8');
export const FIXTURE_YAML = readFileSync(new URL('test/fixtures/0.7/custom/hub.yaml', root), 'utf8');

/** hub.yaml text with top-level sections replaced. */
export const withSections = hubYaml;

export { modelOf };

/** A wire object: `{ kind, name, properties, condition? }` as plain JSON. */
export interface Wire {
  kind: AdfObject['kind'];
  name: string;
  condition?: string;
  dependsOn?: string[];
  properties: any;
}

/** Context and wire objects of a hub.yaml text. */
export function objectsOf(text = DEFAULT_YAML): { ctx: DataFactoryContext; objects: AdfObject[]; wire: Wire[]; byName: (name: string) => Wire } {
  const ctx = dataFactoryContext(modelOf(text));
  const objects = dataFactoryObjects(ctx);
  const wire: Wire[] = JSON.parse(JSON.stringify(objects));
  const byName = (name: string) => {
    const w = wire.find((o) => o.name === name);
    if (!w) throw new Error(`no object ${name}`);
    return w;
  };
  return { ctx, objects, wire, byName };
}

/** All activities of a pipeline (wire), nested ones included, in document order. */
export function allActivities(pipeline: Wire): any[] {
  const out: any[] = [];
  const walk = (list: any[]) => {
    for (const a of list) {
      out.push(a);
      walk(innerActivities(a));
    }
  };
  walk(pipeline.properties.activities);
  return out;
}

/** The activity of a pipeline with this name (searched at every nesting level). */
export function activityOf(pipeline: Wire, name: string): any {
  const a = allActivities(pipeline).find((x) => x.name === name);
  if (!a) throw new Error(`no activity ${name} in ${pipeline.name}`);
  return a;
}

/** Evaluates a wire value (`"@..."`, interpolation, or `{ value, type: 'Expression' }`) in a context. */
export function evaluate(value: unknown, ctx: Partial<AdfEvalContext> = {}): unknown {
  const text = value && typeof value === 'object' && 'value' in (value as any) ? (value as any).value : value;
  if (typeof text !== 'string') throw new Error(`not an expression: ${JSON.stringify(value)}`);
  return evaluateAdfValue(text, { utcNow: '2024-11-15T10:20:30.0000000Z', ...ctx });
}
