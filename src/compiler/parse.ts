/**
 * Stage 1: parse hub.yaml text into a YAML document that keeps source positions.
 */
import { LineCounter, parseDocument, type Document } from 'yaml';
import { nodeAt } from './positions.js';
import type { Diagnostic, Position } from './diagnostics.js';

/** A parsed hub.yaml: the plain data, the YAML tree for positions, and the file name for diagnostics. */
export interface SourceDocument {
  file: string;
  text: string;
  doc: Document.Parsed;
  lineCounter: LineCounter;
  /** Plain JavaScript value of the document (undefined when empty). */
  data: unknown;
  /** The `release:` the file itself declares, when a `--release` option replaced it in `data`. */
  declaredRelease?: unknown;
}

/**
 * Parses YAML text. Syntax errors become `HUB100` and duplicate keys `HUB101`, positioned where the
 * `yaml` package found them.
 * @param text the hub.yaml content
 * @param file the name used in diagnostics (e.g. `hub.yaml`)
 */
export function parseHubYaml(text: string, file: string): { source?: SourceDocument; diagnostics: Diagnostic[] } {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, uniqueKeys: true, prettyErrors: false, strict: true });
  const diagnostics: Diagnostic[] = [];
  for (const err of doc.errors) {
    const pos = lineCounter.linePos(err.pos[0]);
    const duplicate = err.code === 'DUPLICATE_KEY';
    diagnostics.push({
      code: duplicate ? 'HUB101' : 'HUB100',
      severity: 'error',
      message: duplicate ? `duplicate key: ${firstLine(err.message)}` : `YAML syntax error: ${firstLine(err.message)}`,
      hint: duplicate ? 'Remove or rename one of the two keys; YAML keeps only one of them.' : 'Fix the YAML syntax at this place (indentation, quotes, colons).',
      file,
      start: { line: pos.line, col: pos.col },
    });
  }
  if (diagnostics.length) return { diagnostics };
  return { source: { file, text, doc, lineCounter, data: doc.toJS({ maxAliasCount: 100 }) }, diagnostics };
}

function firstLine(message: string): string {
  return message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '');
}

/** Where in the YAML a JSON-pointer-like path points. `key` asks for the key of the last segment instead of its value. */
export function locate(source: SourceDocument, path: readonly (string | number)[], key = false): Position {
  const range = nodeAt(source.doc.contents, path, key)?.range;
  const lp = source.lineCounter.linePos(range ? range[0] : 0);
  return { line: lp.line, col: lp.col };
}
