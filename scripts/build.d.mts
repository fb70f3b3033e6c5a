/** Types of scripts/build.mjs (for the tests that import it). */
export declare function buildBundle(options?: { dist?: string; metafile?: string }): Promise<void>;
/** The folder `npm run bench` builds and times its bundle in (not `dist/`). */
export declare const BENCH_DIST: string;
