/**
 * HUB211: tag names may not contain `<`, `>`, `%`, `&`, `\`, `?` or `/`
 * (learn.microsoft.com/azure/azure-resource-manager/management/tag-resources, "Limitations").
 */
import { codes } from '../../diagnostics/index.js';
import type { Check } from './types.js';

export const tagNamesCheck: Check = {
  codes: [codes.HUB211],
  run(ctx) {
    if (!ctx.valid(['tags'])) return;
    for (const key of Object.keys(ctx.data.tags ?? {})) {
      if (/[<>%&\\?/]/.test(key)) ctx.report(codes.HUB211.raise({ key }), ['tags', key], { key: true });
    }
  },
};
