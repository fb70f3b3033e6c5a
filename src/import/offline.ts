/**
 * `hubc import --parameters saved.parameters.json [--settings settings.json] [--release X]`: the facts of
 * a hub from files saved from it. The parameter file is a deployment parameter file
 * (`{ "parameters": { "hubName": { "value": ... } } }`) or the bare parameters object Azure shows for a
 * deployment (`az deployment group show --query properties.parameters`). The release is `--release`, else
 * the only release whose public template declares every parameter the file sets, else the settings.json
 * `version`.
 */
import { getRelease, type ReleaseVersion } from '../model/releases.js';
import type { NamingMode } from '../model/naming.js';
import { codes } from '../diagnostics/index.js';
import { releaseOfVersion } from '../azure/index.js';
import { isObject } from '../util/json.js';
import { hubcOnlyNames, releasesOfParameterNames } from './facts.js';
import type { ImportFacts } from './hubYaml.js';
import { ImportError } from './errors.js';

/** Files read for an offline import. */
export interface OfflineRequest {
  parametersFile: string;
  /** The parsed parameter file. */
  parameters: unknown;
  settingsFile?: string;
  /** The parsed settings.json. */
  settings?: unknown;
  release?: ReleaseVersion;
  /** `--naming`; default `public` (a parameter file of a hub deployed from the public templates). */
  naming?: NamingMode;
}

/**
 * The facts of the files.
 * @throws ImportError HUB483 (not a parameter file, not a settings object) or HUB481 (release unknown)
 */
export function offlineFacts(req: OfflineRequest): ImportFacts {
  const doc = req.parameters;
  const params =
    isObject(doc) && isObject(doc.parameters)
      ? doc.parameters
      : isObject(doc) && Object.values(doc).every((v) => isObject(v) && ('value' in v || 'type' in v || 'reference' in v)) && Object.keys(doc).length
        ? doc
        : undefined;
  if (!params) throw new ImportError(codes.HUB483.notParameters({ file: req.parametersFile }), req.parametersFile);
  if (req.settings !== undefined && !isObject(req.settings))
    throw new ImportError(codes.HUB483.notSettings({ file: req.settingsFile ?? 'settings.json' }), req.settingsFile ?? 'settings.json');
  const names = Object.keys(params);
  const remarks: string[] = [];
  let release = req.release;
  if (!release) {
    let candidates = releasesOfParameterNames(names);
    const fromSettings = isObject(req.settings) ? releaseOfVersion(req.settings.version) : undefined;
    if (candidates.length > 1 && fromSettings && candidates.includes(fromSettings as ReleaseVersion)) candidates = [fromSettings as ReleaseVersion];
    if (candidates.length !== 1)
      throw new ImportError(
        codes.HUB481.release({ source: `the parameters of ${req.parametersFile}${req.settingsFile ? ` and ${req.settingsFile}` : ''}`, candidates }),
        req.parametersFile,
      );
    release = candidates[0];
    remarks.push(
      `Release ${release} told from ${fromSettings === release && releasesOfParameterNames(names).length > 1 ? 'the version of settings.json' : 'the parameters the file sets'}.`,
    );
  }
  const r = getRelease(release);
  const parameterNames = hubcOnlyNames(r).some((n) => names.some((x) => x.toLowerCase() === n.toLowerCase())) ? 'hubc' : 'public';
  const naming = req.naming ?? 'public';
  if (!req.naming)
    remarks.push('naming: public is assumed (a parameter file does not show the resource names); hubc diff against the public template shows what a deployment changes.');
  return {
    release,
    naming,
    parameters: params as ImportFacts['parameters'],
    parameterNames,
    settings: req.settings,
    sources: [req.parametersFile, ...(req.settingsFile ? [req.settingsFile] : [])],
    remarks,
  };
}
