/**
 * Diagnostic registry, HUB470-HUB474 (lent from the simulate range): a feed's lock and integrity, for
 * `hubc publish` and `hubc build --out` (a lock taken over while held) and for the feeds `hubc diff` and
 * `hubc upgrade-plan` read (issue #29). See ./define.ts for the shape of an entry.
 */
import { defineCodes } from './define.js';

export const feedCodes = defineCodes({
  HUB470: {
    stage: 'environment',
    severity: 'error',
    meaning:
      "The lock of the folder hubc was writing (`.hubc-lock`) was taken over by another process while this one held it (it stopped or stalled for longer than the lock's stale time, 10 s); `build` stops before its next rename, `publish` reads the feed again and merges, and gives up after 5 tries. Nothing another process wrote is erased. Exit 2.",
    messages: {
      /** `build --out`: stopped before the next rename. */
      lost: (a: { dir: string }) => ({
        message: `the lock of ${a.dir} was taken over by another process while this one held it (this process was stopped or stalled for longer than the lock's stale time); stopped before writing more`,
        hint: 'Run the command again. A process stopped for long (Ctrl-Z, a paused machine, a stalled network file system) loses its lock to the next writer.',
      }),
      /** `publish`: every try lost its lock or found index.json changed. */
      gaveUp: (a: { dir: string; tries: number; why: 'lost' | 'changed' }) => ({
        message: `the feed ${a.dir} kept changing under this publish: ${a.tries} tries, the last one ${a.why === 'lost' ? 'lost its lock to another process' : 'found index.json changed by another process'}; this publish's releases are not in the index`,
        hint: 'Stop processes that write the feed without hubc (or an older hubc), then run the publish again; release folders already written are adopted.',
      }),
    },
  },
  HUB471: {
    stage: 'publish (warning)',
    severity: 'warning',
    meaning:
      "A publish read the feed again and merged: its lock was taken over while it held it (it stalled past the lock's stale time) or index.json changed under it. Nothing is lost; what the other process published stays.",
    messages: {
      /** `file`: the file found changed (`index.json`, or a file of the feed read after the start), for `changed`. */
      raise: (a: { dir: string; why: 'lost' | 'changed'; file?: string; attempt: number; of: number }) =>
        (a.why === 'lost'
          ? `the lock of ${a.dir} was taken over by another process while this publish held it (it was stopped or stalled for longer than the lock's stale time)`
          : `${a.file ?? 'index.json'} in ${a.dir} changed after this publish read it (written by a process that did not hold the feed's lock)`) +
        `; nothing more was written: read the feed again and merged (try ${a.attempt} of ${a.of})`,
    },
  },
  HUB472: {
    stage: 'diff',
    severity: 'error',
    meaning:
      "A feed's index.json (given to `hubc diff` or `hubc upgrade-plan` as a feed folder) names a release that is not a release folder inside the feed: `latest` is a path (`../../elsewhere/0.3`) or a link out of the feed. Nothing outside the folder given is read. Exit 2.",
    messages: {
      raise: (a: { label: string; latest: string; why: string }) => ({
        message: `${a.label}: index.json names ${JSON.stringify(a.latest)} as its newest release, ${a.why}; hubc reads nothing outside the feed folder`,
        hint: 'Pass the release folder itself (feed/0.7), or restore index.json from the last publish.',
      }),
    },
  },
  HUB473: {
    stage: 'diff',
    severity: 'error',
    meaning:
      "A release folder of a feed (given to `hubc diff` or `hubc upgrade-plan`) does not hold what the feed's index.json says: a file whose SHA-256 differs, one the index does not list, or one missing. The published release was changed after `hubc publish`; `--allow-modified-feed` uses it anyway. Exit 2.",
    messages: {
      raise: (a: { label: string; files: readonly string[] }) => ({
        message: `${a.label} is not the release the feed's index.json published: ${a.files.slice(0, 5).join('; ')}${a.files.length > 5 ? `; and ${a.files.length - 5} more` : ''}`,
        hint: 'Publish the release again (hubc publish --force) or restore its files; to compare the changed files anyway, pass --allow-modified-feed.',
      }),
    },
  },
});
