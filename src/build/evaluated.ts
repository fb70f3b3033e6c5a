/**
 * A template of any hub (a public release's, hubc's, or one written by hand) as two Builds: the files as
 * written (`written`: the template and its portal form, as ARM and the portal receive them) and the
 * template evaluated for one deployment (`deployed`: nested deployments flattened by src/public, every
 * resource it deploys at the top level with its evaluated name and body), with the place in the written
 * template each deployed resource comes from. `hubc check` reads a template this way; `fromPublicTemplate`
 * is the same evaluation for a release hubc knows.
 */
import type { ArmEvalContext } from '../expressions/arm/evaluate.js';
import { toJsonText } from '../model/json.js';
import { evaluatedTemplateWithOrigins } from '../public/index.js';
import { isObject, type JsonObject, type JsonPath } from '../util/json.js';
import { fromFiles, TEMPLATE_FILE, UI_DEFINITION_FILE, type Build } from './build.js';

/** Where a resource of the deployed template is declared in the written one. */
export interface ResourceOrigin {
  /** JSON path of its declaration in the written template. */
  path: JsonPath;
  /** Its copy index, when it is one instance of a resource copy loop. */
  copyIndex?: number;
}

/** A template as written and as deployed (see the module doc). */
export interface EvaluatedBuild {
  written: Build;
  deployed: Build;
  /** Per resource of the deployed template (`deployed.template.resources[i]`): where it is declared in `written`. */
  origins: readonly ResourceOrigin[];
}

/** What a template is evaluated for. */
export interface TemplateDeployment {
  /** Parameter values by the template's own names (its defaults fill the rest). */
  parameters?: Record<string, unknown>;
  /** What is known of the deployment; src/public's stand-in fills the rest. */
  context?: ArmEvalContext;
}

/**
 * The two Builds of a template's text and its portal form's.
 * @param files `template`: the template's text (must parse as a JSON object); `ui`: the portal form's text, if any
 * @param release the release the template is of (a public version `14.0`, hubc's `metadata.hubRelease`), or `''`
 * @throws SyntaxError when the template text is not JSON; Error when it is not a JSON object
 */
export function fromTemplateText(files: { template: string; ui?: string }, release: string, deployment: TemplateDeployment = {}): EvaluatedBuild {
  const writtenFiles = new Map<string, string>([[TEMPLATE_FILE, files.template]]);
  if (files.ui !== undefined) writtenFiles.set(UI_DEFINITION_FILE, files.ui);
  const written = fromFiles({ release, source: 'folder', files: writtenFiles });
  const json = written.json(TEMPLATE_FILE);
  if (!isObject(json)) throw new Error('the template is not a JSON object');
  const { template, origins } = evaluatedTemplateWithOrigins(json as JsonObject, {
    parameters: deployment.parameters ?? {},
    ...(deployment.context ? { context: deployment.context } : {}),
    ...(release ? { release } : {}),
    source: 'the template given',
  });
  const deployedFiles = new Map(writtenFiles);
  deployedFiles.set(TEMPLATE_FILE, toJsonText(template));
  return { written, deployed: fromFiles({ release, source: 'public', files: deployedFiles }), origins };
}
