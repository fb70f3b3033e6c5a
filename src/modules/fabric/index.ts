/**
 * Microsoft Fabric Real-Time Intelligence (0.10+; parameters `fabricQueryUri`, `fabricCapacityUnits`, hub.yaml
 * `fabric`): an eventhouse the owner creates in Fabric takes the Data Explorer cluster's place. The template
 * deploys nothing in Fabric: Data Factory loads and queries the eventhouse's Ingestion and Hub databases
 * (the Data Factory module points its linked service at the query URI), and this module writes what the
 * public releases leave to manual steps (releases-0.9-14.md §1.2, §1.6; deploy.md "Configure Fabric access"):
 *
 * - `fabric/IngestionSetup.kql`, `fabric/HubSetup.kql`: each database's whole setup as one
 *   `.execute database script with (ThrowOnErrors=true) <|` command, made from the very scripts the Data
 *   Explorer module deploys to a cluster, in their order, with every deploy-time placeholder substituted by
 *   the hub.yaml value (the public bundles leave `$$rawRetentionInDays$$` to the user and continue past
 *   errors). Blank lines become `//` lines, so the script is one block in the KQL queryset ("Select the
 *   full command text before running it. Otherwise, it will stop at the first empty line", ".execute
 *   database script", learn.microsoft.com/kusto/management/execute-database-script);
 * - `fabric/IngestionRetype.kql` (12+): the one-time scripts that retype the raw tables an earlier release
 *   created (`once`), apart, so that running `IngestionSetup.kql` again after an upgrade does not empty them
 *   again; its text names no release, so an upgrade between releases that keep it does not ask for it;
 * - `fabric/DataFactoryAccess.kql`: the `.add database ... admins` command that lets the hub's Data Factory
 *   identity load the Ingestion database (`aadapp=<application ID>;<tenant>`, "Referencing security
 *   principals"); its two values exist only once the factory does, so they stay placeholders;
 * - `fabric/README.md`: the steps, in order.
 *
 * `hubc upgrade-plan` names the scripts to run again when a release changes them (src/upgrade/fabric.ts).
 */
import type { HubModel } from '../../model/hub.js';
import type { Contribution, FileArtifact, FormContribution, KqlScriptArtifact } from '../types.js';
import { kqlScripts } from '../dataExplorer/index.js';
import * as ui from '../../expressions/ui/index.js';

/** The template variable that is true when the hub uses an eventhouse (`!empty(fabricQueryUri)`). */
export { FABRIC_SWITCH } from '../core/names.js';

/** The files of a Fabric hub, by purpose. */
export const FABRIC_FILES = {
  retype: 'fabric/IngestionRetype.kql',
  ingestion: 'fabric/IngestionSetup.kql',
  hub: 'fabric/HubSetup.kql',
  access: 'fabric/DataFactoryAccess.kql',
  readme: 'fabric/README.md',
} as const;

/** The first line of each setup script: the command that runs the rest, stopping with an error at the first failure. */
export const FABRIC_SCRIPT_COMMAND = '.execute database script with (ThrowOnErrors=true) <|';

/** Placeholders of the access script, values the deployment makes. */
export const FABRIC_ACCESS_PLACEHOLDERS = { applicationId: '<dataFactoryApplicationId>', tenantId: '<tenantId>' } as const;

/**
 * The capacity units of the Fabric capacities (F2 ... F2048; the Power BI Premium P1-P5 capacities match
 * F64-F1024), "Microsoft Fabric concepts and licenses", Capacity SKUs. The public template takes any integer
 * 1-2048; hubc takes these (docs/deviations.md "Release 0.10").
 */
export const FABRIC_CAPACITY_UNITS = [2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048] as const;

/** The Fabric template parameters, with hub.yaml's values as defaults. */
function fabricParameters(model: HubModel) {
  return {
    fabricQueryUri: {
      type: 'string',
      defaultValue: model.fabric.queryUri,
      metadata: {
        description:
          'Query URI of a Microsoft Fabric eventhouse to use instead of a Data Explorer cluster (https://<id>.<region>.kusto.fabric.microsoft.com); empty means none. Set its Ingestion and Hub databases up with the scripts in the fabric/ folder of the release. Needs enablePublicAccess True.',
      },
    },
    fabricCapacityUnits: {
      type: 'int',
      defaultValue: model.fabric.capacityUnits,
      allowedValues: [...FABRIC_CAPACITY_UNITS],
      metadata: { description: 'Capacity units of the Fabric capacity the eventhouse runs on (F2 = 2 ... F2048 = 2048): Data Factory loads that many files at once, at most 50.' },
    },
  } satisfies Contribution['parameters'];
}

/** Fabric module: the two parameters, their form elements, and the setup files of the eventhouse. */
export function fabricModule(model: HubModel): Contribution {
  const parameters = fabricParameters(model);
  return { parameters, form: fabricForm(model, parameters), files: fabricFiles(model) };
}

/**
 * The form's Fabric elements, on the analytics step after the cluster's: the query URI, and while one is
 * given, the capacity units (the form outputs exactly `fabricCapacityUnits`, an int: the public 0.10-13 form
 * outputs `fabricCapacity`, which the template does not declare).
 */
function fabricForm(model: HubModel, parameters: ReturnType<typeof fabricParameters>): FormContribution[] {
  const uri = ui.steps('dataExplorer', 'fabricQueryUri');
  const units = ui.steps('dataExplorer', 'fabricCapacityUnits');
  return [
    {
      parameter: 'fabricQueryUri',
      step: 'dataExplorer',
      element: {
        name: 'fabricQueryUri',
        type: 'Microsoft.Common.TextBox',
        label: 'Or a Fabric eventhouse: query URI',
        defaultValue: model.fabric.queryUri,
        toolTip: `${parameters.fabricQueryUri.metadata.description} Leave the cluster name empty then.`,
        constraints: {
          required: false,
          regex: '^(https://[a-z0-9][a-z0-9.-]*\\.kusto\\.fabric\\.microsoft\\.com/?)?$',
          validationMessage: 'The eventhouse query URI from its overview in Fabric, https://<id>.<region>.kusto.fabric.microsoft.com; or leave empty.',
        },
      },
      output: uri,
    },
    {
      parameter: 'fabricCapacityUnits',
      step: 'dataExplorer',
      element: {
        name: 'fabricCapacityUnits',
        type: 'Microsoft.Common.DropDown',
        label: 'Fabric capacity',
        defaultValue: `F${model.fabric.capacityUnits}`,
        toolTip: parameters.fabricCapacityUnits.metadata.description,
        constraints: { required: true, allowedValues: FABRIC_CAPACITY_UNITS.map((u) => ({ label: `F${u}`, value: u })) },
        visible: ui.not(ui.empty(uri)),
      },
      // A hidden element gives no value: without an eventhouse the template gets hub.yaml's, unused.
      output: ui.if_(ui.empty(uri), model.fabric.capacityUnits, units),
    },
  ];
}

/** A script's text with its deploy-time placeholders replaced by the build's values (hub.yaml's). */
function substituted(s: KqlScriptArtifact): string {
  let text = s.text;
  for (const [placeholder, sub] of Object.entries(s.placeholders ?? {})) text = text.split(placeholder).join(sub.validationValue);
  return text;
}

/** The script without its leading comment block (the header of the deployed file, about the ARM template). */
function withoutHeader(text: string): string {
  const lines = text.split('\n');
  let i = 0;
  while (i < lines.length && lines[i].startsWith('//')) i++;
  return lines.slice(i).join('\n').replace(/^\n+/, '');
}

/**
 * Blank lines as `//` lines (outside ```` ``` ```` string literals, where a line is text), so the whole
 * script is one block of the query editor; no trailing blank line.
 */
function oneBlock(text: string): string {
  let inFence = false;
  const out: string[] = [];
  for (const line of text.replace(/\n+$/, '').split('\n')) {
    out.push(!inFence && line.trim() === '' ? '//' : line);
    if ((line.split('```').length - 1) % 2 === 1) inFence = !inFence;
  }
  return out.join('\n');
}

/** Scripts as the body of one `.execute database script` command: without their headers, placeholders substituted, one block. */
function scriptBody(scripts: readonly KqlScriptArtifact[]): string {
  return scripts.map((s) => oneBlock(withoutHeader(substituted(s)))).join('\n//\n');
}

/** One database's setup script: a header, then the database's scripts (but the one-time ones) as one `.execute database script` command. */
function setupScript(model: HubModel, database: 'ingestion' | 'hub'): string {
  const name = model.dataExplorer.databases[database];
  const scripts = kqlScripts(model).filter((s) => s.database === database && !s.once);
  const values = scripts.flatMap((s) =>
    Object.entries(s.placeholders ?? {}).map(
      ([, sub]) => `//   ${sub.parameter} = ${sub.validationValue} (hub.yaml's value; deploying with another value does not change this file)`,
    ),
  );
  const header = [
    `// Generated by hubc for FinOps hub ${model.release.version}. Do not edit: change hub.yaml and build again.`,
    `// Setup of the ${name} database of a Microsoft Fabric eventhouse: run this whole file in that database`,
    '// (open the database in Fabric, New > KQL queryset, paste, select all, Run). It stops at the first',
    `// command that fails. The same commands azuredeploy.json deploys to a Data Explorer cluster: ${scripts.map((s) => s.file).join(', ')}.`,
    ...(values.length ? ['// Values substituted:', ...values] : ['// No values substituted: the scripts have none.']),
    '// Run it again after every upgrade that changes it (hubc upgrade-plan says when).',
  ];
  return `${header.join('\n')}\n${FABRIC_SCRIPT_COMMAND}\n${scriptBody(scripts)}\n`;
}

/**
 * The one-time scripts of the Ingestion database (`once`) as one `.execute database script` command, or undefined
 * when the release has none. Its text names no release: the same in every release that has it.
 */
function retypeScript(model: HubModel): string | undefined {
  const scripts = kqlScripts(model).filter((s) => s.database === 'ingestion' && s.once);
  if (!scripts.length) return undefined;
  const name = model.dataExplorer.databases.ingestion;
  const header = [
    '// Generated by hubc. Do not edit: change hub.yaml and build again.',
    `// Setup of the ${name} database of a Microsoft Fabric eventhouse, once, when upgrading an eventhouse an earlier hub`,
    '// release set up: retypes the tables whose column types changed (decimal to real). Data Explorer cannot change a',
    "// column's type, so each table's columns are dropped with their values and declared again; the final tables keep",
    '// every row. Run it before IngestionSetup.kql, which fails on those tables until it has run; a new eventhouse does',
    `// not need it. The same commands azuredeploy.json deploys to a Data Explorer cluster, once: ${scripts.map((s) => s.file).join(', ')}.`,
  ];
  return `${header.join('\n')}\n${FABRIC_SCRIPT_COMMAND}\n${scriptBody(scripts)}\n`;
}

/** The command that makes the hub's Data Factory an admin of the Ingestion database. */
function accessScript(model: HubModel): string {
  const db = model.dataExplorer.databases.ingestion;
  const { applicationId, tenantId } = FABRIC_ACCESS_PLACEHOLDERS;
  return [
    `// Generated by hubc for FinOps hub ${model.release.version}. Lets the hub's Data Factory load and manage the ${db}`,
    '// database of the eventhouse (config_InitializeHub and ingestion_ETL_dataExplorer run commands there; the',
    `// ${model.dataExplorer.databases.hub} database is only read by reports). Replace, then run once in the ${db} database:`,
    `//   ${applicationId}: the application (client) ID of the factory's managed identity, from the deployment output`,
    '//     managedIdentityId: az ad sp show --id <managedIdentityId> --query appId -o tsv',
    `//   ${tenantId}: the deployment output managedIdentityTenantId`,
    '// fabric/README.md has the commands that do both.',
    `.add database ['${db}'] admins ('aadapp=${applicationId};${tenantId}') 'FinOps hub Data Factory'`,
    '',
  ].join('\n');
}

/** The README of the fabric/ folder: the steps of a Fabric hub, in order; `retype`: the build has the one-time script. */
function readme(model: HubModel, retype: boolean): string {
  const { ingestion, hub } = model.dataExplorer.databases;
  const { applicationId, tenantId } = FABRIC_ACCESS_PLACEHOLDERS;
  return [
    `# Microsoft Fabric eventhouse for FinOps hub ${model.release.version}`,
    '',
    'Generated by hubc. The hub uses an eventhouse instead of a Data Explorer cluster when the template parameter',
    '`fabricQueryUri` (hub.yaml `fabric.queryUri`) is set. The template deploys nothing in Fabric; these steps set',
    'the eventhouse up. The data lake must allow public access (`enablePublicAccess` True): Fabric cannot load',
    'files through the storage firewall.',
    '',
    `1. In Fabric, create an eventhouse with two KQL databases, \`${ingestion}\` and \`${hub}\`.`,
    `2. In the \`${ingestion}\` database run \`IngestionSetup.kql\`, then in the \`${hub}\` database \`HubSetup.kql\``,
    '   (paste the whole file into a KQL queryset, select all, Run). Each stops at the first command that fails.',
    '3. Deploy the hub with `fabricQueryUri` set to the eventhouse query URI.',
    `4. Let the hub's Data Factory into the \`${ingestion}\` database: fill in \`DataFactoryAccess.kql\` and run it there.`,
    '   With the Azure CLI, for the deployment `<deployment>` in the resource group `<group>`:',
    '',
    '   ```sh',
    "   outputs=$(az deployment group show -g '<group>' -n '<deployment>' --query properties.outputs -o json)",
    '   app=$(az ad sp show --id "$(jq -r .managedIdentityId.value <<<"$outputs")" --query appId -o tsv)',
    '   tenant=$(jq -r .managedIdentityTenantId.value <<<"$outputs")',
    `   sed -e "s/${applicationId}/$app/" -e "s/${tenantId}/$tenant/" DataFactoryAccess.kql`,
    '   ```',
    '',
    '5. Run the Data Factory pipeline `config_InitializeHub` once (the deployment started it before the access existed).',
    '',
    'After an upgrade, `hubc upgrade-plan` lists the scripts of this folder to run again.',
    ...(retype
      ? [
          `An eventhouse an earlier hub release set up needs \`IngestionRetype.kql\` once, in the \`${ingestion}\` database before`,
          '`IngestionSetup.kql`: it changes column types the earlier release created (a new eventhouse does not need it).',
        ]
      : []),
    '',
  ].join('\n');
}

/** The files of the fabric/ folder. */
function fabricFiles(model: HubModel): FileArtifact[] {
  const retype = retypeScript(model);
  return [
    ...(retype ? [{ path: FABRIC_FILES.retype, content: retype }] : []),
    { path: FABRIC_FILES.ingestion, content: setupScript(model, 'ingestion') },
    { path: FABRIC_FILES.hub, content: setupScript(model, 'hub') },
    { path: FABRIC_FILES.access, content: accessScript(model) },
    { path: FABRIC_FILES.readme, content: readme(model, retype !== undefined) },
  ];
}
