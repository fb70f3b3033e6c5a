/**
 * Stage 1: parse hub.yaml text into a YAML document that keeps source positions.
 *
 * The text is held to the limits of `./limits.ts` before the recursive parts of the yaml package (its
 * composer, `toJS`) or anything after them runs: its length first, then the nesting depth and entry counts
 * of the concrete syntax tree (built by the yaml package's iterative `Parser`), then, on the composed
 * document, the depth and size the data gets once aliases are expanded. Duplicate keys are found in one
 * linear pass (`./duplicates.ts`).
 */
import { Composer, type Document, type YAMLError } from 'yaml';
import { nodeAt } from '../diagnostics/positions.js';
import { offsetPositions, type Diagnostic, type Position } from '../diagnostics/diagnostic.js';
import { codes, type Raised } from '../diagnostics/index.js';
import { duplicateKeys } from './duplicates.js';
import { HUB_YAML_LIMITS, measureExpanded, parseTokens, resolveAliases, scanSyntax, toPlainData, type LimitPassed, type Unclosed } from './limits.js';
import { dottedPath, type DataPath } from './paths.js';
import { indentationProblems, type IndentLevel, type IndentProblem } from './indentation.js';

/** A parsed hub.yaml: the plain data, the YAML tree for positions, and the file name for diagnostics. */
export interface SourceDocument {
  file: string;
  text: string;
  doc: Document.Parsed;
  /** The line and column of a 0-based offset into `text` (see {@link offsetPositions}). */
  position: (offset: number) => Position;
  /** Plain JavaScript value of the document (undefined when empty). */
  data: unknown;
  /** The `release:` the file itself declares, when a `--release` option replaced it in `data`. */
  declaredRelease?: unknown;
}

/** Options of the yaml package: duplicate keys are found by `./duplicates.ts` instead (linear). */
const YAML_OPTIONS = { uniqueKeys: false, prettyErrors: false, strict: true } as const;

/**
 * Parses YAML text. Syntax errors become `HUB100` (positioned where an unclosed `[`, `{` or quote opens
 * when that is the cause), duplicate keys `HUB101`, and text past the limits of
 * {@link HUB_YAML_LIMITS} `HUB110`-`HUB112`; none of these throws, whatever the text.
 * @param text the hub.yaml content
 * @param file the name used in diagnostics (e.g. `hub.yaml`)
 */
export function parseHubYaml(text: string, file: string): { source?: SourceDocument; diagnostics: Diagnostic[] } {
  const at = (raised: Raised, offset: number, path?: DataPath): Diagnostic => ({
    ...raised,
    file,
    start: position(offset),
    ...(path ? { path: dottedPath(path) } : {}),
  });
  if (text.length > HUB_YAML_LIMITS.textLength) {
    return { diagnostics: [{ ...codes.HUB110.raise({ length: text.length, limit: HUB_YAML_LIMITS.textLength }), file, start: { line: 1, col: 1 } }] };
  }
  const position = offsetPositions(text);
  const parsed = parseTokens(text);
  if ('limit' in parsed) return { diagnostics: [at(limitRaised(parsed.limit), parsed.limit.offset, parsed.limit.path)] };
  const tokens = parsed.tokens;
  const scan = scanSyntax(tokens);
  if (scan.limit) return { diagnostics: [at(limitRaised(scan.limit), scan.limit.offset, scan.limit.path)] };

  const docs = [...new Composer(YAML_OPTIONS).compose(tokens, true, text.length)];
  const doc = docs[0]!;
  const indentation = lazyIndentation(text, position);
  const diagnostics: Diagnostic[] = unique(doc.errors.map((err) => indentationDiagnostic(err, indentation, at) ?? syntaxDiagnostic(err, scan.unclosed, at)));
  if (docs.length > 1) diagnostics.push(at(codes.HUB100.documents(), docs[1]!.range[0]));
  if (diagnostics.length) return { diagnostics };

  for (const d of duplicateKeys(doc)) {
    const first = position(d.first);
    const where = d.path.length > 1 ? dottedPath(d.path.slice(0, -1)) : undefined;
    diagnostics.push(at(codes.HUB101.raise({ key: d.key, where, line: first.line, col: first.col }), d.second, d.path));
  }
  if (diagnostics.length) return { diagnostics };

  const targets = resolveAliases(doc);
  for (const [alias, target] of targets) {
    // As the yaml package says it (YAML: an alias refers to an anchor earlier in the document).
    if (!target)
      return { diagnostics: [at(codes.HUB100.aliases({ detail: `Unresolved alias (the anchor must be set before the alias): ${alias.source}` }), alias.range?.[0] ?? 0)] };
  }
  const expanded = measureExpanded(doc, HUB_YAML_LIMITS, targets);
  if (!expanded.ok) {
    const raised =
      expanded.kind === 'recursive'
        ? codes.HUB100.recursiveAlias()
        : expanded.kind === 'depth'
          ? codes.HUB111.aliases({ limit: HUB_YAML_LIMITS.depth })
          : codes.HUB112.aliases({ limit: HUB_YAML_LIMITS.totalEntries });
    return { diagnostics: [at(raised, expanded.offset)] };
  }
  let data: unknown;
  try {
    data = toPlainData(doc, targets);
  } catch (e) {
    // Not expected once aliases are resolved and measured (a YAML 1.1 merge key of something but a mapping).
    return { diagnostics: [at(codes.HUB100.aliases({ detail: firstLine((e as Error).message) }), [...targets.keys()][0]?.range?.[0] ?? 0)] };
  }
  return { source: { file, text, doc, position, data }, diagnostics };
}

function firstLine(message: string): string {
  return message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
}

/**
 * A syntax error of the yaml package as a diagnostic. An error caused by a `[`, `{` or quote left open is
 * reported where it opens (the yaml package reports where it gave up, often lines later); tabs used for
 * indentation get a hint of their own.
 */
function syntaxDiagnostic(err: YAMLError, unclosed: readonly Unclosed[], at: (raised: Raised, offset: number) => Diagnostic): Diagnostic {
  const detail = firstLine(err.message);
  const offset = err.pos[0];
  if (err.code === 'TAB_AS_INDENT') return at(codes.HUB100.tabs({ detail }), offset);
  const closing = /end with an? ([\]}])/.exec(detail)?.[1];
  const chars: Unclosed['char'][] = closing === ']' ? ['['] : closing === '}' ? ['{'] : /closing "quote/.test(detail) ? ['"'] : /closing 'quote/.test(detail) ? ["'"] : [];
  // The innermost opener of the kind the error names, before where the error is reported.
  const opener = unclosed.filter((u) => chars.includes(u.char) && u.offset <= offset).pop();
  if (opener) return at(codes.HUB100.unclosed({ char: opener.char, detail }), opener.offset);
  if (err.code === 'RESOURCE_EXHAUSTION') {
    // Not expected once the limits hold (the composer catches its own stack overflow); a depth error, not syntax.
    return at(codes.HUB111.raise({ where: 'hub.yaml', limit: HUB_YAML_LIMITS.depth }), offset);
  }
  return at(codes.HUB100.syntax({ detail }), offset);
}

/** Errors of the YAML parser that a mistake of indentation causes. */
const INDENTATION_ERRORS = new Set(['BAD_INDENT', 'BLOCK_AS_IMPLICIT_KEY', 'MULTILINE_IMPLICIT_KEY', 'MISSING_CHAR', 'UNEXPECTED_TOKEN']);

/** The indentation mistakes of the text with the offset where each line starts, found on first use. */
function lazyIndentation(
  text: string,
  position: (offset: number) => Position,
): () => { problems: IndentProblem[]; lineOf: (offset: number) => number; lineStart: (line: number) => number } {
  let found: ReturnType<ReturnType<typeof lazyIndentation>> | undefined;
  return () => {
    if (!found) {
      const starts = [0];
      for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
      found = { problems: indentationProblems(text), lineOf: (offset) => position(offset).line, lineStart: (line) => starts[line - 1] ?? text.length };
    }
    return found;
  };
}

/**
 * A syntax error caused by an indentation mistake, said in words at the line of the mistake
 * (./indentation.ts): the first mistake from the line where the error starts to the line after it ends.
 * @returns undefined when the error is not of that kind or no mistake explains it
 */
function indentationDiagnostic(err: YAMLError, indentation: ReturnType<typeof lazyIndentation>, at: (raised: Raised, offset: number) => Diagnostic): Diagnostic | undefined {
  if (!INDENTATION_ERRORS.has(err.code)) return undefined;
  const { problems, lineOf, lineStart } = indentation();
  const [first, last] = [lineOf(err.pos[0]), lineOf(Math.max(err.pos[0], err.pos[1] - 1))];
  const p = problems.find((x) => x.line >= first && x.line <= last + 1);
  return p ? at(indentationRaised(p), lineStart(p.line) + p.indent) : undefined;
}

/** The words of an indentation mistake. */
function indentationRaised(p: IndentProblem): Raised {
  const what = (l: IndentLevel) => (l.kind === 'item' ? 'the item' : `'${l.key}'`);
  const text = (l: IndentLevel) => ({ what: what(l), line: l.line, spaces: l.indent, item: l.kind === 'item' });
  const makes = (l: IndentLevel, other: boolean) =>
    l.kind === 'item'
      ? `another item of ${l.parent ? what(l.parent) : 'the list'}`
      : l.parent
        ? `${other ? 'another key' : 'a key'} of ${what(l.parent)}`
        : `${other ? 'another ' : 'a '}top-level key`;
  if (p.problem === 'deeper') return codes.HUB100.deeper({ line: p.line, spaces: p.indent, near: text(p.levels[0]!), sibling: makes(p.levels[0]!, true) });
  const fixes = p.levels.filter((l) => l.kind === p.kind).map((l) => ({ spaces: l.indent, makes: makes(l, false) }));
  return codes.HUB100.between({ line: p.line, spaces: p.indent, levels: p.levels.slice(0, 3).map(text), fixes });
}

/** Diagnostics without exact repeats (the parser often reports one mistake two or three times). */
function unique(list: Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return list.filter((d) => {
    const key = JSON.stringify([d.code, d.start, d.message]);
    return seen.has(key) ? false : (seen.add(key), true);
  });
}

/** The diagnostic of a limit the syntax tree passes, with a hint that fits the place. */
function limitRaised(limit: LimitPassed): Raised {
  const where = limit.path.length ? dottedPath(limit.path) : 'hub.yaml';
  switch (limit.kind) {
    case 'depth':
      return codes.HUB111.raise({ where, limit: HUB_YAML_LIMITS.depth });
    case 'entries':
      return codes.HUB112.entries({ where, count: limit.count, limit: HUB_YAML_LIMITS.entries, hint: entriesHint(limit.path) });
    case 'totalEntries':
      return codes.HUB112.total({ limit: HUB_YAML_LIMITS.totalEntries, hint: entriesHint(limit.path) });
  }
}

/** What to do about too many entries at a path: for tags, Azure's own limit is far lower. */
function entriesHint(path: DataPath): string {
  if (path[0] === 'tags' || path[0] === 'tagsByResource') {
    return 'Azure allows at most 50 tags per resource (15 on Private DNS zones and their links), counting tags and tagsByResource merged; combine several values into one JSON-valued tag if you need more.';
  }
  return 'See docs/hub-yaml.md, "Limits".';
}

/** Where in the YAML a JSON-pointer-like path points. `key` asks for the key of the last segment instead of its value. */
export function locate(source: SourceDocument, path: readonly (string | number)[], key = false): Position {
  const range = nodeAt(source.doc.contents, path, key)?.range;
  return source.position(range ? range[0] : 0);
}
