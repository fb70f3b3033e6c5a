/**
 * Atomic output: all files of a release are written into a temporary folder beside the target, which
 * then replaces `<outDir>/<release>` with renames. A failure before the final rename leaves the target
 * exactly as it was. Folders and files are created with the permissions of the user's umask.
 */
import { mkdirSync, writeFileSync, renameSync, rmSync, existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { dirname, join, resolve } from 'node:path';

/**
 * Writes `artifacts` (relative path -> text) to `<outDir>/<release>/`, replacing that folder whole.
 * @throws Error (file system errors) after removing the temporary folder
 */
export function writeRelease(outDir: string, release: string, artifacts: ReadonlyMap<string, string>): string {
  const root = resolve(outDir);
  mkdirSync(root, { recursive: true });
  const target = join(root, release);
  // mkdirSync (not mkdtempSync, which creates 0700) so the release folder gets the permissions of the
  // user's umask like every other folder; the random part only keeps concurrent runs apart.
  const staging = join(root, `.hubc-${release}-${randomBytes(6).toString('hex')}`);
  mkdirSync(staging);
  try {
    for (const [path, text] of artifacts) {
      const file = join(staging, ...path.split('/'));
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, text, 'utf8');
    }
    const backup = existsSync(target) ? `${staging}.old` : undefined;
    if (backup) renameSync(target, backup);
    try {
      renameSync(staging, target);
    } catch (e) {
      if (backup) renameSync(backup, target);
      throw e;
    }
    if (backup) rmSync(backup, { recursive: true, force: true });
  } catch (e) {
    rmSync(staging, { recursive: true, force: true });
    throw e;
  }
  return target;
}
