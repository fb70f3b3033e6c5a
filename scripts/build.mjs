/**
 * `npm run build` (also run by `npm ci` through `prepare`): bundles the hubc command line with esbuild into
 * `dist/` (the CLI starts faster from a few files than from hundreds of modules), then writes
 * `dist/BUILD_ID`, a hash of the bundle that keys hubc's validation cache (src/cache/index.ts).
 *
 * The esbuild options (entry points, lazily loaded chunks, what stays external) are in scripts/bundle.mjs.
 * Type checking is `npm run typecheck`.
 *
 * `node scripts/build.mjs --metafile FILE` also writes esbuild's metafile (every output file with the
 * inputs it holds, bytes per input) to FILE, to check what the CLI loads at start-up and per command; for
 * example `node scripts/build.mjs --metafile .tmp/meta.json && node scripts/entry-inputs.mjs .tmp/meta.json`.
 */
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { chmodSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUNDLE_OPTIONS, ROOT } from './bundle.mjs';

const metaIndex = process.argv.indexOf('--metafile');
const metafile = metaIndex >= 0 ? process.argv[metaIndex + 1] : undefined;
if (metaIndex >= 0 && !metafile) throw new Error('--metafile needs a file name');
const dist = join(ROOT, 'dist');
rmSync(dist, { recursive: true, force: true });
const result = await build({ ...BUNDLE_OPTIONS, metafile: Boolean(metafile) });
if (metafile) writeFileSync(metafile, JSON.stringify(result.metafile));
const files = readdirSync(dist).filter((f) => f.endsWith('.js')).sort();
const hash = createHash('sha256');
for (const f of files) hash.update(f).update(readFileSync(join(dist, f)));
writeFileSync(join(dist, 'BUILD_ID'), `${hash.digest('hex')}\n`);
chmodSync(join(dist, 'hubc.js'), 0o755);
