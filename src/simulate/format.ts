/**
 * Text form of a simulation for `hubc simulate --format text`: the run tree (each activity with its
 * outcome and its evaluated inputs in one line, skipped activities counted per group), then the files
 * written and deleted, the requests, the Data Explorer commands, the failed runs and the outcome.
 * No durations: a simulation has none.
 *
 * Each error is said once. Data Factory carries an inner activity's error up into every container's and
 * pipeline's error ("Activity failed because an inner activity failed; Inner activity name: X, Error:
 * ...", "Operation on target X failed: ..."), and a Fail activity's message often quotes the error it
 * reports; printed whole at every level, one missing CSV column filled the report six times. Here a
 * wrapper keeps its head and points at the inner error printed below it, and a message that quotes one
 * printed before names its activity instead (`(the error of Convert CSV above)`). `--format json` keeps every
 * message as Data Factory gives it.
 */
import type { ActivityRun, PipelineRun, RunError, SimulationResult } from './types.js';

const MAX_VALUE = 160;

/** A value as compact JSON, cut to a readable length. */
function show(v: unknown): string {
  const text = typeof v === 'string' ? JSON.stringify(v) : JSON.stringify(v ?? null);
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE - 3)}...` : text;
}

/** One line saying what an activity did, from its evaluated inputs. */
function summary(a: ActivityRun): string {
  const i = (a.input ?? {}) as Record<string, any>;
  switch (a.type) {
    case 'SetVariable':
      return `${i.variableName} = ${show(i.value)}`;
    case 'AppendVariable':
      return `${i.variableName} += ${show(i.value)}`;
    case 'Filter': {
      const o = (a.output ?? {}) as Record<string, number>;
      return `${o.FilteredItemsCount ?? 0} of ${o.ItemsCount ?? 0} item(s) kept`;
    }
    case 'IfCondition':
      return `expression is ${show(i.expression)}`;
    case 'Switch':
      return `on ${show(i.on)}`;
    case 'ExecutePipeline':
      return `runs ${i.pipeline} ${show(i.parameters)}`;
    case 'Fail':
      return `${i.errorCode}: ${i.message}`;
    case 'Lookup':
    case 'GetMetadata':
    case 'Delete':
      return `${i.path} (dataset ${i.dataset})`;
    case 'Copy':
      return `${i.source?.path} -> ${i.sink?.path}`;
    case 'WebActivity':
      return `${i.method} ${i.url}${i.body !== undefined ? ` body ${show(i.body)}` : ''}`;
    case 'AzureDataExplorerCommand':
      return `database ${i.database ?? '(default)'}:\n${String(i.command)}`;
    default:
      return '';
  }
}

const MARK: Record<string, string> = { Succeeded: 'ok    ', Failed: 'FAILED', Skipped: 'skip  ' };

function indentLines(text: string, pad: string): string {
  return text
    .split('\n')
    .map((l, k) => (k === 0 ? l : `${pad}${l}`))
    .join('\n');
}

/** The wrappers Data Factory puts around an inner activity's error (src/simulate/engine.ts, activities/containers.ts). */
const WRAPPERS: readonly [RegExp, (name: string) => string][] = [
  [/^Activity failed because an inner activity failed; Inner activity name: (.+?), Error: /s, (name) => `inner activity ${name} failed`],
  [/^Operation on target (.+?) failed: /s, (name) => `Operation on target ${name} failed`],
];

/** Shortest message worth pointing at instead of repeating. */
const QUOTED_MIN = 40;

/** The errors a report has printed, so that each is said once (see the module comment). */
class Said {
  private readonly printed: { message: string; activity: string }[] = [];

  /** The innermost error of a wrapped message. */
  static root(message: string): string {
    for (;;) {
      const w = WRAPPERS.find(([re]) => re.test(message));
      if (!w) return message;
      message = message.replace(w[0], '');
    }
  }

  /**
   * How to print an error message of `activity`: a wrapper as its head pointing below (`below`), a
   * message printed before as a pointer to it, a quote of one inside it replaced by a pointer.
   */
  text(message: string, activity: string, below = true): string {
    const wrapper = WRAPPERS.find(([re]) => re.test(message));
    if (wrapper && below) return `${wrapper[1](wrapper[0].exec(message)![1])} (its error is below)`;
    const own = wrapper ? Said.root(message) : message;
    const earlier = [...this.printed].filter((p) => p.message.length >= QUOTED_MIN && own.includes(p.message)).sort((a, b) => b.message.length - a.message.length)[0];
    if (earlier && earlier.message === own) return `the error of ${earlier.activity} above`;
    this.printed.push({ message: own, activity });
    return earlier ? own.replace(earlier.message, `(the error of ${earlier.activity} above)`) : own;
  }

  /** A run's error: the activity it came from, said once. */
  run(error: RunError): string {
    return this.text(error.message, error.activity ?? 'its activity', false);
  }
}

function activities(list: readonly ActivityRun[], pad: string, out: string[], said: Said): void {
  const skipped = list.filter((a) => a.status === 'Skipped');
  for (const a of list) {
    if (a.status === 'Skipped') continue;
    const what = a.type === 'Fail' && a.status === 'Failed' && a.error ? `${a.error.errorCode}: ${said.text(a.error.message, a.name)}` : summary(a);
    out.push(`${pad}${MARK[a.status]} ${a.name} (${a.type})${what ? `: ${indentLines(what, `${pad}         `)}` : ''}`);
    for (const n of a.notes ?? []) out.push(`${pad}         - ${n}`);
    if (a.status === 'Failed' && a.type !== 'Fail' && a.error) out.push(`${pad}         error ${a.error.errorCode}: ${said.text(a.error.message, a.name)}`);
    for (const g of a.groups ?? []) {
      out.push(`${pad}         ${g.label}${g.item !== undefined ? ` ${show(g.item)}` : ''}`);
      activities(g.activities, `${pad}           `, out, said);
    }
    if (a.pipelineRun) pipelineRun(a.pipelineRun, `${pad}           `, out, said);
  }
  if (skipped.length) out.push(`${pad}(${skipped.length} skipped: ${skipped.map((a) => a.name).join(', ')})`);
}

function pipelineRun(run: PipelineRun, pad: string, out: string[], said: Said): void {
  const t = run.trigger;
  const by = t.name ? ` by ${t.name}${t.event ? ` (${t.event.path})` : ''}` : t.type === 'Manual' ? ' (started by hand)' : '';
  out.push(`${pad}pipeline ${run.pipeline} run ${run.runId}: ${run.status}${by}`);
  const params = Object.entries(run.parameters);
  if (params.length) out.push(`${pad}  parameters: ${params.map(([k, v]) => `${k}=${show(v)}`).join(', ')}`);
  activities(run.activities, `${pad}  `, out, said);
  if (run.error) out.push(`${pad}  => ${run.pipeline} failed: ${run.error.errorCode}: ${said.run(run.error)}`);
}

/** Every run of a result, children included, depth first. */
export function allRuns(result: SimulationResult): PipelineRun[] {
  const out: PipelineRun[] = [];
  const visit = (run: PipelineRun) => {
    out.push(run);
    const walk = (list: readonly ActivityRun[]) => {
      for (const a of list) {
        for (const g of a.groups ?? []) walk(g.activities);
        if (a.pipelineRun) visit(a.pipelineRun);
      }
    };
    walk(run.activities);
  };
  result.runs.forEach(visit);
  return out;
}

/** The text report of a simulation (ends with a newline). */
export function formatSimulation(result: SimulationResult): string {
  const out: string[] = [`hubc simulate: release ${result.release}, ${result.start.kind} ${result.start.value}, now ${result.now}`, ''];
  const said = new Said();
  for (const run of result.runs) {
    pipelineRun(run, '', out, said);
    out.push('');
  }
  const written = result.changes.filter((c) => c.change === 'written');
  const deleted = result.changes.filter((c) => c.change === 'deleted');
  out.push(`Files written (${written.length}):`, ...written.map((c) => `  ${c.path} (${c.size} bytes, ${c.activity})`));
  out.push(`Files deleted (${deleted.length}):`, ...deleted.map((c) => `  ${c.path} (${c.activity})`));
  out.push(
    `Requests (${result.requests.length}):`,
    ...result.requests.map((r) => `  ${r.method} ${r.url} -> ${r.status} (${r.response === 'default' ? 'default response' : `--responses web[${r.response}]`})`),
  );
  out.push(
    `Data Explorer commands (${result.commands.length}):`,
    ...result.commands.map((c) => `  ${c.database ?? ''}: ${c.command.split('\n')[0]}${c.command.includes('\n') ? ' ...' : ''}`),
  );
  const runs = allRuns(result);
  const failed = runs.filter((r) => r.status === 'Failed');
  if (failed.length) out.push(`Failed runs (${failed.length}):`, ...failed.map((r) => `  ${r.pipeline} ${r.runId}: ${r.error?.errorCode}: ${r.error ? said.run(r.error) : ''}`));
  out.push(`Outcome: ${result.outcome} (${runs.length} pipeline run(s), ${failed.length} failed)`);
  return `${out.join('\n')}\n`;
}
