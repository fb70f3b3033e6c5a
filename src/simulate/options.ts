/** The light face of src/simulate for the command line's option declarations: the default bound on runs. */
export { DEFAULT_MAX_RUNS } from './limits.js';
