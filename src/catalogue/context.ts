/**
 * What a catalogue entry reads: the template as written (what ARM and the portal receive: sizes, the portal
 * form, every value over the parameter values the template accepts) and the template as deployed for one
 * deployment (which resources exist, with which names and values), with the place in the written template
 * each deployed resource comes from, so that findings point at the file the user gave.
 *
 * For a build of hubc (`fromCompile`, `fromFolder`) both are the same Build: its template is flat already.
 * For any other template (`hubc check`), `fromTemplateText` (src/build/evaluated.ts) gives the two.
 */
import { TEMPLATE_FILE, type Build, type FactoryObject, type ResourceOrigin, type TemplateResource } from '../build/index.js';
import type { ArmEvalContext } from '../expressions/arm/evaluate.js';
import { TemplatePossibilities, type PossibleValues } from '../expressions/arm/possible.js';
import { withStandIn } from '../public/index.js';
import { valueAt, type JsonPath } from '../util/json.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { KqlScript } from '../validators/kql/types.js';

/** Where a finding is: a JSON path in a file of the template as written (the engine finds its line). */
export interface FindingPlace {
  file: string;
  path: JsonPath;
}

/** What the catalogue checks. */
export interface CatalogueInput {
  /** The template (and portal form) as written. */
  written: Build;
  /** The template as deployed for one deployment; default `written` (a hubc build, flat already). */
  deployed?: Build;
  /** Per resource of `deployed.template.resources`: where it is declared in `written` (needed when `deployed` is given). */
  origins?: readonly ResourceOrigin[];
  /** Parameter values given for the deployment (they do not range: every other parameter does). */
  parameters?: Record<string, unknown>;
  /** What is known of the deployment: subscription, resource group, cloud. */
  context?: ArmEvalContext;
  /**
   * The Kusto validator (`validateKqlScripts` of src/validators/kql.ts), for the slow entry that runs it:
   * given by `hubc check`, not by `hubc build`, whose bundle does not load the language service.
   */
  validateKql?: (scripts: KqlScript[]) => { diagnostics: Diagnostic[] };
}

/** The identifiers the possible values fold resource IDs with (src/public's stand-in); the region stays unknown (it ranges). */
const IDS: ArmEvalContext = (() => {
  const standIn = withStandIn({});
  return { ...standIn, resourceGroup: { name: standIn.resourceGroup!.name, id: standIn.resourceGroup!.id } };
})();

/** What an entry reads (see the module doc). */
export interface CheckContext {
  written: Build;
  deployed: Build;
  /** True when `deployed` is `written` (a hubc build). */
  flat: boolean;
  parameters: Record<string, unknown>;
  /** The Kusto validator, when the caller gave one (see {@link CatalogueInput.validateKql}). */
  validateKql?: CatalogueInput['validateKql'];
  /** The written resource a deployed resource is declared by, and its copy index. */
  origin(resource: TemplateResource): { resource: TemplateResource; copyIndex?: number } | undefined;
  /** The values a value of a written resource (or, with `undefined`, of the main template) can take. */
  possible(resource: TemplateResource | undefined, value: unknown): PossibleValues;
  /** The value at a path inside the written resource a deployed resource comes from. */
  writtenValue(resource: TemplateResource, path: JsonPath): unknown;
  /** Where a path inside a deployed resource is written. */
  placeOf(resource: TemplateResource, path?: JsonPath): FindingPlace;
  /** Where a path inside a Data Factory object's `properties` is written (its standalone file in a hubc build). */
  placeOfObject(object: FactoryObject, path?: JsonPath): FindingPlace;
}

/** The context of one input. */
export function checkContext(input: CatalogueInput): CheckContext {
  const written = input.written;
  const deployed = input.deployed ?? written;
  const flat = deployed === written;
  const byPath = new Map(written.template.allResources.map((r) => [JSON.stringify(r.path), r]));
  const origins = input.origins ?? [];
  let possibilities: TemplatePossibilities | undefined;
  const origin = (r: TemplateResource) => {
    if (flat) return { resource: r };
    const i = r.path.length === 2 && r.path[0] === 'resources' && typeof r.path[1] === 'number' ? r.path[1] : -1;
    const o = origins[i];
    const resource = o && byPath.get(JSON.stringify(o.path));
    return resource ? { resource, ...(o.copyIndex !== undefined ? { copyIndex: o.copyIndex } : {}) } : undefined;
  };
  const placeOf = (r: TemplateResource, path: JsonPath = []): FindingPlace => {
    const o = origin(r);
    return { file: TEMPLATE_FILE, path: [...(o?.resource.path ?? r.path), ...path] };
  };
  return {
    written,
    deployed,
    flat,
    parameters: input.parameters ?? {},
    ...(input.validateKql ? { validateKql: input.validateKql } : {}),
    origin,
    possible(resource, value) {
      possibilities ??= new TemplatePossibilities(written.template.json ?? {}, { parameters: input.parameters ?? {}, context: { ...IDS, ...input.context } }).withResources(
        written.template.allResources,
      );
      return possibilities.of(resource, value);
    },
    writtenValue: (r, path) => valueAt(origin(r)?.resource.json, path),
    placeOf,
    placeOfObject: (o, path = []) => (flat ? o.at(path) : placeOf(o.resource, ['properties', ...path])),
  };
}
