/**
 * `hubc init`: writes a new, commented hub.yaml (./template.ts) whose `yaml-language-server` modeline
 * points at the hub.yaml schema of the hubc that wrote it, and which never replaces an existing file.
 *
 * The file is created with `createFileExclusive` (src/util/files.ts): whole or not at all, and never over
 * anything (no file, no link, not even a dangling one) that has its name; running it again after a kill
 * ends complete.
 */
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { createFileExclusive } from '../util/files.js';
import { pathToFileURL } from 'node:url';
import { HUBC_VERSION } from '../util/version.js';
import { packagePath } from '../util/packageRoot.js';
import { LATEST_RELEASE, type ReleaseVersion } from '../model/releases.js';
import { hubYamlTemplate } from './template.js';

/** Thrown when the file to create already exists; nothing was written. */
export class InitExistsError extends Error {
  constructor(readonly file: string) {
    super(`${file} already exists`);
    this.name = 'InitExistsError';
  }
}

/** What {@link initHubFile} wrote. */
export interface InitOutcome {
  /** The file, as given. */
  file: string;
  release: ReleaseVersion;
  /** What the modeline points at. */
  schema: string;
}

/**
 * How a file in `fromDir` refers to the shipped file `target` (absolute): `./...` when it lies below
 * `fromDir`, else its absolute path (a `file:` URL on Windows). yaml-language-server resolves a relative
 * modeline path against the YAML file's folder and an absolute one from the file system root.
 */
export function referenceFrom(fromDir: string, target: string): string {
  const rel = relative(resolve(fromDir), target);
  if (rel && !rel.startsWith('..') && !isAbsolute(rel)) return `./${rel.split(sep).join('/')}`;
  return process.platform === 'win32' ? pathToFileURL(target).href : target;
}

/**
 * Writes a new hub.yaml.
 * @param file path of the file to create
 * @param options `release` (default the latest), `schema` (what the modeline points at; default the
 *   installed `schemas/hub.schema.json`, see {@link referenceFrom})
 * @throws InitExistsError when `file` exists (as anything, a link included); file system errors otherwise
 */
export function initHubFile(file: string, options: { release?: ReleaseVersion; schema?: string } = {}): InitOutcome {
  const release = options.release ?? LATEST_RELEASE;
  const dir = dirname(resolve(file));
  const schema = options.schema ?? referenceFrom(dir, packagePath('schemas', 'hub.schema.json'));
  const docs = referenceFrom(dir, packagePath('docs', 'hub-yaml.md'));
  const text = hubYamlTemplate({ release, schema, docs, hubcVersion: HUBC_VERSION });
  try {
    createFileExclusive(file, text);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') throw new InitExistsError(file);
    throw e;
  }
  return { file, release, schema };
}
