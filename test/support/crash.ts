/**
 * Crash tests: hubc run as a real child process (a bundle of the current source built once per test
 * process, so a run starts in a fraction of a second), killed with SIGKILL either at a named fault point
 * (`HUBC_FAULT`, src/util/fault.ts) or after a delay, and run again.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { childEnv } from './childEnv.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
// Inside the repository, so the bundle finds schemas/ and kql/ above it as dist/ does.
const CACHE = join(ROOT, 'node_modules', '.cache', 'hubc-crash');

/** A hash of everything the bundle is built from, so test files (and shards) of one run share one bundle. */
function sourceKey(): string {
  const hash = createHash('sha256');
  const add = (path: string) => {
    if (statSync(path).isDirectory()) for (const name of readdirSync(path).sort()) add(join(path, name));
    else hash.update(relative(ROOT, path)).update(readFileSync(path));
  };
  for (const p of ['src', 'kql', 'schemas', 'scripts', 'test/support/childMain.ts', 'package-lock.json']) add(join(ROOT, p));
  return hash.digest('hex').slice(0, 16);
}

let bundled: Promise<string> | undefined;
/** Builds the child bundle once per source state (kept in node_modules/.cache/hubc-crash/<key>); resolves to its entry. */
export function childBundle(): Promise<string> {
  return (bundled ??= import('../../scripts/bundle.mjs').then(async ({ BUNDLE_OPTIONS }) => {
    const key = sourceKey();
    const out = join(CACHE, key);
    if (!existsSync(join(out, 'hubc-child.js'))) {
      const staging = join(CACHE, `.${key}-${process.pid}`);
      rmSync(staging, { recursive: true, force: true });
      mkdirSync(staging, { recursive: true });
      await build({ ...BUNDLE_OPTIONS, entryPoints: { 'hubc-child': 'test/support/childMain.ts' }, outdir: staging, logLevel: 'silent' });
      // Bundles of earlier source states go; another shard may have put the same bundle in place meanwhile.
      for (const old of readdirSync(CACHE)) if (old !== key && !old.startsWith('.')) rmSync(join(CACHE, old), { recursive: true, force: true });
      try {
        renameSync(staging, out);
      } catch {
        rmSync(staging, { recursive: true, force: true });
      }
    }
    return join(out, 'hubc-child.js');
  }));
}

/** How a child run ended. */
export interface ChildRun {
  /** Exit code, or null when killed. */
  code: number | null;
  /** `SIGKILL` when killed (by its fault point or by the test). */
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Options of {@link runChild}. */
export interface ChildOptions {
  /** `HUBC_FAULT`: the fault point(s) at which the child kills itself. */
  fault?: string;
  /** Kill the child with SIGKILL after this many milliseconds. */
  killAfterMs?: number;
  /** Extra environment. */
  env?: Record<string, string>;
  cwd?: string;
  /** Called with the child's process ID once it runs (to stop or signal it). */
  onSpawn?: (pid: number) => void;
  /** Runs the child as `<prefix...> node <bundle> <args>` (e.g. `unshare --pid --fork` for another PID namespace). */
  prefix?: readonly string[];
}

/** Runs `hubc <args>` in a child process. */
export async function runChild(args: readonly string[], options: ChildOptions = {}): Promise<ChildRun> {
  const entry = await childBundle();
  const env: Record<string, string | undefined> = childEnv({ ...options.env, HUBC_FAULT: options.fault });
  if (!options.fault) delete env.HUBC_FAULT;
  return new Promise((resolve, reject) => {
    const [command, ...rest] = [...(options.prefix ?? []), process.execPath, entry, ...args];
    const child = spawn(command, rest, { cwd: options.cwd ?? ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    if (child.pid !== undefined) options.onSpawn?.(child.pid);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = options.killAfterMs === undefined ? undefined : setTimeout(() => child.kill('SIGKILL'), options.killAfterMs);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (timer) clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}
