/**
 * HUB531: Data Factory authenticates with its managed identity: every factory has one, and no linked
 * service holds a credential of its own. A credential property (account key, SAS, service principal key,
 * password, connection string with a key) is allowed only as a Key Vault secret reference
 * (`AzureKeyVaultSecret`), and only for a store the hub does not own (its endpoint comes from a template
 * parameter, like the remote hub's data lake, which the specification reaches with an account key);
 * stores the hub deploys are reached with the managed identity. An identity type or connection string known
 * only at deployment is a finding of its own (undecided).
 */
import { codes } from '../../diagnostics/index.js';
import { ruleCode } from '../ruleCode.js';
import type { LintFinding, LintRule } from '../types.js';
import { ADF_MANAGED_IDENTITY } from '../links.js';
import { parametersIn } from '../arm.js';
import { FAIL, findingsOf, judge, undecided } from '../verdict.js';
import { member, isObject } from '../../util/json.js';
import { resourcesOfType } from '../resources.js';

/** Lower-case linked service properties that hold credentials. */
const CREDENTIALS = new Set([
  'accountkey',
  'sasuri',
  'sastoken',
  'serviceprincipalkey',
  'serviceprincipalcredential',
  'password',
  'encryptedcredential',
  'connectionstring',
  'credential',
]);
/** Lower-case linked service properties that name the store. */
const ENDPOINTS = ['url', 'endpoint', 'baseUrl', 'serviceEndpoint', 'accountName'];

/** True for a value that is a secret reference to Key Vault. */
function isKeyVaultReference(v: unknown): boolean {
  return isObject(v) && typeof v.type === 'string' && v.type === 'AzureKeyVaultSecret';
}

/** True for a connection string that carries no secret (`AccountKey=`, `Password=`, `SharedAccessSignature=`). */
function isSecretFreeConnectionString(v: string): boolean {
  return !/(accountkey|password|pwd|sharedaccesssignature|sharedaccesskey)\s*=/i.test(v);
}

export const dataFactoryIdentity: LintRule = {
  ...ruleCode(codes.HUB531),
  area: 'security',
  actor: 'author',
  rationale: 'Keys in linked services can be read by anyone who can read the factory and never rotate; managed identities need no secret.',
  link: ADF_MANAGED_IDENTITY,
  check(ctx) {
    const out: LintFinding[] = [];
    for (const f of resourcesOfType(ctx, 'Microsoft.DataFactory/factories')) {
      const type = member(member(f.json, 'identity'), 'type');
      const verdict = type === undefined ? FAIL : judge(type, ctx.template, (x) => typeof x === 'string' && /assigned/i.test(x) && !/^none$/i.test(x));
      out.push(
        ...findingsOf(verdict, {
          subject: `${f.label} identity.type`,
          failed: () => `${f.label} has no managed identity`,
          hint: "Set identity.type to 'SystemAssigned'.",
          location: f.at(['identity']),
          where: f.label,
        }),
      );
    }
    for (const ls of ctx.dataFactory.filter((o) => o.kind === 'linkedService')) {
      const tp = member(ls.properties, 'typeProperties');
      if (!isObject(tp)) continue;
      const external = ENDPOINTS.some((k) => {
        const v = member(tp, k);
        return v !== undefined && parametersIn(v).size > 0;
      });
      for (const [key, value] of Object.entries(tp)) {
        if (!CREDENTIALS.has(key.toLowerCase())) continue;
        // A connection string whose text (literal or expression) names a secret holds one; otherwise its value decides.
        if (key.toLowerCase() === 'connectionstring' && typeof value === 'string' && isSecretFreeConnectionString(value)) {
          const secretFree = judge(value, ctx.template, (x) => typeof x === 'string' && isSecretFreeConnectionString(x));
          if (secretFree.kind === 'pass') continue;
          if (secretFree.kind === 'unknown') {
            out.push({
              message: undecided(`whether ${ls.label} holds a credential in '${key}'`, secretFree.why),
              hint: 'Use the managed identity, or an AzureKeyVaultSecret reference for a store the hub does not own.',
              location: ls.at(['typeProperties', key]),
              where: ls.label,
            });
            continue;
          }
        }
        const viaVault = isKeyVaultReference(value);
        if (viaVault && external) continue;
        out.push({
          message: viaVault
            ? `${ls.label} reaches a hub-owned store with the credential '${key}' instead of the factory's managed identity`
            : `${ls.label} holds the credential '${key}' in the linked service`,
          hint: viaVault
            ? 'Remove the credential; grant the factory identity a data role on the store.'
            : 'Use the managed identity, or an AzureKeyVaultSecret reference for a store the hub does not own.',
          location: ls.at(['typeProperties', key]),
          where: ls.label,
        });
      }
    }
    return out;
  },
};
