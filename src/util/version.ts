/**
 * hubc's own version, apart from the compiler so that `hubc --version` and the CLI's registration load
 * nothing else (issue #15).
 */
import { readFileSync } from 'node:fs';
import { packagePath } from './packageRoot.js';

/** hubc's own version (`version` of its package.json), recorded in template metadata. */
export const HUBC_VERSION: string = JSON.parse(readFileSync(packagePath('package.json'), 'utf8')).version;
