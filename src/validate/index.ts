/**
 * `hubc validate` as a library, and the face of src/validate: `validateHub` runs the quick output checks and
 * the full validation (official ARM JSON schemas, the Data Factory SDK's models, the Kusto language service),
 * with a result cache (src/cache).
 */
export { validateHub } from './run.js';
export type { ValidateProgress } from './progress.js';
