/**
 * `hubc deploy`: compile a hub.yaml and deploy it to a resource group with the Azure SDK (the work is in
 * `src/deploy/`). This file parses the flags, builds the credential (`DefaultAzureCredential`, unless a
 * test injected one) and the cloud's ARM endpoint, and prints. The compiler, `src/deploy/` and the Azure
 * SDKs are loaded by the action (`import()`), not when the command is registered.
 */
import { InvalidArgumentError, Option, type Command } from 'commander';
import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import { CLOUD_NAMES, CLOUDS, dataLakeEndpoint, normalizeArmEndpoint, type CloudName } from '../../azure/options.js';
import { parseDuration } from '../../util/duration.js';
import { stripControl } from '../../util/text.js';
import type { ArmError } from '../../azure/index.js';
import type { DeployOutcome, UpgradeRequest } from '../../deploy/index.js';
import type { TokenCredential } from '@azure/identity';
import { EXIT, reportDiagnostics, reportUsageError, type CliIO, type OutputFormat } from '../io.js';
import { codes } from '../../diagnostics/index.js';
import { choiceOption, formatOption, releaseOption, releaseChoiceOption } from '../options.js';
import { compileAndCheck, hubFileOf, type CommandContext } from './shared.js';
import { azureCredential } from './azure.js';

/** Flags of the command, as commander parses them. */
interface DeployFlags {
  hub?: string;
  subscription: string;
  resourceGroup: string;
  location?: string;
  release?: string;
  parameters?: string;
  whatIf?: boolean;
  yes?: boolean;
  name?: string;
  cloud: CloudName;
  armEndpoint?: string;
  upgrade?: boolean;
  from?: string;
  publicTemplates?: string;
  timeout: number;
  format: OutputFormat;
}

/** Default of `--timeout` (`DEFAULT_LIMITS.timeoutMs` of src/azure/deadline.ts, written here so that registering the command does not load it). */
const DEFAULT_TIMEOUT = '2h';

/**
 * JSON text safe on a terminal: the C1 control characters and Unicode bidirectional controls JSON leaves
 * as they are (it escapes only those below U+0020) are written as `\uXXXX` escapes; the value is the same.
 */
function terminalSafeJson(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(/[\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Resource group and deployment names (REST API pattern `^[-\w\._\(\)]+$`; 90 and 64 characters at most). */
const ARM_NAME = /^[-\w._()]+$/;

function pattern(what: string, re: RegExp, max: number) {
  return (value: string) => {
    if (!re.test(value) || value.length > max) throw new InvalidArgumentError(`Not a valid ${what}.`);
    return value;
  };
}

/** The default deployment name: `hubc-<hub name>-<release>`, cut to ARM's 64 characters. */
export function defaultDeploymentName(hubName: string, release: string): string {
  return `hubc-${hubName}-${release}`.replace(/[^-\w._()]/g, '-').slice(0, 64);
}

/**
 * Prints the end of a run: the failure (text: diagnostics and the ARM error tree on stderr, laid out by
 * `formatArmError`) or the JSON record.
 */
function printOutcome(
  io: CliIO,
  format: OutputFormat,
  outcome: DeployOutcome,
  warnings: readonly Diagnostic[],
  formatArmError: (error: ArmError, indent: string) => string[],
): void {
  const diagnostics = [...warnings, ...(outcome.failure?.diagnostics ?? [])];
  if (format === 'json') {
    const arm = outcome.failure?.arm;
    io.out(`${terminalSafeJson({ ...outcome.report, ...(arm ? { arm } : {}), diagnostics })}\n`);
    return;
  }
  reportDiagnostics({ ...io, err: (t) => io.err(stripControl(t)) }, diagnostics, 'text');
  if (outcome.failure?.arm) io.err(`${['  ARM error:', ...formatArmError(outcome.failure.arm, '    ')].join('\n')}\n`);
}

/** Adds the command to the program. */
export function registerDeploy(program: Command, ctx: CommandContext): void {
  program
    .command('deploy')
    .summary('deploy a hub to Azure (what-if first)')
    .description(
      'Compiles FILE and deploys it to a resource group with the Azure SDK: creates the resource group when missing, registers the resource providers the hub needs ' +
        '(Microsoft.EventGrid above all), validates the deployment, shows the what-if result, asks for confirmation, then deploys and prints the outputs. ' +
        'Signs in with DefaultAzureCredential (environment variables, workload identity, managed identity, Azure CLI, Azure PowerShell, Azure Developer CLI).',
    )
    .argument('[file]', 'hub.yaml to deploy (or --hub)')
    .option('--hub <file>', 'hub.yaml to deploy (default hub.yaml)')
    .addOption(
      new Option('--subscription <id>', 'subscription ID')
        .env('AZURE_SUBSCRIPTION_ID')
        .argParser(pattern('subscription ID (a GUID)', GUID, 36))
        .makeOptionMandatory(),
    )
    .addOption(new Option('-g, --resource-group <name>', 'resource group to deploy to').argParser(pattern('resource group name', ARM_NAME, 90)).makeOptionMandatory())
    .option('-l, --location <region>', 'region of the resource group when it has to be created')
    .addOption(releaseOption())
    .option('-p, --parameters <file>', 'deployment parameters file (hubc params writes one); its values replace the template defaults')
    .option('--what-if', 'stop after showing the what-if result')
    .option('-y, --yes', 'deploy without asking for confirmation')
    .addOption(new Option('-n, --name <name>', 'deployment name (default hubc-<hub name>-<release>)').argParser(pattern('deployment name', ARM_NAME, 64)))
    .addOption(choiceOption('--cloud <cloud>', 'Azure cloud', CLOUD_NAMES, 'AzureCloud'))
    .addOption(
      new Option('--arm-endpoint <url>', "ARM endpoint to send requests to instead of the cloud's (tokens keep the cloud's audience)").argParser((v: string) => {
        try {
          return normalizeArmEndpoint(v);
        } catch (e) {
          throw new InvalidArgumentError(`${(e as Error).message}.`);
        }
      }),
    )
    .option(
      '--upgrade',
      'upgrade the hub in the resource group: read its release (ftk-version tag, else settings.json), show the upgrade plan, and carry out its steps before and after the deployment',
    )
    .addOption(releaseChoiceOption('--from <release>', 'with --upgrade: the release the hub was deployed from, instead of reading it'))
    .option(
      '--public-templates <dir>',
      'with --upgrade: folder of public templates (finops-hub-<version>.json); a hub deployed from the public templates is planned from its own template',
    )
    .addOption(
      new Option(
        '--timeout <duration>',
        "longest time the whole run may take, not counting the confirmation prompt (90m, 2h, 300s; a bare number is seconds); then hubc stops and gives the deployment's portal link",
      )
        .default(parseDuration(DEFAULT_TIMEOUT), DEFAULT_TIMEOUT)
        .argParser((v: string) => {
          try {
            return parseDuration(v);
          } catch (e) {
            throw new InvalidArgumentError(`${(e as Error).message}.`);
          }
        }),
    )
    .addOption(formatOption())
    .addHelpText(
      'after',
      '\nExamples:\n' +
        '  hubc deploy --subscription 00000000-0000-0000-0000-000000000000 -g finops-hub --location westeurope --what-if\n' +
        '  hubc deploy --subscription 00000000-0000-0000-0000-000000000000 -g finops-hub --upgrade --what-if\n' +
        '  hubc deploy my-hub.yaml --subscription 00000000-0000-0000-0000-000000000000 -g finops-hub --parameters azuredeploy.parameters.json --yes\n' +
        '\nExit codes: 0 deployed (or what-if shown), 1 hub.yaml, parameters or deployment rejected, or cancelled, 2 usage, sign-in, permission, network, or no terminal to confirm on.\n',
    )
    .action((fileArg: string | undefined, opts: DeployFlags) => deployAction(ctx, fileArg, opts));
}

/** The action: compiles the hub, deploys it with `src/deploy/run.ts`, prints the outcome. */
async function deployAction(ctx: CommandContext, fileArg: string | undefined, opts: DeployFlags): Promise<void> {
  const { io } = ctx;
  const file = hubFileOf(io, fileArg, opts.hub);
  if (file === undefined) return ctx.exit(EXIT.usage);
  if (opts.from && !opts.upgrade) {
    reportUsageError(io, codes.HUB061.needs({ option: '--from', needs: '--upgrade' }), opts.format);
    return ctx.exit(EXIT.usage);
  }
  const checked = await compileAndCheck(io, file, opts.format, opts.release);
  if (typeof checked === 'number') return ctx.exit(checked);
  const { result: compiled, diagnostics: checks } = checked;
  const [{ armConnection, formatArmError }, { DEFAULT_TIMING, runDeploy }] = await Promise.all([import('../../azure/index.js'), import('../../deploy/index.js')]);
  const azure = ctx.azure ?? {};
  const credential = await azureCredential(ctx, opts.cloud);
  // Lines carry text from ARM (resource names, messages): no escape sequence reaches the terminal.
  const say = opts.format === 'json' ? (line: string) => io.err(`${stripControl(line)}\n`) : (line: string) => io.out(`${stripControl(line)}\n`);
  const ask = io.isTTY && io.ask ? (q: string) => io.ask!(q) : undefined;
  const outcome = await runDeploy(
    {
      compiled,
      resourceGroup: opts.resourceGroup,
      location: opts.location,
      deploymentName: opts.name ?? defaultDeploymentName(compiled.model!.hub.name, compiled.release!),
      parametersFile: opts.parameters,
      whatIfOnly: Boolean(opts.whatIf),
      yes: Boolean(opts.yes),
      ...(opts.upgrade ? { upgrade: upgradeRequest(ctx, file, opts, credential) } : {}),
    },
    {
      connection: armConnection(opts.cloud, opts.subscription, credential, opts.armEndpoint, azure.clientOptions),
      timing: { ...DEFAULT_TIMING, ...azure.timing, timeoutMs: opts.timeout },
      say,
      ...(ask ? { confirm: async (q: string) => /^\s*y(es)?\s*$/i.test(await ask(q)) } : {}),
    },
  );
  printOutcome(io, opts.format, outcome, checks, formatArmError);
  ctx.exit(!outcome.failure ? EXIT.ok : outcome.failure.kind === 'environment' ? EXIT.usage : EXIT.diagnostics);
}

/** What `--upgrade` needs: the hub file, `--from`, `--public-templates`, and the Data Lake connection of a storage account. */
function upgradeRequest(ctx: CommandContext, hubFile: string, opts: DeployFlags, credential: TokenCredential): UpgradeRequest {
  const azure = ctx.azure ?? {};
  return {
    hubFile,
    from: opts.from,
    publicTemplates: opts.publicTemplates,
    dataLake: (account: string) => ({
      account,
      endpoint: azure.dataLakeEndpoint?.(account) ?? dataLakeEndpoint(account, CLOUDS[opts.cloud].storageSuffix),
      credential,
      clientOptions: azure.storageClientOptions,
    }),
  };
}
