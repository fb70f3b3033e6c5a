/**
 * The Azure clouds hubc knows (names, ARM, sign-in and storage endpoints) and the check of an endpoint URL
 * given on the command line. No Azure SDK is imported here: the CLI registers `--cloud`, `--arm-endpoint`
 * and `--dfs-endpoint` from this module without loading the SDKs (issue #15). `./arm.ts` re-exports it.
 */

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
  /** The Azure portal, e.g. `https://portal.azure.com` (`az cloud show`'s `endpoints.portal`). */
  portal: string;
}

/**
 * ARM and sign-in endpoints per cloud, as `az cloud show` lists them (Azure docs "Azure Government
 * developer guide" and "Azure China developer guide"; the authority hosts are `@azure/identity`'s
 * `AzureAuthorityHosts`).
 */
export const CLOUDS: Record<CloudName, CloudEndpoints> = {
  AzureCloud: {
    resourceManager: 'https://management.azure.com',
    authorityHost: 'https://login.microsoftonline.com',
    storageSuffix: 'core.windows.net',
    portal: 'https://portal.azure.com',
  },
  AzureUSGovernment: {
    resourceManager: 'https://management.usgovcloudapi.net',
    authorityHost: 'https://login.microsoftonline.us',
    storageSuffix: 'core.usgovcloudapi.net',
    portal: 'https://portal.azure.us',
  },
  AzureChinaCloud: {
    resourceManager: 'https://management.chinacloudapi.cn',
    authorityHost: 'https://login.chinacloudapi.cn',
    storageSuffix: 'core.chinacloudapi.cn',
    portal: 'https://portal.azure.cn',
  },
};

/**
 * The page of a deployment in a cloud's portal (the deployment details blade, as the Azure Developer CLI
 * and Azure Pipelines link it): `<portal>/#blade/HubsExtension/DeploymentDetailsBlade/overview/id/<encoded ID>`.
 */
export function deploymentPortalLink(portal: string, deploymentId: string): string {
  return `${portal}/#blade/HubsExtension/DeploymentDetailsBlade/overview/id/${encodeURIComponent(deploymentId)}`;
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
