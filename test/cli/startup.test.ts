/**
 * What the bundled CLI loads (issue #15): `dist/hubc.js` is a launcher that loads the command line
 * (src/cli/program.ts) with `import()`, or for `hubc build` the CommonJS bundle `dist/hubc-build.cjs`
 * through V8's code cache (issue #23). Start-up (registering every command, `--version`, `--help`) and
 * `hubc build` load no feature of another command; those arrive through `import()` in the action that
 * needs them. Checked on esbuild's metafiles of the real bundle options (scripts/bundle.mjs), built in
 * memory.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { build, type Metafile } from 'esbuild';

let built: Promise<Metafile> | undefined;
/** The bundle's metafile, built once for this file (in memory; dist/ is left alone). */
function bundleMeta(): Promise<Metafile> {
  return (built ??= import('../../scripts/bundle.mjs').then(async ({ BUNDLE_OPTIONS }) => {
    const result = await build({ ...BUNDLE_OPTIONS, write: false, metafile: true, logLevel: 'silent' });
    return result.metafile!;
  }));
}

/** Every source and package file of `dist/hubc-build.cjs` (built in memory). */
async function buildBundleInputs(): Promise<string[]> {
  const { BUILD_BUNDLE_OPTIONS } = await import('../../scripts/bundle.mjs');
  const result = await build({ ...BUILD_BUNDLE_OPTIONS, outfile: 'dist/hubc-build.cjs', write: false, metafile: true, logLevel: 'silent' });
  return Object.keys(result.metafile!.inputs);
}

/** Output files loaded once `entries` are: each with the chunks it reaches through static `import`s. */
function loadedOutputs(meta: Metafile, entries: string[]): Set<string> {
  const loaded = new Set<string>();
  const queue = [...entries];
  while (queue.length) {
    const file = queue.pop()!;
    if (loaded.has(file)) continue;
    loaded.add(file);
    for (const i of meta.outputs[file].imports) if (i.kind === 'import-statement' && !i.external) queue.push(i.path);
  }
  return loaded;
}

/** The output file that holds a module loaded with `import()`. */
function outputOf(meta: Metafile, module: string): string {
  const out = Object.keys(meta.outputs).find((f) => meta.outputs[f].entryPoint === module);
  assert.ok(out, `${module} is loaded with import()`);
  return out!;
}

/** Every source file and package file in `outputs`. */
const inputsOf = (meta: Metafile, outputs: Set<string>) => [...outputs].flatMap((o) => Object.keys(meta.outputs[o].inputs));

/** What neither start-up nor `hubc build` may load: other commands' features, SDKs and their libraries. */
// The Kusto validator, but its command predictor (a tokenizer the failure catalogue's script-order check reads
// in every build: src/catalogue/kusto.ts), which loads no language service.
const FEATURES =
  /node_modules\/(@azure\/|cacache|hyparquet|markdown-it|csv-parse|diff\/|fast-json-patch|fast-xml-parser|ajv-draft-04)|^src\/(simulate|lint|check|diff|upgrade|migrate|deploy|publish|validate|params|azure|load)\/|^src\/validators\/(armSchema|adfModel|kql(?!\/predict\.ts))/;

/**
 * Small modules of feature folders the CLI needs to register options (choices, defaults, flag checks): each
 * folder's light face `options.ts` (docs/architecture.md, "Layers") and what it re-exports.
 */
const REGISTRATION_CONSTANTS = new Set([
  'src/azure/options.ts',
  'src/azure/clouds.ts',
  'src/azure/endpoint.ts',
  'src/diff/options.ts',
  'src/upgrade/options.ts',
  'src/simulate/options.ts',
  'src/simulate/limits.ts',
  'src/params/options.ts',
  'src/params/keyVault.ts',
  'src/publish/options.ts',
  'src/publish/urls.ts',
]);

test('the launcher dist/hubc.js loads neither commander nor the compiler before it knows the command', async () => {
  const metafile = await bundleMeta();
  const inputs = inputsOf(metafile, loadedOutputs(metafile, ['dist/hubc.js']));
  assert.equal(inputs.sort(), ['src/cache/options.ts', 'src/cache/root.ts', 'src/cli/codeCache.ts', 'src/cli/main.ts']);
});

test('start-up (every command registered) loads commander, the CLI and constants only, not the compiler', async () => {
  const metafile = await bundleMeta();
  const inputs = inputsOf(metafile, loadedOutputs(metafile, ['dist/hubc.js', outputOf(metafile, 'src/cli/program.ts')]));
  assert.ok(inputs.includes('src/cli/commands/deploy.ts'), 'the commands are registered from the entry');
  assert.equal(
    inputs.filter((i) => FEATURES.test(i) && !REGISTRATION_CONSTANTS.has(i)),
    [],
  );
  for (const heavy of [/node_modules\/(yaml|ajv|handlebars)\//, /^src\/compiler\/compile\.ts$/, /^src\/modules\//]) {
    assert.equal(
      inputs.filter((i) => heavy.test(i)),
      [],
      String(heavy),
    );
  }
});

test('hubc build in the ES module bundle (without hubc-build.cjs) loads the compiler path only: compile, the quick output checks, write', async () => {
  const metafile = await bundleMeta();
  const outputs = loadedOutputs(metafile, ['dist/hubc.js', ...['cli/program', 'compiler/index'].map((m) => outputOf(metafile, `src/${m}.ts`))]);
  const inputs = inputsOf(metafile, outputs);
  assert.ok(inputs.includes('src/validators/armReferences.ts'));
  assert.ok(inputs.includes('src/compiler/write.ts'));
  assert.equal(
    inputs.filter((i) => FEATURES.test(i) && !REGISTRATION_CONSTANTS.has(i)),
    [],
  );
});

test('dist/hubc-build.cjs holds hubc build alone: the compiler, the quick checks and the writer, no other command', async () => {
  const inputs = await buildBundleInputs();
  for (const needed of ['src/cli/commands/build.ts', 'src/compiler/compile.ts', 'src/compiler/validateOutput.ts', 'src/compiler/write.ts'])
    assert.ok(inputs.includes(needed), needed);
  assert.equal(
    inputs.filter((i) => FEATURES.test(i) && !REGISTRATION_CONSTANTS.has(i)),
    [],
  );
  assert.equal(
    inputs.filter((i) => /^src\/cli\/commands\/(?!build|shared)/.test(i)),
    [],
    'no other command is registered',
  );
});

test('each feature still reaches its own code through import(): deploy loads @azure/arm-resources, validate the Kusto validator', async () => {
  const metafile = await bundleMeta();
  const deploy = inputsOf(metafile, loadedOutputs(metafile, [outputOf(metafile, 'src/deploy/index.ts')]));
  assert.ok(deploy.some((i) => i.includes('node_modules/@azure/arm-resources/')));
  const validate = inputsOf(metafile, loadedOutputs(metafile, [outputOf(metafile, 'src/validate/index.ts')]));
  assert.ok(validate.some((i) => i.startsWith('src/validators/kql')));
});

test.run();
