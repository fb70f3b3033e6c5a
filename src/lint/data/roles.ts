/**
 * The role assignments a hub may make: each built-in role (learn.microsoft.com/azure/role-based-access-control/built-in-roles),
 * the resource types it may be assigned on, and why the hub needs it. The specification's permissions
 * table gives the deployment identities their roles (`_blobManager`: Storage Blob Data Contributor;
 * `_triggerManager`: Data Factory Contributor); the others are what a hub component needs to work.
 * Anything else (Owner, Contributor, User Access Administrator, Managed Identity Contributor, any role at
 * resource group scope) is more than the hub needs.
 */

/** One allowed role. */
export interface AllowedRole {
  name: string;
  /** Lower-case resource types the assignment's `scope` may be. */
  scopes: readonly string[];
  /** Who holds it and why. */
  reason: string;
}

/** Role definition GUID -> what it may be assigned on. */
export const ALLOWED_ROLES: Readonly<Record<string, AllowedRole>> = {
  'ba92f5b4-2d11-453d-a403-e96b0029c9fe': {
    name: 'Storage Blob Data Contributor',
    scopes: ['microsoft.storage/storageaccounts', 'microsoft.storage/storageaccounts/blobservices/containers'],
    reason: 'the _blobManager identity writes settings.json (specification); Data Factory and Data Explorer read and write hub data',
  },
  '69566ab7-960f-475b-8e7c-b3118f30c6bd': {
    name: 'Storage File Data Privileged Contributor',
    scopes: ['microsoft.storage/storageaccounts'],
    reason: 'a deployment script that runs in a virtual network mounts its file share in the script storage account',
  },
  '673868aa-7521-48a0-acc6-0f60742d39f5': {
    name: 'Data Factory Contributor',
    scopes: ['microsoft.datafactory/factories'],
    reason: 'the _triggerManager identity stops and starts the triggers (specification)',
  },
  '1e241071-0855-49ea-94dc-649edcd759de': {
    name: 'EventGrid Contributor',
    scopes: ['microsoft.eventgrid/namespaces'],
    reason: 'the _triggerManager identity deletes the temporary Event Grid namespace',
  },
  '17d1049b-9a84-46fb-8f53-869881c3d3ab': {
    name: 'Storage Account Contributor',
    scopes: ['microsoft.storage/storageaccounts'],
    reason: 'the Data Factory identity creates Cost Management exports that write to the account (managed exports need write access to the target account)',
  },
  'f58310d9-a9f6-439a-9e8d-f62e7b41a168': {
    name: 'Role Based Access Control Administrator',
    scopes: ['microsoft.storage/storageaccounts'],
    reason:
      "the Data Factory identity lets Cost Management give each managed export's identity Storage Blob Data Contributor on the account (12+, limited to that role by a condition)",
  },
  '8ca4f98b-e38b-4784-9fc0-7aefa970cc5b': {
    name: 'Kusto Contributor',
    scopes: ['microsoft.kusto/clusters'],
    reason: "the Data Factory identity reads the cluster's state and starts a stopped cluster before ingestion (12+)",
  },
  'acdd72a7-3385-48ef-bd42-f606fba81ae7': {
    name: 'Reader',
    scopes: ['microsoft.storage/storageaccounts'],
    reason: 'the Data Factory identity reads the account (FinOps hub template documentation: assigned to Data Factory to manage data in storage)',
  },
};
