/**
 * The import graph of src/, as docs/architecture.md ("Layers") draws it, checked by dependency-cruiser
 * (`npx depcruise src`, and test/architecture/layers.test.ts in `npm test`):
 *
 * - layers: each folder of src/ imports only its own files and folders of the layers below it;
 * - faces: a folder of the build layer and above, and each component of src/modules, is imported from
 *   outside only through its `index.ts` (what it offers), or its `options.ts` (the light face the command
 *   line's option declarations import at start-up, which loads no feature);
 * - no cycle between files, nor between folders (type-only imports are edges too).
 *
 * TypeScript is parsed with swc (`@swc/core`): the TypeScript 7 compiler of this repository has no
 * JavaScript API for dependency-cruiser's own TypeScript parser to use; swc reads every import, type-only
 * ones included, and `.js` specifiers resolve to the `.ts` files.
 */

/** The folders of src/ by layer, lowest first: a folder may import its own layer's files only within itself. */
const LAYERS = [
  ['util'],
  ['model', 'diagnostics'],
  ['expressions'],
  ['frontend'],
  ['modules'],
  ['emitters'],
  ['validators'],
  ['public'],
  ['build'],
  // The catalogue of deploy-time and run-time failures, over a Build: hubc build holds its output to it.
  ['catalogue'],
  ['compiler'],
  // Libraries the commands share: the validation cache, loading a build the user names, what hubc asks of Azure.
  ['cache', 'load', 'azure'],
  // Commands that use no other command (migrate also holds the ingestion layouts upgrade-plan reads).
  ['lint', 'simulate', 'params', 'init', 'graph', 'diff', 'migrate'],
  // Commands built on those: validate runs lint; upgrade-plan is a comparison of diff made into steps; check writes lint's SARIF.
  ['validate', 'upgrade', 'check'],
  // deploy --upgrade carries out upgrade-plan's steps; publish writes diff's and upgrade-plan's release notes; import writes init's hub.yaml.
  ['deploy', 'publish', 'import'],
  ['cli'],
];

/** Folders imported from outside only through their face (index.ts, options.ts). */
const FACED = LAYERS.slice(LAYERS.findIndex((l) => l.includes('public')))
  .flat()
  .filter((f) => f !== 'cli');

/** A path pattern of the given folders of src/ (none for the top layer: it matches no path). */
const alternatives = (folders) => (folders.length ? `^src/(${folders.join('|')})/` : '^$');

const layerRules = LAYERS.flatMap((layer, i) =>
  layer.map((folder) => {
    const above = LAYERS.slice(i + 1).flat();
    const sideways = layer.filter((f) => f !== folder);
    return {
      name: `layer-${folder}`,
      comment: `src/${folder} imports only its own files and the layers below it (docs/architecture.md, "Layers")`,
      severity: 'error',
      from: { path: `^src/${folder}/` },
      to: { path: alternatives([...above, ...sideways]) },
    };
  }),
);

const faceRules = FACED.map((folder) => ({
  name: `face-${folder}`,
  comment: `src/${folder} is imported from outside only through its index.ts (or options.ts)`,
  severity: 'error',
  from: { path: '^src/', pathNot: `^src/${folder}/` },
  to: { path: `^src/${folder}/`, pathNot: `^src/${folder}/(index|options)\\.ts$` },
}));

module.exports = {
  forbidden: [
    ...layerRules,
    ...faceRules,
    {
      name: 'module-face',
      comment: 'a component of src/modules is imported from outside src/modules only through its index.ts (the compiler lists the modules)',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/modules/' },
      to: { path: '^src/modules/[^/]+/', pathNot: '^src/modules/[^/]+/index\\.ts$' },
    },
    {
      name: 'module-face-between',
      comment: 'a component of src/modules uses another only through its index.ts; src/modules/core is the helpers every module shares',
      severity: 'error',
      from: { path: '^src/modules/([^/]+)/' },
      to: { path: '^src/modules/[^/]+/', pathNot: ['^src/modules/$1/', '^src/modules/[^/]+/index\\.ts$', '^src/modules/core/'] },
    },
    {
      name: 'emitter-knows-no-hub',
      comment: 'the emitters turn contributions into files: from src/modules they read only the shapes of a contribution (types.ts, values.ts)',
      severity: 'error',
      from: { path: '^src/emitters/' },
      to: { path: '^src/modules/', pathNot: '^src/modules/(types|values)\\.ts$' },
    },
    {
      name: 'no-circular',
      comment: 'no cycle between files, type-only imports included',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'no-folder-cycle',
      comment: 'no cycle between folders',
      severity: 'error',
      scope: 'folder',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'every relative import resolves to a file',
      severity: 'error',
      from: { path: '^src/' },
      to: { couldNotResolve: true },
    },
  ],
  options: {
    parser: 'swc',
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    includeOnly: '^src/',
    exclude: { path: '\\.d\\.ts$' },
  },
};
