/**
 * URLs of a release feed: the feed's base URL, file URLs under it, and the Deploy to Azure links.
 *
 * A Deploy to Azure link opens the portal's custom deployment with a template and its portal form, each URL
 * percent-encoded as one path segment ("Deploy to Azure button", learn.microsoft.com/azure/
 * azure-resource-manager/templates/deploy-to-azure-button):
 * `https://<portal>/#create/Microsoft.Template/uri/<encoded template URL>/createUIDefinitionUri/<encoded form URL>`.
 * The portal host is `portal.azure.com` (Azure public), `portal.azure.us` (Azure US Government) and
 * `portal.azure.cn` (Azure operated by 21Vianet in China); each cloud's portal fetches the files itself, so
 * they must be reachable from it.
 */

/** The clouds a feed has Deploy to Azure links for, with their portal hosts. */
export const PORTALS = {
  azure: { host: 'portal.azure.com', title: 'Azure' },
  azureGovernment: { host: 'portal.azure.us', title: 'Azure Government' },
  azureChina: { host: 'portal.azure.cn', title: 'Azure China' },
} as const;

/** A cloud key of {@link PORTALS}. */
export type Cloud = keyof typeof PORTALS;

/**
 * Checks and normalises a feed base URL: absolute `http:` or `https:`, no query or fragment, ending in `/`.
 * @returns the normalised URL
 * @throws Error saying what is wrong
 */
export function normalizeBaseUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`'${text}' is not an absolute URL`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`'${text}' must be an http or https URL`);
  if (url.search || url.hash) throw new Error(`'${text}' must not have a query or fragment`);
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  return url.href;
}

/** The public URL of a feed file (`path` relative to the feed, `/`-separated), each segment percent-encoded. */
export function fileUrl(baseUrl: string, path: string): string {
  return baseUrl + path.split('/').map(encodeURIComponent).join('/');
}

/** The Deploy to Azure link of a template and its portal form for one cloud. */
export function deployUrl(cloud: Cloud, templateUrl: string, uiDefinitionUrl: string): string {
  return `https://${PORTALS[cloud].host}/#create/Microsoft.Template/uri/${encodeURIComponent(templateUrl)}/createUIDefinitionUri/${encodeURIComponent(uiDefinitionUrl)}`;
}

/** The Deploy to Azure links of every cloud in {@link PORTALS}. */
export function deployUrls(templateUrl: string, uiDefinitionUrl: string): Record<Cloud, string> {
  return {
    azure: deployUrl('azure', templateUrl, uiDefinitionUrl),
    azureGovernment: deployUrl('azureGovernment', templateUrl, uiDefinitionUrl),
    azureChina: deployUrl('azureChina', templateUrl, uiDefinitionUrl),
  };
}

/**
 * Reads a Deploy to Azure link back: its cloud and the two file URLs.
 * @returns undefined when `link` is not one
 */
export function parseDeployUrl(link: string): { cloud: Cloud; templateUrl: string; uiDefinitionUrl: string } | undefined {
  for (const [cloud, p] of Object.entries(PORTALS) as [Cloud, (typeof PORTALS)[Cloud]][]) {
    const prefix = `https://${p.host}/#create/Microsoft.Template/uri/`;
    if (!link.startsWith(prefix)) continue;
    const [template, ui, ...rest] = link.slice(prefix.length).split('/createUIDefinitionUri/');
    if (ui === undefined || rest.length) return undefined;
    return { cloud, templateUrl: decodeURIComponent(template), uiDefinitionUrl: decodeURIComponent(ui) };
  }
  return undefined;
}
