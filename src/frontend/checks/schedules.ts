/**
 * HUB210: schedule time zones must be Windows time zone ids that Data Factory schedule triggers accept
 * (learn.microsoft.com/azure/data-factory/how-to-create-schedule-trigger, "Time zone option"), or `auto`.
 */
import { codes } from '../../diagnostics/index.js';
import { isKnownTimeZone } from '../../model/timeZones.js';
import type { Check } from './types.js';

export const timeZonesCheck: Check = {
  codes: [codes.HUB210],
  run(ctx) {
    for (const which of ['daily', 'monthly'] as const) {
      const path = ['schedules', which, 'timeZone'];
      if (!ctx.valid(path)) continue;
      const tz = String(ctx.data.schedules[which].timeZone);
      if (tz !== 'auto' && !isKnownTimeZone(tz)) {
        ctx.report(codes.HUB210.raise({ timeZone: tz }), path);
      }
    }
  },
};
