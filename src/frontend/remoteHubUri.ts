/**
 * The hint for a `remoteHub.storageUri` of another form than the Data Lake endpoint of a storage account,
 * `https://<account>.dfs.core.<cloud suffix>/`. The form itself, and where it comes from, is
 * `REMOTE_HUB_URI_PATTERN` of src/model/remoteHub.ts: the field's `pattern` in schemas/hub.schema.json (so
 * editors check it too) and the portal form's regex; a value of another form is a HUB107 with this hint.
 */

/** What the hint says of the form, in words. */
const FORM = "Use the Data Lake endpoint of the remote hub's storage account, https://<account>.dfs.core.<cloud suffix>/ (Settings > Endpoints > Data Lake Storage)";

/** The endpoint hosts of a storage account: `<account>.<service>.core.<cloud suffix>`. */
const STORAGE_HOST = /^([a-z0-9]{3,24})\.(blob|dfs|file|queue|table|web)\.core\.([a-z]+(?:\.[a-z]+)+)$/;

/**
 * The hint for a `remoteHub.storageUri` that is not of the schema's form: the Data Lake
 * endpoint of the same account when the value names a storage account (a blob endpoint, a container or
 * folder URL, `abfss://container@host/`, `http://`), and what is wrong with it.
 */
export function remoteHubUriHint(value: string): string {
  let url: URL | undefined;
  try {
    url = new URL(value.trim());
  } catch {
    url = undefined;
  }
  const host = url ? STORAGE_HOST.exec(url.hostname.toLowerCase()) : null;
  if (!url || !host) return `${FORM}, or "" for none.`;
  const [, account, service, suffix] = host;
  const why =
    service !== 'dfs'
      ? `not its ${service} endpoint (.${service}.)`
      : url.protocol !== 'https:'
        ? 'with https://'
        : url.pathname.replace(/\/+$/, '') !== '' || url.username !== ''
          ? 'the account endpoint alone, not a container or folder URL'
          : 'as the portal shows it';
  return `Did you mean 'https://${account}.dfs.core.${suffix}/'? ${FORM}, ${why}.`;
}
