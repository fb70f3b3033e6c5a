/**
 * The hub components a deployment switches on or off as a whole, known to the modules that build them and
 * to `hubc diff`, which reads a template (src/diff/components.ts).
 */

/**
 * The template variables (defined by the core module, src/modules/core) that switch a whole component on
 * or off at deploy time, and the value that means on. The resources of a switched component carry the
 * variable in their `condition`; `hubc diff` reads these to tell which component a resource left behind
 * belongs to.
 */
export const COMPONENT_SWITCHES = {
  dataExplorer: { variable: 'deployDataExplorer', on: true },
  remoteHub: { variable: 'deployRemoteHub', on: true },
  privateNetworking: { variable: 'enablePublicAccess', on: false },
} as const;
