/**
 * The light face of src/azure for the command line's option declarations: the clouds, their endpoints and a
 * Data Lake account's endpoint, without loading an Azure SDK (issue #15: starting hubc loads no feature).
 */
export { CLOUD_NAMES, CLOUDS, normalizeArmEndpoint, type CloudName } from './clouds.js';
export { dataLakeEndpoint } from './endpoint.js';
