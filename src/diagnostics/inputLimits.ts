/**
 * Diagnostic registry, HUB475-HUB478 (lent from the simulate range): limits of the JSON files hubc reads
 * from folders and public templates.
 * See ./define.ts for the shape of an entry; docs/diagnostics.md is generated from these entries.
 */
import { defineCodes } from './define.js';

export const inputLimitCodes = defineCodes({
  HUB475: {
    stage: 'diff, upgrade-plan (limits)',
    severity: 'error',
    meaning:
      "A JSON file of a build or release folder, or a public template, nests arrays and objects more than 128 levels deep (hubc's templates and the public ones nest at most 25). Positioned where level 129 opens. Exit 2.",
    messages: {
      raise: (a: { limit: number }) => ({
        message: `the JSON nests arrays and objects more than ${a.limit} levels deep`,
        hint: 'A template hubc build or the public releases wrote never does: rebuild the folder with hubc build, or restore the file.',
      }),
    },
  },
  HUB476: {
    stage: 'diff, upgrade-plan (limits)',
    severity: 'error',
    meaning:
      "An ARM expression in a JSON file of a build or release folder, or of a public template, nests calls, indexes and properties more than 64 levels deep (hubc's templates and the public ones nest at most 17). Positioned at the string. Exit 2.",
    messages: {
      raise: (a: { limit: number }) => ({
        message: `this ARM expression nests calls, indexes and properties more than ${a.limit} levels deep`,
        hint: 'A template hubc build or the public releases wrote never does: rebuild the folder with hubc build, or restore the file; split a hand-written expression with variables.',
      }),
    },
  },
});
