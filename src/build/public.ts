/**
 * The Build of a public FinOps hub template (`finops-hub-<version>.json`) evaluated for one deployment:
 * its nested deployments flattened by src/public (every resource it deploys at the top level, with its
 * evaluated name), so its views compare with a hubc build's.
 */
import type { ArmEvalContext } from '../expressions/arm/evaluate.js';
import { publicArtifacts, type PublicTemplate } from '../public/index.js';
import { fromFiles, type Build } from './build.js';

/**
 * @param template a public template read with `readPublicTemplate` or `resolvePublicRelease` (src/public)
 * @param values the public template's parameter values by its own names (it has no default hub name)
 * @param context what is known of the deployment; the stand-in of src/public/evaluate.ts fills the rest
 * @throws PublicTemplateError HUB419 when no value gives the hub name
 */
export function fromPublicTemplate(template: PublicTemplate, values: Record<string, unknown>, context?: ArmEvalContext): Build {
  return fromFiles({ release: template.release, source: 'public', files: publicArtifacts(template, values, context) });
}
