/**
 * HUB213: every scope must be one Cost Management exports accept, with the ID syntax of its kind
 * (subscription, resource group, management group, EA billing account, department and enrollment account,
 * MCA billing account, billing profile and invoice section; see `../scopes.ts` for the forms and sources).
 */
import { codes } from '../../diagnostics/index.js';
import { checkScope, scopeExample, scopeTemplate } from '../scopes.js';
import type { Check } from './types.js';

export const scopesCheck: Check = {
  codes: [codes.HUB213],
  run(ctx) {
    if (!Array.isArray(ctx.data.scopes)) return;
    (ctx.data.scopes as string[]).forEach((scope, i) => {
      if (!ctx.valid(['scopes', i])) return;
      const r = checkScope(scope);
      if (r.ok) return;
      ctx.report(codes.HUB213.raise({ index: i, problem: r.problem, nearest: r.nearest.name, template: scopeTemplate(r.nearest), example: scopeExample(r.nearest) }), ['scopes', i]);
    });
  },
};
