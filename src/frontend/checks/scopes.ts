/**
 * HUB213: every scope must be one Cost Management exports accept, with the ID syntax of its kind
 * (subscription, resource group, management group, EA billing account, department and enrollment account,
 * MCA billing account, billing profile and invoice section; see `../scopes.ts` for the forms and sources).
 * HUB219 (warning): a scope that differs from an earlier one only in case; scope IDs are case-insensitive,
 * so only the first is used (`resolve.ts` keeps it; the settings.json merge compares them the same way).
 */
import { codes } from '../../diagnostics/index.js';
import { checkScope, scopeExample, scopeTemplate } from '../scopes.js';
import type { Check } from './types.js';

export const scopesCheck: Check = {
  codes: [codes.HUB213, codes.HUB219],
  run(ctx) {
    if (!Array.isArray(ctx.data.scopes)) return;
    const first = new Map<string, number>();
    (ctx.data.scopes as string[]).forEach((scope, i) => {
      if (!ctx.valid(['scopes', i])) return;
      const lower = scope.toLowerCase();
      const earlier = first.get(lower);
      if (earlier === undefined) first.set(lower, i);
      else if (ctx.data.scopes[earlier] !== scope) {
        // The same spelling twice is the schema's (uniqueItems, HUB108).
        ctx.report(codes.HUB219.raise({ index: i, scope, firstIndex: earlier, first: ctx.data.scopes[earlier] }), ['scopes', i]);
      }
      const r = checkScope(scope);
      if (r.ok) return;
      ctx.report(codes.HUB213.raise({ index: i, problem: r.problem, nearest: r.nearest.name, template: scopeTemplate(r.nearest), example: r.fixed ?? scopeExample(r.nearest) }), [
        'scopes',
        i,
      ]);
    });
  },
};
