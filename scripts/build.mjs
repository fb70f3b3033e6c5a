/**
 * `npm run build` (also run by `npm ci` through `prepare`): bundles the hubc command line with esbuild into
 * `dist/` (the CLI starts faster from a few files than from hundreds of modules), then writes
 * `dist/BUILD_ID`, a hash of the bundle that keys hubc's validation cache (src/cache/index.ts), and the type
 * declarations of the library entry (`import { compile } from 'hubc'`) into `dist/types/`
 * (scripts/declarations.mjs).
 *
 * The esbuild options (entry points, lazily loaded chunks, what stays external) are in scripts/bundle.mjs.
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
import { BUNDLE_OPTIONS, ROOT } from './bundle.mjs';
import { writeDeclarations } from './declarations.mjs';

/**
 * Bundles the CLI and the library entry into `dist` (replaced whole), writes `BUILD_ID` and makes `hubc.js`
 * executable.
 * @param options `dist`: output folder (default `<repo>/dist`); `metafile`: also write esbuild's metafile there
 */
export async function buildBundle({ dist = join(ROOT, 'dist'), metafile } = {}) {
  rmSync(dist, { recursive: true, force: true });
  const result = await build({ ...BUNDLE_OPTIONS, outdir: dist, metafile: Boolean(metafile) });
  if (metafile) writeFileSync(metafile, JSON.stringify(result.metafile));
  const files = readdirSync(dist).filter((f) => f.endsWith('.js')).sort();
  const hash = createHash('sha256');
  for (const f of files) hash.update(f).update(readFileSync(join(dist, f)));
  writeFileSync(join(dist, 'BUILD_ID'), `${hash.digest('hex')}\n`);
  chmodSync(join(dist, 'hubc.js'), 0o755);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const metaIndex = process.argv.indexOf('--metafile');
  const metafile = metaIndex >= 0 ? process.argv[metaIndex + 1] : undefined;
  if (metaIndex >= 0 && !metafile) throw new Error('--metafile needs a file name');
  await buildBundle({ metafile });
  writeDeclarations(ROOT);
}
