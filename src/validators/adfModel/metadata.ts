/**
 * Index over the `@azure/arm-datafactory` 12.0.0 mapper metadata (`Mappers`, deep-imported because the
 * package root does not export it; recipe validators.md §2).
 *
 * The mappers are plain data: each model is `{ type: { name: 'Composite', className, modelProperties,
 * additionalProperties?, polymorphicDiscriminator?, uberParent? } }`, and each property mapper has
 * `serializedName` (dotted when the property is flattened, e.g. `typeProperties.source`), `type.name`
 * (Composite/Sequence/Dictionary/String/Number/Boolean/DateTime/Enum/Uuid/Object/any), `required`,
 * `readOnly`, `isConstant`/`defaultValue`, `nullable` and `constraints`.
 *
 * This module turns a model into a trie of its serialized property paths, resolves polymorphic models
 * the way `@azure/core-client` does (breadth-first search of `discriminators` keys `<Parent>.<value>`
 * starting at the declared model's `uberParent`), and knows the class hierarchy.
 */
import * as Mappers from '@azure/arm-datafactory/dist-esm/src/models/mappers.js';
import type { Constraints } from './values.js';
import { ACCEPTED_EXTRA_PROPERTIES, REQUIRED_COMPOSITES } from './knownGaps.js';
import type { AdfObjectKind } from '../../model/dataFactoryKinds.js';

/** The `type` part of a mapper (the fields this checker reads). */
export interface MapperType {
  name: string;
  className?: string;
  uberParent?: string;
  polymorphicDiscriminator?: { serializedName: string; clientName: string };
  modelProperties?: Record<string, PropertyMapper>;
  additionalProperties?: PropertyMapper;
  element?: PropertyMapper;
  value?: PropertyMapper;
  allowedValues?: unknown[];
}

/** A property (or element/value) mapper. */
export interface PropertyMapper {
  serializedName?: string;
  type: MapperType;
  required?: boolean;
  readOnly?: boolean;
  isConstant?: boolean;
  defaultValue?: unknown;
  nullable?: boolean;
  constraints?: Constraints;
}

/** One property of a compiled model. */
export interface ModelProperty {
  /** Client (SDK) property name, e.g. `source`. */
  clientName: string;
  /** Serialized path inside the JSON object, e.g. `['typeProperties', 'source']`. */
  path: string[];
  mapper: PropertyMapper;
  /** Required by the mapper, by the SDK's TypeScript types (see knownGaps.ts) or because it is a constant. */
  required: boolean;
}

/** A node of the serialized-name trie: a property, an intermediate flattening object, or both. */
export interface TrieNode {
  property?: ModelProperty;
  children: Map<string, TrieNode>;
}

/** A model ready for walking. */
export interface CompiledModel {
  className: string;
  /** Root of its polymorphic hierarchy (e.g. `Activity` for `ForEachActivity`), or undefined when not polymorphic. */
  root?: string;
  trie: TrieNode;
  properties: ModelProperty[];
  /** True when the model declares `additionalProperties` (unknown properties are then only warnings). */
  additionalProperties: boolean;
  /** Serialized name of the discriminator property (`type`, `authenticationType`, ...), if polymorphic. */
  discriminator?: string;
  /** Serialized paths (dotted) accepted without a warning although the model lacks them (knownGaps.ts). */
  acceptedExtras: ReadonlySet<string>;
}

interface ModelMapper {
  serializedName?: string;
  type: MapperType;
}

const all = Mappers as unknown as Record<string, unknown>;
const discriminators = all.discriminators as Record<string, ModelMapper>;

/** Every composite model by class name. */
const models = new Map<string, ModelMapper>();
for (const [exportName, value] of Object.entries(all)) {
  if (exportName === 'discriminators') continue;
  const m = value as ModelMapper;
  if (m?.type?.name === 'Composite' && m.type.className) models.set(m.type.className, m);
}

/** Children in the polymorphic hierarchy, in `discriminators` order: parent class → [discriminator value, child class]. */
const childrenOf = new Map<string, Array<[string, string]>>();
for (const [key, m] of Object.entries(discriminators)) {
  const dot = key.indexOf('.');
  if (dot < 0 || !m.type.className) continue;
  const parent = key.slice(0, dot);
  if (m.type.uberParent !== parent) continue;
  const list = childrenOf.get(parent) ?? [];
  list.push([key.slice(dot + 1), m.type.className]);
  childrenOf.set(parent, list);
}

/** The mapper of a model class, or undefined. */
export function modelMapper(className: string): ModelMapper | undefined {
  return models.get(className);
}

/** The direct parent of a class in its polymorphic hierarchy, or undefined for a root or a plain model. */
export function parentClass(className: string): string | undefined {
  const parent = models.get(className)?.type.uberParent;
  return parent && parent !== className ? parent : undefined;
}

/** The class itself followed by its ancestors, nearest first. */
export function lineage(className: string): string[] {
  const out = [className];
  for (let p = parentClass(className); p && !out.includes(p); p = parentClass(p)) out.push(p);
  return out;
}

/** True when `className` is `ancestor` or derives from it. */
export function isSameOrSubclass(className: string, ancestor: string): boolean {
  return lineage(className).includes(ancestor);
}

const valueIndexCache = new Map<string, Map<string, string>>();

/**
 * Discriminator values reachable from a class, breadth-first (the order `@azure/core-client` searches
 * `discriminators`): value → class name. The first class found for a value wins; the start class's own
 * name is not a value.
 */
export function discriminatorValues(start: string): ReadonlyMap<string, string> {
  let index = valueIndexCache.get(start);
  if (index) return index;
  index = new Map();
  const queue = [start];
  const seen = new Set(queue);
  while (queue.length) {
    const current = queue.shift()!;
    for (const [value, child] of childrenOf.get(current) ?? []) {
      if (!index.has(value)) index.set(value, child);
      if (!seen.has(child)) {
        seen.add(child);
        queue.push(child);
      }
    }
  }
  valueIndexCache.set(start, index);
  return index;
}

/**
 * Where the discriminator search starts for a declared class: its `uberParent` (core-client uses
 * `uberParent ?? className`), so a property declared as `ParquetWriteSettings` resolves among all
 * `FormatWriteSettings` types.
 */
export function searchStart(className: string): string {
  return models.get(className)?.type.uberParent ?? className;
}

/** Serialized name of a class's discriminator, own or inherited; backslashes removed as core-client does. */
function discriminatorOf(className: string): string | undefined {
  for (const c of lineage(className)) {
    const d = models.get(c)?.type.polymorphicDiscriminator;
    if (d) return d.serializedName.replace(/\\/g, '');
  }
  return undefined;
}

/** Splits a serialized name at dots that are not escaped as `\.`, then unescapes. */
export function splitSerializedName(name: string): string[] {
  return name.split(/(?<!\\)\./).map((part) => part.replace(/\\\./g, '.'));
}

const compiledCache = new Map<string, CompiledModel>();

/**
 * Compiles a model class: the trie of its serialized paths, its required set (mapper `required`,
 * constants, and REQUIRED_COMPOSITES of the class or an ancestor) and its accepted extras.
 * @returns the compiled model, or undefined for an unknown class name
 */
export function compileModel(className: string): CompiledModel | undefined {
  const cached = compiledCache.get(className);
  if (cached) return cached;
  const mapper = models.get(className);
  if (!mapper) return undefined;
  const ancestors = lineage(className);
  const extraRequired = new Set(ancestors.flatMap((c) => REQUIRED_COMPOSITES[c] ?? []));
  const acceptedExtras = new Set(ancestors.flatMap((c) => ACCEPTED_EXTRA_PROPERTIES[c] ?? []));
  const trie: TrieNode = { children: new Map() };
  const properties: ModelProperty[] = [];
  for (const [clientName, prop] of Object.entries(mapper.type.modelProperties ?? {})) {
    if (!prop.serializedName) continue;
    const path = splitSerializedName(prop.serializedName);
    const property: ModelProperty = {
      clientName,
      path,
      mapper: prop,
      required: Boolean(prop.required) || Boolean(prop.isConstant) || extraRequired.has(clientName),
    };
    properties.push(property);
    let node = trie;
    for (const segment of path) {
      let next = node.children.get(segment);
      if (!next) {
        next = { children: new Map() };
        node.children.set(segment, next);
      }
      node = next;
    }
    node.property = property;
  }
  const root = ancestors[ancestors.length - 1];
  const discriminator = discriminatorOf(className);
  const compiled: CompiledModel = {
    className,
    root: discriminator ? root : undefined,
    trie,
    properties,
    additionalProperties: Boolean(mapper.type.additionalProperties),
    discriminator,
    acceptedExtras,
  };
  compiledCache.set(className, compiled);
  return compiled;
}

/** Resource-level models of the four Data Factory object kinds (there is no `Mappers.Pipeline`). */
export const RESOURCE_MODELS = {
  pipeline: 'PipelineResource',
  trigger: 'TriggerResource',
  dataset: 'DatasetResource',
  linkedService: 'LinkedServiceResource',
} as const satisfies Record<AdfObjectKind, string>;
