/**
 * The esbuild options of hubc's bundle, shared by `npm run build` (scripts/build.mjs) and the test that
 * checks what the bundle loads at start-up (test/cli/startup.test.ts).
 *
 * Entry points: `dist/hubc.js` (the `hubc` executable), `dist/kql-worker.js` (the worker thread of
 * `hubc validate`) and `dist/index.js` (the library entry, `import { compile } from 'hubc'`). With `splitting`, code reached only through `import()` (each command's feature: the
 * validators, Azure SDKs, simulate, diff, ...) sits in chunks loaded on first use. The Kusto language
 * service stays in node_modules: it is loaded at run time with `createRequire` and defines globals, so it is
 * not bundled; nor is DuckDB (`@duckdb/node-api`, simulate's Copy activity), whose native binding is loaded
 * from its platform package. Beside them, `dist/hubc-build.cjs` ({@link BUILD_BUNDLE_OPTIONS}) holds
 * `hubc build` alone as CommonJS, for V8's code cache.
 */
import { fileURLToPath } from 'node:url';
import { hubSchemaModule } from './hubSchemaCode.mjs';
import { kqlTemplatesModule } from './kqlTemplatesCode.mjs';

/** The repository root, esbuild's working directory (output paths such as `dist/hubc.js` are relative to it). */
export const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * Replaces two modules that compile at run time by what they compile, generated at build time: the
 * hub.yaml schema validator (src/frontend/hubSchema.ts -> ajv standalone code, scripts/hubSchemaCode.mjs)
 * and the KQL templates (src/modules/dataExplorer/kqlTemplates.ts -> precompiled handlebars,
 * scripts/kqlTemplatesCode.mjs).
 */
const precompiled = {
  name: 'hubc-precompiled',
  setup(build) {
    const replace = (filter, generate) => build.onLoad({ filter }, () => ({ contents: generate(ROOT), loader: 'js', resolveDir: ROOT }));
    replace(/[\\/]src[\\/]frontend[\\/]hubSchema\.ts$/, hubSchemaModule);
    replace(/[\\/]src[\\/]modules[\\/]dataExplorer[\\/]kqlTemplates\.ts$/, kqlTemplatesModule);
  },
};

/** Options of esbuild's `build()` for the ES module bundle; add `write: false` or `metafile: true` as needed. */
export const BUNDLE_OPTIONS = {
  absWorkingDir: ROOT,
  entryPoints: { hubc: 'src/cli/main.ts', 'kql-worker': 'src/validate/kqlWorker.ts', index: 'src/compiler/index.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external: ['@kusto/language-service-next', '@duckdb/node-api'],
  // CommonJS packages in an ES module bundle call require() for Node built-ins.
  banner: { js: "import { createRequire as __hubcRequire } from 'node:module'; const require = __hubcRequire(import.meta.url);" },
  plugins: [precompiled],
  logLevel: 'warning',
};

/**
 * Options of esbuild's `build()` for `dist/hubc-build.cjs`: `hubc build` alone (src/cli/buildCli.ts) as one
 * CommonJS file, which `dist/hubc.js` runs through V8's code cache (src/cli/codeCache.ts; Node 20 caches
 * compiled code for scripts only, not for ES modules). Code the build reaches through `import()` is bundled
 * into the file (esbuild turns those imports into calls); `import.meta.url` becomes the file's own URL.
 * Pass `outfile`.
 */
export const BUILD_BUNDLE_OPTIONS = {
  absWorkingDir: ROOT,
  entryPoints: ['src/cli/buildCli.ts'],
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  external: ['@kusto/language-service-next', '@duckdb/node-api'],
  define: { 'import.meta.url': '__hubcModuleUrl' },
  banner: { js: "var __hubcModuleUrl = require('node:url').pathToFileURL(__filename).href;" },
  plugins: [precompiled],
  logLevel: 'warning',
};
