/**
 * HUB211: tag names may not contain `<`, `>`, `%`, `&`, `\`, `?` or `/`
 * (learn.microsoft.com/azure/azure-resource-manager/management/tag-resources, "Limitations").
 */
import type { Check } from './types.js';

export const tagNamesCheck: Check = {
  codes: ['HUB211'],
  run(ctx) {
    if (!ctx.valid(['tags'])) return;
    for (const key of Object.keys(ctx.data.tags ?? {})) {
      if (/[<>%&\\?/]/.test(key)) ctx.report('HUB211', ['tags', key], `tag name '${key}' contains a character Azure does not allow (< > % & \\ ? /)`, 'Rename the tag.', { key: true });
    }
  },
};
