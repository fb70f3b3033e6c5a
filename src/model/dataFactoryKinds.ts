/**
 * The vocabulary of Data Factory child objects, shared by the modules that build them, the emitters that
 * write them, and the validators and lint rules that read them back: the object kinds, the word for each
 * kind in messages, the reference objects that point at each kind, the ARM resource type of each, and the
 * standalone file `hubc build` writes for each object.
 * This file imports nothing, so every layer can use it.
 *
 * Sources: "Pipelines and activities", "Datasets", "Linked services", "Pipeline execution and triggers"
 * (learn.microsoft.com/azure/data-factory) and the ARM template reference of `Microsoft.DataFactory/factories`
 * child resources (learn.microsoft.com/azure/templates/microsoft.datafactory/factories).
 */

/** The kinds of Data Factory child objects hubc emits and checks. */
export type AdfObjectKind = 'pipeline' | 'trigger' | 'dataset' | 'linkedService';

/** How messages and diagnostic paths name each kind (`linked service`, two words). */
export const ADF_KIND_LABEL: Readonly<Record<AdfObjectKind, string>> = {
  pipeline: 'pipeline',
  trigger: 'trigger',
  dataset: 'dataset',
  linkedService: 'linked service',
};

/**
 * The `type` of a reference object (`{ referenceName, type: 'DatasetReference' }`) → the kind of object it
 * references. Look up only with `type` values that are strings; other keys are not references.
 */
export const ADF_REFERENCE_KIND: Readonly<Record<string, AdfObjectKind>> = {
  PipelineReference: 'pipeline',
  DatasetReference: 'dataset',
  LinkedServiceReference: 'linkedService',
};

/** The ARM resource type of each kind (child resources of `Microsoft.DataFactory/factories`). */
export const ADF_RESOURCE_TYPE = {
  pipeline: 'Microsoft.DataFactory/factories/pipelines',
  trigger: 'Microsoft.DataFactory/factories/triggers',
  dataset: 'Microsoft.DataFactory/factories/datasets',
  linkedService: 'Microsoft.DataFactory/factories/linkedservices',
} as const satisfies Readonly<Record<AdfObjectKind, string>>;

const KIND_OF_TYPE = new Map(Object.entries(ADF_RESOURCE_TYPE).map(([kind, type]) => [type.toLowerCase(), kind as AdfObjectKind]));

/**
 * The kind of a Data Factory child object from its ARM resource type (compared case-insensitively, as ARM
 * does).
 * @param type an ARM resource type, e.g. `Microsoft.DataFactory/factories/pipelines`
 * @returns the kind, or undefined for any other type
 */
export function adfKindOfResourceType(type: string): AdfObjectKind | undefined {
  return KIND_OF_TYPE.get(type.toLowerCase());
}

/** The plural of a kind: its folder under `datafactory/`, the section of `hubc diff`, the group of `hubc graph`, an upgrade step's target. */
export type AdfCollection = 'pipelines' | 'triggers' | 'datasets' | 'linkedServices';

/** The plural of each kind ({@link AdfCollection}); the folder under `datafactory/` where `hubc build` writes the standalone object files. */
export const ADF_COLLECTION: Readonly<Record<AdfObjectKind, AdfCollection>> = {
  pipeline: 'pipelines',
  trigger: 'triggers',
  dataset: 'datasets',
  linkedService: 'linkedServices',
};

/** The path of an object's standalone file in a release folder: `datafactory/pipelines/<name>.json`. */
export function adfObjectFile(kind: AdfObjectKind, name: string): string {
  return `datafactory/${ADF_COLLECTION[kind]}/${name}.json`;
}

/** The kind and name of a standalone object file from its path in a release folder, or undefined for another path. */
export function adfObjectOfFile(path: string): { kind: AdfObjectKind; name: string } | undefined {
  const m = /^datafactory\/(\w+)\/(.+)\.json$/.exec(path);
  const kind = m && (Object.keys(ADF_COLLECTION) as AdfObjectKind[]).find((k) => ADF_COLLECTION[k] === m[1]);
  return m && kind ? { kind, name: m[2]! } : undefined;
}
