/**
 * The Data Lake endpoint of a storage account, apart from the SDK client (`./dataLake.ts`, which
 * re-exports it) so that the CLI can name it without loading `@azure/storage-file-datalake` (issue #15).
 */

/**
 * The Data Lake endpoint of an account in a cloud, from the cloud's storage suffix (`core.windows.net`).
 * @returns `https://<account>.dfs.<storageSuffix>` (no trailing slash)
 */
export function dataLakeEndpoint(account: string, storageSuffix: string): string {
  return `https://${account}.dfs.${storageSuffix}`;
}
