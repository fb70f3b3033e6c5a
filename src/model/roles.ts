/**
 * The Azure built-in roles hubc assigns or names, by their role definition GUIDs: facts about Azure, read by
 * the modules that assign them (src/modules/core/roles.ts) and by upgrade-plan, which names the role a
 * left-behind assignment gives.
 */

/** Built-in role definition GUIDs (learn.microsoft.com/azure/role-based-access-control/built-in-roles). */
export const ROLES = {
  storageBlobDataContributor: 'ba92f5b4-2d11-453d-a403-e96b0029c9fe',
  storageFileDataPrivilegedContributor: '69566ab7-960f-475b-8e7c-b3118f30c6bd',
  managedIdentityContributor: 'e40ec5ca-96e0-45a2-b4ff-59039f2c2b59',
  managedIdentityOperator: 'f1a07417-d97a-45cb-824c-7a7467783830',
  dataFactoryContributor: '673868aa-7521-48a0-acc6-0f60742d39f5',
  storageAccountContributor: '17d1049b-9a84-46fb-8f53-869881c3d3ab',
  reader: 'acdd72a7-3385-48ef-bd42-f606fba81ae7',
  userAccessAdministrator: '18d7d88d-d35e-4fb5-a5c3-7773c20a72d9',
  contributor: 'b24988ac-6180-42a0-ab88-20f7382dd24c',
  roleBasedAccessControlAdministrator: 'f58310d9-a9f6-439a-9e8d-f62e7b41a168',
  kustoContributor: '8ca4f98b-e38b-4784-9fc0-7aefa970cc5b',
  eventGridContributor: '1e241071-0855-49ea-94dc-649edcd759de',
} as const;
