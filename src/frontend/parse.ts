/**
 * Stage 1: parse hub.yaml text into a YAML document that keeps source positions.
 */
import { parseDocument, visit, type Document } from 'yaml';
import { nodeAt } from '../diagnostics/positions.js';
import { offsetPositions, type Diagnostic, type Position } from '../diagnostics/diagnostic.js';
import { codes } from '../diagnostics/index.js';

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

/**
 * Parses YAML text. Syntax errors become `HUB100` and duplicate keys `HUB101`, positioned where the
 * `yaml` package found them.
 * @param text the hub.yaml content
 * @param file the name used in diagnostics (e.g. `hub.yaml`)
 */
export function parseHubYaml(text: string, file: string): { source?: SourceDocument; diagnostics: Diagnostic[] } {
  const position = offsetPositions(text);
  const doc = parseDocument(text, { uniqueKeys: true, prettyErrors: false, strict: true });
  const diagnostics: Diagnostic[] = [];
  for (const err of doc.errors) {
    const pos = position(err.pos[0]);
    const duplicate = err.code === 'DUPLICATE_KEY';
    const detail = firstLine(err.message);
    diagnostics.push({
      ...(duplicate ? codes.HUB101.raise({ detail }) : codes.HUB100.syntax({ detail })),
      file,
      start: { line: pos.line, col: pos.col },
    });
  }
  if (diagnostics.length) return { diagnostics };
  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (e) {
    // The yaml package refuses aliases that expand to too much data ("billion laughs"), and aliases it
    // cannot resolve; report at the first alias.
    let at = 0;
    visit(doc, {
      Alias(_key, node) {
        at = node.range?.[0] ?? 0;
        return visit.BREAK;
      },
    });
    const pos = position(at);
    diagnostics.push({
      ...codes.HUB100.aliases({ detail: firstLine((e as Error).message) }),
      file,
      start: { line: pos.line, col: pos.col },
    });
    return { diagnostics };
  }
  return { source: { file, text, doc, position, data }, diagnostics };
}


/** Most times one alias may be expanded (the yaml package's guard against alias bombs). */
const MAX_ALIAS_COUNT = 100;

function firstLine(message: string): string {
  return message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '');
}

/** Where in the YAML a JSON-pointer-like path points. `key` asks for the key of the last segment instead of its value. */
export function locate(source: SourceDocument, path: readonly (string | number)[], key = false): Position {
  const range = nodeAt(source.doc.contents, path, key)?.range;
  return source.position(range ? range[0] : 0);
}
