/**
 * Diagnostic registry, HUB030-HUB039: upgrade notes of `hubc diff` added after the HUB40x-41x range filled
 * (issue #30): a narrowed access setting, and outputs removed or renamed. Like HUB403-HUB418 they are notes,
 * not errors: `hubc upgrade-plan` turns each into a step that cites it.
 * See ./define.ts for the shape of an entry; docs/diagnostics.md is generated from these entries.
 */
import { defineCodes } from './define.js';

export const upgradeNoteCodes = defineCodes({
  HUB030: {
    stage: 'upgrade note',
    severity: 'info',
    meaning:
      "B narrows who may reach a resource both builds deploy (a Data Explorer cluster's trusted external tenants): whoever relied on the wider access of A loses it at the deployment unless hub.yaml lists them first.",
    messages: {
      /** `resource`: type and name; `property`: the access property; `from`/`to`: what A and B allow, in words or JSON; `fix`: the hub.yaml field that widens it. */
      raise: (a: { resource: string; property: string; from: string; to: string; fix: string }) =>
        `The new build narrows ${a.property} of ${a.resource} from ${a.from} to ${a.to}: whoever reaches it through the wider access loses it at the deployment. List them in ${a.fix} before deploying.`,
    },
  },
  HUB031: {
    stage: 'upgrade note',
    severity: 'info',
    meaning: "An output of A's deployment is gone in B: scripts and pipelines that read it from the deployment get nothing.",
    messages: {
      raise: (a: { name: string }) => `Output ${a.name} is gone: scripts and pipelines that read it from the hub's deployment get nothing; change them before they next run.`,
    },
  },
  HUB032: {
    stage: 'upgrade note',
    severity: 'info',
    meaning: 'An output of A is renamed in B (the release table says so, or it has the same value under another name): scripts that read the old name get nothing.',
    messages: {
      /** `likely`: a guess from the equal value, not a fact of the release table. */
      raise: (a: { from: string; to: string; likely: boolean }) =>
        `Output ${a.from} is ${a.likely ? 'likely ' : ''}renamed to ${a.to}${a.likely ? ' (same value)' : ''}: scripts and pipelines that read ${a.from} from the hub's deployment get nothing; make them read ${a.to}.`,
    },
  },
});
