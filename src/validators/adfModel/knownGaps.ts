/**
 * Where the `@azure/arm-datafactory` 12.0.0 mapper metadata and the Data Factory service disagree, as
 * explicit lists. Keys are mapper class names; an entry applies to that class and every class derived
 * from it (through `uberParent`).
 */

/**
 * Properties the service accepts that the SDK 12.0.0 model does not have. They are accepted silently
 * (no "property not in model" warning). Values are serialized names relative to the class.
 *
 * - `ParquetWriteSettings.fileExtension`: written by the Data Factory UI for Parquet sinks and accepted by
 *   the service (recipe validators.md §2.2 and §3.6), missing from the SDK model.
 */
export const ACCEPTED_EXTRA_PROPERTIES: Readonly<Record<string, readonly string[]>> = {
  ParquetWriteSettings: ['fileExtension'],
};

/**
 * Composite properties that are required although the mapper says otherwise. AutoRest drops
 * `required: true` from every composite-typed property in the mappers, while the SDK's TypeScript
 * types (`types/arm-datafactory.d.ts`, the same swagger) keep them non-optional (recipe validators.md
 * §2.2 "Known holes"). The list was derived from those types: each member that is non-optional in the
 * interface but lacks `required` in the mapper, minus entries already implied by a base class.
 * `test/validators/adfModel.test.ts` re-derives it from the d.ts file to catch SDK upgrades.
 * Values are client (SDK) property names, i.e. `modelProperties` keys (`source` for `typeProperties.source`).
 */
export const REQUIRED_COMPOSITES: Readonly<Record<string, readonly string[]>> = {
  AppFiguresLinkedService: ['password', 'clientKey'],
  AsanaLinkedService: ['apiToken'],
  AzureBatchLinkedService: ['linkedServiceName'],
  AzureKeyVaultSecretReference: ['store'],
  AzureMLLinkedService: ['apiKey'],
  AzureMLUpdateResourceActivity: ['trainedModelLinkedServiceName'],
  AzureMLWebServiceFile: ['linkedServiceName'],
  BlobTrigger: ['linkedService'],
  ChainingTrigger: ['pipeline'],
  ChangeDataCaptureResource: ['policy'],
  CmdkeySetup: ['password'],
  CopyActivity: ['source', 'sink'],
  CredentialResource: ['properties'],
  DataFlowDebugResource: ['properties'],
  DataFlowResource: ['properties'],
  DataLakeAnalyticsUsqlActivity: ['scriptLinkedService'],
  Dataset: ['linkedServiceName'],
  DatasetDebugResource: ['properties'],
  DatasetResource: ['properties'],
  DataworldLinkedService: ['apiToken'],
  DeleteActivity: ['dataset'],
  DynamicsAXLinkedService: ['servicePrincipalKey'],
  ExecuteDataFlowActivity: ['dataFlow'],
  ExecuteDataFlowActivityTypeProperties: ['dataFlow'],
  ExecutePipelineActivity: ['pipeline'],
  ExecutePowerQueryActivityTypeProperties: ['dataFlow'],
  ExecuteSsisPackageActivity: ['packageLocation', 'connectVia'],
  ExecuteWranglingDataflowActivity: ['dataFlow'],
  FilterActivity: ['items', 'condition'],
  ForEachActivity: ['items'],
  GetMetadataActivity: ['dataset'],
  GoogleSheetsLinkedService: ['apiToken'],
  HDInsightOnDemandLinkedService: ['linkedServiceName'],
  IfConditionActivity: ['expression'],
  IntegrationRuntimeDebugResource: ['properties'],
  IntegrationRuntimeResource: ['properties'],
  IntegrationRuntimeStatusResponse: ['properties'],
  LinkedIntegrationRuntimeKeyAuthorization: ['key'],
  LinkedServiceDebugResource: ['properties'],
  LinkedServiceResource: ['properties'],
  LogLocationSettings: ['linkedServiceName'],
  LogSettings: ['logLocationSettings'],
  LogStorageSettings: ['linkedServiceName'],
  LookupActivity: ['source', 'dataset'],
  ManagedIdentityCredentialResource: ['properties'],
  ManagedPrivateEndpointResource: ['properties'],
  ManagedVirtualNetworkResource: ['properties'],
  Office365LinkedService: ['servicePrincipalKey'],
  OracleServiceCloudLinkedService: ['password'],
  PackageStore: ['packageStoreLinkedService'],
  QuickbaseLinkedService: ['userToken'],
  RedshiftUnloadSettings: ['s3LinkedServiceName'],
  ScheduleTrigger: ['recurrence'],
  SharePointOnlineListLinkedService: ['servicePrincipalKey'],
  SmartsheetLinkedService: ['apiToken'],
  SnowflakeSource: ['exportSettings'],
  SsisAccessCredential: ['password'],
  SsisExecutionCredential: ['password'],
  StagingSettings: ['linkedServiceName'],
  SwitchActivity: ['on'],
  SynapseNotebookActivity: ['notebook'],
  SynapseSparkJobDefinitionActivity: ['sparkJob'],
  TriggerDependencyReference: ['referenceTrigger'],
  TriggerResource: ['properties'],
  TumblingWindowTrigger: ['pipeline'],
  TwilioLinkedService: ['password'],
  UntilActivity: ['expression'],
  ValidationActivity: ['dataset'],
  WebBasicAuthentication: ['password'],
  WebClientCertificateAuthentication: ['pfx', 'password'],
  WebLinkedService: ['typeProperties'],
};
