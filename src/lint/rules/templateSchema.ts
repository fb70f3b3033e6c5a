/**
 * HUB501: the template declares a current deployment-template `$schema` and a four-part `contentVersion`
 * (ARM-TTK "DeploymentTemplate Schema Is Correct"; template syntax: `contentVersion` such as `1.0.0.0`).
 */
import { codes } from '../../diagnostics/index.js';
import { ruleCode } from '../ruleCode.js';
import type { LintRule } from '../types.js';
import { armTtk } from '../links.js';

/** Schemas ARM-TTK accepts for a template; 2015-01-01 is deprecated. */
const CURRENT_SCHEMAS = [
  'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#',
  'https://schema.management.azure.com/schemas/2018-05-01/subscriptionDeploymentTemplate.json#',
  'https://schema.management.azure.com/schemas/2019-08-01/tenantDeploymentTemplate.json#',
  'https://schema.management.azure.com/schemas/2019-08-01/managementGroupDeploymentTemplate.json#',
];

export const templateSchema: LintRule = {
  ...ruleCode(codes.HUB501),
  area: 'template',
  actor: 'maintainer',
  rationale: 'Tools pick the template language version from `$schema`; a missing or invalid `contentVersion` is rejected by deployment tooling.',
  link: armTtk('use-correct-schema'),
  check(ctx) {
    const t = ctx.template;
    if (!t) return [];
    const out = [];
    const schema = typeof t.$schema === 'string' ? t.$schema : undefined;
    if (!schema || !CURRENT_SCHEMAS.includes(schema.endsWith('#') ? schema : `${schema}#`)) {
      out.push({
        message: schema ? `$schema '${schema}' is not a current deployment template schema` : 'the template has no $schema',
        hint: `Use ${CURRENT_SCHEMAS[0]} for a resource group deployment.`,
        location: ctx.templateAt(['$schema']),
      });
    }
    if (typeof t.contentVersion !== 'string' || !/^\d+\.\d+\.\d+\.\d+$/.test(t.contentVersion)) {
      out.push({
        message: `contentVersion ${JSON.stringify(t.contentVersion ?? null)} is not four numbers separated by dots`,
        hint: 'Set contentVersion to a version such as "1.0.0.0".',
        location: ctx.templateAt(['contentVersion']),
      });
    }
    return out;
  },
};
