/**
 * `npm run build` (also run by `npm ci` through `prepare`): bundles the hubc command line with esbuild into
 * `dist/` (the CLI starts faster from a few files than from hundreds of modules; `hubc build` alone also as
 * `dist/hubc-build.cjs`, for V8's code cache), then writes `dist/BUILD_ID`, a hash of the bundle that keys
 * hubc's validation cache (src/cache/index.ts) and the code cache (src/cli/codeCache.ts), and the type
 * declarations of the library entry (`import { compile } from 'hubc'`) into `dist/types/`
 * (scripts/declarations.mjs).
 *
 * The esbuild options (entry points, lazily loaded chunks, what stays external) are in scripts/bundle.mjs.
 * Every build also writes `dist/THIRD_PARTY_NOTICES`, the licences of the third-party code the bundle
 * holds, from esbuild's metafiles (scripts/notices.mjs).
 * Type checking is `npm run typecheck`.
 *
 * `buildBundle()` (the bundle and BUILD_ID only) is what bin/hubc.js runs in a checkout whose dist/ is missing,
 * and what the package test (test/package/install.test.ts) runs into a staging folder.
 *
 * `node scripts/build.mjs --metafile FILE` also writes esbuild's metafile (every output file with the
 * inputs it holds, bytes per input) to FILE, to check what the CLI loads at start-up and per command; for
 * example `node scripts/build.mjs --metafile .tmp/meta.json && node scripts/entry-inputs.mjs .tmp/meta.json`.
 */
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { chmodSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUILD_BUNDLE_OPTIONS, BUNDLE_OPTIONS, ROOT } from './bundle.mjs';
import { writeDeclarations } from './declarations.mjs';
import { writeThirdPartyNotices } from './notices.mjs';

/**
 * Where `npm run bench` builds and times its own bundle: inside the repository, so that the bundle finds
 * `schemas/` and `kql/` above it as `dist/` does, but never `dist/` itself, which other processes (the test
 * suite's, a running hubc) load meanwhile: rebuilding it removes it first.
 */
export const BENCH_DIST = join(ROOT, 'node_modules', '.cache', 'hubc-bench', 'dist');

/**
 * Bundles the CLI and the library entry into `dist` (replaced whole), and `hubc build` alone into
 * `dist/hubc-build.cjs`; writes `BUILD_ID` and `THIRD_PARTY_NOTICES` and makes `hubc.js` executable.
 * @param options `dist`: output folder (default `<repo>/dist`); `metafile`: also write esbuild's metafile
 *   of the ES module bundle there
 * @throws Error when the build bundle still calls `import()` (it runs as a `vm.Script`, which has no module
 *   loader for it)
 */
export async function buildBundle({ dist = join(ROOT, 'dist'), metafile } = {}) {
  rmSync(dist, { recursive: true, force: true });
  const [result, buildOnly] = await Promise.all([
    build({ ...BUNDLE_OPTIONS, outdir: dist, metafile: true }),
    build({ ...BUILD_BUNDLE_OPTIONS, outfile: join(dist, 'hubc-build.cjs'), metafile: true }),
  ]);
  if (metafile) writeFileSync(metafile, JSON.stringify(result.metafile));
  for (const output of Object.values(buildOnly.metafile.outputs)) {
    const dynamic = output.imports.filter((i) => i.kind === 'dynamic-import');
    if (dynamic.length) throw new Error(`dist/hubc-build.cjs would import() ${dynamic.map((i) => i.path).join(', ')}, which a vm.Script cannot`);
  }
  const files = readdirSync(dist)
    .filter((f) => /\.c?js$/.test(f))
    .sort();
  const hash = createHash('sha256');
  for (const f of files) hash.update(f).update(readFileSync(join(dist, f)));
  writeFileSync(join(dist, 'BUILD_ID'), `${hash.digest('hex')}\n`);
  chmodSync(join(dist, 'hubc.js'), 0o755);
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  writeThirdPartyNotices(ROOT, dist, [result.metafile, buildOnly.metafile], pkg.bundleDependencies ?? []);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const metaIndex = process.argv.indexOf('--metafile');
  const metafile = metaIndex >= 0 ? process.argv[metaIndex + 1] : undefined;
  if (metaIndex >= 0 && !metafile) throw new Error('--metafile needs a file name');
  await buildBundle({ metafile });
  writeDeclarations(ROOT);
}
