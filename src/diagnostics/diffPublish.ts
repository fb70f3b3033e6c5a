/**
 * Diagnostic registry, HUB400-HUB419: `hubc diff` (its inputs and its upgrade notes) and `hubc publish`.
 * See ./define.ts for the shape of an entry; docs/diagnostics.md is generated from these entries.
 */
import { defineCodes } from './define.js';

export const diffPublishCodes = defineCodes({
  HUB400: {
    stage: 'diff',
    severity: 'error',
    meaning: 'An argument of `hubc diff` is not a release hubc builds, a file or a folder (or the hub file for a release cannot be read). Exit 2.',
    messages: {},
  },
  HUB401: {
    stage: 'diff',
    severity: 'error',
    meaning: 'A diff input cannot be used: a folder no hubc command wrote or that cannot be read, or a hub file that does not compile (its errors are listed first). Exit 2.',
    messages: {},
  },
  HUB402: {
    stage: 'diff',
    severity: 'error',
    meaning: 'A `.json` file of a build folder does not parse. Exit 2.',
    messages: {},
  },
  HUB403: {
    stage: 'upgrade note',
    severity: 'info',
    meaning: 'A parameter of A is gone: a saved parameter file that sets it is rejected.',
    messages: {},
  },
  HUB404: {
    stage: 'upgrade note',
    severity: 'info',
    meaning: 'A removed and an added parameter are likely one renamed parameter (same type, and same default or similar description).',
    messages: {},
  },
  HUB405: {
    stage: 'upgrade note',
    severity: 'info',
    meaning: 'A parameter\'s type changed, or its allowed values or bounds narrowed: a saved value may be rejected.',
    messages: {},
  },
  HUB406: {
    stage: 'upgrade note',
    severity: 'info',
    meaning: 'A new parameter has no default: a saved parameter file must set it.',
    messages: {},
  },
  HUB407: {
    stage: 'upgrade note',
    severity: 'info',
    meaning: 'A resource of A is not in B: ARM\'s incremental mode leaves it deployed.',
    messages: {},
  },
  HUB408: {
    stage: 'upgrade note',
    severity: 'info',
    meaning: 'Data B no longer reads: a storage container, trigger path or dataset folder, a KQL table, a schema file, or the release\'s ingestion layout or export container.',
    messages: {},
  },
  HUB409: {
    stage: 'upgrade note',
    severity: 'info',
    meaning: 'A Data Factory pipeline, dataset or linked service of A is not in B: it stays in the factory.',
    messages: {},
  },
  HUB410: {
    stage: 'upgrade note',
    severity: 'info',
    meaning: 'A trigger changed (stop it before deploying: Data Factory cannot update a started trigger) or is gone (stop and delete it).',
    messages: {},
  },
  HUB411: {
    stage: 'publish',
    severity: 'error',
    meaning: 'A release already in the feed would get different bytes; the error names the files. Published releases are immutable; `--force` replaces them on purpose. Exit 1.',
    messages: {},
  },
  HUB412: {
    stage: 'publish',
    severity: 'error',
    meaning: 'The template is over ARM\'s 4 MB limit (4,194,304 bytes). Exit 1.',
    messages: {},
  },
  HUB413: {
    stage: 'publish',
    severity: 'error',
    meaning: 'The feed folder cannot be read or written; the feed is left as it was. Exit 2.',
    messages: {},
  },
  HUB414: {
    stage: 'publish',
    severity: 'error',
    meaning: 'The feed\'s `index.json` is not JSON or does not match `schemas/feed-index.schema.json`. Exit 1.',
    messages: {},
  },
  HUB415: {
    stage: 'publish',
    severity: 'error',
    meaning: 'The feed has no base URL yet: pass `--base-url`. Exit 2.',
    messages: {},
  },
});
