/**
 * Diagnostic registry, HUB0xx: the command line and the environment (files that cannot be read or written, validator data).
 * See ./define.ts for the shape of an entry; docs/diagnostics.md is generated from these entries.
 */
import { defineCodes } from './define.js';

export const cliCodes = defineCodes({
  HUB001: {
    stage: 'CLI',
    severity: 'error',
    meaning: 'The input file cannot be read.',
    messages: {},
  },
  HUB002: {
    stage: 'CLI',
    severity: 'error',
    meaning: 'The output folder cannot be written.',
    messages: {},
  },
  HUB003: {
    stage: 'environment',
    severity: 'error',
    meaning: 'The official ARM JSON schemas cannot be found or downloaded (`hubc validate` exits 2).',
    messages: {},
  },
});
