/**
 * The typed view of a build's Data Factory: the pipelines (with their activity trees), triggers, datasets
 * and linked services the template deploys, each placed in the standalone file `hubc build` writes for it
 * (`datafactory/<kind>s/<name>.json`) when the build has one, else in its template resource; and the
 * standalone files themselves as written (folded with the hub's values).
 */
import { activityTree, type ActivityNode } from '../model/activities.js';
import { ADF_KIND_LABEL, adfKindOfResourceType, adfObjectFile, adfObjectOfFile, type AdfObjectKind } from '../model/dataFactoryKinds.js';
import { lastNameLiteral } from '../expressions/arm/semantics.js';
import { isObject, type JsonObject, type JsonPath } from '../util/json.js';
import type { TemplateResource, TemplateView } from './template.js';

/** A place in a file of the build: a JSON path inside one file (`Build.locate` gives its line and column). */
export interface JsonPlace {
  file: string;
  path: JsonPath;
}

/** A Data Factory object (pipeline, trigger, dataset, linked service) the template deploys. */
export interface FactoryObject {
  kind: AdfObjectKind;
  /** Its own name (the last segment of the resource name, `factory/<name>`). */
  name: string;
  /** Its `properties`, as the template embeds them. */
  properties: JsonObject;
  /** The resource's `condition` as written, when it has one. */
  condition?: unknown;
  resource: TemplateResource;
  /** The standalone file `hubc build` writes for it, when the build has it. */
  file?: string;
  /** Where a path inside `properties` is: in the standalone file when the build has it, else in the template. */
  at(path?: JsonPath): JsonPlace;
  /** A pipeline's activities, nested ones included (src/model/activities.ts; paths inside `properties`); none for other kinds. */
  activities: readonly ActivityNode[];
  /** `pipeline <name>`, `linked service <name>`, ... for messages. */
  label: string;
}

/** A standalone Data Factory file of the build (`{ name, properties }`, folded with the hub's values). */
export interface WrittenObject {
  kind: AdfObjectKind;
  /** The name in the file (its file name when the file has none). */
  name: string;
  file: string;
  /** The parsed file; undefined when it is not a JSON object. */
  json?: JsonObject;
}

/** The Data Factory of a build. */
export interface FactoryView {
  /** Every object the template deploys, in template order. */
  objects: readonly FactoryObject[];
  pipelines: readonly FactoryObject[];
  triggers: readonly FactoryObject[];
  datasets: readonly FactoryObject[];
  linkedServices: readonly FactoryObject[];
  /** The object of a kind and name (compared case-insensitively, as Data Factory does). */
  get(kind: AdfObjectKind, name: string): FactoryObject | undefined;
  /** The standalone files, in path order. */
  written: readonly WrittenObject[];
}

/** One object of a template resource, or undefined when the resource is no Data Factory object with a literal name. */
function factoryObject(resource: TemplateResource, files: ReadonlyMap<string, string>, templateFile: string): FactoryObject | undefined {
  const kind = adfKindOfResourceType(resource.type);
  const name = kind ? lastNameLiteral(resource.name) : undefined;
  const properties = resource.json.properties;
  if (!kind || !name || !isObject(properties)) return undefined;
  const file = adfObjectFile(kind, name);
  const written = files.has(file);
  let activities: ActivityNode[] | undefined;
  return {
    kind,
    name,
    properties,
    ...(resource.condition !== undefined ? { condition: resource.condition } : {}),
    resource,
    ...(written ? { file } : {}),
    at: (path = []) => (written ? { file, path: ['properties', ...path] } : { file: templateFile, path: [...resource.path, 'properties', ...path] }),
    get activities() {
      return (activities ??= kind === 'pipeline' ? activityTree(properties.activities) : []);
    },
    label: `${ADF_KIND_LABEL[kind]} ${name}`,
  };
}

/**
 * The factory of a build.
 * @param template the template view (objects are its resources of the Data Factory child types)
 * @param files the build's files (path -> text), for the standalone files
 * @param json the Build's parse of a file (parsed once)
 * @param templateFile the template's file name, where objects without a standalone file are placed
 */
export function factoryView(template: TemplateView, files: ReadonlyMap<string, string>, json: (file: string) => unknown, templateFile: string): FactoryView {
  const objects = template.allResources.flatMap((r) => factoryObject(r, files, templateFile) ?? []);
  const ofKind = (kind: AdfObjectKind) => objects.filter((o) => o.kind === kind);
  let written: WrittenObject[] | undefined;
  return {
    objects,
    pipelines: ofKind('pipeline'),
    triggers: ofKind('trigger'),
    datasets: ofKind('dataset'),
    linkedServices: ofKind('linkedService'),
    get: (kind, name) => objects.find((o) => o.kind === kind && o.name.toLowerCase() === name.toLowerCase()),
    get written() {
      return (written ??= [...files.keys()].flatMap((file) => {
        const of = adfObjectOfFile(file);
        if (!of) return [];
        const parsed = json(file);
        const name = isObject(parsed) && typeof parsed.name === 'string' ? parsed.name : of.name;
        return [{ kind: of.kind, name, file, ...(isObject(parsed) ? { json: parsed } : {}) }];
      }));
    },
  };
}
