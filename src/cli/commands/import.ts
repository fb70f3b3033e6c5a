/**
 * `hubc import [--out FILE] (--subscription S --resource-group RG [--hub-name N] [--cloud C] | --parameters F
 * [--settings F]) [--release X] [--naming spec|public] [--timeout S] [--format text|json]`: write a hub.yaml from
 * a running hub (the work is in `src/import/`). The file is new: an existing one is refused (HUB004).
 */
import { InvalidArgumentError, Option, type Command } from 'commander';
import { CLOUD_NAMES, CLOUDS, dataLakeEndpoint, normalizeArmEndpoint, type CloudName } from '../../azure/options.js';
import { type ReleaseVersion } from '../../model/releases.js';
import { NAMING_MODES, type NamingMode } from '../../model/naming.js';
import { codes } from '../../diagnostics/index.js';
import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import type { ImportFacts } from '../../import/index.js';
import { toJsonText } from '../../model/json.js';
import { EXIT, reportDiagnostics, reportUsageError, type OutputFormat } from '../io.js';
import { choiceOption, formatOption, releaseChoiceOption } from '../options.js';
import type { CommandContext } from './shared.js';
import { azureCredential } from './azure.js';

interface ImportFlags {
  out: string;
  subscription?: string;
  resourceGroup?: string;
  hubName?: string;
  cloud: CloudName;
  armEndpoint?: string;
  parameters?: string;
  settings?: string;
  release?: ReleaseVersion;
  naming?: NamingMode;
  timeout: number;
  acceptLoss: string[];
  format: OutputFormat;
}

/** A JSON file (a regular file within the JSON input limit), or the HUB483 diagnostic. */
async function readJson(file: string): Promise<{ doc?: unknown; diagnostic?: Diagnostic }> {
  const [{ INPUT_LIMITS, InputFileError, readInputFile }, { parseJsonInput }] = await Promise.all([import('../../util/inputFiles.js'), import('../../util/json.js')]);
  try {
    return { doc: parseJsonInput(readInputFile(file, { maxBytes: INPUT_LIMITS.json })) };
  } catch (e) {
    return { diagnostic: { ...codes.HUB483.unreadable({ file, detail: e instanceof InputFileError ? e.detail : (e as Error).message }), file } };
  }
}

/** Adds the command to the program. */
export function registerImport(program: Command, ctx: CommandContext): void {
  program
    .command('import')
    .summary('write a hub.yaml from a running hub (or its saved parameters)')
    .description(
      'Writes a hub.yaml (--out, default hub.yaml; never replacing a file) for a hub already deployed, from the public templates or by hubc. ' +
        'Online (--subscription, --resource-group): finds the hub by the cm-resource-parent tag of its resources, its release by their ftk-version tag, ' +
        'its naming by the names of its resources, the values of the last successful deployment (deployment history) and config/settings.json ' +
        '(scopes added by hand, retention). Offline (--parameters): from a saved parameter file and optionally settings.json. ' +
        `Every value it could not recover is named in a comment; a value the hub was deployed with that hub.yaml cannot carry stops it (${codes.HUB600.code}) unless --accept-loss names it. ` +
        "Values the deployment left to the public template's defaults are written where hub.yaml's defaults differ. The hub.yaml is compiled before it is written.",
    )
    .option('-o, --out <file>', 'hub.yaml to create', 'hub.yaml')
    .option('--subscription <id>', 'subscription of the hub (online)')
    .option('-g, --resource-group <name>', 'resource group of the hub (online)')
    .option('--hub-name <name>', 'which hub, when the resource group holds several')
    .addOption(choiceOption('--cloud <cloud>', 'Azure cloud', CLOUD_NAMES, 'AzureCloud'))
    .addOption(
      new Option('--arm-endpoint <url>', "ARM endpoint instead of the cloud's").argParser((v: string) => {
        try {
          return normalizeArmEndpoint(v);
        } catch (e) {
          throw new InvalidArgumentError((e as Error).message);
        }
      }),
    )
    .option('-p, --parameters <file>', 'saved deployment parameters of the hub (offline)')
    .option('--settings <file>', "the hub's config/settings.json (offline)")
    .addOption(releaseChoiceOption('--release <release>', 'the hub release, when it cannot be told'))
    .addOption(choiceOption('--naming <naming>', 'naming to write, when it cannot be told (offline default: public)', NAMING_MODES))
    .addOption(
      new Option('--timeout <seconds>', 'deadline of each call to Azure').default(60).argParser((v: string) => {
        const n = Number(v);
        if (!Number.isInteger(n) || n < 1 || n > 3600) throw new InvalidArgumentError('Not a number of seconds from 1 to 3600.');
        return n;
      }),
    )
    .option(
      '--accept-loss <name>',
      `a deployment value hub.yaml cannot carry (${codes.HUB600.code}) that may be lost; repeatable`,
      (v: string, all: string[]) => [...all, v],
      [] as string[],
    )
    .addOption(formatOption())
    .addHelpText(
      'after',
      '\nExamples:\n  hubc import --subscription 00000000-0000-0000-0000-000000000000 -g finops-hub\n  hubc import --parameters finops-hub.parameters.json --settings settings.json --out imported.yaml\n' +
        `\nExit codes: 0 written, 1 the hub.yaml made does not build or a value cannot be carried (${codes.HUB600.code}), 2 usage, a file that exists or cannot be read, no hub found, or a failed call to Azure.\n`,
    )
    .action((opts: ImportFlags) => importAction(ctx, opts));
}

/** `src/import/`, loaded by the action. */
type ImportModule = typeof import('../../import/index.js');

/** The action: reads the hub's facts (online or offline), writes the hub.yaml made of them, prints what it recovered. */
async function importAction(ctx: CommandContext, opts: ImportFlags): Promise<void> {
  const { io } = ctx;
  const online = opts.subscription !== undefined || opts.resourceGroup !== undefined;
  if (online === Boolean(opts.parameters) || (online && (!opts.subscription || !opts.resourceGroup))) {
    return ctx.exit(reportUsageError(io, codes.HUB060.importSource(), opts.format));
  }
  if (online && opts.settings) {
    return ctx.exit(reportUsageError(io, codes.HUB061.offlineOnly({ option: '--settings', why: 'online, settings.json is read from the hub' }), opts.format));
  }
  const report = (diagnostics: Diagnostic[], code: number) => {
    reportDiagnostics(io, diagnostics, opts.format);
    return ctx.exit(code);
  };
  const mod = await import('../../import/index.js');
  let facts;
  try {
    facts = online ? await onlineFacts(ctx, opts, mod) : await offlineFacts(opts, mod);
  } catch (e) {
    // The input at fault: the file the error names, else (online) the resource group; never the hub.yaml to be written.
    if (e instanceof mod.ImportError)
      return report([e.toDiagnostic(online ? `/subscriptions/${opts.subscription}/resourceGroups/${opts.resourceGroup}` : opts.parameters!)], EXIT.usage);
    throw e;
  }
  if ('diagnostic' in facts) return report([facts.diagnostic], EXIT.usage);
  const outcome = mod.importHubYaml(facts, opts.out, { acceptLoss: opts.acceptLoss });
  if ('diagnostics' in outcome) return report(outcome.diagnostics, EXIT.diagnostics);
  try {
    mod.writeImportedHub(opts.out, outcome.hub);
  } catch (e) {
    const raised =
      (e as NodeJS.ErrnoException).code === 'EEXIST'
        ? codes.HUB004.exists({ file: opts.out, command: 'hubc import' })
        : codes.HUB002.file({ file: opts.out, detail: (e as Error).message });
    return report([{ ...raised, file: opts.out }], EXIT.usage);
  }
  const { hub } = outcome;
  if (opts.format === 'json') {
    io.out(
      toJsonText({
        file: opts.out,
        release: hub.release,
        naming: hub.naming,
        hubName: hub.hubName,
        recovered: hub.recovered,
        unrecovered: hub.unrecovered,
        diagnostics: outcome.warnings,
      }),
    );
  } else {
    reportDiagnostics(io, outcome.warnings, 'text');
    io.out(`wrote ${opts.out}: hub ${hub.hubName}, release ${hub.release}, naming: ${hub.naming}; ${hub.recovered.length} values recovered\n`);
    for (const u of hub.unrecovered) io.out(`  not recovered: ${u.path}: ${u.why}\n`);
    io.out(`next: hubc diff public:${hub.release} ${opts.out} --public-templates <folder>, then hubc upgrade-plan\n`);
  }
  ctx.exit(EXIT.ok);
}

/** The facts of the running hub, read from Azure; `--naming` replaces the naming told from its resources. */
async function onlineFacts(ctx: CommandContext, opts: ImportFlags, mod: ImportModule): Promise<ImportFacts> {
  const { armConnection, createResourceClient, createDataFactoryClient } = await import('../../azure/index.js');
  const azure = ctx.azure ?? {};
  const credential = await azureCredential(ctx, opts.cloud);
  const connection = armConnection(opts.cloud, opts.subscription!, credential, opts.armEndpoint, azure.clientOptions);
  const dataFactory = createDataFactoryClient(connection);
  const facts = await mod.readRunningHub({
    client: createResourceClient(connection),
    subscriptionId: opts.subscription!,
    resourceGroup: opts.resourceGroup!,
    hubName: opts.hubName,
    release: opts.release,
    timeoutMs: opts.timeout * 1000,
    dataLake: (account) => ({
      account,
      endpoint: azure.dataLakeEndpoint?.(account) ?? dataLakeEndpoint(account, CLOUDS[opts.cloud].storageSuffix),
      credential,
      clientOptions: azure.storageClientOptions,
    }),
    listTriggers: async (factoryId, abortSignal) => {
      const name = factoryId.split('/').pop()!;
      const out: string[] = [];
      for await (const t of dataFactory.triggers.listByFactory(opts.resourceGroup!, name, { abortSignal })) out.push(String(t.name));
      return out;
    },
  });
  return opts.naming ? { ...facts, naming: opts.naming } : facts;
}

/** The facts of a saved parameter file (and settings.json), or the HUB483 diagnostic of a file that cannot be read. */
async function offlineFacts(opts: ImportFlags, mod: ImportModule): Promise<ImportFacts | { diagnostic: Diagnostic }> {
  const parameters = await readJson(opts.parameters!);
  if (parameters.diagnostic) return { diagnostic: parameters.diagnostic };
  const settings = opts.settings ? await readJson(opts.settings) : undefined;
  if (settings?.diagnostic) return { diagnostic: settings.diagnostic };
  return mod.offlineFacts({
    parametersFile: opts.parameters!,
    parameters: parameters.doc,
    settingsFile: opts.settings,
    settings: settings?.doc,
    release: opts.release,
    naming: opts.naming,
  });
}
