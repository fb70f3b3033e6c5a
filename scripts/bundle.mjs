/**
 * The esbuild options of hubc's bundle, shared by `npm run build` (scripts/build.mjs) and the test that
 * checks what the bundle loads at start-up (test/cli/startup.test.ts).
 *
 * Entry points: `dist/hubc.js` (the `hubc` executable) and `dist/kql-worker.js` (the worker thread of
 * `hubc validate`). With `splitting`, code reached only through `import()` (each command's feature: the
 * validators, Azure SDKs, simulate, diff, ...) sits in chunks loaded on first use. The Kusto language
 * service stays in node_modules: it is loaded at run time with `createRequire` and defines globals, so it is
 * not bundled.
 */
import { fileURLToPath } from 'node:url';

/** The repository root, esbuild's working directory (output paths such as `dist/hubc.js` are relative to it). */
export const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Options of esbuild's `build()`; add `write: false` or `metafile: true` as needed. */
export const BUNDLE_OPTIONS = {
  absWorkingDir: ROOT,
  entryPoints: { hubc: 'src/cli/main.ts', 'kql-worker': 'src/validate/kqlWorker.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external: ['@kusto/language-service-next'],
  // CommonJS packages in an ES module bundle call require() for Node built-ins.
  banner: { js: "import { createRequire as __hubcRequire } from 'node:module'; const require = __hubcRequire(import.meta.url);" },
  logLevel: 'warning',
};
