/**
 * Diagnostic registry, HUB660-HUB669: roles a hub component needs that its template does not grant
 * (src/model/grants.ts). HUB660 is an upgrade note of `hubc diff` (like HUB030-HUB039 and HUB403-HUB418, a
 * note, not an error: `hubc upgrade-plan` turns it into a step that cites it). The build-time warning of the
 * same need is HUB231 (hub.yaml checks).
 * See ./define.ts for the shape of an entry; docs/diagnostics.md is generated from these entries.
 */
import { defineCodes } from './define.js';

export const grantCodes = defineCodes({
  HUB660: {
    stage: 'upgrade note',
    severity: 'info',
    meaning:
      'B runs a component A does not (recommendations from Azure Resource Graph), which needs a role the template does not grant (Reader for the Data Factory identity on the scopes to analyze): grant it, or the component runs and finds nothing.',
    messages: {
      /** `scopes`: the Azure RBAC scopes of B's settings (empty: none known). */
      raise: (a: { what: string; parameter: string; role: string; principal: string; scopes: readonly string[]; without: string }) =>
        `The new build turns on ${a.what} (${a.parameter}): ${a.principal} needs the ${a.role} role on ${
          a.scopes.length ? a.scopes.join(', ') : 'the management groups or subscriptions to analyze'
        }, which the template does not grant; ${a.without}. Grant it after the deployment.`,
    },
  },
});
