/**
 * The shape of a Key Vault resource ID, apart from the parameters-file builder so that the CLI checks
 * `--key-vault` without loading it (issue #15). `./index.ts` re-exports it.
 */

/**
 * Key Vault resource ID shape, `/subscriptions/<id>/resourceGroups/<group>/providers/Microsoft.KeyVault/vaults/<name>`
 * (provider and type case-insensitive; Azure docs "Key Vault resource IDs").
 */
export const KEY_VAULT_ID = /^\/subscriptions\/[^/]+\/resourceGroups\/[^/]+\/providers\/Microsoft\.KeyVault\/vaults\/[^/]+$/i;
