/**
 * Builds as the user names them (a release number, a hub file, a built or published folder, a public
 * template), loaded into Builds: the library `hubc diff`, `hubc upgrade-plan`, `hubc graph` and `hubc deploy
 * --upgrade` read their inputs with (docs/architecture.md, "Layers").
 */
export {
  checkJsonFiles,
  compileInput,
  compileRelease,
  loadBuild,
  loadBuildFolder,
  loadPair,
  LoadError,
  readHubText,
  releaseOf,
  type LoadedBuild,
  type LoadOptions,
  type PairOptions,
} from './load.js';
