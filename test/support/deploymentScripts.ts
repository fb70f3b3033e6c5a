/**
 * Runs the hub's deployment scripts (bash) against a stand-in Azure CLI: `test/support/azStandIn/az`
 * first on PATH, serving a temporary folder as the storage account and a JSON file as the data factory,
 * and a `sleep` that records its argument instead of waiting. Needs bash and jq (both on every machine
 * and in the deployment-script image); nothing leaves the machine.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deploymentScriptText, type DeploymentScriptName } from '../../src/modules/deploymentScripts/scripts.js';
import { evaluateTemplateString, templateContext } from '../../src/expressions/arm/evaluate.js';
import { Template } from './template.js';

const AZ_STANDIN = join(dirname(fileURLToPath(import.meta.url)), 'azStandIn', 'az');

/** A Data Factory trigger or pipeline as `az datafactory ... list` prints it (only the members the scripts read). */
export interface FactoryObject {
  name: string;
  properties?: Record<string, unknown>;
  [member: string]: unknown;
}

/** The factory the stand-in serves. */
export interface FactoryState {
  subscription?: string;
  resourceGroup: string;
  name: string;
  triggers: FactoryObject[];
  pipelines: FactoryObject[];
  /** Pipelines run by `az datafactory pipeline create-run`, in order. */
  runs?: string[];
}

/** A failure the stand-in answers a command with (`command` is the words, e.g. `resource delete`). */
export interface StandInFailure {
  command: string;
  name?: string;
  stderr: string;
  exitCode?: number;
  /** Fail only the first `times` matching calls (default: every one). */
  times?: number;
}

/** What one script run did. */
export interface ScriptRun {
  status: number | null;
  stdout: string;
  stderr: string;
  /** Every `az` and `sleep` invocation, as argv (`sleep` calls as `['sleep', seconds]`). */
  calls: string[][];
  /** What the script wrote to AZ_SCRIPTS_OUTPUT_PATH, parsed; undefined when it wrote nothing. */
  outputs: any;
}

/** A stand-in Azure: storage blobs and a data factory in a temporary folder. */
export class StandIn {
  readonly dir: string;

  constructor(o: { factory?: FactoryState; failures?: StandInFailure[] } = {}) {
    this.dir = mkdtempSync(join(tmpdir(), 'hubc-az-'));
    const bin = join(this.dir, 'bin');
    mkdirSync(bin);
    writeFileSync(join(bin, 'az'), `#!/bin/sh\nexec bash '${AZ_STANDIN}' "$@"\n`);
    writeFileSync(join(bin, 'sleep'), `#!/bin/sh\nprintf '["sleep","%s"]\\n' "$1" >> "$AZ_STANDIN_DIR/calls.jsonl"\n`);
    chmodSync(join(bin, 'az'), 0o755);
    chmodSync(join(bin, 'sleep'), 0o755);
    if (o.factory) writeFileSync(join(this.dir, 'factory.json'), JSON.stringify(o.factory, null, 2));
    if (o.failures) writeFileSync(join(this.dir, 'fail.json'), JSON.stringify(o.failures));
  }

  private blobFile(account: string, container: string, name: string): string {
    return join(this.dir, 'storage', account, container, name);
  }

  /** Puts a blob in the stand-in storage. */
  writeBlob(account: string, container: string, name: string, text: string): void {
    const file = this.blobFile(account, container, name);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
  }

  /** Text of a blob, or undefined when it does not exist. */
  readBlob(account: string, container: string, name: string): string | undefined {
    const file = this.blobFile(account, container, name);
    return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
  }

  /** The factory as the scripts left it. */
  factory(): FactoryState {
    return JSON.parse(readFileSync(join(this.dir, 'factory.json'), 'utf8'));
  }

  /**
   * Runs a deployment script (the text the template embeds) with exactly `env` plus PATH, HOME and
   * AZ_SCRIPTS_OUTPUT_PATH, as the deployment-script container does. Calls of earlier runs are not
   * included.
   */
  run(script: DeploymentScriptName, env: Record<string, string>): ScriptRun {
    const file = join(this.dir, `${script}.sh`);
    writeFileSync(file, deploymentScriptText(script));
    const outputPath = join(this.dir, 'scriptoutputs.json');
    rmSync(outputPath, { force: true });
    rmSync(join(this.dir, 'calls.jsonl'), { force: true });
    const r = spawnSync('bash', [file], {
      encoding: 'utf8',
      env: {
        PATH: `${join(this.dir, 'bin')}:${process.env.PATH}`,
        HOME: this.dir,
        LANG: 'C.UTF-8',
        AZ_STANDIN_DIR: this.dir,
        AZ_SCRIPTS_OUTPUT_PATH: outputPath,
        ...env,
      },
    });
    if (r.error) throw r.error;
    const callsFile = join(this.dir, 'calls.jsonl');
    const calls = existsSync(callsFile)
      ? readFileSync(callsFile, 'utf8')
          .trim()
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l))
      : [];
    return {
      status: r.status,
      stdout: r.stdout,
      stderr: r.stderr,
      calls,
      outputs: existsSync(outputPath) ? JSON.parse(readFileSync(outputPath, 'utf8')) : undefined,
    };
  }

  /** Deletes the folder. */
  dispose(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** Fails the test file at once, with the reason, when bash or jq is missing. */
export function requireBashAndJq(): void {
  for (const tool of ['bash', 'jq']) {
    const r = spawnSync('sh', ['-c', `command -v ${tool}`]);
    if (r.status !== 0) throw new Error(`the deployment-script tests need ${tool} on PATH (e.g. apt-get install ${tool})`);
  }
}

/** The argv of the calls whose leading words are `words` (e.g. `['datafactory', 'trigger', 'stop']`). */
export function callsOf(run: ScriptRun, ...words: string[]): string[][] {
  return run.calls.filter((c) => words.every((w, i) => c[i] === w));
}

/** The value of option `--name` (or another) in one call's argv. */
export function option(call: string[], name: string): string | undefined {
  const i = call.indexOf(name);
  return i >= 0 ? call[i + 1] : undefined;
}

/** Subscription and resource group of {@link templateScriptEnv}. */
export const TEST_SUBSCRIPTION = '00000000-0000-0000-0000-000000000000';
export const TEST_RESOURCE_GROUP = 'finops';

/**
 * The environment a template passes to one of its deployment scripts (the resource whose name contains
 * `namePart`, e.g. `_uploadSettings`), evaluated for the template's default parameters (overridden by
 * `parameters`) in resource group `finops` of subscription {@link TEST_SUBSCRIPTION}.
 */
export function templateScriptEnv(template: any, namePart: string, parameters: Record<string, unknown> = {}): Record<string, string> {
  const [script] = Template.fromJSON(template, parameters).findResources('Microsoft.Resources/deploymentScripts', { name: new RegExp(`${namePart}$`) });
  if (!script) throw new Error(`the template has no deployment script named *${namePart}*`);
  const ctx = templateContext(template, {
    useDefaults: true,
    parameters: { location: 'westeurope', ...parameters } as any,
    resourceGroup: { id: `/subscriptions/${TEST_SUBSCRIPTION}/resourceGroups/${TEST_RESOURCE_GROUP}`, name: TEST_RESOURCE_GROUP, location: 'westeurope' },
    subscriptionId: TEST_SUBSCRIPTION,
  });
  return Object.fromEntries(script.properties.environmentVariables.map((e: any) => [e.name, String(evaluateTemplateString(e.value, ctx))]));
}
