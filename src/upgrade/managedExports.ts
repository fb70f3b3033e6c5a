/**
 * The managed-export steps of an upgrade, after the deployment, from the comparison's `managedExports`
 * (src/diff/managedExports.ts): when A created no exports itself (HUB457), grant the Data Factory identity the
 * cost role on each scope, run `config_ConfigureExports` again (the run B's deployment starts comes before the
 * role exists) and, once B's exports exist, delete the owner's own. In the order they are done: the role, the run,
 * the owner's exports. When only B's exports differ from A's (HUB458), the deployment's own run updates them: the
 * step is to check that run.
 *
 * The role: "Cost Management Contributor" (built-in role 434105ed-43f6-45c7-a02f-909b2ba83430,
 * learn.microsoft.com/azure/role-based-access-control/built-in-roles) on Azure RBAC scopes; billing scopes take
 * the billing role of their level (docs/hub-yaml.md "Managed exports"). The run: `az datafactory pipeline
 * create-run` (learn.microsoft.com/cli/azure/datafactory/pipeline#az-datafactory-pipeline-create-run).
 */
import type { UpgradeComparison } from '../diff/index.js';
import { getRelease, outputName } from '../model/releases.js';
import { codes } from '../diagnostics/index.js';
import type { NoteStep } from './resources.js';

/** A managed-export step: after the deployment, the owner's, with the commands when there are some. */
export type ManagedExportStep = NoteStep & { details?: string[] };

/** The command line that reads a deployment output into a shell variable. */
const readOutput = (variable: string, output: string, resourceGroup: string) =>
  `${variable}=$(az deployment group show -g ${resourceGroup} -n <deployment name> --query properties.outputs.${output}.value -o tsv)`;

/**
 * The steps (see the module doc).
 * @param resourceGroup the hub's resource group when the deployment is known (else a placeholder in the commands)
 */
export function managedExportSteps(c: UpgradeComparison, resourceGroup = '<resource group>'): ManagedExportStep[] {
  const m = c.managedExports;
  if (!m) return [];
  const cite = (code: string) => [{ code, subject: m.pipeline }, ...m.changes.map((change) => ({ change }))];
  const factory = readOutput('factory', outputName(getRelease(c.b.release!), 'dataFactoryName'), resourceGroup);
  if (!m.firstTime) {
    return [
      {
        subject: m.pipeline,
        action: `Check that the run of ${m.pipeline} the deployment started succeeded (commands below): it creates or updates {B}'s exports on every scope of settings.json.`,
        why: "{B}'s exports differ from {A}'s; a scope whose cost role is missing fails that run and keeps {A}'s export.",
        cites: cite(codes.HUB458.code),
        details: [
          factory,
          `az datafactory pipeline-run query-by-factory -g ${resourceGroup} --factory-name "$factory" --last-updated-after <deployment start, UTC> --last-updated-before <now, UTC> --filters operand=PipelineName operator=Equals values=${m.pipeline}`,
        ],
      },
    ];
  }
  const on = [
    m.rbacScopes.length ? `Cost Management Contributor on ${m.rbacScopes.join(', ')}` : '',
    m.billingScopes.length ? `the billing role of its level on ${m.billingScopes.join(', ')} (docs/hub-yaml.md, "Managed exports")` : '',
  ].filter(Boolean);
  return [
    {
      subject: `${m.pipeline}: role`,
      action: `Grant the Data Factory's system-assigned identity ${on.join(', and ')} (commands below; the object ID is the deployment's output managedIdentityId).`,
      why: "{A} created no Cost Management exports itself and {B} does, as the factory's identity, for every scope of settings.json; {B}'s template cannot grant a role outside the hub's resource group, and without it the export of that scope is not created.",
      cites: cite(codes.HUB457.code),
      details: [
        readOutput('principal', 'managedIdentityId', resourceGroup),
        ...m.rbacScopes.map(
          (s) => `az role assignment create --assignee-object-id "$principal" --assignee-principal-type ServicePrincipal --role "Cost Management Contributor" --scope ${s}`,
        ),
      ],
    },
    {
      subject: m.pipeline,
      action: `Run pipeline ${m.pipeline} once more, so that {B} creates its exports on every scope of settings.json (commands below).`,
      why: "{B}'s deployment runs it once after it starts the triggers, before the role above can be granted, so that run cannot create the exports.",
      cites: cite(codes.HUB457.code),
      details: [factory, `az datafactory pipeline create-run -g ${resourceGroup} --factory-name "$factory" --name ${m.pipeline}`],
    },
    {
      subject: `${m.pipeline}: your exports`,
      action: `Once {B}'s own exports exist, delete the Cost Management exports you created for {A} on ${[...m.rbacScopes, ...m.billingScopes].join(', ')} (az costmanagement export delete --name <export> --scope <scope>); the data they delivered stays.`,
      why: "{A} created no exports itself, so those delivering into its export container are yours; {B} creates its own for every scope of settings.json, and yours would deliver the same costs again, or files {B}'s pipelines do not read.",
      cites: cite(codes.HUB457.code),
    },
  ];
}
