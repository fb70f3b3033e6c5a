#!/usr/bin/env node
/**
 * The `hubc` executable (package.json `bin`): runs the bundled command line, `dist/hubc.js`. `npm ci` builds
 * the bundle through the `prepare` script; when it is missing (scripts turned off with
 * `--ignore-scripts`, or a checkout not built yet) this builds it first with `npm run build`'s bundler,
 * saying so on stderr, so `npx hubc` works from any installed checkout.
 */
import { existsSync } from 'node:fs';

const bundle = new URL('../dist/hubc.js', import.meta.url);
if (!existsSync(bundle)) {
  process.stderr.write('hubc: dist/ is not built; building it first (npm run build)\n');
  const { buildBundle } = await import('../scripts/build.mjs');
  await buildBundle();
}
await import(bundle.href);
