/**
 * Shapes of an upgrade plan (`hubc upgrade-plan FROM TO`): the ordered steps that take a hub deployed from
 * build A to build B, each with the reason and the change of `hubc diff` it comes from. `--format json`
 * prints an {@link UpgradePlan} as it is; its JSON Schema is `schemas/upgrade-plan.schema.json`.
 */
import type { DiffSide } from '../diff/index.js';

/**
 * When a step happens, in this order:
 * - `prepare`: offline, before anything touches Azure (the saved parameter file);
 * - `before`: in Azure, before the deployment (triggers, objects and resources in the way);
 * - `deploy`: what the deployment of B itself does (its deployment scripts);
 * - `after`: once B is deployed (leftovers of A, data in the old layout).
 */
export type UpgradePhase = 'prepare' | 'before' | 'deploy' | 'after';

/** Phases in order. */
export const UPGRADE_PHASES: readonly UpgradePhase[] = ['prepare', 'before', 'deploy', 'after'];

/** What a step does. */
export type UpgradeStepKind =
  /** Rename or drop a parameter of a saved parameter file. */
  | 'rewriteParameter'
  /** Stop a Data Factory trigger of A. */
  | 'stopTrigger'
  /** Delete a Data Factory trigger, pipeline, dataset or linked service of A. */
  | 'deleteDataFactoryObject'
  /** Delete an ARM resource of A (in the way of B, or not in B). */
  | 'deleteResource'
  /** Deploy B (incremental mode). */
  | 'deploy'
  /** The upload-settings deployment script rewrites `config/settings.json` in B's shape. */
  | 'settings'
  /** The start-triggers deployment script starts B's triggers. */
  | 'startTriggers'
  /** B's one-time Data Explorer database scripts change tables A's database has (retyped columns: what the first deployment costs). */
  | 'databaseScripts'
  /** Move converted data of A's ingestion layout into B's (`hubc migrate-data`). */
  | 'migrateData'
  /** Something only a person can do or decide (data would be lost, a value must be chosen). */
  | 'manual';

/** Who carries a step out. */
export type UpgradePerformer =
  /** `hubc deploy --upgrade`, through the Azure SDK. */
  | 'hubc deploy'
  /** The deployment of B (its deployment scripts). */
  | 'template'
  /** `hubc migrate-data`, run by the hub owner. */
  | 'hubc migrate-data'
  /** The hub owner (or `hubc upgrade-plan --out` for the parameter file). */
  | 'you';

/**
 * Why a step is needed: an upgrade note of `hubc diff` (`code` HUB403-HUB410 and its `subject`), or an item
 * of its semantic comparison (`change`: `group/section/name: added|removed|changed`, e.g.
 * `dataFactory/triggers/rawexports_FileAdded: removed`), or a fact of the release table (`release`).
 */
export interface UpgradeCitation {
  code?: string;
  subject?: string;
  change?: string;
  /** A field of the release table that differs, e.g. `parameterNames.scopes: exportScopes -> scopesToMonitor`. */
  release?: string;
}

/** A Data Factory object a step acts on. */
export interface DataFactoryTarget {
  kind: 'triggers' | 'pipelines' | 'datasets' | 'linkedServices';
  name: string;
  /** ARM `condition` of the object in A's template, when the known values do not tell whether it is deployed. */
  condition?: string;
}

/** An ARM resource a step acts on, as A's template declares it. */
export interface ResourceTarget {
  /** Resource type, e.g. `Microsoft.Network/privateEndpoints`. */
  type: string;
  /** Name as the template writes it (an expression), folded as far as the known values allow. */
  name: string;
  apiVersion: string;
  /** Resource ID, when every part of the name is known (always so in `hubc deploy --upgrade`). */
  id?: string;
  /** ARM `condition` in A's template, when the known values do not tell whether it is deployed. */
  condition?: string;
}

/** One step of an upgrade. */
export interface UpgradeStep {
  /** 1-based position in the plan. */
  n: number;
  phase: UpgradePhase;
  kind: UpgradeStepKind;
  performer: UpgradePerformer;
  /** What the step is about: a parameter, trigger, pipeline, resource, file or folder. */
  subject: string;
  /** What to do, one imperative sentence. */
  action: string;
  /** Why, one or two sentences. */
  why: string;
  /** The changes the step follows from (never empty). */
  cites: UpgradeCitation[];
  dataFactory?: DataFactoryTarget;
  resource?: ResourceTarget;
  /** Extra lines: the settings.json changes, the folder mapping of a data move. */
  details?: string[];
}

/** What happens to a saved parameter file. */
export interface ParameterMigration {
  /** The `--parameters` file read. */
  file: string;
  /** The build the file belongs to: `from` (rewritten for B), or `to` (already B's, used as it is). */
  fits: 'from' | 'to';
  renamed: { from: string; to: string }[];
  dropped: string[];
  /** Parameters B requires (no default) that the file does not set. */
  missing: string[];
  /** The rewritten file (`azuredeploy.parameters.json` for B), written with `--out`. */
  rewritten: Record<string, unknown>;
}

/**
 * What the reader must know before any step (shown first): a change of network exposure (HUB601), a
 * resource holding data that is deleted and created again, with what is lost (HUB602), managed exports turned
 * off where A ran them (HUB443, ./releaseChanges.ts).
 */
export interface UpgradeWarning {
  code: string;
  /** The resource, `type name`. */
  subject: string;
  message: string;
}

/** A whole plan. */
export interface UpgradePlan {
  from: DiffSide;
  to: DiffSide;
  /** Read first: what the upgrade changes that the steps alone do not show (empty when nothing). */
  warnings: UpgradeWarning[];
  /** Steps in order: by phase, then as they must happen. */
  steps: UpgradeStep[];
  /** The saved parameter file, when one was given. */
  parameters?: ParameterMigration;
  /** Remarks about how the plan was made (e.g. hub.yaml sections left out of the A build). */
  notes: string[];
}
