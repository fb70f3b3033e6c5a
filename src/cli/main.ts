#!/usr/bin/env node
/**
 * The `hubc` executable (`dist/hubc.js`, run by bin/hubc.js).
 *
 * `hubc build` runs `dist/hubc-build.cjs` (the build command alone, ./buildCli.ts, bundled as CommonJS by
 * scripts/bundle.mjs) through V8's code cache (./codeCache.ts, in `<hubc cache>/code/`): from the second
 * run on, a build does not parse and compile its JavaScript again (issue #23). The cache is written after
 * a build that found none and succeeded (a failed build or `--help` compiles only part of the code, and a
 * cache once written is kept). Every other command, and `hubc build` when that bundle is missing (running
 * from the sources), runs the whole command line (./program.ts), loaded here with `import()`.
 */
import { fileURLToPath } from 'node:url';
import { codeCacheDir } from '../cache/root.js';
import { loadCodeCached } from './codeCache.js';
import type { runBuildCli } from './buildCli.js';

const argv = process.argv.slice(2);
const build = argv[0] === 'build' ? loadCodeCached<{ runBuildCli: typeof runBuildCli }>(fileURLToPath(new URL('./hubc-build.cjs', import.meta.url)), codeCacheDir()) : undefined;
if (build) {
  process.exitCode = await build.exports.runBuildCli(argv);
  if (process.exitCode === 0 && !argv.includes('--help') && !argv.includes('-h')) build.save();
} else {
  const { runCli } = await import('./program.js');
  process.exitCode = await runCli(argv);
}
