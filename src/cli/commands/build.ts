/**
 * `hubc build [FILE] [--out DIR] [--format text|json]`: compile a hub.yaml into `DIR/<release>/`.
 */
import type { Command } from 'commander';
import { hasErrors } from '../../compiler/diagnostics.js';
import { writeRelease } from '../../compiler/write.js';
import { validateOutput } from '../../compiler/validateOutput.js';
import { EXIT, reportDiagnostics, type OutputFormat } from '../io.js';
import { formatOption, releaseOption } from '../options.js';
import { compileFile, type CommandContext } from './shared.js';

/** Adds the command to the program. */
export function registerBuild(program: Command, ctx: CommandContext): void {
  program
    .command('build')
    .summary('compile a hub.yaml into deployable files')
    .description(
      'Compiles FILE into DIR/<release>/: azuredeploy.json, createUiDefinition.json, the Data Factory JSON, the KQL scripts and the config files. ' +
        'Nothing is written when there is an error; the release folder is replaced atomically.',
    )
    .argument('[file]', 'hub.yaml to compile', 'hub.yaml')
    .option('-o, --out <dir>', 'output folder; files go to DIR/<release>/', 'dist-templates')
    .addOption(releaseOption())
    .addOption(formatOption())
    .addHelpText('after', '\nExamples:\n  hubc build\n  hubc build my-hub.yaml --out out --format json\n')
    .action((file: string, opts: { out: string; release?: string; format: OutputFormat }) => {
      const { io } = ctx;
      const result = compileFile(io, file, opts.format, opts.release);
      if (typeof result === 'number') return ctx.exit(result);
      const diagnostics = [...result.diagnostics, ...validateOutput(result, 'quick')];
      if (hasErrors(diagnostics)) {
        reportDiagnostics(io, diagnostics, opts.format);
        return ctx.exit(EXIT.diagnostics);
      }
      let target: string;
      try {
        target = writeRelease(opts.out, result.release!, result.artifacts);
      } catch (e) {
        reportDiagnostics(
          io,
          [{ code: 'HUB002', severity: 'error', message: `cannot write output: ${(e as Error).message}`, hint: 'Check that the output folder is writable.', file: opts.out }],
          opts.format,
        );
        return ctx.exit(EXIT.diagnostics);
      }
      reportDiagnostics(io, diagnostics, opts.format, { release: result.release, out: target, files: [...result.artifacts.keys()] });
      if (opts.format === 'text') io.out(`wrote ${result.artifacts.size} files to ${target}\n`);
      ctx.exit(EXIT.ok);
    });
}
