/**
 * Where in hub.yaml a lint finding comes from. A finding points at the emitted file (`azuredeploy.json`);
 * when the value it reports is decided by template parameters, their defaults come from hub.yaml fields
 * (the compile records which field each parameter comes from, `CompileResult.parameterSources`), and the
 * finding also names those lines: `from hub.yaml:36:17: networking.publicAccess decides enablePublicAccess`.
 */
import type { Position, RelatedLocation } from '../diagnostics/diagnostic.js';
import { locate, type SourceDocument } from '../frontend/parse.js';
import { isObject, valueAt, type JsonPath } from '../util/json.js';
import { parametersThrough } from './arm.js';

/** The hub.yaml a build was compiled from, and which of its fields each template parameter comes from. */
export interface LintOrigin {
  source: SourceDocument;
  /** Template parameter name -> hub.yaml path of the field its default comes from. */
  parameterSources: ReadonlyMap<string, readonly string[]>;
}

/**
 * The hub.yaml places that decide the template value at `path`: the fields behind the parameters the value
 * reads (directly or through variables); for a value that reads none, those behind the condition of the
 * resource it belongs to (the field that made hubc deploy it). A field hub.yaml leaves out is named at its
 * nearest written parent, saying the default applies.
 * @param template the parsed azuredeploy.json
 * @param path JSON path of the finding inside it
 */
export function hubYamlOrigins(template: unknown, path: JsonPath, origin: LintOrigin): RelatedLocation[] {
  let parameters = parametersThrough(valueAt(template, path), template);
  if (!parameters.size && path[0] === 'resources' && typeof path[1] === 'number') {
    parameters = parametersThrough(valueAt(template, ['resources', path[1], 'condition']), template);
  }
  const byLower = new Map([...origin.parameterSources].map(([name, field]) => [name.toLowerCase(), { name, field }]));
  const out: RelatedLocation[] = [];
  for (const lower of [...parameters].sort()) {
    const found = byLower.get(lower);
    if (!found) continue;
    const written = writtenDepth(origin.source.data, found.field);
    const field = found.field.join('.');
    const start: Position | undefined = written ? locate(origin.source, found.field.slice(0, written), true) : undefined;
    out.push({
      file: origin.source.file,
      ...(start ? { start } : {}),
      message: written === found.field.length ? `${field} decides ${found.name}` : `${field} is not set, so its default decides ${found.name}`,
    });
  }
  return out;
}

/** How many segments of `path` the hub.yaml data holds. */
function writtenDepth(data: unknown, path: readonly string[]): number {
  let v = data;
  for (let i = 0; i < path.length; i++) {
    if (!isObject(v) || !(path[i] in v)) return i;
    v = v[path[i]];
  }
  return path.length;
}
