/**
 * The newest stable API version of each resource type hubc emits (or reads with `reference()` /
 * `list*()`), as published in the official ARM JSON schemas (github.com/Azure/azure-resource-manager-schemas,
 * `schemas/<apiVersion>/<Provider>.json`) on {@link API_VERSIONS_AS_OF}, the date of the schema snapshot
 * hubc's validation data pins.
 *
 * The "two years" of the API version rule are counted back from that date, never from the clock, so the
 * same template lints the same way on any day; the table and the date move together when hubc's schema
 * snapshot moves.
 */

/** The date of this table (and the reference date of the API version rules), `YYYY-MM-DD`. */
export const API_VERSIONS_AS_OF = '2026-08-16';

/** Lower-case resource type -> newest stable API version on {@link API_VERSIONS_AS_OF}. */
export const NEWEST_STABLE_API_VERSION: Readonly<Record<string, string>> = {
  'microsoft.authorization/roleassignments': '2022-04-01',
  'microsoft.datafactory/factories': '2018-06-01',
  'microsoft.datafactory/factories/datasets': '2018-06-01',
  'microsoft.datafactory/factories/integrationruntimes': '2018-06-01',
  'microsoft.datafactory/factories/linkedservices': '2018-06-01',
  'microsoft.datafactory/factories/managedvirtualnetworks': '2018-06-01',
  'microsoft.datafactory/factories/managedvirtualnetworks/managedprivateendpoints': '2018-06-01',
  'microsoft.datafactory/factories/pipelines': '2018-06-01',
  'microsoft.datafactory/factories/triggers': '2018-06-01',
  'microsoft.eventgrid/namespaces': '2025-02-15',
  'microsoft.keyvault/vaults': '2024-11-01',
  'microsoft.keyvault/vaults/accesspolicies': '2024-11-01',
  'microsoft.keyvault/vaults/privateendpointconnections': '2024-11-01',
  'microsoft.keyvault/vaults/secrets': '2024-11-01',
  'microsoft.kusto/clusters': '2024-04-13',
  'microsoft.kusto/clusters/databases': '2024-04-13',
  'microsoft.kusto/clusters/databases/scripts': '2024-04-13',
  'microsoft.kusto/clusters/principalassignments': '2024-04-13',
  'microsoft.kusto/clusters/privateendpointconnections': '2024-04-13',
  'microsoft.managedidentity/userassignedidentities': '2024-11-30',
  'microsoft.network/networksecuritygroups': '2025-03-01',
  'microsoft.network/privatednszones': '2024-06-01',
  'microsoft.network/privatednszones/virtualnetworklinks': '2024-06-01',
  'microsoft.network/privateendpoints': '2025-03-01',
  'microsoft.network/privateendpoints/privatednszonegroups': '2025-03-01',
  'microsoft.network/virtualnetworks': '2025-03-01',
  'microsoft.network/virtualnetworks/subnets': '2025-03-01',
  'microsoft.resources/deployments': '2025-04-01',
  'microsoft.resources/deploymentscripts': '2023-08-01',
  'microsoft.storage/storageaccounts': '2025-06-01',
  'microsoft.storage/storageaccounts/blobservices': '2025-06-01',
  'microsoft.storage/storageaccounts/blobservices/containers': '2025-06-01',
  'microsoft.storage/storageaccounts/privateendpointconnections': '2025-06-01',
};
