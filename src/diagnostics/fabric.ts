/**
 * Diagnostic registry, HUB620-HUB639: a Microsoft Fabric eventhouse as the hub's analytics engine (0.10+), past
 * hub.yaml's own checks (HUB250-HUB251): what an upgrade asks of its owner, since the template deploys nothing
 * in Fabric. Like HUB403-HUB418 the upgrade notes are notes, not errors: `hubc upgrade-plan` turns each into a
 * step that cites it.
 * See ./define.ts for the shape of an entry; docs/diagnostics.md is generated from these entries.
 */
import { defineCodes } from './define.js';

export const fabricCodes = defineCodes({
  HUB620: {
    stage: 'upgrade note',
    severity: 'info',
    meaning:
      "B's hub uses a Microsoft Fabric eventhouse (or may: the query URI is known only at deployment), and B's setup scripts of its databases (`fabric/*.kql`) are new or differ from A's: the deployment does not run them, so the eventhouse keeps A's tables and functions until its owner runs them (and, for a hub new to Fabric, gives the Data Factory identity access).",
    messages: {
      /** `scripts`: `file (database)` of each script to run, in order; `access`: the access script, when the hub is new to Fabric. */
      raise: (a: { scripts: readonly string[]; access?: string }) =>
        `The Fabric eventhouse is not set up by the deployment: run ${a.scripts.join(', then ')} of the new build${a.access ? `, and ${a.access} once the factory exists` : ''}.`,
    },
  },
});
