/**
 * The public guidance lint rules follow. Each URL was checked to exist when the rule was written.
 */

/** ARM template test toolkit: "Test cases for ARM templates", with the section anchor of one test. */
export const armTtk = (anchor: string): string => `https://learn.microsoft.com/azure/azure-resource-manager/templates/template-test-cases#${anchor}`;

/** ARM template test toolkit: "Test cases for createUiDefinition.json". */
export const ARM_TTK_UI = 'https://learn.microsoft.com/azure/azure-resource-manager/templates/createuidefinition-test-cases';

/** A rule page of PSRule for Azure, e.g. `Azure.Storage.SecureTransfer`. */
export const psRule = (name: string): string => `https://azure.github.io/PSRule.Rules.Azure/en/rules/${name}/`;

/** "Best practices for Azure RBAC": least privilege, narrowest scope. */
export const RBAC_BEST_PRACTICES = 'https://learn.microsoft.com/azure/role-based-access-control/best-practices';

/** "Managed identity for Azure Data Factory". */
export const ADF_MANAGED_IDENTITY = 'https://learn.microsoft.com/azure/data-factory/data-factory-service-identity';

/** "Use deployment scripts in ARM templates" (environment variables, `secureValue`). */
export const DEPLOYMENT_SCRIPTS = 'https://learn.microsoft.com/azure/azure-resource-manager/templates/deployment-script-template';

/** "Errors and conditional execution" (Data Factory pipeline failure paths). */
export const ADF_ERROR_HANDLING = 'https://learn.microsoft.com/azure/data-factory/tutorial-pipeline-failure-error-handling';

/** "Until activity" (timeout: default 7 days). */
export const ADF_UNTIL = 'https://learn.microsoft.com/azure/data-factory/control-flow-until-activity';

/** "ForEach activity" (batchCount at most 50). */
export const ADF_FOREACH = 'https://learn.microsoft.com/azure/data-factory/control-flow-for-each-activity';

/** "Pipelines and activities" (activity policy: timeout). */
export const ADF_ACTIVITY_POLICY = 'https://learn.microsoft.com/azure/data-factory/concepts-pipelines-activities#activity-policy';

/** "Configure a database using a Kusto Query Language script" (allowed verbs, idempotent commands). */
export const KUSTO_DATABASE_SCRIPT = 'https://learn.microsoft.com/azure/data-explorer/database-script';
