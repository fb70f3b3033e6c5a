/**
 * Diagnostic registry, HUB457-HUB458 (lent from the `hubc simulate` range, ./simulate.ts): upgrade notes of
 * `hubc diff` about the Cost Management exports a hub creates itself (src/diff/managedExports.ts). Like
 * HUB403-HUB418 they are notes, not errors: `hubc upgrade-plan` turns each into steps that cite it.
 * See ./define.ts for the shape of an entry; docs/diagnostics.md is generated from these entries.
 */
import { defineCodes } from './define.js';

export const managedExportNoteCodes = defineCodes({
  HUB457: {
    stage: 'upgrade note',
    severity: 'info',
    meaning:
      "B creates Cost Management exports itself for the scopes of its settings.json and A created none: the Data Factory identity needs the cost role on each scope, which the template cannot grant, and the exports the owner created for A duplicate B's.",
    messages: {
      /** `scopes`: the scopes of B's settings.json. */
      raise: (a: { pipeline: string; scopes: readonly string[] }) =>
        `The new build creates Cost Management exports itself (${a.pipeline}) on ${a.scopes.join(', ')}, which the old one left to you: grant the Data Factory's identity Cost Management Contributor (a billing role on billing scopes) on each after the deployment, which the template cannot do, then run ${a.pipeline} again (the deployment's own run of it comes before the role), and delete the exports you created once the hub's own exist.`,
    },
  },
  HUB458: {
    stage: 'upgrade note',
    severity: 'info',
    meaning:
      "The exports B asks Cost Management for differ from A's (new exports, versions or scopes): B's deployment runs the pipeline that creates them once, after it starts the triggers, which creates or updates them on every scope of settings.json.",
    messages: {
      raise: (a: { pipeline: string }) =>
        `The new build's managed exports differ from the old one's: the deployment runs ${a.pipeline} once after it starts the triggers, which creates or updates them on every scope of settings.json.`,
    },
  },
});
