/**
 * Part of `npm run build`: writes the type declarations of the library entry (`import { compile } from
 * 'hubc'`, src/compiler/index.ts) into `dist/types/` with the project's TypeScript (tsconfig.lib.json), then removes
 * the declaration files `dist/types/compiler/index.d.ts` does not reach through its relative imports (tsc writes one
 * for every module the compiler imports; the package ships only what its types need).
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

/**
 * Emits and prunes the declarations.
 * @param root the repository root
 * @param types output folder (default `<root>/dist/types`)
 * @returns the declaration files kept, relative to `types`
 * @throws Error when tsc fails or leaves no index.d.ts
 */
export function writeDeclarations(root, types = join(root, 'dist', 'types')) {
  const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  const r = spawnSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.lib.json'), '--outDir', types], { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`tsc -p tsconfig.lib.json failed:\n${r.stdout}${r.stderr}`);
  const reached = new Set();
  const queue = [join(types, 'compiler', 'index.d.ts')];
  while (queue.length) {
    const file = queue.pop();
    if (reached.has(file)) continue;
    reached.add(file);
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/(?:\bfrom|\bimport\()\s*['"](\.{1,2}\/[^'"]+)['"]/g)) queue.push(normalize(join(dirname(file), m[1].replace(/\.js$/, '.d.ts'))));
  }
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) {
        walk(full);
        if (!readdirSync(full).length) rmSync(full, { recursive: true });
      } else if (!reached.has(full)) rmSync(full);
    }
  };
  walk(types);
  return [...reached].map((f) => relative(types, f)).sort();
}
