/**
 * The form of a remote hub's storage URI (hub.yaml `remoteHub.storageUri`, template parameter
 * `remoteHubStorageUri`): the Data Lake endpoint of the primary hub's storage account,
 * `https://<account>.dfs.core.<cloud suffix>/` (the trailing `/` optional), or empty for none. The public
 * releases' Deploy to Azure form requires it (FinOps toolkit 13: `^https://.*\.dfs\.core\.windows\.net/?$`;
 * 14: `^https://.*\.dfs\.core\.[a-z.]+/?$`, for the sovereign clouds); storage account names are 3-24
 * lowercase letters and digits (learn.microsoft.com/azure/azure-resource-manager/management/resource-name-rules#microsoftstorage).
 * The hub.yaml schema's `pattern` of the field is this text (test/compiler/newcomerHints.test.ts holds the
 * two equal) and the portal form checks it.
 */
export const REMOTE_HUB_URI_PATTERN = '^(https://[a-z0-9]{3,24}\\.dfs\\.core\\.[a-z]+(\\.[a-z]+)+/?)?$';
