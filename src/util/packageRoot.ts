/**
 * Locates files that ship with hubc (schemas/, kql/) whether it runs from `src/` under tsx or from the
 * bundled `dist/` (scripts/build.mjs).
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let cached: string | undefined;

/**
 * Absolute path of the hubc package root (the folder holding its package.json).
 * @throws Error when no package.json is found above this module
 */
export function packageRoot(): string {
  if (cached) return cached;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'schemas'))) return (cached = dir);
    const parent = dirname(dir);
    if (parent === dir) throw new Error('hubc: cannot find the package root (package.json with schemas/)');
    dir = parent;
  }
}

/** Absolute path of a file shipped with hubc, given relative to the package root. */
export function packagePath(...parts: string[]): string {
  return join(packageRoot(), ...parts);
}
