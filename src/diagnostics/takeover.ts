/**
 * Diagnostic registry, HUB600-HUB619: taking over a hub deployed from the public templates (`hubc import`,
 * and what `hubc upgrade-plan` must say before any step: a change of network exposure, something a step
 * cannot keep). docs/adopting.md walks a takeover.
 * See ./define.ts for the shape of an entry; docs/diagnostics.md is generated from these entries.
 */
import { defineCodes } from './define.js';

const list = (items: readonly string[]) => items.join(', ');

export const takeoverCodes = defineCodes({
  HUB600: {
    stage: 'import',
    severity: 'error',
    meaning:
      'A value the hub was deployed with has no place in hub.yaml (a parameter the public release does not declare, or one hubc cannot express), so the hub hubc would deploy differs from the running one. Nothing is written. `--accept-loss NAME` (repeatable) accepts the loss of that value: hub.yaml then says what is lost. Exit 1.',
    messages: {
      /** `settings`: `name: why` of each value hubc cannot carry. */
      raise: (a: { source: string; settings: readonly { name: string; why: string }[] }) => ({
        message: `${a.source} sets what hub.yaml cannot carry: ${a.settings.map((s) => `${s.name} (${s.why})`).join('; ')}`,
        hint: `Deploying the imported hub.yaml would change it. Accept the loss with ${a.settings.map((s) => `--accept-loss ${s.name}`).join(' ')}, or keep the public template for this hub.`,
      }),
      /** `names`: `--accept-loss` values that name nothing the source sets. */
      unknownLoss: (a: { names: readonly string[]; source: string }) => ({
        message: `--accept-loss ${list(a.names)}: ${a.source} sets no such value that hub.yaml cannot carry`,
        hint: 'Name a parameter hubc import reported as not carried (HUB600), or leave the option out.',
      }),
    },
  },
  HUB601: {
    stage: 'upgrade-plan (warning)',
    severity: 'warning',
    meaning:
      'The deployment of TO changes who can reach a resource over the network (a storage firewall opened or closed, public network access turned on or off). The plan shows it first: readers outside the new rules (reports reading the data lake, scripts, other tenants) stop working, or more can reach it than before.',
    messages: {
      /** `resource`: type and name; `changes`: `property: from -> to`; `closes`: true when access narrows; `decides`: what decides it (a hub.yaml field, or why hubc sets it so). */
      raise: (a: { resource: string; changes: readonly string[]; closes: boolean; decides: string }) =>
        `${a.resource}: the deployment changes its network exposure (${list(a.changes)}): ` +
        (a.closes
          ? 'clients outside the allowed networks and trusted Azure services (reports, tools and scripts reaching it from the internet) lose access'
          : 'it becomes reachable from more networks than before') +
        `. ${a.decides}`,
    },
  },
  HUB602: {
    stage: 'upgrade-plan (warning)',
    severity: 'warning',
    meaning:
      'A resource that holds data must be deleted and created again for TO (TO changes a property Azure fixes at creation, src/diff/createOnly.ts): its data has to be moved first, and what the plan names is lost with it. The plan shows it first, before any step.',
    messages: {
      /** `resource`: type and name; `why`: what TO changes and the rule; `loses`: what goes with the resource. */
      raise: (a: { resource: string; why: string; loses: string }) => `${a.resource} is deleted and created again: ${a.why} You lose ${a.loses} unless you move it first.`,
    },
  },
});
