/**
 * What a lint rule reads: the artifacts of one release as `hubc build` writes them (paths relative to the
 * release folder), parsed once. Rules see the ARM template and its resources, the portal form, every Data
 * Factory object the template deploys (located in its standalone file when the build writes one, else in
 * the template) and the KQL scripts.
 */
import { ADF_FOLDERS } from '../model/dataFactoryKinds.js';
import { ADF_KIND_LABEL, adfKindOfResourceType, type AdfObjectKind } from '../model/dataFactoryKinds.js';
import { armExpression } from './arm.js';
import { lastNameLiteral } from '../expressions/arm/semantics.js';
import { isObject, type JsonPath, type JsonObject } from '../util/json.js';
import type { Position } from '../diagnostics/diagnostic.js';

/**
 * Where a finding is: a JSON path inside one of the files `hubc build` writes (resolved to line and column
 * by the engine), or a position in a text file (KQL).
 */
export type LintLocation =
  | { file: string; path: readonly (string | number)[] }
  | { file: string; start: Position };

/** File name of the ARM template in a release folder. */
export const TEMPLATE_FILE = 'azuredeploy.json';
/** File name of the portal form. */
export const UI_DEFINITION_FILE = 'createUiDefinition.json';

/** One top-level resource of the template. */
export interface TemplateResource {
  index: number;
  type: string;
  apiVersion: string;
  /** The `name` value as written (often an expression). */
  name: string;
  /** The `condition` value as written, when present. */
  condition?: unknown;
  json: JsonObject;
  /** Location of a path inside the resource. */
  at(path?: JsonPath): LintLocation;
  /** `resource <type> <name>`, for messages. */
  label: string;
}

/** A Data Factory object (pipeline, trigger, dataset, linked service) the template deploys. */
export interface DataFactoryObject {
  kind: AdfObjectKind;
  name: string;
  /** Its `properties`, as embedded in the template. */
  properties: JsonObject;
  resource: TemplateResource;
  /** Location of a path inside `properties`: in the standalone file when written, else in the template. */
  at(path?: JsonPath): LintLocation;
  /** `pipeline <name>` etc., for messages. */
  label: string;
}

/** Facts from hub.yaml that rules may take into account. */
export interface LintOptions {
  /**
   * Regions hub.yaml chose as defaults (`hub.location`, `hub.eventGridLocation`; `''` = none): a
   * location parameter may default to one of them (HUB503).
   */
  chosenLocations: readonly string[];
}

/** Everything the rules of one release read. */
export interface LintContext {
  options: LintOptions;
  /** Release folder name, e.g. `0.7`. */
  release: string;
  artifacts: ReadonlyMap<string, string>;
  /** The parsed template, or undefined when the release has none or it is not JSON. */
  template?: JsonObject;
  resources: TemplateResource[];
  uiDefinition?: JsonObject;
  dataFactory: DataFactoryObject[];
  kql: { file: string; text: string }[];
  /** Location of a path in the template. */
  templateAt(path: JsonPath): LintLocation;
  /** Location of a path in the portal form. */
  uiAt(path: JsonPath): LintLocation;
}

function parseJson(text: string | undefined): JsonObject | undefined {
  if (text === undefined) return undefined;
  try {
    const v = JSON.parse(text) as unknown;
    return isObject(v) ? v : undefined;
  } catch {
    return undefined;
  }
}

/** A short text for a resource name: the literal, or the expression as written. */
function nameLabel(name: string): string {
  return armExpression(name) ? name : `'${name}'`;
}

/**
 * Builds the context of one release.
 * @param release release folder name
 * @param artifacts path (relative to the release folder) -> file text, as `compile()` returns them
 * @param options facts from hub.yaml (see {@link LintOptions})
 */
export function lintContext(release: string, artifacts: ReadonlyMap<string, string>, options: Partial<LintOptions> = {}): LintContext {
  const template = parseJson(artifacts.get(TEMPLATE_FILE));
  const templateAt = (path: JsonPath): LintLocation => ({ file: TEMPLATE_FILE, path });
  const resources: TemplateResource[] = [];
  const list = Array.isArray(template?.resources) ? template.resources : [];
  list.forEach((r, index) => {
    if (!isObject(r) || typeof r.type !== 'string') return;
    const name = typeof r.name === 'string' ? r.name : JSON.stringify(r.name);
    resources.push({
      index,
      type: r.type,
      apiVersion: typeof r.apiVersion === 'string' ? r.apiVersion : '',
      name,
      ...('condition' in r ? { condition: r.condition } : {}),
      json: r,
      at: (path = []) => templateAt(['resources', index, ...path]),
      label: `resource ${r.type} ${nameLabel(name)}`,
    });
  });

  const dataFactory: DataFactoryObject[] = [];
  for (const resource of resources) {
    const kind = adfKindOfResourceType(resource.type);
    const name = kind ? lastNameLiteral(resource.name) : undefined;
    if (!kind || !name || !isObject(resource.json.properties)) continue;
    const file = `datafactory/${ADF_FOLDERS[kind]}/${name}.json`;
    const standalone = artifacts.has(file);
    dataFactory.push({
      kind,
      name,
      properties: resource.json.properties,
      resource,
      at: (path = []) => (standalone ? { file, path: ['properties', ...path] } : resource.at(['properties', ...path])),
      label: `${ADF_KIND_LABEL[kind]} ${name}`,
    });
  }

  const kql = [...artifacts.entries()].filter(([path]) => path.endsWith('.kql')).map(([file, text]) => ({ file, text }));
  return {
    options: { chosenLocations: options.chosenLocations ?? [] },
    release,
    artifacts,
    template,
    resources,
    uiDefinition: parseJson(artifacts.get(UI_DEFINITION_FILE)),
    dataFactory,
    kql,
    templateAt,
    uiAt: (path) => ({ file: UI_DEFINITION_FILE, path }),
  };
}
