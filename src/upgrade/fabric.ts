/**
 * The steps of a Microsoft Fabric eventhouse across an upgrade (0.10+): the template deploys nothing in
 * Fabric, so the owner runs the new build's setup scripts that are new or changed (`fabric/IngestionSetup.kql`
 * in the Ingestion database, then `fabric/HubSetup.kql` in the Hub database, each one
 * `.execute database script` that stops at the first failing command), before the deployment so that B's
 * pipelines find B's tables and functions; and for a hub new to Fabric, lets the Data Factory identity into the
 * Ingestion database (`fabric/DataFactoryAccess.kql`) after it. Each step cites the HUB620 note of `hubc diff`
 * (src/diff/fabric.ts says when there is one).
 */
import { fabricScriptDatabase, type UpgradeComparison } from '../diff/index.js';
import type { LoadedBuild } from '../load/index.js';
import { codes } from '../diagnostics/index.js';
import { FABRIC_FILES } from '../modules/fabric/index.js';
import type { UpgradeStep } from './types.js';

type Draft = Omit<UpgradeStep, 'n'>;

/** The eventhouse steps of an upgrade, empty when B's hub uses none or its scripts did not change. */
export function fabricSteps(c: UpgradeComparison): Draft[] {
  const f = c.fabric;
  if (!f) return [];
  const cites = [{ code: codes.HUB620.code, subject: 'fabric' }];
  const when = f.inUse === 'unknown' ? 'If the hub uses a Fabric eventhouse (fabricQueryUri set), run' : 'Run';
  const steps: Draft[] = f.scripts.map((file) => ({
    phase: 'before',
    kind: 'manual',
    performer: 'you',
    subject: file,
    action: `${when} ${file} of {B} in the ${database(c.b, file)} database of the eventhouse (paste it whole into a KQL queryset, select all, Run)${file === FABRIC_FILES.retype ? ', once, before the setup script' : ''}.`,
    why:
      file === FABRIC_FILES.retype
        ? "{B} changes the type of columns {A} created (decimal to real), which the setup script cannot do: this drops those tables' column values once (the final tables keep every row) and declares them again. It stops at the first command that fails."
        : `{B}'s tables and functions of that database are in it, and the deployment does not set up the eventhouse; {B}'s pipelines read them after the deployment. It stops at the first command that fails.`,
    cites,
  }));
  if (f.access) {
    steps.push({
      phase: 'after',
      kind: 'manual',
      performer: 'you',
      subject: f.access,
      action: `${when} ${f.access} of {B} in the eventhouse, filled in with the Data Factory identity (fabric/README.md step 4), then run the pipeline config_InitializeHub.`,
      why: "The hub did not use the eventhouse before: its Data Factory identity has no role in the eventhouse's databases.",
      cites,
    });
  }
  return steps;
}

/** The database a script of B is for. */
function database(b: LoadedBuild, file: string): string {
  return fabricScriptDatabase(b, file) ?? (file.includes('Hub') ? 'Hub' : 'Ingestion');
}
