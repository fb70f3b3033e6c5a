/**
 * HUB270: from release 14 a hub sends its data to one analytics engine (release behaviour
 * `oneAnalyticsEngine`, src/model/analyticsEngines.ts): hub.yaml may choose at most one, by the field that names
 * it (`dataExplorer.name`, `remoteHub.storageUri`); the portal form offers the same choice. Reported at the
 * fields after the first.
 */
import { codes } from '../../diagnostics/index.js';
import { ANALYTICS_ENGINE_FIELDS } from '../../model/analyticsEngines.js';
import { behaves, has } from '../../model/releases.js';
import { valueAt } from './releaseFields.js';
import type { Check } from './types.js';

export const analyticsEnginesCheck: Check = {
  codes: [codes.HUB270],
  run(ctx) {
    if (!behaves(ctx.release, 'oneAnalyticsEngine')) return;
    const chosen = Object.values(ANALYTICS_ENGINE_FIELDS).filter(
      (e) => has(ctx.release, e.feature) && ctx.valid([...e.path]) && typeof valueAt(ctx.data, [...e.path]) === 'string' && valueAt(ctx.data, [...e.path]) !== '',
    );
    if (chosen.length < 2) return;
    const fields = chosen.map((e) => e.path.join('.'));
    for (const e of chosen.slice(1)) ctx.report(codes.HUB270.raise({ release: ctx.release.version, fields }), [...e.path]);
  },
};
