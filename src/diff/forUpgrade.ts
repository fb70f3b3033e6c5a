/**
 * What `hubc upgrade-plan` (src/upgrade/) uses of the comparison, in one place: src/upgrade imports diff
 * through this file only (test/architecture/upgradeFace.test.ts), so the interface between the two is
 * visible and can shrink (issue #32 item 2). The comparison itself is `compareUpgrade`; the rest are the
 * folded resources it rests on and the words both use for them.
 */
export { compareUpgrade, type UpgradeComparison } from './compare.js';
export { parameterNotes } from './upgrade.js';
export { templateOf } from './template.js';
export { loadDiffInput, type LoadOptions } from './load.js';
export { sideOf, type DiffInput, type DiffResult, type DiffSide, type UpgradeNote } from './types.js';
export { mayBeDeployed, type DeclaredResource } from './deployed.js';
export { describeResources, readableName, releaseOf, sharedResources, shortName, typeWord, type Leftovers } from './leftovers.js';
export { belongsTo, DATA_RESOURCE_TYPES, folded, lower, refersTo, TRANSIENT_TYPES, type Folded } from './blockers.js';
export type { RemovedDataset } from './components.js';
export { diffValues, tryParseJson } from './values.js';
