/**
 * `hubc deploy`: deploys a compiled hub to a resource group with the Azure SDK, in this order:
 *
 * 1. read and check the `--parameters` file (before any call to Azure);
 * 2. create the resource group when it is missing (`--location` needed then);
 * 3. register the resource providers the template needs (`providers.ts`), or stop with the `az`
 *    commands that do it when the identity may not;
 * 4. validate the deployment (ARM's preflight), then show its what-if result (`whatIf.ts`);
 *    `--what-if` stops there;
 * 5. without `--yes`, ask for confirmation on a terminal, refuse without one;
 * 6. deploy, printing one line per resource operation as ARM reports it (`progress.ts`), then the
 *    template outputs.
 *
 * REST (Microsoft.Resources, api-version of `@azure/arm-resources` 6.1.0: 2025-03-01): "Resource Groups
 * - Check Existence / Create Or Update", "Deployments - Validate" (`POST .../deployments/{name}/validate`,
 * 200, or 202 + `Location`), "Deployments - What If" (`POST .../whatIf`, 202 + `Location` and
 * `Retry-After`, polled until 200), "Deployments - Create Or Update" (`PUT .../deployments/{name}`,
 * 201 + `Azure-AsyncOperation`, polled until `Succeeded`/`Failed`), "Deployments - Get",
 * "Deployment Operations - List".
 *
 * The credential and the endpoint come in through `services.connection` (see `arm.ts`); this module
 * never builds either.
 *
 * No step waits for ever (issue #20): the run has one deadline (`timing.timeoutMs`, `--timeout`; the time
 * at the confirmation prompt does not count), after which it stops with HUB440 and the deployment's portal
 * link; every request has a time-out, `Retry-After` waits are capped, and answers about the deployment's
 * state that cannot be read are asked again a few times, then reported as HUB441 (never as a final
 * state). The SDK clients are held to this by request policies (`policies.ts`, `deadline.ts`).
 *
 * One file for the run, though long: `DeployRun` is the state of one deployment (the template, the
 * parameters supplied, the report, the deadline) and its methods are the steps above in order, each reading
 * what the one before left; what a step needs beyond that state lives in a sibling file already
 * (`parameters.ts`, `providers.ts`, `whatIf.ts`, `progress.ts`, `errors.ts`, `upgrade.ts`, `upgradeSteps.ts`).
 */
import { getContinuationToken, type Deployment, type ResourceManagementClient } from '@azure/arm-resources';
import type { DataFactoryManagementClient } from '@azure/arm-datafactory';
import type { CompileResult } from '../compiler/index.js';
import { fromCompile, type Build } from '../build/index.js';
import { hasErrors, type Diagnostic } from '../diagnostics/diagnostic.js';
import {
  armErrorFromBody,
  armFailureOf,
  boundedPages,
  createDataFactoryClient,
  createResourceClient,
  Deadline,
  DEFAULT_LIMITS,
  deployPolicies,
  deploymentPortalLink,
  DeployTimeoutError,
  formatDuration,
  isFinalState,
  UnreadableStateError,
  type ArmConnection,
  type ArmError,
  type DeployLimits,
} from '../azure/index.js';
import { oneLine } from '../util/text.js';
import { missingSecrets, readParametersFile } from './parameters.js';
import { ensureProviders, registerCommand, requiredProviders } from './providers.js';
import { followOperations, formatOperation, OperationTracker, type OperationReport } from './progress.js';
import { formatWhatIf, summarizeWhatIf, type WhatIfSummary } from './whatIf.js';
import type { ParameterEntry, TemplateParameter } from '../params/index.js';
import { toJsonText } from '../model/json.js';
import { parseParametersText } from './parameters.js';
import { prepareUpgrade, readRawParameters, type PreparedUpgrade, type UpgradeReport, type UpgradeRequest } from './upgrade.js';
import { runUpgradePhase } from './upgradeSteps.js';
import { codes, type Raised } from '../diagnostics/index.js';
import type { CallFailure } from '../diagnostics/deploy.js';

/** What to deploy, and where. */
export interface DeployRequest {
  /** A successful compile of the hub. */
  compiled: CompileResult;
  resourceGroup: string;
  /** Region for a resource group that does not exist yet. */
  location?: string;
  /** Deployment name (ARM keeps the deployment's history under it). */
  deploymentName: string;
  /** `--parameters` file. */
  parametersFile?: string;
  /** Stop after the what-if result. */
  whatIfOnly: boolean;
  /** Deploy without asking. */
  yes: boolean;
  /** `--upgrade`: plan the upgrade from the installed release and carry out its steps around the deployment. */
  upgrade?: UpgradeRequest;
}

/** Waits, in ms, and the bounds on them (`DeployLimits`, ./deadline.ts). */
export interface DeployTiming extends DeployLimits {
  /** Between polls of long-running operations without `Retry-After`, of deployment operations and of provider registration. */
  pollIntervalMs: number;
  /** Longest wait for a provider registration. */
  registrationTimeoutMs: number;
}

/** Defaults: ARM's usual polling pace; provider registrations can take minutes; the limits of {@link DEFAULT_LIMITS}. */
export const DEFAULT_TIMING: DeployTiming = { pollIntervalMs: 5000, registrationTimeoutMs: 10 * 60_000, ...DEFAULT_LIMITS };

/** What the deployment needs from its caller. */
export interface DeployServices {
  connection: ArmConnection;
  timing: DeployTiming;
  /** One line of progress. */
  say(line: string): void;
  /** Asks a yes/no question on a terminal; absent when there is none. */
  confirm?: (question: string) => Promise<boolean>;
}

/** The machine-readable record of a run (the `--format json` output, without `diagnostics`). */
export interface DeployReport {
  subscription: string;
  resourceGroup: string;
  deployment: string;
  release: string;
  /** `deployed`, `what-if` (stopped after it), `failed`, `cancelled` (answered no), `refused` (no terminal to ask). */
  status: 'deployed' | 'what-if' | 'failed' | 'cancelled' | 'refused';
  resourceGroupCreated?: boolean;
  providers?: { namespace: string; before: string; action: string; after: string; reasons: string[] }[];
  whatIf?: WhatIfSummary;
  operations?: OperationReport[];
  provisioningState?: string;
  /** Template outputs by name (their `value`s). */
  outputs?: Record<string, unknown>;
  /** `--upgrade`: the installed release, the plan and what became of its steps. */
  upgrade?: UpgradeReport;
}

/** How a run ended badly. */
export interface DeployFailure {
  diagnostics: Diagnostic[];
  /** ARM's error, with its nested details. */
  arm?: ArmError;
  /** `diagnostics`: the hub, its parameters or the deployment were rejected (exit 1); `environment`: sign-in, permissions, network, no terminal (exit 2). */
  kind: 'diagnostics' | 'environment';
}

/** The outcome of {@link runDeploy}. */
export interface DeployOutcome {
  report: DeployReport;
  failure?: DeployFailure;
}

/** The raiser of a code whose ARM error answer is the request refused (HUB433-HUB435 `refused`). */
type RefusalRaiser = (a: { status?: number }) => Raised;

/** The raisers of the other ways a call to ARM fails, by the kind `armFailureOf` tells. */
const FAILED_BY_KIND: Record<ReturnType<typeof armFailureOf>['kind'], (a: CallFailure) => Raised> = {
  auth: codes.HUB438.raise,
  forbidden: codes.HUB439.forbidden,
  throttled: codes.HUB439.throttled,
  network: codes.HUB439.network,
  arm: codes.HUB439.arm,
};

/**
 * Maps an exception of a call to ARM to a failure.
 * @param refused raiser for an ARM error answer (the request was understood and refused), exit 1; without
 *   one, an ARM error answer is HUB439
 * @param what the call, for the message, e.g. `validating the deployment`
 */
function failureOf(e: unknown, refused: RefusalRaiser | undefined, what: string, file: string): DeployFailure {
  const f = armFailureOf(e);
  const text = `${f.error.code ? `${f.error.code}: ` : ''}${f.error.message}`;
  if (f.kind === 'arm' && refused) {
    return { kind: 'diagnostics', arm: f.error, diagnostics: [{ ...refused({ status: f.status }), file }] };
  }
  const raised = FAILED_BY_KIND[f.kind]({ what, status: f.status, text });
  return { kind: 'environment', ...(f.kind === 'arm' || f.kind === 'forbidden' ? { arm: f.error } : {}), diagnostics: [{ ...raised, file }] };
}

/** Where a run is, for the message of a time-out or of a state that could not be read. */
interface RunState {
  report: DeployReport;
  /** What the run is doing, e.g. `validating the deployment`. */
  step: string;
  /** Whether the deployment was sent (so it may be running in Azure). */
  started: boolean;
  deadline: Deadline;
}

/**
 * Runs a deployment (see the module comment for the steps), within `svc.timing.timeoutMs`.
 * @returns the report and, when it did not deploy (or stop after what-if), the failure; never throws for
 *   Azure errors
 */
export async function runDeploy(req: DeployRequest, svc: DeployServices): Promise<DeployOutcome> {
  const { connection, timing } = svc;
  const deadline = new Deadline(timing.timeoutMs);
  const report: DeployReport = {
    subscription: connection.subscriptionId,
    resourceGroup: req.resourceGroup,
    deployment: req.deploymentName,
    release: req.compiled.release ?? '',
    status: 'failed',
  };
  const state: RunState = { report, step: 'starting', started: false, deadline };
  const deploymentId = `/subscriptions/${connection.subscriptionId}/resourceGroups/${req.resourceGroup}/providers/Microsoft.Resources/deployments/${req.deploymentName}`;
  const link = deploymentPortalLink(connection.portal, deploymentId);
  const guarded: DeployServices = { ...svc, connection: { ...connection, policies: [...(connection.policies ?? []), ...deployPolicies(deadline, timing, timing.pollIntervalMs)] } };
  try {
    return await deadline.race(deploySteps(req, guarded, state));
  } catch (e) {
    const depFile = `deployment ${req.deploymentName}`;
    if (e instanceof DeployTimeoutError || deadline.expired) {
      return {
        report,
        failure: {
          kind: 'environment',
          diagnostics: [{ ...codes.HUB440.raise({ after: formatDuration(timing.timeoutMs), what: state.step, ...(state.started ? { link } : {}) }), file: depFile }],
        },
      };
    }
    const unreadable = unreadableState(e);
    if (unreadable)
      return { report, failure: { kind: 'environment', diagnostics: [{ ...codes.HUB441.raise({ what: state.step, problem: unreadable.problem, link }), file: depFile }] } };
    throw e;
  } finally {
    deadline.stop();
  }
}

/** The {@link UnreadableStateError} an exception is (or wraps, as the SDK's poller may), if any. */
function unreadableState(e: unknown): UnreadableStateError | undefined {
  for (let x = e as { name?: string; cause?: unknown } | undefined, i = 0; x && i < 5; x = x.cause as typeof x, i++) {
    if (x instanceof UnreadableStateError) return x;
  }
  return undefined;
}

/** A failure of a call: an unreadable state or the deadline go up to {@link runDeploy}, which reports them. */
function callFailed(state: RunState, e: unknown, refused: RefusalRaiser | undefined, what: string, file: string): DeployFailure {
  if (unreadableState(e) || state.deadline.expired) throw e;
  return failureOf(e, refused, what, file);
}

/** An upgrade that has a plan to carry out. */
type PlannedUpgrade = Extract<PreparedUpgrade, { kind: 'plan' }>;

/** The steps of {@link runDeploy}, in order; each returns the failure that ends the run, if any. */
async function deploySteps(req: DeployRequest, svc: DeployServices, state: RunState): Promise<DeployOutcome> {
  const run = new DeployRun(req, svc, state);
  const { report } = state;
  const fail = (failure: DeployFailure): DeployOutcome => ({ report, failure });
  const unusable = run.readParameters();
  if (unusable) return fail(unusable);
  svc.say(`deploying hub release ${report.release} to resource group ${req.resourceGroup} (subscription ${svc.connection.subscriptionId}) as deployment ${req.deploymentName}`);
  const previewed = (await run.ensureResourceGroup()) ?? (await run.planUpgrade()) ?? (await run.registerProviders()) ?? (await run.validate()) ?? (await run.whatIf());
  if (previewed) return fail(previewed);
  const plan = run.upgrade?.kind === 'plan' ? run.upgrade : undefined;
  if (req.whatIfOnly) {
    report.status = 'what-if';
    if (plan)
      svc.say(
        `upgrade steps hubc deploy would carry out: ${
          plan.plan.steps
            .filter((st) => st.performer === 'hubc deploy' && st.kind !== 'deploy')
            .map((st) => st.n)
            .join(', ') || 'none'
        } (nothing was changed)`,
      );
    return { report };
  }
  const notDeployed = run.manualStepsLeft(plan) ?? (await run.confirm());
  if (notDeployed) return fail(notDeployed);
  const dataFactory = plan ? createDataFactoryClient(svc.connection) : undefined;
  const phase = async (name: 'before' | 'after'): Promise<DeployFailure | undefined> => (plan && dataFactory ? run.upgradePhase(plan, dataFactory, name) : undefined);
  const failure = (await phase('before')) ?? (await run.deploy()) ?? (await phase('after'));
  return failure ? fail(failure) : { report };
}

/** One run's template, client and parameters, shared by its steps (the methods, called in {@link deploySteps}' order). */
class DeployRun {
  /** The build to deploy (src/build), and its template as the deployment sends it. */
  private readonly build: Build;
  private readonly template: Record<string, unknown> & { parameters?: Record<string, TemplateParameter> };
  /** The template's parameters. */
  private readonly declared: Record<string, TemplateParameter>;
  private readonly client: ResourceManagementClient;
  private readonly pollOptions: { updateIntervalInMs: number };
  private readonly rgFile: string;
  private readonly depFile: string;
  private readonly report: DeployReport;
  /** The parameter values to deploy with. */
  private supplied: Record<string, ParameterEntry> = {};
  private readonly checks: Diagnostic[] = [];
  /** `--upgrade`: the parameters file as read, checked once the plan has renamed what the installed release called otherwise. */
  private rawParameters: { file: string; doc: unknown } | undefined;
  upgrade: PreparedUpgrade | undefined;

  constructor(
    private readonly req: DeployRequest,
    private readonly svc: DeployServices,
    private readonly state: RunState,
  ) {
    this.build = fromCompile(req.compiled);
    this.template = (this.build.template.json ?? {}) as DeployRun['template'];
    this.declared = this.template.parameters ?? {};
    this.client = createResourceClient(svc.connection);
    this.pollOptions = { updateIntervalInMs: svc.timing.pollIntervalMs };
    this.rgFile = `resource group ${req.resourceGroup}`;
    this.depFile = `deployment ${req.deploymentName}`;
    this.report = state.report;
  }

  /** The deployment ARM validates, previews and runs. */
  private get deployment(): Deployment {
    return { properties: { template: this.template, parameters: this.supplied as Deployment['properties']['parameters'], mode: 'Incremental' } };
  }

  /** Step 1: reads and checks the `--parameters` file (before any call to Azure). */
  readParameters(): DeployFailure | undefined {
    const { req } = this;
    if (req.parametersFile && req.upgrade) {
      const raw = readRawParameters(req.parametersFile);
      if (raw.diagnostic) return { kind: raw.unreadable ? 'environment' : 'diagnostics', diagnostics: [raw.diagnostic] };
      this.rawParameters = { file: req.parametersFile, doc: raw.doc };
    } else if (req.parametersFile) {
      const read = readParametersFile(req.parametersFile, this.declared);
      if (read.unreadable) return { kind: 'environment', diagnostics: read.diagnostics };
      this.checks.push(...read.diagnostics);
      this.supplied = read.parameters;
    }
    if (!req.upgrade && !hasErrors(this.checks)) this.checks.push(...missingSecrets(this.declared, this.supplied, req.parametersFile));
    return hasErrors(this.checks) ? { kind: 'diagnostics', diagnostics: this.checks } : undefined;
  }

  /** Step 2: creates the resource group when it is missing (`--location` needed then). */
  async ensureResourceGroup(): Promise<DeployFailure | undefined> {
    const { req } = this;
    const { say } = this.svc;
    this.state.step = `checking resource group ${req.resourceGroup}`;
    try {
      const exists = (await this.client.resourceGroups.checkExistence(req.resourceGroup)).body;
      if (!exists) {
        if (!req.location) {
          return { kind: 'environment', diagnostics: [{ ...codes.HUB432.raise({ resourceGroup: req.resourceGroup }), file: this.rgFile }] };
        }
        await this.client.resourceGroups.createOrUpdate(req.resourceGroup, { location: req.location });
        say(`created resource group ${req.resourceGroup} in ${req.location}`);
      } else say(`resource group ${req.resourceGroup} exists`);
      this.report.resourceGroupCreated = !exists;
    } catch (e) {
      return callFailed(this.state, e, undefined, `checking or creating resource group ${req.resourceGroup}`, this.rgFile);
    }
    return undefined;
  }

  /** `--upgrade`: plans the upgrade from the installed release, then checks the parameters the plan may have renamed. */
  async planUpgrade(): Promise<DeployFailure | undefined> {
    const { req, svc } = this;
    if (!req.upgrade) return undefined;
    if (this.report.resourceGroupCreated) svc.say('the resource group is new: nothing to upgrade');
    else {
      this.state.step = `reading the hub installed in ${req.resourceGroup}`;
      try {
        this.upgrade = await prepareUpgrade(req.compiled, req.upgrade, this.client, svc.connection.subscriptionId, req.resourceGroup, this.rawParameters, svc.say);
      } catch (e) {
        return callFailed(this.state, e, undefined, `reading the hub installed in ${req.resourceGroup}`, this.rgFile);
      }
      this.report.upgrade = this.upgrade.report;
      if (this.upgrade.kind === 'failed') return { kind: this.upgrade.environment ? 'environment' : 'diagnostics', diagnostics: this.upgrade.diagnostics };
    }
    const rewritten = this.upgrade?.kind === 'plan' ? this.upgrade.plan.parameters?.rewritten : undefined;
    if (this.rawParameters) {
      const read = parseParametersText(toJsonText(rewritten ?? this.rawParameters.doc), this.rawParameters.file, this.declared);
      this.checks.push(...read.diagnostics);
      this.supplied = read.parameters;
    }
    if (!hasErrors(this.checks)) this.checks.push(...missingSecrets(this.declared, this.supplied, req.parametersFile));
    return hasErrors(this.checks) ? { kind: 'diagnostics', diagnostics: this.checks } : undefined;
  }

  /**
   * Step 3: registers the resource providers the template needs (`providers.ts`), or stops with the `az`
   * commands that do it when the identity may not.
   */
  async registerProviders(): Promise<DeployFailure | undefined> {
    const { connection, timing, say } = this.svc;
    const values = Object.fromEntries(Object.entries(this.supplied).flatMap(([k, e]) => ('value' in e ? [[k, e.value]] : [])));
    const required = requiredProviders(this.build.template, values);
    let statuses;
    this.state.step = 'registering the resource providers';
    try {
      statuses = await ensureProviders(this.client, required, { pollIntervalMs: timing.pollIntervalMs, timeoutMs: timing.registrationTimeoutMs }, say);
    } catch (e) {
      return callFailed(this.state, e, undefined, 'listing the resource providers', `subscription ${connection.subscriptionId}`);
    }
    const reasons = new Map(required.map((r) => [r.namespace, r.reasons]));
    this.report.providers = statuses.map((s) => ({ namespace: s.namespace, before: s.before, action: s.action, after: s.after, reasons: reasons.get(s.namespace) ?? [] }));
    for (const s of statuses) if (s.action === 'registered' || s.action === 'waited') say(`resource provider ${s.namespace} is Registered`);
    const forbidden = statuses.filter((s) => s.action === 'forbidden');
    const failed = statuses.filter((s) => s.action === 'failed');
    if (forbidden.length || failed.length) {
      const diagnostics: Diagnostic[] = [];
      const file = `subscription ${connection.subscriptionId}`;
      if (forbidden.length) {
        const names = forbidden.map((s) => s.namespace);
        diagnostics.push({ ...codes.HUB430.raise({ namespaces: names, commands: names.map((n) => registerCommand(n, connection.subscriptionId)) }), file });
      }
      for (const s of failed) {
        diagnostics.push({ ...codes.HUB431.raise({ namespace: s.namespace, detail: s.failure?.error.message ?? s.after, subscription: connection.subscriptionId }), file });
      }
      return { kind: 'environment', diagnostics, ...(forbidden[0]?.failure ? { arm: forbidden[0].failure.error } : {}) };
    }
    say(`resource providers registered: ${statuses.map((s) => s.namespace).join(', ')}`);
    return undefined;
  }

  /** Step 4a: validates the deployment (ARM's preflight). */
  async validate(): Promise<DeployFailure | undefined> {
    this.state.step = 'validating the deployment';
    try {
      const validated = await this.client.deployments.beginValidateAndWait(this.req.resourceGroup, this.req.deploymentName, this.deployment, this.pollOptions);
      const error = armErrorFromBody(validated.error);
      if (error) return { kind: 'diagnostics', arm: error, diagnostics: [{ ...codes.HUB433.refused({}), file: this.depFile }] };
    } catch (e) {
      return callFailed(this.state, e, codes.HUB433.refused, 'validating the deployment', this.depFile);
    }
    this.svc.say('validation passed');
    return undefined;
  }

  /** Step 4b: shows the what-if result (`whatIf.ts`). */
  async whatIf(): Promise<DeployFailure | undefined> {
    let rawWhatIf: string | undefined;
    this.state.step = 'waiting for the what-if result';
    try {
      await this.client.deployments.beginWhatIfAndWait(this.req.resourceGroup, this.req.deploymentName, this.deployment, {
        ...this.pollOptions,
        onResponse: (raw) => {
          if (raw.status === 200 && raw.bodyAsText) rawWhatIf = raw.bodyAsText;
        },
      });
    } catch (e) {
      return callFailed(this.state, e, codes.HUB435.refused, 'the what-if operation', this.depFile);
    }
    const whatIf = summarizeWhatIf(rawWhatIf ? JSON.parse(rawWhatIf) : {});
    this.report.whatIf = whatIf;
    if (whatIf.error || /^failed$/i.test(whatIf.status)) {
      return { kind: 'diagnostics', ...(whatIf.error ? { arm: whatIf.error } : {}), diagnostics: [{ ...codes.HUB435.failed(), file: this.depFile }] };
    }
    for (const line of formatWhatIf(whatIf)) this.svc.say(line);
    return undefined;
  }

  /** `--upgrade`: the manual steps of the plan that must be done before the deployment (HUB497), if any. */
  manualStepsLeft(plan: PlannedUpgrade | undefined): DeployFailure | undefined {
    const manual = plan ? plan.plan.steps.filter((st) => st.kind === 'manual' && (st.phase === 'prepare' || st.phase === 'before')) : [];
    if (!manual.length) return undefined;
    return {
      kind: 'diagnostics',
      diagnostics: [{ ...codes.HUB497.raise({ steps: manual.map((st) => st.n), action: manual[0].action }), file: this.depFile }],
    };
  }

  /** Step 5: without `--yes`, asks for confirmation on a terminal, refuses without one. */
  async confirm(): Promise<DeployFailure | undefined> {
    if (this.req.yes) return undefined;
    if (!this.svc.confirm) {
      this.report.status = 'refused';
      return { kind: 'environment', diagnostics: [{ ...codes.HUB436.raise(), file: this.depFile }] };
    }
    // The time the user takes to answer does not count against --timeout.
    this.state.deadline.pause();
    const yes = await this.svc.confirm(`Deploy these changes to resource group ${this.req.resourceGroup}? [y/N] `).finally(() => this.state.deadline.resume());
    if (!yes) {
      this.report.status = 'cancelled';
      return { kind: 'diagnostics', diagnostics: [{ ...codes.HUB437.raise(), file: this.depFile }] };
    }
    return undefined;
  }

  /** `--upgrade`: carries out the plan's `hubc deploy` steps of one phase (`upgradeSteps.ts`). */
  async upgradePhase(plan: PlannedUpgrade, dataFactory: DataFactoryManagementClient, name: 'before' | 'after'): Promise<DeployFailure | undefined> {
    const { say, timing } = this.svc;
    this.state.step = `carrying out the upgrade steps ${name} the deployment`;
    say(`upgrade steps ${name} the deployment:`);
    const r = await runUpgradePhase(plan.plan, name, plan.target, { resources: this.client, dataFactory }, say, timing.pollIntervalMs);
    this.report.upgrade!.outcomes = [...(this.report.upgrade!.outcomes ?? []), ...r.outcomes];
    if (r.error === undefined) return undefined;
    const f = armFailureOf(r.error);
    const step = r.outcomes[r.outcomes.length - 1];
    return {
      kind: f.kind === 'arm' ? 'diagnostics' : 'environment',
      ...(f.kind === 'arm' || f.kind === 'forbidden' ? { arm: f.error } : {}),
      diagnostics: [{ ...codes.HUB498[name]({ step: step.n, detail: step.detail }), file: this.depFile }],
    };
  }

  /**
   * Step 6: deploys, printing one line per resource operation as ARM reports it (`progress.ts`), then the
   * template outputs.
   * @throws UnreadableStateError when the operation ended but the deployment's state is not final
   */
  async deploy(): Promise<DeployFailure | undefined> {
    const { req, client, report, depFile } = this;
    const { say, timing } = this.svc;
    const tracker = new OperationTracker();
    let result;
    this.state.step = 'waiting for the deployment to end';
    this.state.started = true;
    try {
      const poller = await client.deployments.beginCreateOrUpdate(req.resourceGroup, req.deploymentName, this.deployment, this.pollOptions);
      const pages = () => boundedPages(client.deploymentOperations.list(req.resourceGroup, req.deploymentName).byPage(), getContinuationToken, 'the deployment operations');
      result = await followOperations(
        poller.pollUntilDone(),
        pages,
        tracker,
        (r) => say(formatOperation(r)),
        timing.pollIntervalMs,
        (m) => say(`  note: ${m}; progress lines may be missing, the deployment's outcome is not affected`),
      );
    } catch (e) {
      report.operations = tracker.all();
      let arm: ArmError | undefined;
      try {
        arm = armErrorFromBody((await client.deployments.get(req.resourceGroup, req.deploymentName)).properties?.error);
      } catch {
        arm = undefined;
      }
      if (!arm) return callFailed(this.state, e, codes.HUB434.refused, 'the deployment', depFile);
      return { kind: 'diagnostics', arm, diagnostics: [{ ...codes.HUB434.failed(), file: depFile }] };
    }
    report.operations = tracker.all();
    report.provisioningState = result.properties?.provisioningState;
    const ended = report.provisioningState;
    if (ended === undefined || !isFinalState(ended)) {
      // The operation said it ended, the deployment says otherwise: its state is not known, not final.
      throw new UnreadableStateError(
        depFile,
        ended === undefined ? 'the deployment has no provisioningState' : `the deployment is still '${oneLine(ended, 100)}' after its operation ended`,
      );
    }
    if (report.provisioningState !== 'Succeeded') {
      const arm = armErrorFromBody(result.properties?.error);
      return { kind: 'diagnostics', ...(arm ? { arm } : {}), diagnostics: [{ ...codes.HUB434.ended({ state: report.provisioningState ?? 'unknown' }), file: depFile }] };
    }
    const outputs = (result.properties?.outputs ?? {}) as Record<string, { value?: unknown }>;
    report.outputs = Object.fromEntries(Object.entries(outputs).map(([k, o]) => [k, o?.value]));
    report.status = 'deployed';
    say('deployment succeeded; outputs:');
    for (const [k, v] of Object.entries(report.outputs)) say(`  ${k}: ${JSON.stringify(v)}`);
    return undefined;
  }
}
