/**
 * The Azure credential of the commands that call Azure (`hubc deploy`, `hubc migrate-data`, `hubc import`).
 * Kept apart from ./shared.ts so that `hubc build` (dist/hubc-build.cjs, which bundles what `import()`
 * reaches) does not carry the Azure SDK.
 */
import type { TokenCredential } from '@azure/identity';
import { CLOUDS, type CloudName } from '../../azure/options.js';
import type { CommandContext } from './shared.js';

/**
 * The credential of a command that calls Azure: the test's (`ctx.azure.credential`), else a
 * `DefaultAzureCredential` signing in at the cloud's authority host (`@azure/identity`, loaded here on
 * first use). Creating it contacts nothing; sign-in happens at the first token request.
 */
export async function azureCredential(ctx: CommandContext, cloud: CloudName): Promise<TokenCredential> {
  if (ctx.azure?.credential) return ctx.azure.credential;
  const { DefaultAzureCredential } = await import('@azure/identity');
  return new DefaultAzureCredential({ authorityHost: CLOUDS[cloud].authorityHost });
}
