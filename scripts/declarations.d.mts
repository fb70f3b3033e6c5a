/** Types of scripts/declarations.mjs (for the tests that import it). */
export declare function writeDeclarations(root: string, types?: string): string[];
