/**
 * Failing and passing inputs of the security rules (HUB520-HUB533).
 */
import { files, storage, template, SAFE_STORAGE, type RuleCase } from './support.js';

const PARAMS = { location: { type: 'string', defaultValue: '[resourceGroup().location]' } };
const vault = (properties: Record<string, unknown>) => ({
  type: 'Microsoft.KeyVault/vaults',
  apiVersion: '2024-11-01',
  name: 'kv',
  location: "[parameters('location')]",
  properties: { tenantId: '[subscription().tenantId]', sku: { family: 'A', name: 'standard' }, ...properties },
});
const role = (roleGuid: string, scope?: string) => ({
  type: 'Microsoft.Authorization/roleAssignments',
  apiVersion: '2022-04-01',
  name: `[guid('${roleGuid}')]`,
  ...(scope ? { scope } : {}),
  properties: {
    roleDefinitionId: `[subscriptionResourceId('Microsoft.Authorization/roleDefinitions', '${roleGuid}')]`,
    principalId: "[reference(resourceId('Microsoft.ManagedIdentity/userAssignedIdentities', 'id1'), '2024-11-30').principalId]",
    principalType: 'ServicePrincipal',
  },
});
const script = (env: unknown[], settings: Record<string, unknown> = {}) => ({
  type: 'Microsoft.Resources/deploymentScripts',
  apiVersion: '2023-08-01',
  name: 'script1',
  location: "[parameters('location')]",
  kind: 'AzureCLI',
  properties: { azCliVersion: '2.60.0', retentionInterval: 'PT1H', ...settings, environmentVariables: env, scriptContent: 'echo hi' },
});
/** A script storage setting only some deployments have (hubc 0.8 without public access). */
const CONDITIONAL_SCRIPT_STORAGE =
  "[if(equals(parameters('location'), 'nowhere'), null(), createObject('storageAccountName', variables('scriptStorage2'), 'storageAccountKey', listKeys(resourceId('Microsoft.Storage/storageAccounts', variables('scriptStorage2')), '2025-06-01').keys[0].value))]";
const linkedService = (name: string, typeProperties: Record<string, unknown>) => ({
  type: 'Microsoft.DataFactory/factories/linkedservices',
  apiVersion: '2018-06-01',
  name: `[format('{0}/{1}', 'f', '${name}')]`,
  properties: { type: 'AzureBlobFS', typeProperties },
});
const factory = (identity?: unknown) => ({
  type: 'Microsoft.DataFactory/factories',
  apiVersion: '2018-06-01',
  name: 'f',
  location: "[parameters('location')]",
  ...(identity ? { identity } : {}),
  properties: {},
});
const kvRef = { type: 'AzureKeyVaultSecret', store: { referenceName: 'keyVault', type: 'LinkedServiceReference' }, secretName: 'remote-key' };
/** An access policy that only reads secrets. */
const READ_POLICY = { tenantId: 't', objectId: 'o', permissions: { secrets: ['get'] } };
const SECURE_KEY = { ...PARAMS, remoteKey: { type: 'securestring', defaultValue: '' }, remoteUri: { type: 'string', defaultValue: '' } };

export const SECURITY_CASES: Record<string, RuleCase> = {
  HUB520: {
    fail: files(template([storage({ ...SAFE_STORAGE, supportsHttpsTrafficOnly: false })])),
    pass: files(template([storage({ minimumTlsVersion: 'TLS1_2', allowBlobPublicAccess: false, allowSharedKeyAccess: false })])),
  },
  HUB521: {
    fail: files(template([storage({ ...SAFE_STORAGE, minimumTlsVersion: 'TLS1_0' }), storage({ supportsHttpsTrafficOnly: true }, 'store2')])),
    pass: files(template([storage(SAFE_STORAGE)])),
  },
  HUB522: {
    fail: files(
      template([
        storage({ ...SAFE_STORAGE, allowBlobPublicAccess: true }),
        { type: 'Microsoft.Storage/storageAccounts/blobServices/containers', apiVersion: '2025-06-01', name: 'store1/default/c', properties: { publicAccess: 'Blob' } },
      ]),
    ),
    pass: files(
      template([
        storage(SAFE_STORAGE),
        { type: 'Microsoft.Storage/storageAccounts/blobServices/containers', apiVersion: '2025-06-01', name: 'store1/default/c', properties: { publicAccess: 'None' } },
      ]),
    ),
  },
  HUB523: {
    fail: files(template([storage({ ...SAFE_STORAGE, allowSharedKeyAccess: true }), storage({ supportsHttpsTrafficOnly: true }, 'store2')])),
    // The script storage of a deployment script, and the data lake when the remote hub parameters exist.
    pass: files(
      template(
        [
          storage({ ...SAFE_STORAGE, allowSharedKeyAccess: true }, "[variables('scriptStorage')]"),
          storage({ ...SAFE_STORAGE, allowSharedKeyAccess: true, isHnsEnabled: true }, 'lake'),
          script([], {
            storageAccountSettings: {
              storageAccountName: "[variables('scriptStorage')]",
              storageAccountKey: "[listKeys(resourceId('Microsoft.Storage/storageAccounts', variables('scriptStorage')), '2025-06-01').keys[0].value]",
            },
          }),
          // A script account only some deployments use (0.8: only without public access): the whole setting is one expression.
          storage({ ...SAFE_STORAGE, allowSharedKeyAccess: true }, "[variables('scriptStorage2')]"),
          { ...script([], { storageAccountSettings: CONDITIONAL_SCRIPT_STORAGE }), name: 'script2' },
        ],
        { parameters: { ...PARAMS, remoteHubStorageKey: { type: 'securestring', defaultValue: '' } }, variables: { scriptStorage: 'scripts1', scriptStorage2: 'scripts2' } },
      ),
    ),
  },
  HUB524: {
    fail: files(
      template(
        [
          storage({ ...SAFE_STORAGE, publicNetworkAccess: 'Enabled', networkAcls: { defaultAction: 'Allow' } }),
          {
            type: 'Microsoft.Kusto/clusters',
            apiVersion: '2024-04-13',
            name: 'adx',
            location: "[parameters('location')]",
            properties: { publicNetworkAccess: "[if(bool(parameters('enablePublicAccess')), 'Enabled', 'Enabled')]" },
          },
        ],
        { parameters: { ...PARAMS, enablePublicAccess: { type: 'string', defaultValue: 'False', allowedValues: ['True', 'False'] } } },
      ),
    ),
    pass: files(
      template(
        [
          storage({
            ...SAFE_STORAGE,
            publicNetworkAccess: 'Enabled',
            networkAcls: { bypass: 'AzureServices', defaultAction: "[if(bool(parameters('enablePublicAccess')), 'Allow', 'Deny')]" },
          }),
          vault({ publicNetworkAccess: 'Disabled' }),
          {
            type: 'Microsoft.Kusto/clusters',
            apiVersion: '2024-04-13',
            name: 'adx',
            location: "[parameters('location')]",
            properties: { publicNetworkAccess: "[if(bool(parameters('enablePublicAccess')), 'Enabled', 'Disabled')]" },
          },
        ],
        { parameters: { ...PARAMS, enablePublicAccess: { type: 'string', defaultValue: 'False', allowedValues: ['True', 'False'] } } },
      ),
    ),
  },
  HUB525: {
    fail: files(template([vault({ enableSoftDelete: false })])),
    pass: files(template([vault({ enableSoftDelete: true })])),
  },
  HUB526: {
    // A vault with default access, one whose policy may write secrets, and one holding a secret written as a literal.
    fail: files(
      template(
        [
          vault({ enableSoftDelete: true }),
          { ...vault({ enableRbacAuthorization: false, accessPolicies: [{ tenantId: 't', objectId: 'o', permissions: { secrets: ['get', 'set'] } }] }), name: 'kv2' },
          { ...vault({ enableRbacAuthorization: false, accessPolicies: [READ_POLICY] }), name: 'kv3' },
          { type: 'Microsoft.KeyVault/vaults/secrets', apiVersion: '2024-11-01', name: 'kv3/fixed', properties: { value: 'a literal secret' } },
        ],
        { parameters: SECURE_KEY },
      ),
    ),
    // Purge protection on; or a vault that holds only what the template writes from a parameter (hubc's vault).
    pass: files(
      template(
        [
          vault({ enableSoftDelete: true, enablePurgeProtection: true }),
          { ...vault({ enableRbacAuthorization: false, accessPolicies: [READ_POLICY] }), name: 'kv2' },
          {
            type: 'Microsoft.KeyVault/vaults/secrets',
            apiVersion: '2024-11-01',
            name: "[format('{0}/{1}', 'kv2', 'remote-key')]",
            properties: { value: "[parameters('remoteKey')]" },
          },
        ],
        { parameters: SECURE_KEY },
      ),
    ),
  },
  HUB527: {
    fail: files(
      template([vault({ enableRbacAuthorization: false, accessPolicies: [{ tenantId: 't', objectId: 'o', permissions: { secrets: ['get', 'set', 'delete'], keys: ['all'] } }] })]),
    ),
    pass: files(
      template([
        vault({ enableRbacAuthorization: false, accessPolicies: [{ tenantId: 't', objectId: 'o', permissions: { secrets: ['get', 'list'] } }] }),
        { ...vault({ enableRbacAuthorization: true, accessPolicies: [{ tenantId: 't', objectId: 'o', permissions: { keys: ['all'] } }] }), name: 'kv2' },
      ]),
    ),
  },
  HUB528: {
    fail: files(template([], { parameters: { ...PARAMS, adminPassword: { type: 'string' }, storageKey: { type: 'string', defaultValue: '' } } })),
    pass: files(
      template([], {
        parameters: { ...PARAMS, adminPassword: { type: 'securestring' }, sshPublicKey: { type: 'string', defaultValue: '' }, storageSku: { type: 'string', defaultValue: 'x' } },
      }),
    ),
  },
  HUB529: {
    fail: files(
      template(
        [
          { ...storage(SAFE_STORAGE), tags: { k: "[parameters('remoteKey')]" } },
          linkedService('remote', { url: "[parameters('remoteUri')]", accountKey: "[parameters('remoteKey')]" }),
          // A key in the name member of a conditional setting is still a leak.
          script([], {
            storageAccountSettings: CONDITIONAL_SCRIPT_STORAGE.replace(
              "'storageAccountName', variables('scriptStorage2')",
              "'storageAccountName', listKeys('x', '2025-06-01').keys[0].value",
            ),
          }),
        ],
        { parameters: { ...SECURE_KEY, ...PARAMS } },
      ),
    ),
    pass: files(
      template(
        [
          { type: 'Microsoft.KeyVault/vaults/secrets', apiVersion: '2024-11-01', name: 'kv/remote-key', properties: { value: "[parameters('remoteKey')]" } },
          script([{ name: 'KEY', secureValue: "[parameters('remoteKey')]" }]),
          { ...script([], { storageAccountSettings: CONDITIONAL_SCRIPT_STORAGE }), name: 'script2' },
        ],
        { parameters: SECURE_KEY },
      ),
    ),
  },
  HUB530: {
    fail: files(
      template([
        role('673868aa-7521-48a0-acc6-0f60742d39f5'),
        role('e40ec5ca-96e0-45a2-b4ff-59039f2c2b59', "[format('Microsoft.DataFactory/factories/{0}', 'f')]"),
        role('673868aa-7521-48a0-acc6-0f60742d39f5', "[format('Microsoft.Storage/storageAccounts/{0}', 'store1')]"),
      ]),
    ),
    pass: files(
      template([
        role('673868aa-7521-48a0-acc6-0f60742d39f5', "[format('Microsoft.DataFactory/factories/{0}', 'f')]"),
        role('ba92f5b4-2d11-453d-a403-e96b0029c9fe', "[format('Microsoft.Storage/storageAccounts/{0}', 'store1')]"),
      ]),
    ),
  },
  HUB531: {
    fail: files(
      template([
        factory(),
        linkedService('storage', { url: 'https://store1.dfs.core.windows.net/', accountKey: { type: 'SecureString', value: 'abc' } }),
        linkedService('lake', { url: 'https://lake.dfs.core.windows.net/', accountKey: kvRef }),
      ]),
    ),
    pass: files(
      template(
        [
          factory({ type: 'SystemAssigned' }),
          linkedService('storage', { url: 'https://store1.dfs.core.windows.net/' }),
          linkedService('remote', { url: "[parameters('remoteUri')]", accountKey: kvRef }),
        ],
        { parameters: SECURE_KEY },
      ),
    ),
  },
  HUB533: {
    fail: files(
      template(
        [
          script([
            { name: 'STORAGE_KEY', value: "[parameters('remoteKey')]" },
            { name: 'apiToken', value: 'abc' },
          ]),
        ],
        { parameters: SECURE_KEY },
      ),
    ),
    pass: files(
      template(
        [
          script([
            { name: 'STORAGE_KEY', secureValue: "[parameters('remoteKey')]" },
            { name: 'storageAccountName', value: 'store1' },
            { name: 'apiToken', value: '' },
          ]),
        ],
        { parameters: SECURE_KEY },
      ),
    ),
  },
};

/** A free string parameter: its value is chosen at deployment. */
const FREE = (name: string, type = 'string') => ({ [name]: { type, defaultValue: type === 'int' ? 1 : '' } });
/** A value read from another resource at deployment. */
const deployTime = (member: string) => `[reference('other').${member}]`;
/** A secure parameter read through a computed name. */
const DYNAMIC_SECRET = { parameters: { ...SECURE_KEY, ...FREE('which') } };

/** Inputs whose checked values are known only at deployment: each rule reports them as undecided. */
const UNKNOWN: Record<string, Pick<RuleCase, 'unknown' | 'noUnknown'>> = {
  HUB520: { unknown: files(template([storage({ ...SAFE_STORAGE, supportsHttpsTrafficOnly: deployTime('https') })])) },
  HUB521: { unknown: files(template([storage({ ...SAFE_STORAGE, minimumTlsVersion: "[parameters('tls')]" })], { parameters: { ...PARAMS, ...FREE('tls') } })) },
  HUB522: {
    unknown: files(
      template(
        [
          storage({ ...SAFE_STORAGE, allowBlobPublicAccess: deployTime('blobPublic') }),
          {
            type: 'Microsoft.Storage/storageAccounts/blobServices/containers',
            apiVersion: '2025-06-01',
            name: 'store1/default/c',
            properties: { publicAccess: "[parameters('access')]" },
          },
        ],
        { parameters: { ...PARAMS, ...FREE('access') } },
      ),
    ),
  },
  HUB523: { unknown: files(template([storage({ ...SAFE_STORAGE, allowSharedKeyAccess: deployTime('sharedKey') })])) },
  HUB524: {
    unknown: files(
      template(
        [
          storage({
            ...SAFE_STORAGE,
            publicNetworkAccess: deployTime('access'),
            networkAcls: { defaultAction: "[if(bool(parameters('enablePublicAccess')), 'Allow', parameters('action'))]" },
          }),
          {
            type: 'Microsoft.Kusto/clusters',
            apiVersion: '2024-04-13',
            name: 'adx',
            location: "[parameters('location')]",
            properties: { publicNetworkAccess: deployTime('access') },
          },
        ],
        { parameters: { ...PARAMS, ...FREE('action'), enablePublicAccess: { type: 'string', defaultValue: 'False', allowedValues: ['True', 'False'] } } },
      ),
    ),
  },
  HUB525: { unknown: files(template([vault({ enableSoftDelete: deployTime('softDelete') })])) },
  HUB526: { unknown: files(template([vault({ enablePurgeProtection: deployTime('purge') })])) },
  HUB527: {
    unknown: files(
      template([
        vault({ enableRbacAuthorization: deployTime('rbac'), accessPolicies: [{ tenantId: 't', objectId: 'o', permissions: { secrets: ['get', 'set'] } }] }),
        { ...vault({ enableRbacAuthorization: false, accessPolicies: deployTime('policies') }), name: 'kv2' },
        {
          ...vault({ enableRbacAuthorization: false, accessPolicies: [{ tenantId: 't', objectId: 'o', permissions: { secrets: ['get', deployTime('permission')] } }] }),
          name: 'kv3',
        },
      ]),
    ),
  },
  HUB528: { noUnknown: 'ARM takes parameter types only as literals, so the rule evaluates nothing.' },
  HUB529: { unknown: files(template([{ ...storage(SAFE_STORAGE), tags: { k: "[parameters(parameters('which'))]" } }], DYNAMIC_SECRET)) },
  HUB530: {
    unknown: files(
      template(
        [
          { ...role('673868aa-7521-48a0-acc6-0f60742d39f5', "[parameters('scope')]") },
          {
            ...role('x'),
            scope: "[format('Microsoft.DataFactory/factories/{0}', 'f')]",
            properties: { roleDefinitionId: "[subscriptionResourceId('Microsoft.Authorization/roleDefinitions', parameters('role'))]", principalId: 'p' },
          },
        ],
        { parameters: { ...PARAMS, ...FREE('scope'), ...FREE('role') } },
      ),
    ),
  },
  HUB531: {
    unknown: files(
      template(
        [
          factory({ type: "[parameters('identityType')]" }),
          linkedService('storage', { url: 'https://store1.dfs.core.windows.net/', connectionString: "[parameters('connection')]" }),
        ],
        {
          parameters: { ...PARAMS, ...FREE('identityType'), ...FREE('connection') },
        },
      ),
    ),
  },
  HUB533: { unknown: files(template([script([{ name: 'SETTING', value: "[parameters(parameters('which'))]" }])], DYNAMIC_SECRET)) },
};

for (const [code, extra] of Object.entries(UNKNOWN)) Object.assign(SECURITY_CASES[code]!, extra);
