/**
 * The connection to Azure Resource Manager (ARM): which cloud, which endpoint, which credential, and the
 * SDK client built from them. Everything here is injected by the caller: the CLI builds a
 * `DefaultAzureCredential` and the cloud's endpoint; tests pass their own credential and a local
 * stand-in's endpoint with its test certificate (`clientOptions.tlsOptions`). Nothing in `src/deploy`
 * creates a credential or picks an address by itself.
 */
import type { TokenCredential } from '@azure/identity';
import { ResourceManagementClient, type ResourceManagementClientOptionalParams } from '@azure/arm-resources';

/** Azure clouds hubc deploys to, by the names `az cloud list` uses. */
export const CLOUD_NAMES = ['AzureCloud', 'AzureUSGovernment', 'AzureChinaCloud'] as const;

/** One of {@link CLOUD_NAMES}. */
export type CloudName = (typeof CLOUD_NAMES)[number];

/** The endpoints of one cloud. */
export interface CloudEndpoints {
  /** ARM endpoint (no trailing slash), e.g. `https://management.azure.com`. */
  resourceManager: string;
  /** Microsoft Entra ID authority host the credential signs in at. */
  authorityHost: string;
  /** Storage endpoint suffix (`https://<account>.dfs.<suffix>`), as `az cloud show` lists it. */
  storageSuffix: string;
}

/**
 * ARM and sign-in endpoints per cloud, as `az cloud show` lists them (Azure docs "Azure Government
 * developer guide" and "Azure China developer guide"; the authority hosts are `@azure/identity`'s
 * `AzureAuthorityHosts`).
 */
export const CLOUDS: Record<CloudName, CloudEndpoints> = {
  AzureCloud: { resourceManager: 'https://management.azure.com', authorityHost: 'https://login.microsoftonline.com', storageSuffix: 'core.windows.net' },
  AzureUSGovernment: { resourceManager: 'https://management.usgovcloudapi.net', authorityHost: 'https://login.microsoftonline.us', storageSuffix: 'core.usgovcloudapi.net' },
  AzureChinaCloud: { resourceManager: 'https://management.chinacloudapi.cn', authorityHost: 'https://login.chinacloudapi.cn', storageSuffix: 'core.chinacloudapi.cn' },
};

/** Everything needed to talk to ARM for one subscription. */
export interface ArmConnection {
  /** Subscription ID (a GUID). */
  subscriptionId: string;
  /** Base URL of ARM requests, without trailing slash (the cloud's, or `--arm-endpoint`). */
  endpoint: string;
  /**
   * Token scope, `<cloud ARM endpoint>/.default`. It stays the cloud's audience when `--arm-endpoint`
   * points requests elsewhere (a proxy or a stand-in still expects ARM tokens).
   */
  scope: string;
  /** Signs every request (bearer token). */
  credential: TokenCredential;
  /** Extra SDK client options (tests: `tlsOptions.ca` trusting the stand-in's certificate). */
  clientOptions?: ResourceManagementClientOptionalParams;
}

/**
 * Normalizes an ARM endpoint URL given with `--arm-endpoint`.
 * @returns the URL without trailing slash
 * @throws Error when the text is not an absolute `https:` URL (the SDK sends bearer tokens over TLS only)
 */
export function normalizeArmEndpoint(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`'${text}' is not a URL; expected e.g. https://management.azure.com`);
  }
  if (url.protocol !== 'https:') throw new Error(`'${text}' is not an https URL; ARM tokens are only sent over TLS`);
  return url.toString().replace(/\/+$/, '');
}

/**
 * The connection for a cloud, optionally with another endpoint.
 * @param endpoint overrides the cloud's ARM endpoint (already normalized)
 */
export function armConnection(cloud: CloudName, subscriptionId: string, credential: TokenCredential, endpoint?: string, clientOptions?: ResourceManagementClientOptionalParams): ArmConnection {
  const own = CLOUDS[cloud].resourceManager;
  return { subscriptionId, endpoint: endpoint ?? own, scope: `${own}/.default`, credential, clientOptions };
}

/**
 * The SDK client of `@azure/arm-resources` (resource groups, providers, deployments, deployment
 * operations; api-version 2025-03-01 in release 6.1.0) for a connection.
 */
export function createResourceClient(c: ArmConnection): ResourceManagementClient {
  return new ResourceManagementClient(c.credential, c.subscriptionId, {
    ...c.clientOptions,
    endpoint: c.endpoint,
    $host: c.endpoint,
    credentialScopes: [c.scope],
  });
}
