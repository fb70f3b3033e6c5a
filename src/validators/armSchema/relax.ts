/**
 * The "relaxed" in-memory transform of the official ARM JSON schemas, and the index of polymorphic
 * (discriminated) alternatives built from the transformed schemas.
 *
 * Why (recipe `../shared/recipes/validators.md` §3.3/§3.4): the official schemas reject templates that ARM
 * deploys: enums are compared case-sensitively, many positions have no ARM-expression branch, `oneOf`
 * branches overlap, and `date-time` demands a zone offset. The transform works on parsed JSON objects only;
 * the schema files are never changed. Rules applied to every schema node:
 * - `oneOf` becomes `anyOf` (unless the node already has an `anyOf`);
 * - a string-only `enum` becomes the custom keyword `x-enum-ci` (case-insensitive, registered by the loader),
 *   and the node gets `type: "string"` when it had no `type` (an all-string enum rejects other types anyway);
 * - a non-root node typed `object`/`array`/`integer`/`number`/`boolean`, or a string node with
 *   `maxLength`/`minLength`/`pattern`/`format`/enum, is wrapped as `{ anyOf: [ <expression>, node ] }` so an
 *   ARM expression string (`"[...]"`) is accepted in its place. The expression definition itself, the file
 *   root, resource definitions and the direct alternatives of `anyOf`/`allOf` are not wrapped (for an `anyOf`
 *   without an expression alternative the expression is added as one more alternative instead).
 *
 * The discriminator index (recipe §3.5): every `anyOf` whose elements (two or more) are objects with a
 * single-valued `properties.type` or `properties.kind` enum is a "holder" of polymorphic alternatives
 * (activities, triggers, datasets, linked services, copy sources, Kusto database kinds, ...). For each
 * holder two kinds of synthetic definitions are added to the file's `definitions` (so local `#/definitions`
 * references keep resolving): the holder without its alternatives, and for each alternative
 * `{ allOf: [holder-without-alternatives, alternative] }`.
 */
import { isObject, type JsonObject } from '../../util/json.js';

/** URL of the ARM expression definition every provider schema refers to. */
export const EXPRESSION_REF = 'https://schema.management.azure.com/schemas/common/definitions.json#/definitions/expression';

/** Custom case-insensitive enum keyword used by the relaxed schemas. */
export const ENUM_CI = 'x-enum-ci';

/** Marker on the `anyOf` wrappers added by the transform (ignored by ajv with `strict: false`). */
export const RELAXED_MARK = 'x-hubc-relaxed';

/** Keys of schema maps whose values are resource definitions (`resourceDefinitions`, `extension_resourceDefinitions`, ...). */
export function isResourceDefinitionsKey(key: string): boolean {
  return key === 'resourceDefinitions' || key.endsWith('_resourceDefinitions');
}

/** One discriminated alternative of a holder. */
export interface Alternative {
  /** Discriminator value, as written in the schema (e.g. `Copy`, `ReadWrite`). */
  value: string;
  /** The alternative's schema node (identity used to recognise its errors). */
  node: JsonObject;
  /** Absolute ajv reference of `{ allOf: [holder-without-alternatives, alternative] }`. */
  combinedRef: string;
}

/** A schema node whose `anyOf` lists discriminated alternatives. */
export interface Holder {
  /** Sequence number, unique within one loaded schema set. */
  id: number;
  /** Name of the discriminating property: `type` or `kind`. */
  key: 'type' | 'kind';
  alternatives: Alternative[];
  /** Absolute ajv reference of the holder without its alternatives. */
  holderOnlyRef: string;
}

/** What an error's `parentSchema` can point at, for the explain step. */
export interface DiscriminatorIndex {
  /**
   * The single-valued `x-enum-ci` array of an alternative's discriminator -> its holder (ajv reports custom
   * keyword errors with `schema` = this array, but without `parentSchema`).
   */
  byEnumValues: WeakMap<object, Holder>;
  /** Alternative node -> its holder. */
  byAlternative: WeakMap<object, Holder>;
  holders: Holder[];
}

/** Creates an empty index shared by all files of one schema set. */
export function newDiscriminatorIndex(): DiscriminatorIndex {
  return { byEnumValues: new WeakMap(), byAlternative: new WeakMap(), holders: [] };
}

function typesOf(node: JsonObject): string[] {
  const t = node.type;
  if (typeof t === 'string') return [t];
  if (Array.isArray(t)) return t.filter((x): x is string => typeof x === 'string');
  return [];
}

function isExpressionRef(node: unknown): boolean {
  return isObject(node) && typeof node.$ref === 'string' && node.$ref.endsWith('/definitions/expression');
}

/** True when an ARM expression string would fail this node, so the node needs an expression alternative. */
function needsExpression(node: JsonObject): boolean {
  const types = typesOf(node);
  const stringish = types.includes('string') || ENUM_CI in node;
  if (stringish) {
    return ['maxLength', 'minLength', 'pattern', 'format', ENUM_CI].some((k) => k in node) || (types.length > 0 && !types.includes('string'));
  }
  return types.some((t) => t === 'object' || t === 'array' || t === 'integer' || t === 'number' || t === 'boolean' || t === 'null');
}

type Position = 'root' | 'resourceDefinition' | 'alternative' | 'value';

/**
 * Relaxes one parsed schema file in place (see the module comment) and returns it.
 * @param schema the parsed file (its `id` should already be the path-derived URL)
 * @param isCommonDefinitions true for `schemas/common/definitions.json`, whose `definitions.expression` is left as is
 */
export function relaxSchema(schema: JsonObject, isCommonDefinitions: boolean): JsonObject {
  const expressionNode = isCommonDefinitions && isObject(schema.definitions) ? schema.definitions.expression : undefined;

  const visit = (node: unknown, position: Position): unknown => {
    if (!isObject(node)) return node;
    if (node === expressionNode) return node;
    if (Array.isArray(node.oneOf) && !('anyOf' in node)) {
      node.anyOf = node.oneOf;
      delete node.oneOf;
    }
    if (Array.isArray(node.enum) && node.enum.length > 0 && node.enum.every((v) => typeof v === 'string')) {
      node[ENUM_CI] = node.enum;
      delete node.enum;
      if (node.type === undefined) node.type = 'string';
    }
    for (const [key, child] of Object.entries(node)) {
      if (key === 'properties' || key === 'patternProperties' || key === 'definitions') {
        if (isObject(child)) for (const k of Object.keys(child)) child[k] = visit(child[k], 'value');
      } else if (isResourceDefinitionsKey(key)) {
        if (isObject(child)) for (const k of Object.keys(child)) child[k] = visit(child[k], 'resourceDefinition');
      } else if (key === 'dependencies') {
        if (isObject(child)) for (const k of Object.keys(child)) if (isObject(child[k])) child[k] = visit(child[k], 'value');
      } else if (key === 'additionalProperties' || key === 'additionalItems' || key === 'not') {
        if (isObject(child)) node[key] = visit(child, 'value');
      } else if (key === 'items') {
        if (Array.isArray(child)) for (let i = 0; i < child.length; i++) child[i] = visit(child[i], 'value');
        else if (isObject(child)) node[key] = visit(child, 'value');
      } else if (key === 'anyOf' || key === 'allOf') {
        if (Array.isArray(child)) for (let i = 0; i < child.length; i++) child[i] = visit(child[i], 'alternative');
      }
    }
    // An anyOf without an expression alternative, on a node that does not itself exclude strings.
    if (Array.isArray(node.anyOf) && position !== 'root' && position !== 'resourceDefinition') {
      const types = typesOf(node);
      const alternatives = node.anyOf as unknown[];
      if ((types.length === 0 || types.includes('string')) && !alternatives.some(isExpressionRef) && alternatives.some((a) => isObject(a) && needsExpression(a))) {
        alternatives.push({ $ref: EXPRESSION_REF });
      }
    }
    if (position === 'value' && needsExpression(node)) {
      return { [RELAXED_MARK]: true, anyOf: [{ $ref: EXPRESSION_REF }, node] };
    }
    return node;
  };

  visit(schema, 'root');
  return schema;
}

/** The single value of a discriminator property schema (possibly wrapped by the transform), or undefined. */
function discriminatorEnum(prop: unknown): { value: string; node: JsonObject } | undefined {
  if (!isObject(prop)) return undefined;
  const own = prop[ENUM_CI];
  if (Array.isArray(own) && own.length === 1 && typeof own[0] === 'string') return { value: own[0], node: prop };
  if (Array.isArray(prop.anyOf)) {
    for (const a of prop.anyOf) {
      if (!isObject(a)) continue;
      const e = a[ENUM_CI];
      if (Array.isArray(e) && e.length === 1 && typeof e[0] === 'string') return { value: e[0], node: a };
    }
  }
  return undefined;
}

/**
 * Finds the holders of discriminated alternatives in a relaxed schema file, records them in `index`, and
 * adds their synthetic definitions to `schema.definitions` (see the module comment).
 * @param schema a relaxed schema file
 * @param fileId the file's registered id, ending in `#`
 */
export function indexDiscriminators(schema: JsonObject, fileId: string, index: DiscriminatorIndex): void {
  const found: { holder: JsonObject; key: 'type' | 'kind'; alts: { value: string; node: JsonObject; enumNode: JsonObject }[] }[] = [];
  const seen = new WeakSet<object>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const n of node) walk(n);
      return;
    }
    if (!isObject(node) || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node.anyOf) && !node[RELAXED_MARK]) {
      for (const key of ['type', 'kind'] as const) {
        const alts: { value: string; node: JsonObject; enumNode: JsonObject }[] = [];
        for (const a of node.anyOf) {
          if (!isObject(a) || !isObject(a.properties)) continue;
          const d = discriminatorEnum(a.properties[key]);
          if (d) alts.push({ value: d.value, node: a, enumNode: d.node });
        }
        if (alts.length >= 2) {
          found.push({ holder: node, key, alts });
          break;
        }
      }
    }
    for (const [k, v] of Object.entries(node)) {
      if (k === ENUM_CI || k === 'enum' || k === 'required') continue;
      walk(v);
    }
  };
  walk(schema);
  if (found.length === 0) return;
  const definitions = (isObject(schema.definitions) ? schema.definitions : (schema.definitions = {})) as JsonObject;
  for (const f of found) {
    const id = index.holders.length;
    const holderOnly: JsonObject = { ...f.holder };
    delete holderOnly.anyOf;
    const holderOnlyName = `x-hubc-holder-${id}`;
    definitions[holderOnlyName] = holderOnly;
    const holder: Holder = { id, key: f.key, alternatives: [], holderOnlyRef: `${fileId}/definitions/${holderOnlyName}` };
    f.alts.forEach((a, i) => {
      const name = `x-hubc-alt-${id}-${i}`;
      definitions[name] = { allOf: [holderOnly, a.node] };
      holder.alternatives.push({ value: a.value, node: a.node, combinedRef: `${fileId}/definitions/${name}` });
      index.byEnumValues.set(a.enumNode[ENUM_CI] as object, holder);
      index.byAlternative.set(a.node, holder);
    });
    index.holders.push(holder);
  }
}
