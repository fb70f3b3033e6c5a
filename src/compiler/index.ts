/**
 * hubc as a library: `import { compile } from 'hubc'` (package.json `exports`; bundled into `dist/index.js`,
 * types in `dist/types/compiler/index.d.ts`). The same compiler the `hubc` command runs, without the command line.
 *
 * ```js
 * import { readFileSync } from 'node:fs';
 * import { compile, checkOutput, formatDiagnostic, hasErrors, writeRelease } from 'hubc';
 *
 * const result = compile(readFileSync('hub.yaml', 'utf8'), { file: 'hub.yaml', release: '0.7' });
 * const diagnostics = hasErrors(result.diagnostics) ? result.diagnostics : [...result.diagnostics, ...checkOutput(result)];
 * for (const d of diagnostics) console.error(formatDiagnostic(d));
 * if (!hasErrors(diagnostics)) await writeRelease('dist-templates', result.release!, result.artifacts);
 * ```
 *
 * `compile` touches no file except hubc's own (the hub.yaml schema, the KQL templates); `writeRelease`
 * writes one release folder atomically. Everything else hubc does (validate, lint, diff, publish, deploy,
 * simulate) is a command of the CLI.
 */
import type { CompileResult } from './compile.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { validateOutput } from './validateOutput.js';

export { compile, HUBC_VERSION, type CompileOptions, type CompileResult } from './compile.js';
export { writeRelease } from './write.js';
export { build, compileChecked, OutputWriteError, type BuildOptions, type BuildResult, type BuiltRelease, type CheckedCompile } from './build.js';
export { formatDiagnostic, hasErrors, sortDiagnostics, type Diagnostic, type Position, type Severity } from '../diagnostics/diagnostic.js';
export { LATEST_RELEASE, RELEASE_VERSIONS, type ReleaseVersion } from '../model/releases.js';
export type { HubModel } from '../model/hub.js';

/**
 * The checks `hubc build` runs on a compile's output before writing it: every ARM and Data Factory
 * expression parses and every parameter, variable, resource, activity, dataset and linked service it names
 * exists (HUB3xx), positioned in the generated files.
 * @param result a result of {@link compile} without errors
 * @returns the diagnostics found (empty when the output is sound)
 */
export function checkOutput(result: CompileResult): Diagnostic[] {
  return validateOutput(result);
}
