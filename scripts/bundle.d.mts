/** Types of scripts/bundle.mjs (the esbuild options of hubc's bundle). */
import type { BuildOptions } from 'esbuild';

/** The repository root, esbuild's working directory. */
export declare const ROOT: string;
/** Options of esbuild's `build()`. */
export declare const BUNDLE_OPTIONS: BuildOptions;
