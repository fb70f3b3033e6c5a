/**
 * Diagnostic registry, HUB450-HUB479: `hubc simulate`.
 * See ./define.ts for the shape of an entry; docs/diagnostics.md is generated from these entries.
 */
import { defineCodes } from './define.js';

export const simulateCodes = defineCodes({
  HUB450: {
    stage: 'simulate',
    severity: 'error',
    meaning: 'The `--storage` folder does not exist (exit 2).',
    messages: {},
  },
  HUB451: {
    stage: 'simulate',
    severity: 'error',
    meaning: 'The `--event` blob is not a file in the storage folder (exit 2).',
    messages: {},
  },
  HUB452: {
    stage: 'simulate',
    severity: 'warning',
    meaning: 'No blob event trigger of the build fires for the `--event` blob (warning; the hint says what each trigger watches).',
    messages: {},
  },
  HUB453: {
    stage: 'simulate',
    severity: 'error',
    meaning: 'The build has no schedule trigger for `--schedule daily` or `monthly` (exit 2).',
    messages: {},
  },
  HUB454: {
    stage: 'simulate',
    severity: 'error',
    meaning: 'A `--param` value is not JSON where the pipeline declares an Array, Object, Bool or number parameter (exit 2).',
    messages: {},
  },
  HUB455: {
    stage: 'simulate',
    severity: 'warning',
    meaning: 'The simulation reached `--max-runs` pipeline runs; later runs were not started (warning; exit 1).',
    messages: {},
  },
  HUB456: {
    stage: 'simulate',
    severity: 'error',
    meaning: 'The `--responses` file cannot be read, is not JSON or breaks `schemas/simulate-responses.schema.json` (exit 2).',
    messages: {},
  },
  HUB460: {
    stage: 'simulate',
    severity: 'error',
    meaning: 'A pipeline uses a Data Factory function the evaluator does not implement (exit 2).',
    messages: {},
  },
  HUB461: {
    stage: 'simulate',
    severity: 'error',
    meaning: 'A pipeline uses an activity type the simulator does not implement (exit 2).',
    messages: {},
  },
  HUB462: {
    stage: 'simulate',
    severity: 'error',
    meaning: 'A dataset does not exist, or has a type or linked service the simulator does not support (exit 2).',
    messages: {},
  },
  HUB463: {
    stage: 'simulate',
    severity: 'error',
    meaning: 'An activity depends on an activity that is not beside it, on an unknown condition, or in a cycle (exit 2).',
    messages: {},
  },
  HUB464: {
    stage: 'simulate',
    severity: 'error',
    meaning: '`--pipeline` or an ExecutePipeline names a pipeline the build does not have (exit 2).',
    messages: {},
  },
  HUB465: {
    stage: 'simulate',
    severity: 'error',
    meaning: 'A GetMetadata field the simulator does not support (exit 2).',
    messages: {},
  },
  HUB466: {
    stage: 'simulate',
    severity: 'error',
    meaning: 'A Copy activity between formats (or with options) the simulator does not support (exit 2).',
    messages: {},
  },
});
