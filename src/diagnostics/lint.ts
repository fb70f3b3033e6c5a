/**
 * Diagnostic registry, HUB5xx: `hubc lint`. A rule (src/lint/rules/) takes its code, name, severity and summary from here; its findings are its messages.
 * See ./define.ts for the shape of an entry; docs/diagnostics.md is generated from these entries.
 * The date in HUB505 is `API_VERSIONS_AS_OF` of src/lint/data/apiVersions.ts, written out so that the
 * registry loads no lint module at start-up; test/compiler/codes.test.ts checks they agree.
 */
import { defineCodes } from './define.js';

export const lintCodes = defineCodes({
  HUB501: { stage: 'lint', severity: 'error', rule: 'arm/template-schema', meaning: '`$schema` is a current deploymentTemplate schema and `contentVersion` has the form 1.0.0.0.' },
  HUB502: { stage: 'lint', severity: 'error', rule: 'arm/parameters-referenced', meaning: 'Every declared parameter is used in a valid expression.' },
  HUB503: {
    stage: 'lint',
    severity: 'error',
    rule: 'arm/location-parameter',
    meaning: 'A `location` parameter defaults to `[resourceGroup().location]` (or the region hub.yaml sets); no location parameter defaults to another literal region.',
  },
  HUB504: {
    stage: 'lint',
    severity: 'error',
    rule: 'arm/resource-location',
    meaning: "A resource's location is `global` or an expression over a location parameter, not a literal region or `resourceGroup().location`.",
  },
  HUB505: {
    stage: 'lint',
    severity: 'warning',
    rule: 'arm/api-version-recent',
    meaning: "An API version is at most two years older than 2026-08-16 (the date of hubc's API version table), or the newest stable one.",
  },
  HUB506: { stage: 'lint', severity: 'error', rule: 'arm/api-version-stable', meaning: 'No preview API version for a resource type that has a stable one.' },
  HUB507: { stage: 'lint', severity: 'error', rule: 'arm/outputs-no-secrets', meaning: 'Outputs read no secure parameter and no `list*()` function.' },
  HUB508: { stage: 'lint', severity: 'error', rule: 'arm/secure-parameter-default', meaning: 'A secure parameter has no default other than an empty value or `[newGuid()]`.' },
  HUB509: {
    stage: 'lint',
    severity: 'error',
    rule: 'arm/resource-ids',
    meaning: 'Resource ID properties use `resourceId()`-family functions (or parameters, variables and references built with them).',
  },
  HUB510: {
    stage: 'lint',
    severity: 'error',
    rule: 'arm/depends-on',
    meaning: '`dependsOn` entries are plain resource IDs (no `if()`, no leading `concat()`), listed once, and not implied by another entry.',
  },
  HUB511: { stage: 'lint', severity: 'error', rule: 'arm/no-blank-properties', meaning: 'No property is hard-coded to an empty string, object, array or null.' },
  HUB512: {
    stage: 'lint',
    severity: 'error',
    rule: 'ui/outputs-match-parameters',
    meaning: 'Every createUiDefinition output names a template parameter, and `location` is among them, as `[location()]` (the Basics region picker).',
  },
  HUB513: { stage: 'lint', severity: 'error', rule: 'ui/parameters-in-form', meaning: 'Every template parameter without a default is an output of the portal form.' },
  HUB514: {
    stage: 'lint',
    severity: 'error',
    rule: 'ui/schema-and-handler',
    meaning: "The form's `$schema` is the 0.1.2-preview CreateUIDefinition schema, its handler `Microsoft.Azure.CreateUIDef` and its version `0.1.2-preview`.",
  },
  HUB520: {
    stage: 'lint',
    severity: 'error',
    rule: 'security/storage-https-only',
    meaning: 'Storage accounts set `supportsHttpsTrafficOnly` to true (or leave it at its default, true).',
  },
  HUB521: { stage: 'lint', severity: 'error', rule: 'security/storage-min-tls', meaning: 'Storage accounts set `minimumTlsVersion` to `TLS1_2` (or later).' },
  HUB522: {
    stage: 'lint',
    severity: 'error',
    rule: 'security/storage-no-public-blob',
    meaning: 'Storage accounts set `allowBlobPublicAccess` to false; containers have `publicAccess` `None`.',
  },
  HUB523: {
    stage: 'lint',
    severity: 'error',
    rule: 'security/storage-shared-key',
    meaning: 'Storage accounts set `allowSharedKeyAccess` to false, except the deployment-script storage and, with the remote hub feature, the data lake.',
  },
  HUB524: {
    stage: 'lint',
    severity: 'error',
    rule: 'security/private-network-access',
    meaning: 'With `enablePublicAccess` false, storage and Key Vault deny public traffic (disabled or firewall Deny), Data Explorer and Event Grid disable public network access.',
  },
  HUB525: { stage: 'lint', severity: 'error', rule: 'security/key-vault-soft-delete', meaning: 'Key Vaults do not turn soft delete off.' },
  HUB526: {
    stage: 'lint',
    severity: 'warning',
    rule: 'security/key-vault-purge-protection',
    meaning: 'Key Vaults set `enablePurgeProtection` to true, unless they can hold only secrets the template writes from deployment parameters.',
  },
  HUB527: { stage: 'lint', severity: 'error', rule: 'security/key-vault-access', meaning: 'Key Vaults use RBAC, or access policies that only read secrets (`get`, `list`).' },
  HUB528: {
    stage: 'lint',
    severity: 'error',
    rule: 'security/secure-parameter-type',
    meaning: 'Parameters named like secrets (password, secret, token, ...key) are `securestring` or `secureObject`.',
  },
  HUB529: {
    stage: 'lint',
    severity: 'error',
    rule: 'security/secret-flow',
    meaning: 'Secure parameters and `list*()` values are used only in Key Vault secrets and deployment-script secure values.',
  },
  HUB530: {
    stage: 'lint',
    severity: 'error',
    rule: 'security/role-assignments',
    meaning: 'Role assignments target one resource (`scope`) with a role the hub needs there (Storage Blob Data Contributor, Data Factory Contributor, ...; see the roles table).',
  },
  HUB531: {
    stage: 'lint',
    severity: 'error',
    rule: 'security/data-factory-identity',
    meaning: 'Factories have a managed identity; linked services hold no keys (only Key Vault references, and only for stores the hub does not own).',
  },
  HUB533: {
    stage: 'lint',
    severity: 'error',
    rule: 'security/deployment-script-secure-env',
    meaning: 'Deployment-script environment variables that carry secrets use `secureValue`, not `value`.',
  },
  HUB540: {
    stage: 'lint',
    severity: 'error',
    rule: 'adf/failure-path',
    meaning: 'Every activity that can fail has an Upon Failure or Upon Completion path, itself or through an enclosing container.',
  },
  HUB541: { stage: 'lint', severity: 'error', rule: 'adf/until-bounded', meaning: 'Every Until activity sets `timeout` (d.hh:mm:ss, at most 7 days).' },
  HUB542: { stage: 'lint', severity: 'error', rule: 'adf/activity-timeout', meaning: 'Every execution activity sets `policy.timeout` (at most 7 days).' },
  HUB543: { stage: 'lint', severity: 'error', rule: 'adf/foreach-batch-count', meaning: 'A parallel ForEach has a batchCount from 1 to 50, for every allowed parameter value.' },
  HUB550: {
    stage: 'lint',
    severity: 'error',
    rule: 'kql/database-script-commands',
    meaning: 'KQL setup commands use a verb database scripts allow, in its idempotent form (`.create-or-alter`, `.create-merge`, `.create ... ifnotexists`).',
  },
  HUB599: {
    stage: 'lint',
    severity: 'warning',
    meaning: 'A `lint.suppress` entry of hub.yaml names no lint rule, a rule hubc lint does not report to hub.yaml authors, or matches no finding of the linted releases.',
    messages: {
      unused: (a: { id: string; name: string }) => ({
        message: `the suppression of ${a.id} (${a.name}) matches no finding`,
        hint: 'Remove the suppression; the problem it accepted is gone.',
      }),
      maintainerRule: (a: { id: string; name: string }) => ({
        message: `the suppression of ${a.id} (${a.name}) names a rule about what only hubc's code decides, which hubc lint does not report to hub.yaml authors`,
        hint: "Remove the suppression: hubc's own tests hold every release to this rule (docs/lint.md, 'Who acts').",
      }),
      noRule: (a: { rule: string; first: string; last: string }) => ({
        message: `the suppression names no lint rule: '${a.rule}'`,
        hint: `Use a rule code or name from docs/lint.md (${a.first}-${a.last}).`,
      }),
    },
  },
});
