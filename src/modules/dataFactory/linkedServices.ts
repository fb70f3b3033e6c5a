/**
 * Linked services of the hub's Data Factory: the data lake, the Key Vault, the remote hub's data lake
 * (when `remoteHubStorageUri` is set) and the Data Explorer cluster (when deployed). Every linked service
 * connects through `ctx.connectVia`: the managed integration runtime in the managed virtual network when
 * public access is disabled, the default Azure integration runtime otherwise.
 *
 * Types and properties: "Copy data to or from Azure Data Lake Storage Gen2" (connector-azure-data-lake-storage),
 * "Store credentials in Azure Key Vault" (store-credentials-in-key-vault), "Copy data to or from Azure Data
 * Explorer" (connector-azure-data-explorer), learn.microsoft.com/azure/data-factory.
 */
import * as adf from '../../expressions/adf/index.js';
import type { AdfObject } from '../types.js';
import type { AdfLinkedServiceOf } from './wire.js';
import { LINKED_SERVICES, type DataFactoryContext } from './context.js';
import { linkedServiceRef } from './activities.js';

/** Name of the linked service parameter that selects the Data Explorer database. */
export const DATA_EXPLORER_DATABASE_PARAMETER = 'database';

/**
 * The linked services, in deployment order.
 *
 * - `storage` (AzureBlobFS): the hub data lake, authenticated with the factory's managed identity (no
 *   credential given).
 * - `keyVault` (AzureKeyVault): the hub vault, read with the factory's identity (from 0.9 only with a remote
 *   hub, `ctx.keyVaultDeployed`).
 * - `remoteHubStorage` (AzureBlobFS, only when `ctx.remoteHubDeployed`): the remote hub's data lake, with the
 *   account key taken from the Key Vault secret `ctx.remoteHubKeySecretName`.
 * - `hubDataExplorer` (AzureDataExplorer, only when `ctx.dataExplorerDeployed`): the cluster, authenticated
 *   with the factory's system-assigned managed identity (no service principal given); the database is a
 *   parameter whose default is the ingestion database.
 * - `azurerm` (RestService, only when `ctx.recommendationsDeployed`): Azure Resource Manager of the deployment's
 *   cloud (`environment().resourceManager`, the token audience too), called with the factory's managed
 *   identity (connector-rest, "Use managed identity"); the Azure Resource Graph queries of the recommendations
 *   go through it.
 */
export function linkedServices(ctx: DataFactoryContext): AdfObject[] {
  return [
    {
      kind: 'linkedService',
      name: LINKED_SERVICES.storage,
      properties: {
        type: 'AzureBlobFS',
        annotations: [],
        typeProperties: { url: ctx.storageDfsEndpoint },
        connectVia: ctx.connectVia,
      } satisfies AdfLinkedServiceOf<'AzureBlobFS'>,
    },
    {
      kind: 'linkedService',
      name: LINKED_SERVICES.keyVault,
      ...(ctx.keyVaultDeployed ? { condition: ctx.keyVaultDeployed } : {}),
      properties: {
        type: 'AzureKeyVault',
        annotations: [],
        typeProperties: { baseUrl: ctx.keyVaultUri },
        connectVia: ctx.connectVia,
      } satisfies AdfLinkedServiceOf<'AzureKeyVault'>,
    },
    {
      kind: 'linkedService',
      name: LINKED_SERVICES.remoteHubStorage,
      condition: ctx.remoteHubDeployed,
      properties: {
        type: 'AzureBlobFS',
        annotations: [],
        typeProperties: {
          url: ctx.remoteHubStorageUri,
          accountKey: {
            type: 'AzureKeyVaultSecret',
            store: linkedServiceRef(LINKED_SERVICES.keyVault),
            secretName: ctx.remoteHubKeySecretName,
          },
        },
        connectVia: ctx.connectVia,
      } satisfies AdfLinkedServiceOf<'AzureBlobFS'>,
    },
    {
      kind: 'linkedService',
      name: LINKED_SERVICES.dataExplorer,
      condition: ctx.dataExplorerDeployed,
      properties: {
        type: 'AzureDataExplorer',
        annotations: [],
        parameters: { [DATA_EXPLORER_DATABASE_PARAMETER]: { type: 'String', defaultValue: ctx.ingestionDatabase } },
        typeProperties: {
          endpoint: ctx.dataExplorerUri,
          database: adf.interp`${adf.linkedServiceParameter(DATA_EXPLORER_DATABASE_PARAMETER)}`,
        },
        connectVia: ctx.connectVia,
      } satisfies AdfLinkedServiceOf<'AzureDataExplorer'>,
    },
    {
      kind: 'linkedService',
      name: LINKED_SERVICES.azureResourceManager,
      condition: ctx.recommendationsDeployed,
      properties: {
        type: 'RestService',
        annotations: [],
        typeProperties: {
          url: ctx.resourceManagerUrl,
          authenticationType: 'ManagedServiceIdentity',
          aadResourceId: ctx.resourceManagerUrl,
          enableServerCertificateValidation: true,
        },
        connectVia: ctx.connectVia,
      } satisfies AdfLinkedServiceOf<'RestService'>,
    },
  ];
}
