/**
 * HUB225: the hub name must give valid resource names under the naming rules in use. hub.yaml takes the
 * public releases' hub name rule (3-63 letters, digits and hyphens, starting and ending with a letter or
 * digit; hubc also allows `_`), which lets through names whose Key Vault name starts with a digit or whose
 * cut Key Vault, Data Factory or Event Grid name keeps a doubled hyphen. Rules: Key Vault 3-24 letters,
 * digits and single hyphens, starting with a letter; Data Factory 3-63 letters, digits and single hyphens
 * between them; Event Grid namespaces 3-50 letters, digits and hyphens
 * (learn.microsoft.com/azure/azure-resource-manager/management/resource-name-rules).
 */
import { codes } from '../../diagnostics/index.js';
import { has } from '../../model/releases.js';
import { resolveName, UNIQUE_SUFFIX_LENGTH, type NamingMode, type NameRule } from '../../model/naming.js';
import type { Check } from './types.js';

/** A stand-in suffix: `uniqueString()` gives 13 lowercase letters and digits, which never change validity. */
const SUFFIX = 'a'.repeat(UNIQUE_SUFFIX_LENGTH);

const RULES: readonly {
  resource: string;
  rule: (r: { keyVault: NameRule; dataFactory: NameRule; eventGridNamespace: NameRule }) => NameRule;
  valid: RegExp;
  text: string;
  eventGrid?: true;
}[] = [
  { resource: 'Key Vault', rule: (r) => r.keyVault, valid: /^(?=.{3,24}$)[A-Za-z][A-Za-z0-9]*(-[A-Za-z0-9]+)*$/, text: 'it must start with a letter and have no doubled hyphen' },
  { resource: 'Data Factory', rule: (r) => r.dataFactory, valid: /^(?=.{3,63}$)[A-Za-z0-9]+(-[A-Za-z0-9]+)*$/, text: 'it must have no doubled hyphen' },
  {
    resource: 'Event Grid namespace',
    rule: (r) => r.eventGridNamespace,
    valid: /^(?=.{3,50}$)[A-Za-z0-9]+(-[A-Za-z0-9]+)*$/,
    text: 'it must have no doubled hyphen',
    eventGrid: true,
  },
];

export const hubNameCheck: Check = {
  codes: [codes.HUB225],
  run(ctx) {
    if (!ctx.valid(['hub', 'name']) || !ctx.valid(['naming'])) return;
    const hubName = String(ctx.data.hub.name);
    const naming = (ctx.data.naming ?? 'spec') as NamingMode;
    const rules = ctx.release.namingRules[naming];
    for (const check of RULES) {
      if (check.eventGrid && !has(ctx.release, 'eventGridRegistration')) continue;
      const value = resolveName(check.rule(rules), hubName, SUFFIX);
      if (!check.valid.test(value)) {
        ctx.report(codes.HUB225.raise({ hubName, resource: check.resource, value: value.slice(0, -UNIQUE_SUFFIX_LENGTH) + '<suffix>', rule: check.text, naming }), ['hub', 'name']);
        return;
      }
    }
  },
};
