/** The light face of src/params for the command line's option declarations: what a Key Vault resource ID looks like. */
export { KEY_VAULT_ID } from './keyVault.js';
