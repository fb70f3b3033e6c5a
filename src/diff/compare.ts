/**
 * `diffBuilds(a, b)`: the semantic comparison of two builds (see types.ts for the result), grouped by
 * artifact, with the upgrade notes first; and `compareUpgrade(a, b, known)`, the same comparison with what
 * it rests on (the folded resources and what B leaves of A, the access and outputs B changes), which
 * `hubc upgrade-plan` makes its steps from. The notes `hubc diff` prints and the steps of the plan come
 * from this one comparison, so they cannot disagree. Pure: works on the two Builds (src/build) only.
 */
import type { ArmEvalContext } from '../expressions/arm/evaluate.js';
import { accessChanges } from './access.js';
import { rolesToGrant } from './grants.js';
import { fabricSetup } from './fabric.js';
import { compareConfig } from './config.js';
import { compareDataFactory } from './dataFactory.js';
import { compareKql } from './kql.js';
import { leftovers } from './leftovers.js';
import { managedExportChange } from './managedExports.js';
import { releaseChanges } from './releaseChanges.js';
import { releaseOf } from '../load/index.js';
import { outputChanges } from './outputs.js';
import { compareTemplates } from './template.js';
import { sideOf, type DiffResult } from './types.js';
import type { LoadedBuild } from '../load/index.js';
import { upgradeNotes, type UpgradeComparison } from './upgrade.js';

/** Paths only B has, only A has, and in both with different text, each sorted. */
function fileChanges(a: ReadonlyMap<string, string>, b: ReadonlyMap<string, string>): DiffResult['files'] {
  const sorted = (list: string[]) => list.sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
  return {
    added: sorted([...b.keys()].filter((p) => !a.has(p))),
    removed: sorted([...a.keys()].filter((p) => !b.has(p))),
    changed: sorted([...a.keys()].filter((p) => b.has(p) && a.get(p) !== b.get(p))),
  };
}

/** What is known of each deployment beyond the builds' own parameter defaults (a saved parameter file's values, the resource group). */
export interface KnownValues {
  a?: ArmEvalContext;
  b?: ArmEvalContext;
}

export type { UpgradeComparison };

/** The semantic comparison without the notes. */
function semanticDiff(a: LoadedBuild, b: LoadedBuild): DiffResult {
  const files = fileChanges(a.build.files, b.build.files);
  const config = compareConfig(a.build, b.build);
  return {
    a: sideOf(a),
    b: sideOf(b),
    equal: !files.added.length && !files.removed.length && !files.changed.length,
    upgradeNotes: [],
    files,
    groups: [
      { id: 'template', title: 'Template (azuredeploy.json)', sections: compareTemplates(a.build.template, b.build.template) },
      { id: 'dataFactory', title: 'Data Factory', sections: compareDataFactory(a.build.factory, b.build.factory) },
      { id: 'kql', title: 'KQL (Data Explorer)', sections: compareKql(a.build, b.build) },
      { id: 'config', title: 'Config container', sections: config.config },
      { id: 'uiDefinition', title: 'Portal form', sections: config.uiDefinition },
    ],
  };
}

/**
 * Compares build A with build B for an upgrade from A to B.
 * @param known what is known of each deployment; without it, each build's own parameter defaults (as `hubc diff`)
 */
export function compareUpgrade(a: LoadedBuild, b: LoadedBuild, known: KnownValues = {}): UpgradeComparison {
  const result = semanticDiff(a, b);
  const l = leftovers(a, b, known);
  const comparison: UpgradeComparison = {
    a,
    b,
    result,
    leftovers: l,
    access: l.renamed ? [] : accessChanges(l),
    outputs: outputChanges(a.build.template, b.build.template, releaseOf(a), releaseOf(b)),
    fabric: fabricSetup(a, b, known),
    grants: rolesToGrant(a.build, b.build, known),
    managedExports: managedExportChange(a, b, l),
    release: releaseChanges(a, b, l, known),
  };
  result.upgradeNotes = upgradeNotes(comparison);
  return comparison;
}

/** Compares build A with build B (a template that is not JSON compares as an empty one). */
export function diffBuilds(a: LoadedBuild, b: LoadedBuild): DiffResult {
  return compareUpgrade(a, b).result;
}
