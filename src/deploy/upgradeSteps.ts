/**
 * Carrying out the steps of an upgrade plan that `hubc deploy --upgrade` performs (performer
 * `hubc deploy`), phase by phase, through the Azure SDK:
 *
 * - Data Factory (`@azure/arm-datafactory` 12.0.0, api-version 2018-06-01): "Triggers - List By Factory"
 *   (`GET .../factories/{f}/triggers`, once, to know which triggers exist and run), "Triggers - Stop"
 *   (`POST .../triggers/{t}/stop`, only for a started trigger), "Triggers - Delete", "Pipelines - Delete",
 *   "Datasets - Delete", "Linked Services - Delete" (`DELETE .../{kind}/{name}`; 204 when already gone);
 * - other resources: "Resources - Delete By Id" (`DELETE {id}?api-version=<the template's>`), followed
 *   until done when ARM answers 202.
 *
 * The first failing call ends the phase (what was done stays done; running again skips it).
 */
import { getContinuationToken, type DataFactoryManagementClient } from '@azure/arm-datafactory';
import { boundedPages } from '../azure/index.js';
import type { ResourceManagementClient } from '@azure/arm-resources';
import type { UpgradePhase, UpgradePlan, UpgradeStep } from '../upgrade/index.js';

/** What became of a step. */
export interface StepOutcome {
  n: number;
  status: 'done' | 'skipped' | 'failed';
  /** What was called, or why nothing was. */
  detail: string;
}

/** Where the hub is. */
export interface UpgradeTarget {
  resourceGroup: string;
  /** The factory's name. */
  factory: string;
}

/** True for a step `hubc deploy --upgrade` carries out itself. */
export function performedByDeploy(s: UpgradeStep): boolean {
  return s.performer === 'hubc deploy' && (s.kind === 'stopTrigger' || s.kind === 'deleteDataFactoryObject' || s.kind === 'deleteResource');
}

/**
 * Runs the `hubc deploy` steps of one phase.
 * @returns the outcome of each step run (in order) and the error that ended the phase, if any
 */
export async function runUpgradePhase(
  plan: UpgradePlan,
  phase: UpgradePhase,
  target: UpgradeTarget,
  clients: { resources: ResourceManagementClient; dataFactory: DataFactoryManagementClient },
  say: (line: string) => void,
  pollIntervalMs: number,
): Promise<{ outcomes: StepOutcome[]; error?: unknown }> {
  const steps = plan.steps.filter((s) => s.phase === phase && performedByDeploy(s));
  const outcomes: StepOutcome[] = [];
  const { resourceGroup: rg, factory } = target;
  let triggers: Map<string, string | undefined> | undefined;
  const triggerStates = async () => {
    if (!triggers) {
      triggers = new Map();
      for await (const page of boundedPages(clients.dataFactory.triggers.listByFactory(rg, factory).byPage(), getContinuationToken, `the triggers of factory ${factory}`))
        for (const t of page) triggers.set(String(t.name), t.properties?.runtimeState);
    }
    return triggers;
  };
  const record = (s: UpgradeStep, status: StepOutcome['status'], detail: string) => {
    outcomes.push({ n: s.n, status, detail });
    say(`  ${s.n}. ${status}: ${detail}`);
  };
  for (const s of steps) {
    try {
      if (s.kind === 'stopTrigger') {
        const state = (await triggerStates()).get(s.subject);
        if (state === undefined && !(await triggerStates()).has(s.subject)) record(s, 'skipped', `trigger ${s.subject} is not in factory ${factory}`);
        else if (state !== 'Started') record(s, 'skipped', `trigger ${s.subject} is ${state ?? 'not started'}`);
        else {
          await clients.dataFactory.triggers.beginStopAndWait(rg, factory, s.subject, { updateIntervalInMs: pollIntervalMs });
          record(s, 'done', `stopped trigger ${s.subject}`);
        }
      } else if (s.kind === 'deleteDataFactoryObject') {
        const kind = s.dataFactory!.kind;
        if (kind === 'triggers') {
          if (!(await triggerStates()).has(s.subject)) {
            record(s, 'skipped', `trigger ${s.subject} is not in factory ${factory}`);
            continue;
          }
          await clients.dataFactory.triggers.delete(rg, factory, s.subject);
        } else if (kind === 'pipelines') await clients.dataFactory.pipelines.delete(rg, factory, s.subject);
        else if (kind === 'datasets') await clients.dataFactory.datasets.delete(rg, factory, s.subject);
        else await clients.dataFactory.linkedServices.delete(rg, factory, s.subject);
        record(s, 'done', `deleted ${kind.replace(/s$/, '').replace('linkedService', 'linked service')} ${s.subject} (if it was there)`);
      } else {
        const r = s.resource!;
        if (!r.id) throw new Error(`the ID of ${r.type} ${r.name} is not known`);
        await clients.resources.resources.beginDeleteByIdAndWait(r.id, r.apiVersion, { updateIntervalInMs: pollIntervalMs });
        record(s, 'done', `deleted ${r.id}`);
      }
    } catch (e) {
      record(s, 'failed', (e as Error).message);
      return { outcomes, error: e };
    }
  }
  return { outcomes };
}
