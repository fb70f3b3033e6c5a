/**
 * Resource selection helpers for the lint rules (ARM resource types compare case-insensitively).
 */
import type { LintContext, TemplateResource } from './context.js';

/** The template's resources of one type. */
export function resourcesOfType(ctx: LintContext, type: string): TemplateResource[] {
  const t = type.toLowerCase();
  return ctx.resources.filter((r) => r.type.toLowerCase() === t);
}

/** The template's storage accounts. */
export function storageAccounts(ctx: LintContext): TemplateResource[] {
  return resourcesOfType(ctx, 'Microsoft.Storage/storageAccounts');
}
