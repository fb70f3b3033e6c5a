/**
 * What `hubc validate` is doing, told as it goes so that the command line can show it on a terminal (a
 * cold run takes seconds: the ARM schemas may be downloaded, the Kusto language service analyses every
 * KQL command). The work never prints; it calls the `onProgress` it is given.
 */

/** One step of a validation. */
export type ValidateProgress =
  /** The ARM JSON schemas must be downloaded first: about `files` files from `from` into the cache `into`. */
  | { kind: 'fetch'; files: number; from: string; into: string }
  /** Compiling hub.yaml. */
  | { kind: 'compile' }
  /** Checking the template's resources against the ARM schemas and the Data Factory objects against the SDK model. */
  | { kind: 'template'; resources: number }
  /** The Kusto language service has analysed `done` of the `total` KQL commands. */
  | { kind: 'kql'; done: number; total: number }
  /** Running the lint rules. */
  | { kind: 'lint' };

/** Receives the steps of a validation. */
export type OnProgress = (progress: ValidateProgress) => void;
