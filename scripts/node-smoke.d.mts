/** Types of scripts/node-smoke.mjs (for the tests that import it). */
export declare const STEPS: { name: string; args: string[]; expect: RegExp }[];
export declare function smoke(node: string): string[];
export declare function nodePackage(): string;
export declare function installNode(major: string): { node: string; prefix: string };
