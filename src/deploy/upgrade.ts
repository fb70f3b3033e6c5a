/**
 * `hubc deploy --upgrade`: before the deployment, read the installed release from the resource group
 * (`src/azure/installed.ts`), build it from the same hub file, plan the upgrade (`src/upgrade/plan.ts`)
 * with the resource group known (so resource IDs are concrete) and print the plan; around the deployment,
 * carry out the plan's `hubc deploy` steps (`src/deploy/upgradeSteps.ts`).
 *
 * REST: "Resource Groups - Get" (location and ID of the group), "Resources - List By Resource Group", and
 * for the settings.json fallback the Data Lake "Get Blob"/"Path - Read" of `config/settings.json`.
 */
import { INPUT_LIMITS, InputFileError, readInputFile } from '../util/inputFiles.js';
import type { ResourceManagementClient } from '@azure/arm-resources';
import type { CompileResult } from '../compiler/index.js';
import { formatDiagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';
import { LoadError, type LoadedBuild } from '../load/index.js';
import { readInstalledHub, type DataLakeConnection, type InstalledHub } from '../azure/index.js';
import { formatPlanText, loadUpgradeSide, parameterValues, planUpgrade, UpgradePlanError, type DeploymentContext, type UpgradePlan } from '../upgrade/index.js';
import type { UpgradeTarget } from './upgradeSteps.js';
import { codes } from '../diagnostics/index.js';
import { isObject, parseJsonInput } from '../util/json.js';
import { getRelease, publicParameterName, type Release } from '../model/releases.js';
import { publicValuesFromHubTemplate, PublicTemplateError, PUBLIC_PREFIX, resolvePublicRelease } from '../public/index.js';
import { fromCompile, fromPublicTemplate, type Build, type TemplateView } from '../build/index.js';

/** True when every parameter a file sets is one the public release of `release` declares. */
function parameterFileFitsPublic(release: Release, doc: unknown): boolean {
  if (!isObject(doc) || !isObject(doc.parameters)) return false;
  const declared = new Set(release.parameters.map((k) => publicParameterName(release, k)?.toLowerCase()));
  const extra = Object.keys(release.publicRelease.extraParameters ?? {}).map((n) => n.toLowerCase());
  return Object.keys(doc.parameters).every((n) => declared.has(n.toLowerCase()) || extra.includes(n.toLowerCase()));
}

/** What `--upgrade` needs besides the deployment request. */
export interface UpgradeRequest {
  /** The hub file, built again for the installed release. */
  hubFile: string;
  /** `--from`: the installed release, instead of reading it from the resource group. */
  from?: string;
  /** The Data Lake connection of a storage account (settings.json fallback). */
  dataLake: (account: string) => DataLakeConnection;
  /** Folder of public templates (`--public-templates`): a hub the public templates deployed is planned from its own template. */
  publicTemplates?: string;
}

/** The record of an upgrade in the deployment report. */
export interface UpgradeReport {
  /** The installed release. */
  from?: string;
  /** How it was told: `option` (`--from`), `tag`, `settings`, or `none` (no hub in the group: a new hub). */
  detectedBy: 'option' | InstalledHub['source'];
  /** `ftk-version` tags of the hub's resources. */
  tags?: string[];
  /** True when the public templates deployed the installed hub. */
  publicInstall?: boolean;
  plan?: UpgradePlan;
  outcomes?: { n: number; status: string; detail: string }[];
}

/** The outcome of {@link prepareUpgrade}. */
export type PreparedUpgrade =
  | { kind: 'plan'; plan: UpgradePlan; target: UpgradeTarget; report: UpgradeReport; warnings: Diagnostic[] }
  | { kind: 'none'; report: UpgradeReport; warnings: Diagnostic[] }
  | { kind: 'failed'; report: UpgradeReport; diagnostics: Diagnostic[]; environment: boolean };

/** A template variable folded with the deployment's values. */
function variable(template: TemplateView, name: string, hubName: unknown, ctx: DeploymentContext): string {
  const parameters = hubName === undefined ? {} : { hubName };
  return String(template.evaluate({ parameters, context: { subscriptionId: ctx.subscriptionId, resourceGroup: ctx.resourceGroup } }).variable(name));
}

/** The `hubName` value of a parameter file, if it sets one. */
function hubNameOf(doc: unknown): unknown {
  if (!isObject(doc) || !isObject(doc.parameters)) return undefined;
  const entry = Object.entries(doc.parameters).find(([k]) => k.toLowerCase() === 'hubname')?.[1];
  return isObject(entry) ? entry.value : undefined;
}

/** What the steps of {@link prepareUpgrade} share. */
interface UpgradeRun {
  compiled: CompileResult;
  req: UpgradeRequest;
  parameters: { file: string; doc: unknown } | undefined;
  say: (line: string) => void;
  context: DeploymentContext;
  /** The build to deploy. */
  to: Build;
  /** The parameters file's `hubName`, and the hub's name (that, else the template's default). */
  hubName: unknown;
  name: unknown;
  /** The resource group, as the `file` of diagnostics. */
  file: string;
  report: UpgradeReport;
  warnings: Diagnostic[];
}

/**
 * Reads the installed hub, plans the upgrade and prints the plan.
 * @param parameters the `--parameters` file as parsed JSON (checked against the target only after its migration)
 * @throws the SDK's errors of the two ARM reads (the caller maps them)
 */
export async function prepareUpgrade(
  compiled: CompileResult,
  req: UpgradeRequest,
  client: ResourceManagementClient,
  subscriptionId: string,
  resourceGroup: string,
  parameters: { file: string; doc: unknown } | undefined,
  say: (line: string) => void,
): Promise<PreparedUpgrade> {
  const group = await client.resourceGroups.get(resourceGroup);
  const context: DeploymentContext = { subscriptionId, resourceGroup: { name: resourceGroup, id: String(group.id), location: String(group.location) } };
  const to = fromCompile(compiled);
  const hubName = hubNameOf(parameters?.doc);
  const name = hubName ?? to.template.parameter('hubName')?.defaultValue;
  const run: UpgradeRun = { compiled, req, parameters, say, context, to, hubName, name, file: `resource group ${resourceGroup}`, report: { detectedBy: 'option' }, warnings: [] };
  let from = req.from;
  if (from) say(`installed hub release: ${from} (--from)`);
  else {
    const installed = await detectInstalledRelease(run, client);
    if (typeof installed !== 'string') return installed;
    from = installed;
  }
  run.report.from = from;
  const fromInput = installedInput(run, from);
  return 'kind' in fromInput ? fromInput : planFrom(run, fromInput);
}

/**
 * The installed release, read from the resource group (`src/azure/installed.ts`), with the warnings of
 * more than one version tag and of other resource names printed; or the outcome when there is nothing to
 * upgrade (no hub in the group) or the release cannot be told.
 */
async function detectInstalledRelease(run: UpgradeRun, client: ResourceManagementClient): Promise<string | PreparedUpgrade> {
  const { report, warnings, context, name, file, say } = run;
  const resourceGroup = context.resourceGroup.name;
  const installed = await readInstalledHub(
    client,
    resourceGroup,
    context.resourceGroup.id,
    String(name),
    run.req.dataLake,
    variable(run.to.template, 'storageAccountName', run.hubName, context),
  );
  report.detectedBy = installed.source;
  report.tags = installed.tags;
  if (installed.source === 'none') {
    warnings.push({ ...codes.HUB499.raise({ resourceGroup, hub: String(name) }), file });
    say(formatDiagnostic(warnings[0]));
    return { kind: 'none', report, warnings };
  }
  if (!installed.release) {
    return {
      kind: 'failed',
      report,
      environment: true,
      diagnostics: [{ ...codes.HUB495.raise({ hub: String(name), resourceGroup, tags: installed.tags, settingsError: installed.settingsError }), file }],
    };
  }
  if (installed.tags.length > 1) {
    warnings.push({ ...codes.HUB496.raise({ hub: String(name), tags: installed.tags, release: installed.release }), file });
    say(formatDiagnostic(warnings[warnings.length - 1]));
  }
  say(
    `installed hub release: ${installed.release} (from the ${installed.source === 'tag' ? 'ftk-version tag of its resources' : 'version in config/settings.json'})${installed.publicInstall ? ', deployed from the public templates' : ''}`,
  );
  if (installed.publicInstall) report.publicInstall = true;
  const target = run.compiled.model?.release.naming.mode;
  if (installed.naming && target && installed.naming !== target) {
    say(
      `warning: the installed hub's resources carry the ${installed.naming === 'public' ? "public release's" : "specification's"} names, and ${run.req.hubFile} says naming: ${target}: the deployment creates a second storage account, factory and vault beside them${installed.naming === 'public' ? '; write naming: public to take the hub over in place (docs/adopting.md)' : ''}`,
    );
  }
  return installed.release;
}

/**
 * The installed hub's build, with the notes the plan carries: the public template it was deployed from
 * (with `--public-templates`), evaluated with the saved parameters (a public parameter file) or the hub
 * file's values; else the hub file built for the installed release. Or the failed outcome when neither can
 * be had.
 */
function installedInput(run: UpgradeRun, from: string): { input: LoadedBuild; notes: string[] } | PreparedUpgrade {
  const { req, report, parameters, file } = run;
  try {
    if (report.publicInstall && req.publicTemplates) {
      const pt = resolvePublicRelease(`${PUBLIC_PREFIX}${from}`, req.publicTemplates);
      const release = getRelease(pt.release);
      const values =
        parameters && parameterFileFitsPublic(release, parameters.doc)
          ? parameterValues(parameters.doc)
          : publicValuesFromHubTemplate(release, run.to.template.json ?? {}, run.compiled.model!.release);
      return { input: { label: `public:${from}`, source: 'public', release: pt.release, build: fromPublicTemplate(pt, values, run.context) }, notes: [] };
    }
    const side = loadUpgradeSide(from, req.hubFile);
    const notes = [...side.notes];
    if (report.publicInstall)
      notes.push(
        `The installed hub was deployed from the public templates; the plan compares ${req.hubFile} built for ${from} instead of the public template itself. Pass --public-templates DIR (a folder of finops-hub-<version>.json files) to plan from it.`,
      );
    return { input: side.input, notes };
  } catch (e) {
    if (e instanceof PublicTemplateError)
      return { kind: 'failed', report, environment: true, diagnostics: [{ code: e.code, severity: 'error', message: e.message, hint: e.hint, file }] };
    if (!(e instanceof LoadError)) throw e;
    return { kind: 'failed', report, environment: true, diagnostics: [...e.diagnostics, { code: e.code, severity: 'error', message: e.message, hint: e.hint, file: req.hubFile }] };
  }
}

/** Plans the upgrade from the installed build to the compiled one and prints the plan; the upgrade steps act on the installed factory. */
function planFrom(run: UpgradeRun, installed: { input: LoadedBuild; notes: string[] }): PreparedUpgrade {
  const { compiled, report, file, context } = run;
  const fromInput = installed.input;
  const toInput: LoadedBuild = { label: compiled.release!, source: 'release', release: compiled.release, build: run.to };
  let plan: UpgradePlan;
  try {
    plan = planUpgrade(fromInput, toInput, { parameters: run.parameters, context, notes: installed.notes });
  } catch (e) {
    if (!(e instanceof UpgradePlanError)) throw e;
    return { kind: 'failed', report, environment: false, diagnostics: [{ code: e.code, severity: 'error', message: e.message, hint: e.hint, file }] };
  }
  report.plan = plan;
  for (const line of formatPlanText(plan).trimEnd().split('\n')) run.say(line);
  const fromTemplate = fromInput.build.template;
  // A public template is evaluated already: its factory is a resource with its name.
  const factory =
    fromInput.source === 'public'
      ? String(fromTemplate.resources.find((r) => r.type.toLowerCase() === 'microsoft.datafactory/factories')?.json.name)
      : variable(fromTemplate, 'dataFactoryName', run.hubName, context);
  return { kind: 'plan', plan, target: { resourceGroup: context.resourceGroup.name, factory }, report, warnings: run.warnings };
}

/**
 * Reads a `--parameters` file as JSON for an upgrade (its names are checked after the plan renamed them).
 * @returns the parsed document, or the HUB420 diagnostic
 */
export function readRawParameters(file: string): { doc?: unknown; diagnostic?: Diagnostic; unreadable?: boolean } {
  try {
    return { doc: parseJsonInput(readInputFile(file, { maxBytes: INPUT_LIMITS.json })) };
  } catch (e) {
    if (e instanceof InputFileError) return { diagnostic: { ...codes.HUB420.unreadable({ file, detail: e.detail }), file }, unreadable: true };
    return { diagnostic: { ...codes.HUB420.unreadableJson({ file, detail: (e as Error).message }), file } };
  }
}
