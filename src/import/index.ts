/**
 * `hubc import`: a hub.yaml from a running hub, online (`./online.ts`: the resource group's resources,
 * deployment history and settings.json) or offline (`./offline.ts`: a saved parameter file and
 * settings.json). The hub.yaml (`./hubYaml.ts`) is compiled before it is written, and written only when it
 * builds, to a new file (never replacing one).
 */
import { dirname, resolve } from 'node:path';
import { compile } from '../compiler/compile.js';
import { hasErrors, type Diagnostic } from '../diagnostics/diagnostic.js';
import { codes } from '../diagnostics/index.js';
import { referenceFrom } from '../init/index.js';
import { createFileExclusive } from '../util/files.js';
import { packagePath } from '../util/packageRoot.js';
import { HUBC_VERSION } from '../util/version.js';
import { importedHubYaml, type ImportedHub, type ImportFacts } from './hubYaml.js';
import { ImportError } from './errors.js';

export { readRunningHub, type OnlineRequest } from './online.js';
export { offlineFacts, type OfflineRequest } from './offline.js';
export { importedHubYaml, type ImportFacts, type ImportedHub, type Loss, type Unrecovered } from './hubYaml.js';
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
    return { diagnostics: [...result.diagnostics, { ...codes.HUB482.raise({ file }), file }] };
  }
  return { hub, warnings: result.diagnostics, artifacts: result.artifacts };
}

/**
 * Writes the imported hub.yaml to a new file, atomically (whole or not at all) and never replacing anything
 * (`src/util/files.ts`).
 * @throws Error with `code` `EEXIST` when something is at `file`; file system errors otherwise
 */
export function writeImportedHub(file: string, hub: ImportedHub): void {
  createFileExclusive(file, hub.text);
}
