/**
 * Steps several commands share: read a hub.yaml and compile it, reporting failures the same way.
 */
import { readFileSync } from 'node:fs';
import type { TokenCredential } from '@azure/identity';
import type { ResourceManagementClientOptionalParams } from '@azure/arm-resources';
import type { DeployTiming } from '../../deploy/run.js';
import { compile, type CompileResult } from '../../compiler/compile.js';
import { hasErrors } from '../../compiler/diagnostics.js';
import { EXIT, reportDiagnostics, type CliIO, type OutputFormat } from '../io.js';

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
 * Reads a hub.yaml file. On a read error reports HUB001 and returns the exit code instead of the text.
 */
export function readHubFile(io: CliIO, file: string, format: OutputFormat): string | number {
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    reportDiagnostics(
      io,
      [{ code: 'HUB001', severity: 'error', message: `cannot read ${file}: ${(e as Error).message}`, hint: 'Pass the path of a hub.yaml file.', file }],
      format,
    );
    return EXIT.diagnostics;
  }
}

/**
 * Reads and compiles a hub.yaml file, for `release` when given (else the file's). On a read error (HUB001) or any error diagnostic, reports them and
 * returns the exit code instead of a result.
 */
export function compileFile(io: CliIO, file: string, format: OutputFormat, release?: string): CompileResult | number {
  const text = readHubFile(io, file, format);
  if (typeof text === 'number') return text;
  const result = compile(text, { file, release });
  if (hasErrors(result.diagnostics) || !result.release) {
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
    io.err(`error: two hub files given: '${fileArg}' and --hub '${hubOption}'; pass one\n`);
    return undefined;
  }
  return fileArg ?? hubOption ?? 'hub.yaml';
}
