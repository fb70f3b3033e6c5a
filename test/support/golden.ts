/**
 * Golden-file comparison: a map of generated files against a folder of expected files. With
 * UPDATE_GOLDEN=1 the folder is rewritten instead. Differences are reported as RFC 6902 JSON patches
 * for JSON files and as the first differing line for text files.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import jsonpatch from 'fast-json-patch';

/** Relative paths (with `/`) of every file under a folder, sorted. */
export function listFiles(root: string): string[] {
  if (!existsSync(root)) return [];
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else out.push(relative(root, full).split('\\').join('/'));
    }
  };
  walk(root);
  return out.sort();
}

/** Describes how `actual` differs from `expected` (undefined when equal). */
export function describeDifference(path: string, expected: string, actual: string): string | undefined {
  if (expected === actual) return undefined;
  if (path.endsWith('.json')) {
    try {
      const ops = jsonpatch.compare(JSON.parse(expected), JSON.parse(actual));
      if (ops.length)
        return `${path}: ${ops.length} change(s)\n${ops
          .slice(0, 20)
          .map((o) => `  ${JSON.stringify(o).slice(0, 300)}`)
          .join('\n')}`;
      return `${path}: same JSON, different text layout`;
    } catch {
      // fall through to the text comparison
    }
  }
  const e = expected.split('\n');
  const a = actual.split('\n');
  const i = e.findIndex((line, n) => line !== a[n]);
  const n = i < 0 ? Math.min(e.length, a.length) : i;
  return `${path}: line ${n + 1} differs\n  expected: ${e[n] ?? '<end of file>'}\n  actual:   ${a[n] ?? '<end of file>'}`;
}

/**
 * Records a golden file written or removed under UPDATE_GOLDEN=1: appended to the file `HUBC_TEST_WRITTEN`
 * names (set by scripts/test.mjs, which lists these files and fails the run), else reported on stderr.
 */
function recordWrite(full: string): void {
  const log = process.env.HUBC_TEST_WRITTEN;
  if (log) appendFileSync(log, `${resolve(full)}\n`);
  else process.stderr.write(`UPDATE_GOLDEN=1 wrote ${full}\n`);
}

/**
 * Compares generated files with a golden folder. With `update` (default: `UPDATE_GOLDEN=1`) the folder is
 * made equal to `files` instead: files that differ or are new are written, files no longer generated are
 * removed, and each of them is recorded (see {@link recordWrite}) so that the run fails and lists them;
 * pass `update: false` for folders that only a build may write (dist-templates).
 * @returns a list of differences (empty when equal or after an update)
 */
export function compareWithGolden(files: ReadonlyMap<string, string>, goldenDir: string, options: { update?: boolean } = {}): string[] {
  const expected = listFiles(goldenDir);
  if (options.update ?? process.env.UPDATE_GOLDEN === '1') {
    for (const path of expected) {
      if (files.has(path)) continue;
      const full = join(goldenDir, ...path.split('/'));
      rmSync(full);
      recordWrite(full);
    }
    for (const [path, text] of files) {
      const full = join(goldenDir, ...path.split('/'));
      if (expected.includes(path) && readFileSync(full, 'utf8') === text) continue;
      mkdirSync(dirname(full), { recursive: true });
      writeFileSync(full, text);
      recordWrite(full);
    }
    return [];
  }
  const problems: string[] = [];
  for (const path of expected) if (!files.has(path)) problems.push(`${path}: expected but not generated`);
  for (const [path, text] of files) {
    if (!expected.includes(path)) {
      problems.push(`${path}: generated but not in ${goldenDir} (run UPDATE_GOLDEN=1 npm test after checking it)`);
      continue;
    }
    const diff = describeDifference(path, readFileSync(join(goldenDir, ...path.split('/')), 'utf8'), text);
    if (diff) problems.push(diff);
  }
  return problems;
}
