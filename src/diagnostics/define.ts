/**
 * The shape of the diagnostic registry: every `HUBnnn` code hubc can report is declared once, in one of
 * the stage files of this folder, with its stage, severity, the meaning docs/diagnostics.md shows, and
 * its message templates. Checks raise a code through its entry, e.g.
 * `{ ...codes.HUB201.notCidr({ prefix }), file, start }`, so a code that is not declared, or a template
 * called with the wrong arguments, fails the type check. docs/diagnostics.md is generated from the
 * registry (`npm run docs`, src/diagnostics/docs.ts).
 */
import type { Severity } from './diagnostic.js';

/** The text of one diagnostic: what is wrong and, when there is something useful to add, how to fix it. */
export interface MessageText {
  message: string;
  hint?: string;
}

/**
 * A message template: a function of its typed arguments giving the message, or the message with its hint;
 * or a fixed text (a message, or a message with its hint).
 */
export type Template = ((...args: any[]) => string | MessageText) | string | MessageText;

/** What a template gives when raised: the start of a {@link Diagnostic} (the caller adds file and position). */
export interface Raised {
  code: string;
  severity: Severity;
  message: string;
  /** Present only when the template gives one (diagnostics without a hint have no `hint` key). */
  hint?: string;
}

/** One code as declared in a stage file. */
export interface CodeSpec {
  /** The "Stage" column of docs/diagnostics.md, e.g. `semantic`, `deploy --upgrade`, `release (warning)`. */
  stage: string;
  /** Severity of the diagnostics raised with it. */
  severity: Severity;
  /** The one-line meaning the docs table shows (may differ from the messages, which say what was found). */
  meaning: string;
  /** Lint codes: the rule's readable name (`security/storage-min-tls`); its findings are the rule's messages. */
  rule?: string;
  /**
   * Message templates by name. A code with one message form names it `raise`; a code whose messages are
   * made elsewhere (lint rules, upgrade notes of `hubc diff`) has none here and says where in `madeBy`.
   */
  messages?: Record<string, Template>;
  /** Where the messages of a code without templates are made (shown to readers of the registry only). */
  madeBy?: string;
}

/** What every entry of the registry carries, besides its raisers. */
export interface CodeInfo {
  /** The code, `HUB` and three digits. */
  readonly code: string;
  readonly stage: string;
  readonly severity: Severity;
  readonly meaning: string;
  readonly rule?: string;
  /** Link target of the code's row: `docs/diagnostics.md#hub104`. */
  readonly anchor: string;
}

/** The raisers of a spec's templates: same arguments, giving a {@link Raised}. */
export type Raisers<M> = {
  readonly [K in keyof M]: M[K] extends (...args: infer A) => any ? (...args: A) => Raised : () => Raised;
};

/** A registry entry: the code's facts and one raiser per message template. */
export type Entry<S extends CodeSpec> = CodeInfo & Raisers<S['messages'] extends Record<string, Template> ? S['messages'] : {}>;

/** Turns a template's result into a {@link Raised} with the code and severity of its entry. */
function raise(code: string, severity: Severity, text: string | MessageText): Raised {
  const { message, hint } = typeof text === 'string' ? { message: text, hint: undefined } : text;
  return hint === undefined ? { code, severity, message } : { code, severity, message, hint };
}

/**
 * Declares the codes of one stage. The keys are the codes (`HUB201`); each entry gets its code and docs
 * anchor from its key, and a raiser per message template.
 * @throws Error when a key is not `HUB` and three digits (a programming error, found by the tests)
 */
export function defineCodes<const T extends Record<string, CodeSpec>>(specs: T): { readonly [K in keyof T]: Entry<T[K]> } {
  const out: Record<string, unknown> = {};
  for (const [code, spec] of Object.entries(specs)) {
    if (!/^HUB\d{3}$/.test(code)) throw new Error(`diagnostic registry: '${code}' is not a HUBnnn code`);
    const entry: Record<string, unknown> = {
      code,
      stage: spec.stage,
      severity: spec.severity,
      meaning: spec.meaning,
      ...(spec.rule ? { rule: spec.rule } : {}),
      anchor: `docs/diagnostics.md#${code.toLowerCase()}`,
    };
    for (const [name, template] of Object.entries(spec.messages ?? {})) {
      entry[name] = typeof template === 'function' ? (...args: unknown[]) => raise(code, spec.severity, template(...args)) : () => raise(code, spec.severity, template);
    }
    out[code] = Object.freeze(entry);
  }
  return out as { readonly [K in keyof T]: Entry<T[K]> };
}
