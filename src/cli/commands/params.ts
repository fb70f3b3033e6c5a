/**
 * `hubc params`: write the `azuredeploy.parameters.json` of a hub.yaml (the work is in `src/params/`).
 */
import { InvalidArgumentError, Option, type Command } from 'commander';
import { toJsonText } from '../../model/json.js';
import { KEY_VAULT_ID } from '../../params/options.js';
import { EXIT, reportDiagnostics, reportEnvironmentError, reportUsageError, type CliIO, type OutputFormat } from '../io.js';
import { EnvironmentError } from '../../diagnostics/diagnostic.js';
import { codes } from '../../diagnostics/index.js';
import { formatOption, releaseOption } from '../options.js';
import { compileFile, hubFileOf, type CommandContext } from './shared.js';

interface ParamsFlags {
  hub?: string;
  release?: string;
  out: string;
  keyVault?: string;
  keySecret?: string;
  force?: boolean;
  format: OutputFormat;
}

/**
 * Writes the file unless that would replace other content without --force (src/params/write.ts).
 * @returns what was done, or the exit code after reporting why nothing was written
 */
async function writeParams(io: CliIO, opts: ParamsFlags, text: string): Promise<'written' | 'unchanged' | number> {
  const { writeParametersFile, ParametersFileExistsError } = await import('../../params/index.js');
  const { UnsafePathError } = await import('../../util/files.js');
  try {
    return writeParametersFile(opts.out, text, { force: opts.force, fault: 'params:out-flushed' });
  } catch (e) {
    if (e instanceof ParametersFileExistsError) {
      reportDiagnostics(io, [{ ...codes.HUB004.differs({ file: opts.out, command: 'hubc params', differing: e.differing }), file: opts.out }], opts.format);
      return EXIT.usage;
    }
    if (e instanceof UnsafePathError) return reportEnvironmentError(io, new EnvironmentError(codes.HUB010.raise({ path: e.path, what: e.what })), opts.format);
    reportDiagnostics(io, [{ ...codes.HUB002.file({ file: opts.out, detail: (e as Error).message }), file: opts.out }], opts.format);
    return EXIT.usage;
  }
}

/** Adds the command to the program. */
export function registerParams(program: Command, ctx: CommandContext): void {
  program
    .command('params')
    .summary('write azuredeploy.parameters.json from a hub.yaml')
    .description(
      "Writes a deployment parameters file (deploymentParameters schema) with hub.yaml's value of every template parameter, for deploying with az or Azure PowerShell. " +
        'Parameters the template computes at deployment (location when hub.yaml leaves it empty) are left out. ' +
        'Secrets are never written: when the hub uses the remote hub storage key, the file holds a Key Vault reference (to --key-vault, else to placeholders to replace).',
    )
    .argument('[file]', 'hub.yaml to read (or --hub)')
    .option('--hub <file>', 'hub.yaml to read (default hub.yaml)')
    .addOption(releaseOption())
    .option('-o, --out <file>', 'file to write; - for stdout', 'azuredeploy.parameters.json')
    .addOption(
      new Option('--key-vault <id>', 'resource ID of the Key Vault holding the secrets (/subscriptions/.../providers/Microsoft.KeyVault/vaults/NAME)').argParser((v: string) => {
        if (!KEY_VAULT_ID.test(v)) throw new InvalidArgumentError('Expected /subscriptions/<id>/resourceGroups/<group>/providers/Microsoft.KeyVault/vaults/<name>.');
        return v;
      }),
    )
    .addOption(
      new Option('--key-secret <name>', 'secret name in that vault (default: the parameter name, remoteHubStorageKey)').argParser((v: string) => {
        if (!/^[0-9a-zA-Z-]{1,127}$/.test(v)) throw new InvalidArgumentError('Key Vault secret names have 1-127 letters, digits and dashes.');
        return v;
      }),
    )
    .option('--force', 'replace FILE when it holds other values (by default an existing file is only ever left as it is)')
    .addOption(formatOption())
    .addHelpText(
      'after',
      '\nExamples:\n' +
        '  hubc params\n' +
        '  az deployment group create -g finops-hub --template-file dist-templates/<release>/azuredeploy.json --parameters @azuredeploy.parameters.json\n' +
        '  hubc params my-hub.yaml --key-vault /subscriptions/00000000-0000-0000-0000-000000000000/resourceGroups/secrets/providers/Microsoft.KeyVault/vaults/my-vault\n',
    )
    .action(async (fileArg: string | undefined, opts: ParamsFlags) => {
      const { io } = ctx;
      const file = hubFileOf(io, fileArg, opts.hub);
      if (file === undefined) return ctx.exit(EXIT.usage);
      if (opts.keySecret && !opts.keyVault) {
        reportUsageError(io, codes.HUB061.needs({ option: '--key-secret', needs: '--key-vault' }), opts.format);
        return ctx.exit(EXIT.usage);
      }
      const compiled = await compileFile(io, file, opts.format, opts.release);
      if (typeof compiled === 'number') return ctx.exit(compiled);
      const [{ buildParametersFile }, { fromCompile }] = await Promise.all([import('../../params/index.js'), import('../../build/index.js')]);
      const built = buildParametersFile(fromCompile(compiled), { keyVaultId: opts.keyVault, secretName: opts.keySecret, file: opts.out === '-' ? undefined : opts.out });
      const diagnostics = [...compiled.diagnostics, ...built.diagnostics];
      const text = toJsonText(built.file);
      const names = Object.keys(built.file.parameters);
      if (opts.out === '-') {
        io.out(text);
        reportDiagnostics(io, diagnostics, 'text');
        return ctx.exit(EXIT.ok);
      }
      const written = await writeParams(io, opts, text);
      if (typeof written === 'number') return ctx.exit(written);
      reportDiagnostics(io, diagnostics, opts.format, {
        release: compiled.release,
        out: opts.out,
        written: written === 'written',
        parameters: names,
        references: built.references,
        omitted: built.omitted,
      });
      if (opts.format === 'text') {
        io.out(`${written === 'written' ? `wrote ${opts.out}` : `${opts.out} is current`}: ${names.length} parameters for release ${compiled.release}\n`);
        for (const o of built.omitted) io.out(`  left out ${o.name}: ${o.reason}\n`);
        for (const r of built.references) io.out(`  ${r}: Key Vault reference\n`);
      }
      ctx.exit(EXIT.ok);
    });
}
