/**
 * Responses a simulation gives to WebActivity requests and Data Explorer commands: the `--responses FILE`
 * entries (JSON, schema `schemas/simulate-responses.schema.json`), else the documented defaults.
 *
 * File format (docs/simulate.md):
 * ```json
 * {
 *   "web": [
 *     { "method": "GET", "url": "https://management.azure.com/subscriptions/*exports?api-version=*",
 *       "status": 200, "body": { "value": [] }, "once": false }
 *   ],
 *   "dataExplorer": [
 *     { "command": ".show capacity*", "output": { "value": [{ "Remaining": 0 }] }, "once": true },
 *     { "command": ".ingest into table Costs_raw*", "error": { "errorCode": "BadRequest", "message": "..." } }
 *   ]
 * }
 * ```
 * Entries are tried in file order; the first whose `method` (case-insensitive; absent = any), `url` pattern
 * and `requestBody` pattern (absent = any) match a request answers it. Patterns match the whole URL, request
 * body text or command text, case-insensitively; `*` stands for any characters. An entry with `once: true`
 * answers one request only, so a list can play a sequence (first no capacity, then capacity); a
 * `requestBody` pattern tells the pages of one URL apart (`*"$skipToken":"page-2"*`), so a recorded
 * sequence of pages answers every request for a page, whoever sends it (a Web activity or a Copy
 * activity's REST source).
 * Defaults: a web request gets status 200 and the body `{}`; a Data Explorer command succeeds with
 * `{ "count": 0, "value": [] }`.
 */

/** One web response entry. */
export interface WebResponseEntry {
  method?: string;
  url: string;
  /** Pattern of the request body text (`*` = any characters); absent = any body. */
  requestBody?: string;
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  once?: boolean;
}

/** One Data Explorer response entry. */
export interface KustoResponseEntry {
  command: string;
  output?: unknown;
  error?: { errorCode: string; message: string };
  once?: boolean;
}

/** The `--responses` file. */
export interface ResponsesFile {
  web?: WebResponseEntry[];
  dataExplorer?: KustoResponseEntry[];
}

/** Default body of a web response. */
export const DEFAULT_WEB_BODY = {};
/** Default output of a Data Explorer command. */
export const DEFAULT_KUSTO_OUTPUT = { count: 0, value: [] };

/**
 * Whether `text` matches a `*` pattern: the whole text, case ignored (both sides lower-cased), `*` standing
 * for any characters (none included), every other character for itself.
 *
 * Linear, never backtracking (issue #29, item 7: the regular expression `*` used to become backtracked for
 * minutes on a 32-character pattern). The pattern is cut at its stars into literal parts; the first must
 * start the text and the last end it; each part between is placed at its leftmost occurrence after the
 * previous one. Leftmost is always right for patterns of literals and stars: any match could move a part
 * to an earlier occurrence and still match, since a star takes what lies between. So each part is searched
 * once (`indexOf` from where the last one ended), at most O(text length x part length) per part; no choice is
 * ever revisited.
 * @param pattern e.g. `https://management.azure.com/*exports?api-version=*`
 * @param text a request URL or command text
 */
export function wildcardMatch(pattern: string, text: string): boolean {
  const parts = pattern.toLowerCase().split('*');
  const t = text.toLowerCase();
  if (parts.length === 1) return parts[0] === t;
  const first = parts[0]!;
  const last = parts[parts.length - 1]!;
  const end = t.length - last.length;
  if (end < first.length || !t.startsWith(first) || !t.endsWith(last)) return false;
  let at = first.length;
  for (const part of parts.slice(1, -1)) {
    if (!part) continue;
    const found = t.indexOf(part, at);
    if (found < 0 || found + part.length > end) return false;
    at = found + part.length;
  }
  return true;
}

/** The responses of one simulation, consuming `once` entries as they answer. */
export class Responses {
  private readonly used = new Set<string>();

  constructor(private readonly file: ResponsesFile = {}) {}

  /**
   * The web entry answering a request, with its index, or undefined for the default.
   * @param body the request body as sent (text; an object or array as its JSON), undefined without one
   */
  web(method: string, url: string, body?: string): { index: number; entry: WebResponseEntry } | undefined {
    const list = this.file.web ?? [];
    for (let i = 0; i < list.length; i++) {
      const e = list[i];
      if (this.used.has(`web${i}`)) continue;
      if (e.method && e.method.toLowerCase() !== method.toLowerCase()) continue;
      if (!wildcardMatch(e.url, url)) continue;
      if (e.requestBody !== undefined && !wildcardMatch(e.requestBody, body ?? '')) continue;
      if (e.once) this.used.add(`web${i}`);
      return { index: i, entry: e };
    }
    return undefined;
  }

  /** The Data Explorer entry answering a command, with its index, or undefined for the default. */
  kusto(command: string): { index: number; entry: KustoResponseEntry } | undefined {
    const list = this.file.dataExplorer ?? [];
    for (let i = 0; i < list.length; i++) {
      const e = list[i];
      if (this.used.has(`kusto${i}`)) continue;
      if (!wildcardMatch(e.command, command)) continue;
      if (e.once) this.used.add(`kusto${i}`);
      return { index: i, entry: e };
    }
    return undefined;
  }
}
