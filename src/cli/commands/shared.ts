/**
 * Steps several commands share: read a hub.yaml and compile it, reporting failures the same way.
 *
 * Only light modules are imported here (types apart): the compiler is loaded with `import()` by the step
 * that needs it, so registering the commands and `hubc --version` do not load it (issue #15).
 *
 * An action tests errors thrown by code it loaded with `import()` against classes taken with `import()` too
 * (see {@link asEnvironmentError}): under the tests' `uvu -r tsx`, a file imported statically runs as
 * CommonJS and the same file reached through `import()` as a second, ES module instance, with its own
 * classes. In the bundle (dist/) both are one module.
 */
import type { TokenCredential } from '@azure/identity';
import type { ResourceManagementClientOptionalParams } from '@azure/arm-resources';
import type { DeployTiming } from '../../deploy/index.js';
import type { CompileResult } from '../../compiler/index.js';
import { hasErrors, type Diagnostic, type EnvironmentError } from '../../diagnostics/diagnostic.js';
import { EXIT, reportDiagnostics, reportUsageError, type CliIO, type OutputFormat } from '../io.js';
import { codes } from '../../diagnostics/index.js';
import { INPUT_LIMITS, readInputFile } from '../../util/inputFiles.js';

/**
 * What commands that call Azure would otherwise build themselves. The real CLI leaves it empty (it signs
 * in with `DefaultAzureCredential`); tests pass their own credential, a stand-in's TLS settings and
 * short polling intervals, so that no test run reaches Azure or the managed-identity endpoint.
 */
export interface AzureOverrides {
  /** Used instead of `DefaultAzureCredential`. */
  credential?: TokenCredential;
  /** Extra options of the `@azure/arm-resources` client (e.g. `tlsOptions.ca`). */
  clientOptions?: ResourceManagementClientOptionalParams;
  /** Polling intervals and time-outs of `hubc deploy`. */
  timing?: Partial<DeployTiming>;
  /** Extra options of the Data Lake client (`@azure/storage-file-datalake`; e.g. `tlsOptions`). */
  storageClientOptions?: Record<string, unknown>;
  /** Data Lake endpoint of an account, instead of the cloud's (`hubc deploy --upgrade` reading settings.json). */
  dataLakeEndpoint?: (account: string) => string;
}

/** Context every command's action gets. */
export interface CommandContext {
  io: CliIO;
  /** Sets the process exit code of this run. */
  exit(code: number): void;
  /** Set by tests only (see {@link AzureOverrides}). */
  azure?: AzureOverrides;
}

/**
 * Reads a hub.yaml file: a regular file of at most `INPUT_LIMITS.hubYaml` bytes (src/util/inputFiles.ts;
 * a FIFO, a device or a folder is refused without being opened for long). When it cannot be read, reports
 * HUB001 and returns the exit code instead of the text: 2, as for every environment error
 * (docs/diagnostics.md), not 1, which is kept for problems in the hub.yaml.
 */
export function readHubFile(io: CliIO, file: string, format: OutputFormat): string | number {
  try {
    return readInputFile(file, { maxBytes: INPUT_LIMITS.hubYaml });
  } catch (e) {
    reportDiagnostics(io, [{ ...codes.HUB001.raise({ file, detail: (e as { detail?: string }).detail ?? (e as Error).message }), file }], format);
    return EXIT.usage;
  }
}

/**
 * Reads and compiles a hub.yaml file, for `release` when given (else the file's); loads the compiler on
 * first use. On a read error (HUB001) or any error diagnostic, reports them and resolves to the exit code
 * instead of a result.
 * @param reported called with the diagnostics reported when there is an error (`hubc build --watch` counts them)
 */
export async function compileFile(io: CliIO, file: string, format: OutputFormat, release?: string, reported?: (d: readonly Diagnostic[]) => void): Promise<CompileResult | number> {
  const text = readHubFile(io, file, format);
  if (typeof text === 'number') return text;
  const { compile } = await import('../../compiler/index.js');
  const result = compile(text, { file, release });
  if (hasErrors(result.diagnostics) || !result.release) {
    reported?.(result.diagnostics);
    reportDiagnostics(io, result.diagnostics, format);
    return EXIT.diagnostics;
  }
  return result;
}

/**
 * The hub.yaml a command reads: the `[file]` argument or `--hub FILE` (the same file twice is fine),
 * default `hub.yaml`. Two different files are a usage error, reported here.
 * @returns the path, or undefined after reporting the usage error
 */
export function hubFileOf(io: CliIO, fileArg: string | undefined, hubOption: string | undefined): string | undefined {
  if (fileArg !== undefined && hubOption !== undefined && fileArg !== hubOption) {
    reportUsageError(io, codes.HUB060.twoHubFiles({ file: fileArg, hub: hubOption }));
    return undefined;
  }
  return fileArg ?? hubOption ?? 'hub.yaml';
}

/**
 * Reads a hub.yaml file and compiles it with the quick output checks of `hubc build` (`compileChecked` of
 * src/compiler: ARM and Data Factory references, Data Factory nesting); loads the compiler on first use.
 * @param reported as for {@link compileFile}
 * @returns the result and every diagnostic (the compiler's, then the checks'); or, after reporting them
 *   when one is an error (or HUB001 when the file cannot be read), the exit code
 */
export async function compileAndCheck(
  io: CliIO,
  file: string,
  format: OutputFormat,
  release?: string,
  reported?: (d: readonly Diagnostic[]) => void,
): Promise<{ result: CompileResult; diagnostics: Diagnostic[] } | number> {
  const text = readHubFile(io, file, format);
  if (typeof text === 'number') return text;
  const { compileChecked } = await import('../../compiler/index.js');
  const checked = compileChecked(text, { file, release });
  if (hasErrors(checked.diagnostics) || !checked.result.release) {
    reported?.(checked.diagnostics);
    reportDiagnostics(io, checked.diagnostics, format);
    return EXIT.diagnostics;
  }
  return checked;
}

/**
 * `e` as an {@link EnvironmentError} when it is one, else undefined; for errors thrown by code an action
 * loaded with `import()`. The class is taken with `import()` as well, so that it is the class that code
 * throws, also under tsx in tests (see the note at the top of this file).
 */
export async function asEnvironmentError(e: unknown): Promise<EnvironmentError | undefined> {
  const { EnvironmentError } = await import('../../diagnostics/diagnostic.js');
  return e instanceof EnvironmentError ? e : undefined;
}
