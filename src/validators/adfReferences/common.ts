/**
 * What the parts of the Data Factory reference checker (`../adfReferences.ts`) share: where an expression
 * or reference sits, which names it may use, the report callback, and helpers for names and messages.
 */
import type { Raised } from '../../diagnostics/index.js';
import type { AdfObjectKind } from '../../model/dataFactoryKinds.js';
import { isObject } from '../../util/json.js';

/** Lower-cased name → name as declared. */
export type NameMap = Map<string, string>;

/** The names an object declares (the keys of a `parameters` or `variables` section), by lower-cased name. */
export function declaredNames(decl: unknown): NameMap {
  const out: NameMap = new Map();
  if (isObject(decl)) for (const k of Object.keys(decl)) out.set(k.toLowerCase(), k);
  return out;
}

/** A JSON path as text: `typeProperties.items`, `activities[2].name`. */
export function formatPath(path: readonly (string | number)[]): string {
  let out = '';
  for (const seg of path) {
    if (typeof seg === 'number') out += `[${seg}]`;
    else out += out ? `.${seg}` : seg;
  }
  return out;
}

/** Names for a message: `'a', 'b'`, or `none`. */
export function list(names: Iterable<string>): string {
  const all = [...names];
  return all.length ? all.map((n) => `'${n}'`).join(', ') : 'none';
}

/** Where an expression or reference sits. */
export interface Location {
  kind: AdfObjectKind;
  object: string;
  /** Enclosing activity names, outermost first. */
  activities: string[];
  /** Path from the object root. */
  jsonPath: (string | number)[];
  /** Path shown after the activity (or object), relative to it. */
  localPath: (string | number)[];
}

/** What names an expression may use. */
export interface Scope {
  /** Pipeline-only data. */
  pipeline?: {
    parameters: NameMap;
    variables: NameMap;
    /** All activity names of the pipeline (lower-cased → as declared). */
    allActivities: NameMap;
    /** Lower-cased names of the activities that run before this point. */
    upstream: Set<string>;
    /** Inside a ForEach body or a Filter condition. */
    inForEach: boolean;
  };
  /** Declared parameters of the dataset / linked service being defined. */
  ownParameters?: NameMap;
}

/** Reports one diagnostic (HUB320-HUB325, errors), raised through the registry (`codes.HUB321...`), at a location. */
export type Report = (raised: Raised, loc: Location) => void;
