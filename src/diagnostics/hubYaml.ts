/**
 * Diagnostic registry, HUB1xx: hub.yaml syntax, content limits and shape (JSON Schema); its semantic
 * checks (HUB2xx) are in ./hubYamlChecks.ts.
 * See ./define.ts for the shape of an entry; docs/diagnostics.md is generated from these entries.
 */
import { defineCodes } from './define.js';

/** A key or list item of hub.yaml as an indentation message names it: `'name'` or `the item`, its line and indentation. */
export interface IndentedText {
  what: string;
  line: number;
  spaces: number;
  item?: boolean;
}

/** `1 space`, `2 spaces`. */
const spaces = (n: number) => `${n} ${n === 1 ? 'space' : 'spaces'}`;

export const hubYamlCodes = defineCodes({
  HUB100: {
    stage: 'parse',
    severity: 'error',
    meaning:
      'YAML syntax error (the position is where the unclosed `[`, `{` or quote opens, when that is the cause; a key or list item indented wrongly is said in words, at its line, with the indentation that would fit), or aliases that cannot be expanded.',
    messages: {
      syntax: (a: { detail: string }) => ({ message: `YAML syntax error: ${a.detail}`, hint: 'Fix the YAML syntax at this place (indentation, quotes, colons).' }),
      unclosed: (a: { char: '[' | '{' | '"' | "'"; detail: string }) => ({
        message: `YAML syntax error: this ${a.char} is never closed (${a.detail})`,
        hint:
          a.char === '['
            ? 'Close the list with ] (a list in [ ] may continue on the next lines only when they are indented more than its key), or write it as a block list, one "- item" per line.'
            : a.char === '{'
              ? 'Close the mapping with } (a mapping in { } may continue on the next lines only when they are indented more than its key), or write it as a block mapping, one "key: value" per line.'
              : a.char === '"'
                ? 'Close the text with " (write a " inside it as \\").'
                : "Close the text with ' (write a ' inside it as '').",
      }),
      /**
       * A key or item indented more than the key or item above it, which has a value on its line.
       * `near`: that key or item (`'name'`, `the item`), its line and indentation; `sibling`: what the line
       * becomes at that indentation (`another key of 'hub'`).
       */
      deeper: (a: { line: number; spaces: number; near: IndentedText; sibling: string }) => ({
        message: `YAML indentation: line ${a.line} is indented ${spaces(a.spaces)}, more than ${a.near.what} on line ${a.near.line} (${spaces(a.near.spaces)}), so YAML reads it as part of the value of ${a.near.what}`,
        hint: `Indent line ${a.line} by ${spaces(a.near.spaces)}, as ${a.near.what} on line ${a.near.line}, to make it ${a.sibling}.`,
      }),
      /**
       * A key or item indented less than the level above it and more than the next: `levels` the open keys
       * and items above, nearest first; `fixes` the indentations that would make it one of their siblings.
       */
      between: (a: { line: number; spaces: number; levels: readonly IndentedText[]; fixes: readonly { spaces: number; makes: string }[] }) => ({
        message:
          `YAML indentation: line ${a.line} is indented ${spaces(a.spaces)}, which lines up with no ${a.levels.some((l) => l.item) ? 'item or key' : 'key'} above it ` +
          `(${a.levels.map((l, i) => `${l.what} on line ${l.line} ${i === 0 ? 'is ' : ''}at ${i === 0 ? spaces(l.spaces) : l.spaces}`).join(', ')})`,
        hint: `Indent line ${a.line} ${a.fixes.map((f, i) => `${i ? 'or ' : ''}by ${i ? f.spaces : spaces(f.spaces)} to make it ${f.makes}`).join(', ')}.`,
      }),
      tabs: (a: { detail: string }) => ({
        message: `YAML syntax error: ${a.detail}`,
        hint: 'YAML does not allow tabs for indentation: indent with spaces (hub.yaml uses two per level).',
      }),
      documents: {
        message: 'YAML syntax error: hub.yaml holds more than one YAML document (a second ---)',
        hint: 'Keep one hub per file: remove the second --- and what follows, or move it to a file of its own.',
      },
      aliases: (a: { detail: string }) => ({
        message: `YAML aliases cannot be expanded: ${a.detail}`,
        hint: 'Set the anchor (&name) before every alias (*name) that refers to it, or write the values out instead.',
      }),
      recursiveAlias: {
        message: 'YAML aliases cannot be expanded: this alias refers to a mapping or list that contains it',
        hint: 'hub.yaml data cannot contain itself; write the values out instead.',
      },
    },
  },
  HUB101: {
    stage: 'parse',
    severity: 'error',
    meaning: 'Duplicate key in a mapping; the message names the key and where it was first written.',
    messages: {
      raise: (a: { key: string; where?: string; line: number; col: number }) => ({
        message: `duplicate key '${a.key}'${a.where ? ` in ${a.where}` : ''}: first written at line ${a.line}, column ${a.col}`,
        hint: 'Remove or rename one of the two keys; YAML would keep only one of them.',
      }),
    },
  },
  HUB110: {
    stage: 'parse (limits)',
    severity: 'error',
    meaning: 'hub.yaml text longer than hubc reads (4 MiB; docs/hub-yaml.md, "Limits").',
    messages: {
      raise: (a: { length: number; limit: number }) => ({
        message: `hub.yaml text is ${a.length} characters long; hubc reads at most ${a.limit}`,
        hint: 'A hub.yaml is a few kilobytes; check that this is the right file.',
      }),
    },
  },
  HUB111: {
    stage: 'parse (limits)',
    severity: 'error',
    meaning: 'Mappings and lists nested deeper than hubc reads (32 levels, aliases expanded; docs/hub-yaml.md, "Limits").',
    messages: {
      raise: (a: { where: string; limit: number }) => ({
        message: `${a.where} nests mappings and lists more than ${a.limit} levels deep`,
        hint: 'hub.yaml settings are at most 5 levels deep; see docs/hub-yaml.md for the shape of each setting.',
      }),
      aliases: (a: { limit: number }) => ({
        message: `YAML aliases expand to mappings and lists more than ${a.limit} levels deep`,
        hint: 'hub.yaml settings are at most 5 levels deep; write the values out instead of nesting aliases.',
      }),
    },
  },
  HUB112: {
    stage: 'parse (limits)',
    severity: 'error',
    meaning: 'More entries than hubc reads: 10,000 in one mapping or list, 100,000 in all (aliases expanded); docs/hub-yaml.md, "Limits".',
    messages: {
      entries: (a: { where: string; count: number; limit: number; hint: string }) => ({
        message: `${a.where} has ${a.count} entries; hubc reads at most ${a.limit} in one mapping or list`,
        hint: a.hint,
      }),
      total: (a: { limit: number; hint: string }) => ({ message: `hub.yaml has more than ${a.limit} entries in all; hubc reads at most ${a.limit}`, hint: a.hint }),
      aliases: (a: { limit: number }) => ({
        message: `YAML aliases expand to more than ${a.limit} entries in all`,
        hint: 'Write the values out instead of repeating aliases; hubc reads at most that many entries.',
      }),
    },
  },
  HUB102: {
    stage: 'schema',
    severity: 'error',
    meaning: 'Unknown key (the hint names the nearest allowed key and lists them all).',
    messages: {
      raise: (a: { name: string; where?: string; allowed: readonly string[]; nearest?: string }) => ({
        message: `unknown key '${a.name}'${a.where ? ` in ${a.where}` : ''}`,
        hint: a.allowed.length ? `${a.nearest ? `Did you mean '${a.nearest}'? ` : ''}Allowed keys here: ${a.allowed.join(', ')}.` : 'Remove this key.',
      }),
    },
  },
  HUB103: {
    stage: 'schema',
    severity: 'error',
    meaning: 'Value of the wrong type.',
    messages: {
      empty: {
        message: 'hub.yaml is empty: it must be a mapping with at least `release` and `hub.name`',
        hint: 'Run hubc init to write a commented hub.yaml of the latest release, then edit it.',
      },
      notMapping: {
        message: 'hub.yaml must be a mapping with at least `release` and `hub.name`',
        hint: 'Write release: and hub: as keys at the top level, one "key: value" per line, not as a list or a single value (hubc init writes a commented hub.yaml to start from).',
      },
      raise: (a: { where: string; type: string; hint: string }) => ({ message: `${a.where} must be of type ${a.type}`, hint: a.hint }),
    },
  },
  HUB104: {
    stage: 'schema',
    severity: 'error',
    meaning: 'Value not among the allowed values (the hint names the one likely meant and lists them, or for a long list the nearest few).',
    messages: {
      /**
       * `value`: the value written, when it is text or a number; `suggestion`: the allowed value it was
       * likely meant to be; `shown`: the allowed values to show, all of them or, for a long list
       * (`total` more than shown), the nearest few.
       */
      raise: (a: { where: string; value?: string; suggestion?: unknown; shown: readonly unknown[]; total: number }) => ({
        message: `${a.where} must be one of the allowed values${a.value === undefined ? '' : `, not '${a.value}'`}`,
        hint:
          (a.suggestion === undefined ? '' : `Did you mean ${JSON.stringify(a.suggestion)}? `) +
          (a.shown.length < a.total
            ? `The nearest of the ${a.total} allowed values: ${a.shown.map((v) => JSON.stringify(v)).join(', ')}; docs/hub-yaml.md lists them all.`
            : `Use one of: ${a.shown.map((v) => JSON.stringify(v)).join(', ')}.`),
      }),
      release: (a: { releases: readonly string[]; latest: string }) => ({
        message: 'release must be one of the hub releases hubc builds',
        hint: `hubc builds hub releases ${a.releases.join(', ')}; write one quoted, e.g. release: "${a.latest}".`,
      }),
    },
  },
  HUB105: {
    stage: 'schema',
    severity: 'error',
    meaning: 'Number, text or list outside its allowed range or length.',
    messages: {
      raise: (a: { where: string; detail?: string; hint: string }) => ({ message: `${a.where} ${a.detail}`, hint: a.hint }),
    },
  },
  HUB106: {
    stage: 'schema',
    severity: 'error',
    meaning: 'Required key missing.',
    messages: {
      raise: (a: { missing: string; where?: string }) => ({ message: `missing required key '${a.missing}'${a.where ? ` in ${a.where}` : ''}`, hint: `Add '${a.missing}:' here.` }),
    },
  },
  HUB107: {
    stage: 'schema',
    severity: 'error',
    meaning: 'Text of the wrong form (the message gives the pattern): names, times, scope IDs, URIs, regions, lint rules.',
    messages: {
      raise: (a: { where: string; value: string; pattern: string; hint: string }) => ({
        message: `${a.where} has an invalid form: '${a.value}' does not match ${a.pattern}`,
        hint: a.hint,
      }),
      lintRule: (a: { where: string; value: string; pattern: string }) => ({
        message: `${a.where} has an invalid form: '${a.value}' does not match ${a.pattern}`,
        hint: 'Name a lint rule by its code, HUB5 and two digits (e.g. HUB526), or by its name, a lower-case category/name (e.g. security/key-vault-purge-protection); docs/lint.md lists the rules.',
      }),
    },
  },
  HUB108: {
    stage: 'schema',
    severity: 'error',
    meaning: 'Duplicate items in a list that must hold distinct values.',
    messages: {
      raise: (a: { where: string }) => ({ message: `${a.where} has duplicate items`, hint: 'List each value once.' }),
    },
  },
  HUB109: {
    stage: 'schema',
    severity: 'error',
    meaning: 'Any other schema rule.',
    messages: {
      raise: (a: { where: string; detail?: string }) => ({ message: `${a.where} ${a.detail}`, hint: 'See docs/hub-yaml.md.' }),
    },
  },
});
