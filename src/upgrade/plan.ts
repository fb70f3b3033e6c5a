/**
 * `planUpgrade(a, b)`: the ordered steps that take a hub deployed from build A to build B, made from the
 * semantic comparison of `hubc diff` (`diffBuilds`) and its upgrade notes. Pure: works on the in-memory
 * artifacts only; `hubc deploy --upgrade` passes the deployment context so that resource IDs are concrete.
 *
 * Warnings come first (./warnings.ts: a change of network exposure, data a step cannot keep). Order of the
 * steps: `prepare` (the saved parameter file), `before` (stop every trigger of A, delete the triggers B
 * lacks, delete the resources in B's way, referrers first), `deploy` (B, with its settings and
 * start-triggers scripts), `after` (delete the pipelines, datasets and linked services B lacks, then the
 * resources B lacks, then move data into B's layout).
 */
import { releaseIndex } from '../model/releaseNames.js';
import type { ArmEvalContext, ArmValue } from '../expressions/arm/evaluate.js';
import { compareUpgrade, parameterNotes, sideOf, type DiffResult, type UpgradeNote } from '../diff/index.js';
import type { LoadedBuild } from '../load/index.js';
import { dataFactorySteps, type DataFactoryStep } from './dataFactory.js';
import { migrateParameterFile, parameterChanges, parameterFileFit, parameterValues, requiredParameters } from './parameters.js';
import { accessSteps, grantSteps, outputSteps, resourceSteps, type ResourceStep } from './resources.js';
import { newHubSteps } from './newHub.js';
import { managedExportSteps } from './managedExports.js';
import { fabricSteps } from './fabric.js';
import { storageSteps } from './storage.js';
import { releaseChangeSteps, releaseChangeWarnings, withManagedExportsReason } from './releaseChanges.js';
import { UPGRADE_PHASES, type UpgradePlan, type UpgradeStep, type UpgradeWarning } from './types.js';
import { dataLossWarnings, networkExposureWarnings } from './warnings.js';
import { UpgradePlanError } from './errors.js';
import { codes } from '../diagnostics/index.js';
import { readableArm } from '../expressions/arm/readable.js';

export { UpgradePlanError };

/** What a deployment knows about where the hub is. */
export interface DeploymentContext {
  subscriptionId: string;
  resourceGroup: { name: string; id: string; location: string };
}

/** Options of {@link planUpgrade}. */
export interface PlanOptions {
  /** A saved parameter file of A: its path and parsed content, and `out`, the file it is to be rewritten into (`--out`). */
  parameters?: { file: string; doc: unknown; out?: string };
  /** Set by `hubc deploy --upgrade`: resource IDs become concrete. */
  context?: DeploymentContext;
  /** Remarks to carry into the plan. */
  notes?: string[];
}

type Draft = Omit<UpgradeStep, 'n'>;

/** Index of a release in the release table, or -1 when unknown. */
const order = (v?: string) => releaseIndex(v);

/**
 * Plans the upgrade from A to B.
 * @throws UpgradePlanError HUB490 when both are releases and B is older than A; HUB491 when the parameter
 *   file has no `parameters` object; HUB480 when it is not a parameter file of A (see `parameterFileFit`)
 */
export function planUpgrade(a: LoadedBuild, b: LoadedBuild, options: PlanOptions = {}): UpgradePlan {
  if (order(a.release) >= 0 && order(b.release) >= 0 && order(b.release) < order(a.release)) {
    throw new UpgradePlanError(codes.HUB490.raise({ from: a.release!, to: b.release! }));
  }
  const ta = a.build.template;
  const tb = b.build.template;
  const notes = [...(options.notes ?? [])];
  // The saved parameter file is rewritten from the parameter notes (a function of the templates alone); the
  // comparison the other steps come from then folds each template with its file's values.
  const { drafts, migration } = parameterFileSteps(a, b, parameterNotes(ta, tb), options.parameters, notes);
  const deployment: ArmEvalContext = options.context ? { subscriptionId: options.context.subscriptionId, resourceGroup: options.context.resourceGroup } : {};
  const valuesA = parameterValues(options.parameters?.doc) as Record<string, ArmValue>;
  const valuesB = parameterValues(migration?.rewritten) as Record<string, ArmValue>;
  const c = compareUpgrade(a, b, { a: { ...deployment, parameters: valuesA }, b: { ...deployment, parameters: valuesB } });
  const { result: diff, leftovers: l } = c;
  if (l.renamed) {
    // A renamed hub is a new hub: no step of an in-place upgrade applies (see ./newHub.ts).
    drafts.push(...newHubSteps({ ...l, renamed: l.renamed }, diff));
    drafts.push(...storageSteps(a, b, diff).filter((s) => s.phase === 'after' && s.kind === 'migrateData'));
    return finish(a, b, drafts, notes, migration, []);
  }
  if (a.source === 'public' && l.left.some((r) => r.type.toLowerCase() === 'microsoft.storage/storageaccounts')) {
    notes.push(
      `${b.label} does not name the hub's resources as the public release ${a.release} does: it deploys a second storage account, factory and vault beside the public ones, and the exports keep writing to the public hub's storage. To take the public hub over in place, write naming: public in hub.yaml (docs/adopting.md).`,
    );
  }
  const df = withManagedExportsReason(dataFactorySteps(l, diff), c.release);
  const release = releaseChangeSteps(c.release);
  const { steps: res, notes: resourceNotes } = resourceSteps(l, diff);
  notes.push(...resourceNotes);
  for (const s of accessSteps(c)) drafts.push({ phase: 'prepare', kind: 'manual', performer: 'you', ...s });
  for (const n of diff.upgradeNotes.filter((x) => x.code === codes.HUB750.code)) {
    drafts.push({
      phase: 'before',
      kind: 'manual',
      performer: 'you',
      subject: n.subject,
      action: `Delete the role assignment ${n.subject} (az role assignment delete --ids ${n.subject}).`,
      why: `{B} creates it again as ${n.to}; two assignments of one role to one principal at one scope fail with RoleAssignmentExists.`,
      cites: [{ code: n.code, subject: n.subject }],
    });
  }
  drafts.push(...df.filter((s) => s.phase === 'before').map(dataFactoryDraft), ...res.filter((s) => s.phase === 'before').map(resourceDraft));
  drafts.push(...fabricSteps(c));
  const storage = storageSteps(a, b, diff, l.datasets);
  drafts.push(...deployPhase(a, b, diff, [...storage.filter((s) => s.phase === 'deploy'), ...release.filter((s) => s.phase === 'deploy')]));
  drafts.push(
    ...df.filter((s) => s.phase === 'after').map(dataFactoryDraft),
    ...res.filter((s) => s.phase === 'after').map(resourceDraft),
    ...storage.filter((s) => s.phase === 'after'),
    ...release.filter((s) => s.phase === 'after'),
  );
  drafts.push(...outputSteps(c).map((s): Draft => ({ phase: 'after', kind: 'manual', performer: 'you', ...s })));
  drafts.push(...grantSteps(c, options.context?.resourceGroup.name).map((s): Draft => ({ phase: 'after', kind: 'manual', performer: 'you', ...s })));
  drafts.push(...managedExportSteps(c, options.context?.resourceGroup.name).map((s): Draft => ({ phase: 'after', kind: 'manual', performer: 'you', ...s })));
  return finish(a, b, drafts, notes, migration, [...releaseChangeWarnings(c.release, diff.upgradeNotes), ...dataLossWarnings(l), ...networkExposureWarnings(l)]);
}

/**
 * The `prepare` steps: rename or remove the parameters B renamed or dropped (in the saved parameter file,
 * when one is given: only those it sets), and set B's new parameters without a default. With a file, also
 * its migration, and a note in `notes` when it is a parameter file of B already.
 */
function parameterFileSteps(
  a: LoadedBuild,
  b: LoadedBuild,
  parameterNotes: readonly UpgradeNote[],
  parameters: PlanOptions['parameters'],
  notes: string[],
): { drafts: Draft[]; migration: UpgradePlan['parameters'] } {
  const drafts: Draft[] = [];
  const ta = a.build.template;
  const tb = b.build.template;
  const changes = parameterChanges(a, b, parameterNotes);
  let migration: UpgradePlan['parameters'];
  if (parameters) {
    const { file, doc, out } = parameters;
    const fits = parameterFileFit(file, doc, ta, tb, { from: a.label, to: b.label }, out);
    migration = migrateParameterFile(file, doc as Parameters<typeof migrateParameterFile>[1], changes, tb, fits);
    if (fits === 'to')
      notes.push(`${file} is already a parameter file of ${b.label} (it sets parameters ${a.label} does not declare): it is used as it is, nothing in it is renamed or dropped.`);
  }
  const inFile = (name: string) =>
    !migration || migration.renamed.some((r) => r.from.toLowerCase() === name.toLowerCase()) || migration.dropped.some((d) => d.toLowerCase() === name.toLowerCase());
  for (const c of changes.filter((c) => inFile(c.from))) {
    const caseOnly = c.to !== undefined && c.to.toLowerCase() === c.from.toLowerCase();
    drafts.push({
      phase: 'prepare',
      kind: 'rewriteParameter',
      performer: 'you',
      subject: c.from,
      action: c.to ? `In the saved parameter file, rename ${c.from} to ${c.to}.` : `Remove ${c.from} from the saved parameter file.`,
      why: c.to
        ? `{B} names the parameter ${c.to}${c.likely ? ' (a likely rename: same type and default or description)' : ''}.${caseOnly ? " Parameter names match without regard to case (hubc deploy matches them so), so the old spelling is accepted; the file is rewritten in {B}'s spelling." : ' ARM rejects a parameter file that sets a parameter the template does not declare.'}`
        : `{B} has no parameter ${c.from}, and ARM rejects a parameter file that sets a parameter the template does not declare.`,
      cites: c.cites,
    });
  }
  const missing = migration ? migration.missing : requiredParameters(tb).filter((n) => !ta.parameters.some((p) => p.name === n));
  for (const n of missing) {
    const note = parameterNotes.find((x) => x.code === codes.HUB406.code && x.subject === n);
    drafts.push({
      phase: 'prepare',
      kind: 'manual',
      performer: 'you',
      subject: n,
      action: `Set ${n} in the parameter file.`,
      why: `{B}'s parameter ${n} has no default value.`,
      cites: [note ? { code: note.code, subject: n } : { change: `template/parameters/${n}: added` }],
    });
  }
  return { drafts, migration };
}

const DATA_FACTORY_WORD = { triggers: 'trigger', pipelines: 'pipeline', datasets: 'dataset', linkedServices: 'linked service' } as const;

/** The step that stops or deletes a Data Factory object, which `hubc deploy` carries out. */
function dataFactoryDraft(s: DataFactoryStep): Draft {
  return {
    phase: s.phase,
    kind: s.kind,
    performer: 'hubc deploy',
    subject: s.target.name,
    action: `${s.kind === 'stopTrigger' ? 'Stop' : 'Delete'} ${DATA_FACTORY_WORD[s.target.kind]} ${s.target.name}${s.target.condition ? ' (if deployed)' : ''}.`,
    why: s.why,
    cites: s.cites,
    dataFactory: s.target,
  };
}

/** The step that deletes a resource: `hubc deploy`'s, or yours with a command or after moving its data. Its words name the resource for people (placeholders for what only a deployment knows); its target keeps the template's name. */
function resourceDraft(s: ResourceStep): Draft {
  const what = `${s.target.type} ${readableArm(s.target.name)}`;
  return {
    phase: s.phase,
    kind: s.kind,
    performer: s.kind === 'manual' ? 'you' : 'hubc deploy',
    subject: `${s.target.type} ${s.target.name}`,
    action: s.command
      ? `Delete ${what} yourself: ${s.command}`
      : s.kind === 'manual'
        ? `Move its data elsewhere if it is still needed, then delete ${what} yourself.`
        : `Delete ${what}${s.target.condition ? ' (if deployed)' : ''}.`,
    why: s.why,
    cites: s.cites,
    resource: s.target,
  };
}

/** The `deploy` steps: B itself, what its deployment does besides (`during`: the settings rewrite, database scripts), and starting its triggers (by its start-triggers script, or by you). */
function deployPhase(a: LoadedBuild, b: LoadedBuild, diff: DiffResult, during: Draft[]): Draft[] {
  const drafts: Draft[] = [];
  drafts.push({
    phase: 'deploy',
    kind: 'deploy',
    performer: 'hubc deploy',
    subject: 'azuredeploy.json',
    action: `Deploy ${b.label} in incremental mode (hubc deploy, or the portal with the rewritten parameter file).`,
    why: `This is the upgrade: ${diff.files.changed.length + diff.files.added.length} files of the build differ from ${a.label}.`,
    cites: [{ change: `files: ${diff.files.added.length} added, ${diff.files.removed.length} removed, ${diff.files.changed.length} changed` }],
  });
  drafts.push(...during);
  const start = b.build.template.resources.find((r) => typeof r.json.name === 'string' && r.json.name.endsWith("_startTriggers')]"));
  if (start) {
    drafts.push({
      phase: 'deploy',
      kind: 'startTriggers',
      performer: 'template',
      subject: 'triggers',
      action: "{B}'s start-triggers deployment script starts {B}'s triggers once its objects are deployed.",
      why: 'The triggers were stopped before the deployment.',
      cites: [{ change: `template/resources/${start.type} ${start.name}: in ${b.label}` }],
    });
  } else {
    drafts.push({
      phase: 'deploy',
      kind: 'manual',
      performer: 'you',
      subject: 'triggers',
      action: "Start {B}'s triggers after the deployment.",
      why: 'The triggers were stopped before the deployment, and {B} has no start-triggers script.',
      cites: [{ change: 'dataFactory/triggers: stopped before the deployment' }],
    });
  }
  return drafts;
}

/** The plan from its drafts: `{A}`/`{B}` replaced by the labels, ordered by phase, numbered. */
function finish(a: LoadedBuild, b: LoadedBuild, drafts: Draft[], notes: string[], migration: UpgradePlan['parameters'], warnings: UpgradeWarning[]): UpgradePlan {
  const named = (t: string) => t.replaceAll('{A}', a.label).replaceAll('{B}', b.label);
  const steps = drafts
    .map((d) => ({ ...d, action: named(d.action), why: named(d.why), ...(d.details ? { details: d.details.map(named) } : {}) }))
    .map((d, i) => ({ d, i }))
    .sort((x, y) => UPGRADE_PHASES.indexOf(x.d.phase) - UPGRADE_PHASES.indexOf(y.d.phase) || x.i - y.i)
    .map(({ d }, i): UpgradeStep => ({ n: i + 1, ...d }));
  const plan: UpgradePlan = { from: sideOf(a), to: sideOf(b), warnings: warnings.map((w) => ({ ...w, message: named(w.message) })), steps, notes };
  if (migration) plan.parameters = migration;
  return plan;
}
