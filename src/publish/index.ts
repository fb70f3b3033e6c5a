/**
 * `hubc publish` as a library, and the face of src/publish: `publishFeed` writes releases into a versioned
 * release feed (index.json, Atom, the page, release notes and change files), under a lock.
 */
export { publishFeed, PublishError } from './publish.js';
