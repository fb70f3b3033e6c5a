/** Registers every activity family with the engine (import for its effect). */
import './control.js';
import './containers.js';
import './storage.js';
import './copy.js';
import './web.js';
