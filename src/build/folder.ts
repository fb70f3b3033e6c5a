/**
 * The Build of a folder `hubc build` or `hubc publish` wrote (`dist-templates/0.7`, a feed's `0.7/`): every
 * file under it read through src/util/inputFiles.ts (regular files only, no symbolic link out of the
 * folder, within the build-folder limits).
 */
import { basename, resolve } from 'node:path';
import { readInputTree } from '../util/inputFiles.js';
import { fromFiles, type Build } from './build.js';

/**
 * Reads a release folder. Its JSON files are parsed when first read (`Build.invalidJson()` lists those
 * that do not parse).
 * @param dir the folder
 * @returns a Build whose release is the one its template records (`metadata.hubRelease`), else the folder's name
 * @throws InputFileError when the folder holds something hubc does not read (see `readInputTree`)
 */
export function fromFolder(dir: string): Build {
  const build = fromFiles({ release: '', source: 'folder', files: readInputTree(dir) });
  const recorded = build.template.metadata.hubRelease;
  build.release = typeof recorded === 'string' ? recorded : basename(resolve(dir));
  return build;
}
