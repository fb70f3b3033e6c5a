/**
 * Builds as the user names them (a release number, a hub file, a built or published folder, a public
 * template), loaded into Builds: the library `hubc diff`, `hubc upgrade-plan`, `hubc graph` and `hubc deploy
 * --upgrade` read their inputs with (docs/architecture.md, "Layers").
 */
export { compileInput, loadBuild, loadPair, LoadError, readHubText, releaseOf, type LoadedBuild, type LoadOptions } from './load.js';
