/** Types of scripts/bundle.mjs (the esbuild options of hubc's bundle). */
import type { BuildOptions } from 'esbuild';

/** The repository root, esbuild's working directory. */
export declare const ROOT: string;
/** Options of esbuild's `build()` for the ES module bundle. */
export declare const BUNDLE_OPTIONS: BuildOptions;
/** Options of esbuild's `build()` for `dist/hubc-build.cjs` (`hubc build` alone, CommonJS); pass `outfile`. */
export declare const BUILD_BUNDLE_OPTIONS: BuildOptions;
