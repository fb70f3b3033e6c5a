/**
 * `diffBuilds(a, b)`: the semantic comparison of two builds (see types.ts for the result), grouped by
 * artifact, with the upgrade notes first. Pure: works on the in-memory artifacts only.
 */
import { compareConfig } from './config.js';
import { compareDataFactory } from './dataFactory.js';
import { compareKql } from './kql.js';
import { compareTemplates, templateOf } from './template.js';
import type { DiffInput, DiffResult } from './types.js';
import { upgradeNotes } from './upgrade.js';

/** Paths only B has, only A has, and in both with different text, each sorted. */
function fileChanges(a: ReadonlyMap<string, string>, b: ReadonlyMap<string, string>): DiffResult['files'] {
  const sorted = (list: string[]) => list.sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
  return {
    added: sorted([...b.keys()].filter((p) => !a.has(p))),
    removed: sorted([...a.keys()].filter((p) => !b.has(p))),
    changed: sorted([...a.keys()].filter((p) => b.has(p) && a.get(p) !== b.get(p))),
  };
}

/**
 * Compares build A with build B.
 * @throws SyntaxError when either build's `azuredeploy.json` is not JSON (callers loading folders check first)
 */
export function diffBuilds(a: DiffInput, b: DiffInput): DiffResult {
  const ta = templateOf(a.artifacts);
  const tb = templateOf(b.artifacts);
  const files = fileChanges(a.artifacts, b.artifacts);
  const config = compareConfig(a.artifacts, b.artifacts);
  const side = (x: DiffInput) => (x.release ? { label: x.label, source: x.source, release: x.release } : { label: x.label, source: x.source });
  const result: DiffResult = {
    a: side(a),
    b: side(b),
    equal: !files.added.length && !files.removed.length && !files.changed.length,
    upgradeNotes: [],
    files,
    groups: [
      { id: 'template', title: 'Template (azuredeploy.json)', sections: compareTemplates(ta, tb) },
      { id: 'dataFactory', title: 'Data Factory', sections: compareDataFactory(ta, tb) },
      { id: 'kql', title: 'KQL (Data Explorer)', sections: compareKql(a.artifacts, b.artifacts) },
      { id: 'config', title: 'Config container', sections: config.config },
      { id: 'uiDefinition', title: 'Portal form', sections: config.uiDefinition },
    ],
  };
  result.upgradeNotes = upgradeNotes(a, b, ta, tb, result);
  return result;
}
