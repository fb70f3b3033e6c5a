/** The light face of src/graph for the command line's option declarations: what `hubc graph` draws and how. */
export { GRAPH_FORMATS, GRAPH_KINDS, type GraphFormat, type GraphKind } from './types.js';
