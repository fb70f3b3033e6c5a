/**
 * The public FinOps hub templates (`finops-hub-<version>.json`, the compiled ARM templates of the public
 * releases) as inputs of hubc: found by a path or as `public:<release>` in a folder (`--public-templates
 * DIR`), told apart from hubc's builds, and their release read.
 *
 * A public template is recognised by its shape: an ARM template whose only resources are nested
 * deployments, one of them `hub`, the Bicep module every public release compiles to
 * (`../shared/reference/versions.md` §0.1). Its release comes from the file name
 * (`finops-hub-0.2.1.json`), else from the `finOpsToolkitVersion`/`ftk version` string of the `hub`
 * deployment's variables.
 */
import { basename, join } from 'node:path';
import { RELEASE_VERSIONS, getRelease, type Release, type ReleaseVersion } from '../model/releases.js';
import { codes } from '../diagnostics/index.js';
import { HubcError, type ErrorDiagnostic } from '../diagnostics/diagnostic.js';
import { isObject, type JsonObject } from '../util/json.js';
import { INPUT_LIMITS, InputFileError, readInputFile } from '../util/inputFiles.js';
import { offsetPositions, type Diagnostic } from '../diagnostics/diagnostic.js';
import { jsonLimitPassed } from '../expressions/arm/inputLimits.js';

/** Prefix of a public template named by release: `public:0.6`. */
export const PUBLIC_PREFIX = 'public:';

/** A public template read from disk. */
export interface PublicTemplate {
  /** The file it was read from. */
  file: string;
  /** Version of the public template (`0.2.1`). */
  version: string;
  /** The hubc release of that number (`0.2`). */
  release: ReleaseVersion;
  template: JsonObject;
}

/** A public template that cannot be used: code HUB419, with a hint. */
export class PublicTemplateError extends HubcError {
  /**
   * @param raised what is wrong (HUB419)
   * @param diagnostics positioned diagnostics that say where (HUB475, HUB476 of a file past a limit)
   */
  constructor(
    raised: ErrorDiagnostic,
    readonly diagnostics: Diagnostic[] = [],
  ) {
    super(raised);
  }
}

/**
 * The hubc release whose public template has this version (`0.1.1` -> `0.1`, `0.2.1` -> `0.2`, `0.6` -> `0.6`,
 * `0.12` and `12.0` -> `12`), or that is its id (`12`).
 */
export function releaseOfPublicVersion(version: string): ReleaseVersion | undefined {
  for (const v of RELEASE_VERSIONS) {
    if (v === version || publicTemplateVersions(getRelease(v)).includes(version)) return v;
  }
  return undefined;
}

/** The versions of the public template files a release was published as, the main one first (`12.0`, `0.12`). */
export function publicTemplateVersions(release: Release): string[] {
  return [release.publicRelease.template, ...(release.publicRelease.alsoPublishedAs ?? []).map((f) => f.template)];
}

/**
 * The version of the public file `public:<name>` reads: the file of that version when the release was
 * published under it (`public:0.12` reads `finops-hub-0.12.json`), else the release's main file (`public:12`
 * reads `finops-hub-12.0.json`).
 */
export function publicFileVersion(release: Release, name: string): string {
  return publicTemplateVersions(release).find((t) => t === name) ?? release.publicRelease.template;
}

/** The nested `hub` deployment of a public template, or undefined when the template has none. */
function hubDeployment(template: JsonObject): JsonObject | undefined {
  // languageVersion 2.0 templates (the public 14.0) key their resources by symbolic name.
  const resources = Array.isArray(template.resources) ? template.resources : isObject(template.resources) ? Object.values(template.resources) : [];
  const hub = resources.find((r) => isObject(r) && String(r.type).toLowerCase() === 'microsoft.resources/deployments' && r.name === 'hub');
  return isObject(hub) ? hub : undefined;
}

/** True when a parsed JSON document is a public hub template (see the module doc). */
export function isPublicTemplate(doc: unknown): doc is JsonObject {
  if (!isObject(doc) || typeof doc.$schema !== 'string' || !/deploymentTemplate\.json/i.test(doc.$schema)) return false;
  const hub = hubDeployment(doc);
  return Boolean(hub && isObject(hub.properties) && isObject(hub.properties.template));
}

/** The version string the `hub` deployment records (`finOpsToolkitVersion`, `0.7`), when it is a version. */
function recordedVersion(template: JsonObject): string | undefined {
  const inner = (hubDeployment(template)?.properties as JsonObject | undefined)?.template as JsonObject | undefined;
  const vars = isObject(inner?.variables) ? inner.variables : {};
  const v = Object.entries(vars).find(([k]) => /^(finOpsToolkitVersion|ftkVersion)$/i.test(k))?.[1];
  return typeof v === 'string' && /^\d+\.\d+(\.\d+)?$/.test(v) ? v : undefined;
}

/**
 * The version of a public template (`14.0`): from its file name (`finops-hub-14.0.json`), else the version
 * its `hub` deployment records; undefined when neither says. Any version, whether or not hubc builds that
 * release (`hubc check` reads them all).
 */
export function publicTemplateVersion(file: string, doc: JsonObject): string | undefined {
  return /^finops-hub-(\d+\.\d+(?:\.\d+)?)\.json$/i.exec(basename(file))?.[1] ?? recordedVersion(doc);
}

/**
 * Reads a public template from a file.
 * @throws PublicTemplateError HUB419 when the file cannot be read, is past a limit of what hubc reads (with
 *   the positioned HUB475 or HUB476), is not a public hub template, or its release is not one hubc knows
 */
export function readPublicTemplate(file: string, text?: string): PublicTemplate {
  let doc: unknown;
  try {
    const read = text ?? readInputFile(file, { maxBytes: INPUT_LIMITS.buildFile });
    const limit = jsonLimitPassed(read);
    if (limit) {
      const raised = limit.kind === 'json' ? codes.HUB475.raise({ limit: limit.limit }) : codes.HUB476.raise({ limit: limit.limit });
      throw new PublicTemplateError(codes.HUB419.unreadable({ file, detail: 'it is past a limit of what hubc reads (see above)' }), [
        { ...raised, file, start: offsetPositions(read)(limit.offset) },
      ]);
    }
    doc = JSON.parse(read);
  } catch (e) {
    if (e instanceof PublicTemplateError) throw e;
    throw new PublicTemplateError(codes.HUB419.unreadable({ file, detail: e instanceof InputFileError ? e.detail : (e as Error).message }));
  }
  if (!isPublicTemplate(doc)) throw new PublicTemplateError(codes.HUB419.notPublic({ file }));
  const fromName = /^finops-hub-(\d+\.\d+(?:\.\d+)?)\.json$/i.exec(basename(file))?.[1];
  const version = fromName ?? recordedVersion(doc);
  const release = version ? releaseOfPublicVersion(version) : undefined;
  if (!version || !release) throw new PublicTemplateError(codes.HUB419.unknownRelease({ file, version, releases: RELEASE_VERSIONS }));
  return { file, version, release, template: doc };
}

/**
 * Resolves `public:<release>` in a folder of public templates.
 * @param dir the folder (`--public-templates`); the file is `finops-hub-<template version>.json`
 * @throws PublicTemplateError HUB419 when no folder is given, the release is unknown, or the file is missing
 */
export function resolvePublicRelease(arg: string, dir: string | undefined): PublicTemplate {
  const version = arg.slice(PUBLIC_PREFIX.length);
  const release = releaseOfPublicVersion(version);
  if (!release) throw new PublicTemplateError(codes.HUB419.unknownRelease({ file: arg, version, releases: RELEASE_VERSIONS }));
  if (!dir) throw new PublicTemplateError(codes.HUB419.noFolder({ arg }));
  return readPublicTemplate(join(dir, `finops-hub-${publicFileVersion(getRelease(release), version)}.json`));
}
