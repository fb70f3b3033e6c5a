/**
 * Diagnostic registry, HUB450-HUB479: `hubc simulate` (HUB470-HUB474 are lent to ../feed.ts: a feed's lock and integrity;
 * HUB457-HUB458 to ./managedExportNotes.ts: upgrade notes about managed exports).
 * See ./define.ts for the shape of an entry; docs/diagnostics.md is generated from these entries.
 */
import { defineCodes } from './define.js';

export const simulateCodes = defineCodes({
  HUB450: {
    stage: 'simulate',
    severity: 'error',
    meaning: 'The `--storage` folder does not exist or is not a folder (exit 2).',
    messages: {
      raise: (a: { storage: string }) => ({
        message: `the storage folder ${a.storage} does not exist`,
        hint: 'Pass --storage DIR, a folder whose sub-folders are the containers (rawexports, ingestion, config).',
      }),
      notFolder: (a: { storage: string }) => ({
        message: `the storage path ${a.storage} is not a folder`,
        hint: 'Pass --storage DIR, a folder whose sub-folders are the containers (rawexports, ingestion, config).',
      }),
    },
  },
  HUB451: {
    stage: 'simulate',
    severity: 'error',
    meaning: 'The `--event` blob is not a file in the storage folder, its path is empty or it leaves the folder (exit 2).',
    messages: {
      raise: (a: { path: string; storage: string }) => ({
        message: `the event blob ${a.path} does not exist in ${a.storage}`,
        hint: 'Pass the path of a file inside the storage folder, container first (e.g. rawexports/exports/daily/.../manifest.json).',
      }),
      /** The path names a folder (a container, or a folder in one). */
      folder: (a: { path: string; storage: string }) => ({
        message: `the event blob ${a.path} is a folder in ${a.storage}, not a blob`,
        hint: 'Pass the path of a file inside the storage folder, container first (e.g. rawexports/exports/daily/.../manifest.json): an event is a blob created.',
      }),
      empty: () => ({
        message: 'the event path is empty',
        hint: 'Pass --event PATH, the path of a file inside the storage folder, container first (e.g. rawexports/exports/daily/.../manifest.json).',
      }),
      /** `path`: the path as given. */
      outside: (a: { path: string }) => ({
        message: `the event path '${a.path}' leaves the storage folder ('..')`,
        hint: 'Event paths are relative to --storage, container first, without ".." (e.g. rawexports/exports/daily/.../manifest.json).',
      }),
    },
  },
  HUB452: {
    stage: 'simulate',
    severity: 'warning',
    meaning: 'No blob event trigger of the build fires for the `--event` blob (warning; the hint says what each trigger watches).',
    messages: {
      /** `reasons`: why each blob event trigger of the build does not fire, one each (the hint joins them; undefined joins as empty). */
      raise: (a: { release: string; path: string; reasons: readonly (string | undefined)[] }) => ({
        message: `no trigger of release ${a.release} fires for ${a.path}`,
        hint: a.reasons.join('; '),
      }),
    },
  },
  HUB453: {
    stage: 'simulate',
    severity: 'error',
    meaning: 'The build has no schedule trigger for `--schedule daily` or `monthly` (exit 2).',
    messages: {
      raise: (a: { release: string; schedule: string }) => ({
        message: `release ${a.release} has no ${a.schedule} schedule trigger`,
        hint: 'Builds with managed exports have config_DailySchedule and config_MonthlySchedule.',
      }),
    },
  },
  HUB454: {
    stage: 'simulate',
    severity: 'error',
    meaning: 'A `--param` value is not JSON where the pipeline declares an Array, Object, Bool or number parameter (exit 2).',
    messages: {
      /** `text`: the value as given; `type`: the parameter type the pipeline declares (`Array`, `Bool`, ...). */
      raise: (a: { pipeline: string; name: string; text: string; type: string | undefined }) => ({
        message: `--param ${a.name}=${a.text}: pipeline ${a.pipeline} declares ${a.name} as ${a.type}, and the value is not JSON`,
        hint: `Pass ${a.type} values as JSON, e.g. --param ${a.name}='[]'.`,
      }),
    },
  },
  HUB455: {
    stage: 'simulate',
    severity: 'warning',
    meaning: 'The simulation reached `--max-runs` pipeline runs; later runs were not started (warning; exit 1).',
    messages: {
      /** `notStarted`: triggered runs that were not started because of the limit (0: none). */
      raise: (a: { maxRuns: number; notStarted: number }) => ({
        message: `the simulation stopped at its limit of ${a.maxRuns} pipeline runs${a.notStarted ? `; ${a.notStarted} triggered run(s) were not started` : ''}`,
        hint: 'Raise --max-runs if the pipelines are meant to run this often.',
      }),
    },
  },
  HUB456: {
    stage: 'simulate',
    severity: 'error',
    meaning: 'The `--responses` file cannot be read, is not JSON or breaks `schemas/simulate-responses.schema.json` (exit 2).',
    messages: {
      /** `detail`: the message of the read or JSON parse error. */
      unreadable: (a: { file: string; detail: string }) => ({
        message: `cannot read the responses file ${a.file}: ${a.detail}`,
        hint: 'Pass a JSON file in the format of docs/simulate.md.',
      }),
      /** `at`: the JSON pointer of the first schema error (`(root)` for the document); `detail`: the schema validator's message. */
      invalid: (a: { file: string; at: string; detail: string }) => ({
        message: `the responses file ${a.file} is not valid: ${a.at} ${a.detail}`,
        hint: 'See schemas/simulate-responses.schema.json.',
      }),
    },
  },
  HUB460: {
    stage: 'simulate',
    severity: 'error',
    meaning: 'A pipeline uses a Data Factory function the evaluator does not implement (exit 2).',
    messages: {
      raise: (a: { functionName: string }) => ({
        message: `the Data Factory function '${a.functionName}' is not supported by the simulator`,
        hint: 'Add it to src/expressions/adf/functions/ with its documented semantics.',
      }),
    },
  },
  HUB461: {
    stage: 'simulate',
    severity: 'error',
    meaning: 'A pipeline uses an activity type the simulator does not implement (exit 2).',
    messages: {
      /** `supported`: the activity types the simulator implements, in the order the hint lists them. */
      raise: (a: { type: string; activity: string; pipeline: string; supported: readonly string[] }) => ({
        message: `the activity type '${a.type}' (activity '${a.activity}' of pipeline ${a.pipeline}) is not supported by the simulator`,
        hint: `Supported: ${a.supported.join(', ')}.`,
      }),
    },
  },
  HUB462: {
    stage: 'simulate',
    severity: 'error',
    meaning: 'A dataset does not exist, or has a type or linked service the simulator does not support (exit 2).',
    messages: {
      /** `name`: the referenced dataset name, `(none)` when the reference has none. */
      unknown: (a: { name: string }) => `the dataset '${a.name}' does not exist in the build`,
      format: (a: { dataset: string; format: string }) => `the dataset '${a.dataset}' has type '${a.format}', which the simulator does not support (Json, DelimitedText, Parquet)`,
      linkedService: (a: { dataset: string; linkedService: string | undefined }) =>
        `the dataset '${a.dataset}' uses the linked service '${a.linkedService}', which is not a storage account the simulator knows`,
    },
  },
  HUB463: {
    stage: 'simulate',
    severity: 'error',
    meaning: 'An activity depends on an activity that is not beside it, on an unknown condition, or in a cycle (exit 2).',
    messages: {
      condition: (a: { condition: string }) => `unknown dependency condition '${a.condition}'`,
      notBeside: (a: { activity: string; pipeline: string; dependency: string }) =>
        `activity '${a.activity}' of pipeline ${a.pipeline} depends on '${a.dependency}', which is not beside it`,
      cycle: (a: { activities: readonly string[]; pipeline: string }) =>
        `the activities ${a.activities.map((n) => `'${n}'`).join(', ')} of pipeline ${a.pipeline} depend on each other in a cycle`,
    },
  },
  HUB464: {
    stage: 'simulate',
    severity: 'error',
    meaning: '`--pipeline` or an ExecutePipeline names a pipeline the build does not have (exit 2).',
    messages: {
      /** `pipelines`: the build's pipeline names (the hint lists them sorted). */
      raise: (a: { name: string; pipelines: Iterable<string> }) => ({
        message: `the pipeline '${a.name}' does not exist in the build`,
        hint: `Pipelines: ${[...a.pipelines].sort().join(', ')}.`,
      }),
    },
  },
  HUB465: {
    stage: 'simulate',
    severity: 'error',
    meaning: 'A GetMetadata field the simulator does not support (exit 2).',
    messages: {
      /** `supported`: the fields the simulator implements, in the order the hint lists them. */
      raise: (a: { field: string; activity: string; pipeline: string; supported: Iterable<string> }) => ({
        message: `GetMetadata field '${a.field}' (activity '${a.activity}' of pipeline ${a.pipeline}) is not supported by the simulator`,
        hint: `Supported: ${[...a.supported].join(', ')}.`,
      }),
    },
  },
  HUB466: {
    stage: 'simulate',
    severity: 'error',
    meaning: 'A Copy activity between formats (or with options) the simulator does not support (exit 2).',
    messages: {
      /** `pair`: source and sink format, `DelimitedText->Json`; `translator`/`additionalColumns`: whether the Copy has them. */
      raise: (a: { activity: string; pipeline: string; pair: string; translator: boolean; additionalColumns: boolean }) => ({
        message: `Copy '${a.activity}' of pipeline ${a.pipeline} copies ${a.pair}${a.translator ? ' with a translator' : ''}${a.additionalColumns ? ' with additional columns' : ''}, which the simulator does not support`,
        hint: 'Supported: delimited text (gzip too) to parquet with a TabularTranslator; parquet, JSON or delimited text copied as is.',
      }),
    },
  },
  HUB467: {
    stage: 'simulate',
    severity: 'error',
    meaning: 'A path the simulation reads, writes or deletes inside `--storage` is, or goes through, a symbolic link; the simulation stops before touching it (exit 2).',
    messages: {
      /** `path`: the link's path in the storage folder, container first. */
      raise: (a: { path: string; storage: string }) => ({
        message: `${a.path} in the storage folder ${a.storage} is a symbolic link; simulate does not follow links out of --storage`,
        hint: 'A storage account has no links: replace the link with a copy of what it points at (cp -rL), or simulate on a copy of the folder.',
      }),
    },
  },
  HUB468: {
    stage: 'simulate',
    severity: 'warning',
    meaning:
      'Two Copy activities of one simulation wrote the same file from two different source blobs, so the rows of the first are lost; the outcome is failed (exit 1). A deployed hub names its files the same way.',
    messages: {
      /** `first`/`second`: the two source blobs (container first), in write order; `runs`: the two run ids. */
      raise: (a: { path: string; first: string; second: string; firstRun: string; secondRun: string }) => ({
        message: `${a.path} was written from ${a.first} (run ${a.firstRun}) and then overwritten from ${a.second} (run ${a.secondRun}): the rows of the first file are lost`,
        hint: 'The ingestion file name comes from the blob file name only; give every file of one export a distinct name (Cost Management exports write all partitions of a run into one folder).',
      }),
    },
  },
});
