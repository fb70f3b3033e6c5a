/**
 * What a lint rule reads: the Build of one release (src/build/: the files `hubc build` writes, parsed once,
 * with typed views), plus the locations lint reports. Rules see the ARM template and its resources, the
 * portal form, every Data Factory object the template deploys (located in its standalone file when the
 * build writes one, else in the template) and the KQL scripts.
 */
import { TEMPLATE_FILE, UI_DEFINITION_FILE, type Build, type FactoryObject, type KqlScriptView, type TemplateResource as BuildResource } from '../build/index.js';
import type { Position } from '../diagnostics/diagnostic.js';
import type { JsonObject, JsonPath } from '../util/json.js';

/**
 * Where a finding is: a JSON path inside one of the files `hubc build` writes (resolved to line and column
 * by the engine), or a position in a text file (KQL).
 */
export type LintLocation = { file: string; path: readonly (string | number)[] } | { file: string; start: Position };

export { TEMPLATE_FILE, UI_DEFINITION_FILE };

/** One top-level resource of the template (the Build's view), with its index and a location helper. */
export interface TemplateResource extends BuildResource {
  /** Its index in the template's `resources`. */
  index: number;
  /** Location of a path inside the resource. */
  at(path?: JsonPath): LintLocation;
}

/** A Data Factory object (pipeline, trigger, dataset, linked service) the template deploys (the Build's view). */
export type DataFactoryObject = FactoryObject;

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
  build: Build;
  /** The parsed template (`build.template.json`), or undefined when the release has none or it is not JSON. */
  template?: JsonObject;
  /** The template's top-level resources. */
  resources: TemplateResource[];
  uiDefinition?: JsonObject;
  dataFactory: readonly DataFactoryObject[];
  kql: readonly KqlScriptView[];
  /** Location of a path in the template. */
  templateAt(path: JsonPath): LintLocation;
  /** Location of a path in the portal form. */
  uiAt(path: JsonPath): LintLocation;
}

/**
 * Builds the context of one release.
 * @param build the release's Build
 * @param options facts from hub.yaml (see {@link LintOptions})
 */
export function lintContext(build: Build, options: Partial<LintOptions> = {}): LintContext {
  const templateAt = (path: JsonPath): LintLocation => ({ file: TEMPLATE_FILE, path });
  const t = build.template;
  return {
    options: { chosenLocations: options.chosenLocations ?? [] },
    build,
    ...(t.json ? { template: t.json } : {}),
    resources: t.resources
      .filter((r) => typeof r.path[1] === 'number' && typeof r.json.type === 'string')
      .map((r) => ({ ...r, index: r.path[1] as number, at: (path = []) => templateAt([...r.path, ...path]) })),
    ...(build.ui.json ? { uiDefinition: build.ui.json } : {}),
    dataFactory: build.factory.objects,
    kql: build.kql,
    templateAt,
    uiAt: (path) => ({ file: UI_DEFINITION_FILE, path }),
  };
}
