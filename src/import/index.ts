/**
 * `hubc import`: a hub.yaml from a running hub, online (`./online.ts`: the resource group's resources,
 * deployment history and settings.json) or offline (`./offline.ts`: a saved parameter file and
 * settings.json). The hub.yaml (`./hubYaml.ts`) is compiled before it is written, and written only when it
 * builds, to a new file (never replacing one).
 */
import { dirname, resolve } from 'node:path';
import { compile } from '../compiler/index.js';
import { hasErrors, type Diagnostic } from '../diagnostics/diagnostic.js';
import { codes } from '../diagnostics/index.js';
import { referenceFrom } from '../init/index.js';
import { PARAMETER_SOURCES, getRelease, parameterName, publicParameterName } from '../model/releases.js';
import { oneLine } from '../util/text.js';
import { createFileExclusive } from '../util/files.js';
import { packagePath } from '../util/packageRoot.js';
import { HUBC_VERSION } from '../util/version.js';
import { importedHubYaml, type ImportedHub, type ImportFacts } from './hubYaml.js';
import { ImportError } from './errors.js';

export { readRunningHub } from './online.js';
export { offlineFacts } from './offline.js';
export { type ImportFacts, type ImportedHub } from './hubYaml.js';
export { ImportError };

/** The outcome of {@link importHubYaml}: the hub.yaml, or the diagnostics of a hub.yaml that does not build. */
export type ImportOutcome = { hub: ImportedHub; warnings: Diagnostic[]; artifacts: ReadonlyMap<string, string> } | { diagnostics: Diagnostic[] };

/**
 * The hub.yaml of the facts, checked by compiling it (for its release); the build's artifacts come with it.
 * A value hub.yaml cannot carry stops it (HUB600) unless `acceptLoss` names it.
 * @param file where it will be written (its folder decides how the schema modeline refers to the schema)
 * @param options `acceptLoss`: `--accept-loss` names
 */
export function importHubYaml(facts: ImportFacts, file: string, options: { acceptLoss?: readonly string[] } = {}): ImportOutcome {
  const schema = referenceFrom(dirname(resolve(file)), packagePath('schemas', 'hub.schema.json'));
  const acceptLoss = options.acceptLoss ?? [];
  const hub = importedHubYaml(facts, [` yaml-language-server: $schema=${schema}`, ` Written by hubc import (hubc ${HUBC_VERSION}).`], acceptLoss);
  const source = facts.sources.join(', ');
  if (hub.losses.length) return { diagnostics: [{ ...codes.HUB600.raise({ source, settings: hub.losses }), file }] };
  const stray = acceptLoss.filter((n) => !hub.unrecovered.some((u) => u.path.toLowerCase() === n.toLowerCase()));
  if (stray.length) return { diagnostics: [{ ...codes.HUB600.unknownLoss({ names: stray, source }), file }] };
  const result = compile(hub.text, { file });
  if (hasErrors(result.diagnostics) || !result.release) {
    return { diagnostics: [...result.diagnostics.map((d) => atSource(d, facts)), { ...codes.HUB482.raise({ file }), file }] };
  }
  return { hub, warnings: result.diagnostics, artifacts: result.artifacts };
}

/**
 * A diagnostic of the hub.yaml an import made, pointed at what its value came from instead of a line of a
 * file that is never written (issue #29, item 14): the template parameter whose hub.yaml field the
 * diagnostic's path is in (`PARAMETER_SOURCES`), named as the facts name it, with its value, in the file or
 * deployment the facts came from. A diagnostic of no parameter's field names the sources and keeps no position.
 */
function atSource(d: Diagnostic, facts: ImportFacts): Diagnostic {
  const { start: _start, end: _end, ...rest } = d;
  const release = getRelease(facts.release);
  const key =
    d.path === undefined
      ? undefined
      : release.parameters.find((k) => {
          const field = PARAMETER_SOURCES[k].join('.');
          return d.path === field || d.path!.startsWith(`${field}.`) || d.path!.startsWith(`${field}[`);
        });
  const name = key && (facts.parameterNames === 'public' ? publicParameterName(release, key) : parameterName(release, key));
  const entry = name ? Object.entries(facts.parameters).find(([k]) => k.toLowerCase() === name.toLowerCase()) : undefined;
  const source = entry && entry[1] && 'value' in entry[1] ? `parameter ${entry[0]}: ${oneLine(JSON.stringify(entry[1].value) ?? 'null', 80)}` : undefined;
  return { ...rest, file: (source ? facts.sources[0] : facts.sources.join(', ')) || d.file, ...(source ? { message: `${d.message} (from ${source})` } : {}) };
}

/**
 * Writes the imported hub.yaml to a new file, atomically (whole or not at all) and never replacing anything
 * (`src/util/files.ts`).
 * @throws Error with `code` `EEXIST` when something is at `file`; file system errors otherwise
 */
export function writeImportedHub(file: string, hub: ImportedHub): void {
  createFileExclusive(file, hub.text);
}
