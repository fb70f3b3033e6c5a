/**
 * Shapes of a `hubc diff` result: the two builds compared, the upgrade notes, the files that differ and the
 * semantic comparison grouped by artifact. `--format json` prints a {@link DiffResult} as it is; its JSON
 * Schema is `schemas/diff-result.schema.json`.
 */

import type { LoadedBuild } from '../load/index.js';

/** How a compared thing changed from A to B. */
export type ChangeKind = 'added' | 'removed' | 'changed';

/**
 * One value that differs inside a compared object. `path` is a JSON path relative to the object, written
 * as in JavaScript (`properties.sku.name`, `dependsOn[2]`, `metadata["x-y"]`); an element of an array of
 * named objects is addressed by its name (`activities[name="Read Manifest"]`); `""` is the object itself.
 */
export interface ValueChange {
  path: string;
  change: ChangeKind;
  /** Value in A (absent when added). */
  from?: unknown;
  /** Value in B (absent when removed). */
  to?: unknown;
}

/** A named object (parameter, resource, pipeline, KQL table, config file ...) that differs between A and B. */
export interface ObjectChange {
  /** Identity of the object in its section: a parameter name, `type name-expression` for a resource, `Ingestion.Costs_raw` for a KQL table. */
  name: string;
  change: ChangeKind;
  /** For `added` objects: a short description (`string, default ""`). */
  summary?: string;
  /** For `changed` objects: the values that differ (members excluded). */
  changes?: ValueChange[];
  /** Named parts compared one by one: the activities of a pipeline, the columns of a table or mapping. */
  members?: { kind: string; items: ObjectChange[] };
}

/** One kind of object inside an artifact group, e.g. the template's parameters. */
export interface DiffSection {
  /** Stable id: `parameters`, `outputs`, `variables`, `resources`, `template`, `pipelines`, `triggers`, `datasets`, `linkedServices`, `tables`, `functions`, `updatePolicies`, `ingestionMappings`, `commands`, `files`, `form`. */
  id: string;
  /** Heading, e.g. `Parameters`. */
  title: string;
  items: ObjectChange[];
}

/** The sections of one artifact kind: the ARM template, Data Factory, KQL, config files, the portal form. */
export interface DiffGroup {
  id: 'template' | 'dataFactory' | 'kql' | 'config' | 'uiDefinition';
  /** Heading, e.g. `Template (azuredeploy.json)`. */
  title: string;
  sections: DiffSection[];
}

/** Kinds of upgrade note, each with its own diagnostic code (docs/diagnostics.md). */
export type UpgradeNoteKind =
  /** HUB403: a parameter of A is gone; a saved parameter file that sets it is rejected. */
  | 'parameterRemoved'
  /** HUB404: a removed and an added parameter look like one renamed parameter. */
  | 'parameterRenamed'
  /** HUB405: a parameter's type changed; a saved value may no longer fit. */
  | 'parameterTypeChanged'
  /** HUB406: a new parameter without a default; a saved parameter file lacks it. */
  | 'parameterRequired'
  /** HUB407: a resource of A is not in B; ARM's incremental mode leaves it deployed. */
  | 'resourceLeftBehind'
  /** HUB408: a storage path, ingestion layout or table B no longer reads. */
  | 'dataNoLongerRead'
  /** HUB409: a Data Factory object of A is not in B; it stays in the factory. */
  | 'dataFactoryObjectRemoved'
  /** HUB410: a trigger changed or removed; it must be stopped before deploying B. */
  | 'triggerMustBeStopped'
  /** HUB416: a component (Data Explorer, the remote hub, private networking, a dataset) A deploys and B does not; what of it stays. */
  | 'componentRemoved'
  /** HUB417: B names the hub differently, so it is a second hub next to A. */
  | 'hubRenamed'
  /** HUB418: a resource of A that B changes in a way ARM cannot apply in place; it must be deleted first. */
  | 'resourceInTheWay'
  /** HUB030: B narrows who may reach a resource both deploy (a cluster's trusted tenants). */
  | 'accessNarrowed'
  /** HUB660: B runs a component A does not that needs a role the template does not grant (recommendations: Reader). */
  | 'roleToGrant'
  /** HUB031: an output of A is gone; scripts that read it get nothing. */
  | 'outputRemoved'
  /** HUB032: an output of A is renamed (release table, or the same value: `likely`). */
  | 'outputRenamed'
  /** HUB750: B names a role assignment of A (same principal, role and scope) differently; the deployment fails with RoleAssignmentExists. */
  | 'roleAssignmentRenamed'
  /** HUB620: B's Fabric eventhouse setup scripts are new or changed; the owner runs them (0.10+). */
  | 'fabricSetupToRun'
  /** HUB442: the unversioned Hub functions return another FOCUS version; queries that need the old one call the versioned function. */
  | 'unversionedFunctionsChanged'
  /** HUB443: B turns managed exports off where A ran them; A's export pipelines and triggers are left (and deleted by the plan). */
  | 'managedExportsOff'
  /** HUB444: B loads the open data tables from a release tag of another form. */
  | 'openDataSource'
  /** HUB445: B's first deployment retypes tables of A's Data Explorer database once. */
  | 'tablesRetyped'
  /** HUB457: B creates Cost Management exports itself and A did not: the cost role to grant, the owner's own exports. */
  | 'managedExportsStart'
  /** HUB458: the exports B creates differ from A's (and A created some): the deployment's run of config_ConfigureExports updates them. */
  | 'managedExportsToCreate';

/** What an upgrade from A to B means for someone who deployed A. */
export interface UpgradeNote {
  /** `HUB403` ... `HUB410`, `HUB416` ... `HUB418`, `HUB030` ... `HUB032`, `HUB442` ... `HUB445`, `HUB457`, `HUB458`, `HUB620`, `HUB660`, `HUB750`. */
  code: string;
  kind: UpgradeNoteKind;
  /** What the note is about: a parameter or output name, a resource, a pipeline, a table, a path, a component (`dataExplorer`, `remoteHub`, `privateNetworking`, a dataset name), the hub's old name. */
  subject: string;
  /** One or two sentences saying what happens and what to do. */
  message: string;
  /** For renames: the new name (of a parameter, an output, or the hub). Guesses say so (`likely`). */
  to?: string;
  likely?: boolean;
}

/** One side of the comparison as reported. */
export interface DiffSide {
  label: string;
  source: LoadedBuild['source'];
  release?: string;
  leftOut?: string[];
}

/** The side of a loaded build as a result reports it. */
export function sideOf(x: LoadedBuild): DiffSide {
  return { label: x.label, source: x.source, ...(x.release ? { release: x.release } : {}), ...(x.leftOut?.length ? { leftOut: x.leftOut } : {}) };
}

/** The full result of comparing build A with build B. */
export interface DiffResult {
  a: DiffSide;
  b: DiffSide;
  /** True when both builds have the same files with the same bytes. */
  equal: boolean;
  /** Upgrade notes, most disruptive first. */
  upgradeNotes: UpgradeNote[];
  /** Files (paths relative to the release folder) that only B has, only A has, or that differ. */
  files: { added: string[]; removed: string[]; changed: string[] };
  /** Semantic comparison, grouped by artifact; every group and section is present, empty when nothing differs. */
  groups: DiffGroup[];
}
