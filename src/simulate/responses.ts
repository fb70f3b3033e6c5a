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
 * Entries are tried in file order; the first whose `method` (case-insensitive; absent = any) and `url`
 * pattern match a request answers it. Patterns match the whole URL or command text, case-insensitively;
 * `*` stands for any characters. An entry with `once: true` answers one request only, so a list can play a
 * sequence (first no capacity, then capacity).
 * Defaults: a web request gets status 200 and the body `{}`; a Data Explorer command succeeds with
 * `{ "count": 0, "value": [] }`.
 */

/** One web response entry. */
export interface WebResponseEntry {
  method?: string;
  url: string;
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

/** Compiles a `*` pattern into a whole-text, case-insensitive regular expression. */
export function patternRegExp(pattern: string): RegExp {
  const body = pattern
    .split('*')
    .map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('[\\s\\S]*');
  return new RegExp(`^${body}$`, 'i');
}

/** The responses of one simulation, consuming `once` entries as they answer. */
export class Responses {
  private readonly used = new Set<string>();

  constructor(private readonly file: ResponsesFile = {}) {}

  /** The web entry answering a request, with its index, or undefined for the default. */
  web(method: string, url: string): { index: number; entry: WebResponseEntry } | undefined {
    const list = this.file.web ?? [];
    for (let i = 0; i < list.length; i++) {
      const e = list[i];
      if (this.used.has(`web${i}`)) continue;
      if (e.method && e.method.toLowerCase() !== method.toLowerCase()) continue;
      if (!patternRegExp(e.url).test(url)) continue;
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
      if (!patternRegExp(e.command).test(command)) continue;
      if (e.once) this.used.add(`kusto${i}`);
      return { index: i, entry: e };
    }
    return undefined;
  }
}
