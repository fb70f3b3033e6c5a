/**
 * HUB524: when the hub is private, its data services refuse public network traffic. A template is private
 * when it has the `enablePublicAccess` parameter and it is false (`'False'`); the rule evaluates each
 * resource with that value and every allowed value of the other parameters. Templates without the
 * parameter (releases without private networking) have no private mode and nothing to check.
 *
 * Refusing public traffic means: storage accounts and Key Vault `publicNetworkAccess: 'Disabled'` or a
 * firewall (`networkAcls.defaultAction: 'Deny'`, which keeps trusted Azure services such as Cost Management
 * exports working); Data Explorer clusters and Event Grid namespaces `publicNetworkAccess: 'Disabled'`
 * (PSRule for Azure `Azure.Storage.Firewall`, `Azure.ADX.PublicAccess`). A value known only at deployment
 * is a finding of its own (undecided).
 */
import { codes } from '../../diagnostics/index.js';
import { ruleCode } from '../ruleCode.js';
import type { LintFinding, LintRule } from '../types.js';
import type { TemplateResource } from '../context.js';
import { psRule } from '../links.js';
import { member } from '../../util/json.js';
import type { ArmValue } from '../../expressions/arm/evaluate.js';
import { FAIL, anyOf, findingsOf, judge, type Verdict } from '../verdict.js';

/** Resource types and whether a firewall with `defaultAction: 'Deny'` counts as closed. */
const CHECKED: Record<string, { firewall: boolean }> = {
  'microsoft.storage/storageaccounts': { firewall: true },
  'microsoft.keyvault/vaults': { firewall: true },
  'microsoft.kusto/clusters': { firewall: false },
  'microsoft.eventgrid/namespaces': { firewall: false },
};

export const privateNetworkAccess: LintRule = {
  ...ruleCode(codes.HUB524),
  area: 'security',
  actor: 'author',
  rationale: 'A private hub must not expose its data over the internet.',
  link: psRule('Azure.Storage.Firewall'),
  check(ctx) {
    const p = ctx.build.template.parameter('enablePublicAccess');
    if (!p) return [];
    const key = p.name;
    const privateValue: ArmValue = p.type === 'bool' ? false : p.allowedValues?.includes('False') ? 'False' : 'false';
    const extra = { [key]: privateValue };
    const is = (r: TemplateResource, path: string[], expected: string): Verdict => {
      let v: unknown = r.json.properties;
      for (const seg of path) v = member(v, seg);
      return v === undefined ? FAIL : judge(v, ctx.template, (x) => typeof x === 'string' && x.toLowerCase() === expected.toLowerCase(), extra);
    };
    const out: LintFinding[] = [];
    for (const r of ctx.resources) {
      const c = CHECKED[r.type.toLowerCase()];
      if (!c) continue;
      const checks: [string[], Verdict][] = [[['publicNetworkAccess'], is(r, ['publicNetworkAccess'], 'Disabled')]];
      if (c.firewall) checks.push([['networkAcls', 'defaultAction'], is(r, ['networkAcls', 'defaultAction'], 'Deny')]);
      const closed = anyOf(...checks.map(([, v]) => v));
      const undecidedAt = checks.find(([, v]) => v === closed && closed.kind === 'unknown')?.[0];
      out.push(
        ...findingsOf(closed, {
          subject: `whether ${r.label} accepts public network traffic when ${key} is ${JSON.stringify(privateValue)}`,
          failed: () => `${r.label} accepts public network traffic when ${key} is ${JSON.stringify(privateValue)}`,
          hint: c.firewall
            ? "Set publicNetworkAccess to 'Disabled' or networkAcls.defaultAction to 'Deny' when public access is off."
            : "Set publicNetworkAccess to 'Disabled' when public access is off.",
          location: r.at(['properties', ...(undecidedAt ?? [c.firewall ? 'networkAcls' : 'publicNetworkAccess'])]),
          where: r.label,
        }),
      );
    }
    return out;
  },
};
