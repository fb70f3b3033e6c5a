/**
 * What the parts of the ARM reference checker (`../armReferences.ts`) share: the declarations of a template
 * scope, where an expression sits, the report callback, and small JSON helpers. The checker raises HUB304
 * (errors) and HUB305 (an implicit dependency missing from `dependsOn`) through the diagnostic registry.
 */
import type { ArmExpr } from '../../expressions/arm/ast.js';
import type { ArmFolded } from '../../expressions/arm/evaluate.js';
import type { Raised } from '../../diagnostics/index.js';

/** Template JSON as parsed (any shape). */
export type Json = any;

/** Names a scope declares, lowercased. */
export interface Decls {
  parameters: Set<string>;
  variables: Set<string>;
  /** User-defined functions `namespace.member` → parameter count. */
  functions: Map<string, number>;
  /** Folds with the scope's variables and functions; parameters and deployment values unknown. */
  fold: (expr: ArmExpr) => ArmFolded;
}

/** Where an expression sits, for the section-specific rules. */
export type Section = 'template' | 'variables' | 'parameters' | { fn: string; params: Set<string> };

/** Reports one diagnostic, raised through the registry (`codes.HUB304...`), at a JSON pointer of the template. */
export type Report = (raised: Raised, pointer: string) => void;

/** JSON pointer escaping (RFC 6901). */
export function esc(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** A template string for a message: in double quotes, cut to 120 characters. */
export function quote(text: string): string {
  return `"${text.length > 120 ? `${text.slice(0, 117)}...` : text}"`;
}
