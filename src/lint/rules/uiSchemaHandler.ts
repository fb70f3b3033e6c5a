/**
 * HUB514: the portal form declares the createUiDefinition schema, the `Microsoft.Azure.CreateUIDef`
 * handler and version `0.1.2-preview` (ARM-TTK createUiDefinition tests "CreateUIDefinition Should Have
 * Schema" and "Handler Must Be Correct").
 */
import { codes } from '../../diagnostics/index.js';
import { ruleCode } from '../ruleCode.js';
import type { LintFinding, LintRule } from '../types.js';
import { ARM_TTK_UI } from '../links.js';

const SCHEMA = 'https://schema.management.azure.com/schemas/0.1.2-preview/CreateUIDefinition.MultiVm.json#';
const HANDLER = 'Microsoft.Azure.CreateUIDef';
const VERSION = '0.1.2-preview';

export const uiSchemaHandler: LintRule = {
  ...ruleCode(codes.HUB514),
  area: 'uiDefinition',
  actor: 'maintainer',
  rationale: 'The portal renders the form only with this handler and version, and editors validate it against the schema.',
  link: ARM_TTK_UI,
  check(ctx) {
    const ui = ctx.uiDefinition;
    if (!ui) return [];
    const out: LintFinding[] = [];
    if (ui.$schema !== SCHEMA) out.push({ message: `the form's $schema is ${JSON.stringify(ui.$schema ?? null)}`, hint: `Use ${SCHEMA}.`, location: ctx.uiAt(['$schema']) });
    if (ui.handler !== HANDLER) out.push({ message: `the form's handler is ${JSON.stringify(ui.handler ?? null)}`, hint: `Use ${HANDLER}.`, location: ctx.uiAt(['handler']) });
    if (ui.version !== VERSION) out.push({ message: `the form's version is ${JSON.stringify(ui.version ?? null)}`, hint: `Use ${VERSION}.`, location: ctx.uiAt(['version']) });
    return out;
  },
};
