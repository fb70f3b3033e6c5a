/** The light face of src/publish for the command line's option declarations: the feed's base URL as given. */
export { normalizeBaseUrl } from './urls.js';
