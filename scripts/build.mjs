/**
 * `npm run build` (also run by `npm ci` through `prepare`): bundles the hubc command line with esbuild into
 * `dist/` (the CLI starts faster from a few files than from hundreds of modules), then writes
 * `dist/BUILD_ID`, a hash of the bundle that keys hubc's validation cache (src/cache/index.ts).
 *
 * Entry points: `dist/hubc.js` (the `hubc` executable) and `dist/kql-worker.js` (the worker thread of
 * `hubc validate`). Code only some commands need (validators, Azure SDKs, simulate, diff) sits in chunks
 * loaded on first use. The Kusto language service stays in node_modules: it is loaded at run time with
 * `createRequire` and defines globals, so it is not bundled. Type checking is `npm run typecheck`.
 *
 * `node scripts/build.mjs --metafile FILE` also writes esbuild's metafile (every output file with the
 * inputs it holds, bytes per input) to FILE, to check what the entry chunk still loads; for example
 * `node scripts/build.mjs --metafile .tmp/meta.json && node scripts/entry-inputs.mjs .tmp/meta.json`.
 */
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { chmodSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const metaIndex = process.argv.indexOf('--metafile');
const metafile = metaIndex >= 0 ? process.argv[metaIndex + 1] : undefined;
if (metaIndex >= 0 && !metafile) throw new Error('--metafile needs a file name');
const dist = join(root, 'dist');
rmSync(dist, { recursive: true, force: true });
const result = await build({
  absWorkingDir: root,
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
  metafile: Boolean(metafile),
});
if (metafile) writeFileSync(metafile, JSON.stringify(result.metafile));
const files = readdirSync(dist).filter((f) => f.endsWith('.js')).sort();
const hash = createHash('sha256');
for (const f of files) hash.update(f).update(readFileSync(join(dist, f)));
writeFileSync(join(dist, 'BUILD_ID'), `${hash.digest('hex')}\n`);
chmodSync(join(dist, 'hubc.js'), 0o755);
