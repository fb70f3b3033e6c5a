/**
 * hubc's own version, apart from the compiler so that `hubc --version` and the CLI's registration load
 * nothing else (issue #15).
 */
import { readFileSync } from 'node:fs';
import { packagePath } from './packageRoot.js';

const pkg = JSON.parse(readFileSync(packagePath('package.json'), 'utf8')) as {
  version: string;
  bugs?: string | { url?: string };
  optionalDependencies?: Record<string, string>;
};

/** hubc's own version (`version` of its package.json), recorded in template metadata. */
export const HUBC_VERSION: string = pkg.version;

/** Where to report a bug in hubc: package.json's `bugs` URL when it has one, else the section of docs/commands.md. */
export const HUBC_BUGS: string = (typeof pkg.bugs === 'string' ? pkg.bugs : pkg.bugs?.url) ?? 'the issue tracker of the hubc repository (docs/commands.md "Reporting a bug")';

/**
 * The version of DuckDB's Node package (`@duckdb/node-api`) hubc declares as an optional dependency
 * (package.json `optionalDependencies`): what `hubc simulate` tells a user to install when it is missing (HUB020).
 */
export const DUCKDB_VERSION: string = pkg.optionalDependencies?.['@duckdb/node-api'] ?? 'latest';
