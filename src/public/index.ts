/**
 * The public FinOps hub releases as inputs of hubc: their templates (`./templates.ts`), their parameters
 * against hubc's (`./parameters.ts`) and a template evaluated for one deployment (`./evaluate.ts`), used by
 * `hubc diff`, `hubc upgrade-plan`, `hubc deploy --upgrade` and `hubc import`.
 */
import { toJsonText } from '../model/json.js';
import { getRelease } from '../model/releases.js';
import type { ArmEvalContext } from '../expressions/arm/evaluate.js';
import { codes } from '../diagnostics/index.js';
import { evaluatedTemplate } from './evaluate.js';
import { PublicTemplateError, type PublicTemplate } from './templates.js';

export * from './templates.js';
export * from './parameters.js';
export * from './evaluate.js';
export * from './names.js';

/**
 * The artifacts of a public template evaluated for one deployment: `azuredeploy.json` is the flat template
 * (`evaluatedTemplate`). `values` are the public template's parameter values by its own names.
 * @throws PublicTemplateError HUB419 when no value gives the hub name (the public templates have no default)
 */
export function publicArtifacts(pt: PublicTemplate, values: Record<string, unknown>, context?: ArmEvalContext): Map<string, string> {
  const hubName = Object.entries(values).find(([k]) => k.toLowerCase() === 'hubname')?.[1];
  if (typeof hubName !== 'string' || !hubName) throw new PublicTemplateError(codes.HUB419.noHubName({ file: pt.file }));
  const flat = evaluatedTemplate(pt.template, { parameters: values, context, release: getRelease(pt.release).version, source: `public template ${pt.version} (${pt.file})` });
  return new Map([['azuredeploy.json', toJsonText(flat)]]);
}
