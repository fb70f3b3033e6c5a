/**
 * `hubc simulate [FILE] --storage DIR (--event PATH | --schedule daily|monthly | --pipeline NAME [--param k=v ...] | --example NAME)`:
 * run the build's pipelines offline against a local storage folder (logic in `src/simulate/`, loaded by the
 * action). `--example NAME` first copies an example export shipped with hubc into DIR
 * (src/simulate/examples.ts) and, without another start option, starts from its manifest or CSV.
 * Exit codes: 0 every pipeline run succeeded, 1 a run failed (or hub.yaml has errors, or the run limit
 * was hit), 2 bad input or something the simulator does not support.
 */
import { InvalidArgumentError, type Command } from 'commander';
import { EXIT, reportUsageError, type OutputFormat } from '../io.js';
import { codes } from '../../diagnostics/index.js';
import { choiceOption, formatOption, releaseOption } from '../options.js';
import { compileFile, type CommandContext } from './shared.js';
import { DEFAULT_MAX_RUNS } from '../../simulate/options.js';
import type { SimulationStart, ResponsesFile } from '../../simulate/index.js';

interface SimulateFlags {
  storage: string;
  event?: string;
  schedule?: 'daily' | 'monthly';
  pipeline?: string;
  example?: string;
  param: Record<string, string>;
  release?: string;
  now?: string;
  responses?: string;
  maxRuns: number;
  format: OutputFormat;
}

/** Collects `--param k=v` into an object. */
function collectParam(value: string, previous: Record<string, string>): Record<string, string> {
  const i = value.indexOf('=');
  if (i <= 0) throw new InvalidArgumentError('Use --param NAME=VALUE.');
  return { ...previous, [value.slice(0, i)]: value.slice(i + 1) };
}

function parseNow(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?$/.test(value) || Number.isNaN(Date.parse(value))) {
    throw new InvalidArgumentError('Use an ISO 8601 date and time, e.g. 2024-05-15T12:00:00Z.');
  }
  return new Date(value).toISOString();
}

function parseMaxRuns(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('Use a whole number of 1 or more.');
  return n;
}

/** Adds the command to the program. */
export function registerSimulate(program: Command, ctx: CommandContext): void {
  const command = program
    .command('simulate')
    .summary("run a build's pipelines offline against a local storage folder")
    .description(
      'Compiles FILE and runs its Data Factory pipelines against DIR, a folder whose sub-folders are the storage containers ' +
        '(rawexports, ingestion, config). Start from a blob just created (--event, the triggers whose filters match run), ' +
        'a schedule trigger (--schedule) or one pipeline (--pipeline). Blobs the pipelines write fire triggers in turn. ' +
        'Copy converts CSV to parquet for real; web requests and Data Explorer commands are recorded, not sent. ' +
        'DIR is changed: files are written and deleted as the hub would. Details: docs/simulate.md.',
    )
    .argument('[file]', 'hub.yaml to compile', 'hub.yaml')
    .requiredOption('--storage <dir>', 'storage folder (containers as sub-folders)')
    .option('--event <path>', 'blob just created, as its path in DIR, container first')
    .addOption(choiceOption('--schedule <schedule>', 'schedule trigger to run', ['daily', 'monthly']))
    .option('--pipeline <name>', 'pipeline to run by itself')
    .option('--example <name>', 'copy the example export NAME that ships with hubc into DIR first; without --event, --schedule or --pipeline, start from its manifest or CSV')
    .option('--param <name=value>', 'pipeline parameter for --pipeline (repeatable; Array/Object/Bool/Int values as JSON)', collectParam, {})
    .addOption(releaseOption())
    .option('--now <iso>', 'current time for utcNow() and trigger times (default: the real time)', parseNow)
    .option('--responses <file>', 'answers for web requests and Data Explorer commands (JSON, schemas/simulate-responses.schema.json)')
    .option('--max-runs <n>', 'most pipeline runs to start', parseMaxRuns, DEFAULT_MAX_RUNS)
    .addOption(formatOption())
    .addHelpText(
      'after',
      '\nExamples:\n' +
        '  hubc simulate --storage ./storage --example focuscost-1.0r2-subscription --now 2024-05-15T12:00:00Z\n' +
        '  hubc simulate --storage ./storage --event rawexports/exports/daily/finops-hub-daily-costdetails/20240501-20240531/202405151026/3b9a1f6e/manifest.json --now 2024-05-15T12:00:00Z\n' +
        '  hubc simulate my-hub.yaml --storage ./storage --schedule daily --responses responses.json\n' +
        '  hubc simulate --storage ./storage --pipeline config_ConfigureExports --format json\n' +
        '\nExit codes: 0 every pipeline run succeeded, 1 a run failed (its Fail code and message are shown), 2 bad input.\n',
    );
  command.action((file: string, opts: SimulateFlags) => simulateAction(ctx, command, file, opts));
}

/** The action: checks the flags, compiles the hub and runs the simulation with `src/simulate/`, then prints its report. */
async function simulateAction(ctx: CommandContext, command: Command, file: string, opts: SimulateFlags): Promise<void> {
  const { io } = ctx;
  const starts = [opts.event, opts.schedule, opts.pipeline].filter((x) => x !== undefined);
  if (starts.length > 1 || (starts.length === 0 && opts.example === undefined)) {
    return ctx.exit(reportUsageError(io, codes.HUB060.simulateStart({ count: starts.length }), opts.format));
  }
  if (Object.keys(opts.param).length && !opts.pipeline) return ctx.exit(reportUsageError(io, codes.HUB061.goesWith({ option: '--param', with: '--pipeline' }), opts.format));
  const report = (e: { code: string; message: string; hint?: string }) => {
    if (opts.format === 'json') io.out(`${JSON.stringify({ diagnostics: [{ code: e.code, severity: 'error', message: e.message, hint: e.hint }] }, null, 2)}\n`);
    else io.err(`error ${e.code}: ${e.message}${e.hint ? `\n  hint: ${e.hint}` : ''}\n`);
    return ctx.exit(EXIT.usage);
  };
  const { copyExample, formatSimulation, loadResponses, simulate, SimulationError } = await import('../../simulate/index.js');
  let responses: ResponsesFile | undefined;
  try {
    responses = opts.responses ? loadResponses(opts.responses) : undefined;
  } catch (e) {
    if (e instanceof SimulationError) return report(e.diagnostic);
    throw e;
  }
  const compiled = await compileFile(io, file, opts.format, opts.release);
  if (typeof compiled === 'number') return ctx.exit(compiled);
  let exampleEvent: string | undefined;
  if (opts.example !== undefined) {
    try {
      const copied = copyExample(opts.example, opts.storage);
      exampleEvent = copied.event;
      if (opts.format !== 'json') {
        io.err(
          `example ${opts.example}: ${copied.files.length - copied.kept.length} file(s) copied into ${opts.storage}${copied.kept.length ? `, ${copied.kept.length} already there` : ''}\n`,
        );
      }
    } catch (e) {
      if (e instanceof SimulationError) return report(e);
      throw e;
    }
  }
  if (starts.length === 0 && exampleEvent === undefined) {
    return ctx.exit(reportUsageError(io, codes.HUB063.raise({ example: opts.example! }), opts.format));
  }
  const start: SimulationStart =
    opts.event !== undefined || (exampleEvent !== undefined && !opts.schedule && !opts.pipeline)
      ? { kind: 'event', path: opts.event ?? exampleEvent! }
      : opts.schedule
        ? { kind: 'schedule', schedule: opts.schedule }
        : { kind: 'pipeline', pipeline: opts.pipeline!, parameters: opts.param };
  let result: Awaited<ReturnType<typeof simulate>>;
  try {
    result = await simulate({
      artifacts: compiled.artifacts,
      release: compiled.release!,
      storage: opts.storage,
      start,
      now: opts.now,
      responses,
      maxRuns: opts.maxRuns,
    });
  } catch (e) {
    // Bad input found before anything ran: the error alone, no report of a simulation that did not happen.
    if (e instanceof SimulationError) return report(e.diagnostic);
    throw e;
  }
  if (opts.format === 'json') io.out(`${JSON.stringify(result, null, 2)}\n`);
  else {
    io.out(formatSimulation(result));
    for (const d of result.diagnostics) io.err(`${d.severity} ${d.code}: ${d.message}${d.hint ? `\n  hint: ${d.hint}` : ''}\n`);
  }
  if (result.diagnostics.some((d) => d.severity === 'error')) return ctx.exit(EXIT.usage);
  ctx.exit(result.outcome === 'succeeded' ? EXIT.ok : EXIT.diagnostics);
}
