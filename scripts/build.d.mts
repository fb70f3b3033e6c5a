/** Types of scripts/build.mjs (for the tests that import it). */
export declare function buildBundle(options?: { dist?: string; metafile?: string }): Promise<void>;
