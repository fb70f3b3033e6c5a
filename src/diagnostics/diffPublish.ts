/**
 * Diagnostic registry, HUB400-HUB419: `hubc diff` (its inputs and its upgrade notes) and `hubc publish`.
 * See ./define.ts for the shape of an entry; docs/diagnostics.md is generated from these entries.
 */
import { defineCodes } from './define.js';

/** What to do about a broken feed index (HUB414). */
const indexHint = 'Restore index.json from the last publish, or remove it to rebuild it from the release folders.';

export const diffPublishCodes = defineCodes({
  HUB400: {
    stage: 'diff',
    severity: 'error',
    meaning: 'An argument of `hubc diff` is not a release hubc builds, a file or a folder (or the hub file for a release cannot be read). Exit 2.',
    messages: {
      /** `detail` is the error of the file system. */
      unreadableHub: (a: { file: string; release: string; detail: string }) => ({
        message: `cannot read ${a.file} to build release ${a.release}: ${a.detail}`,
        hint: 'Pass --hub FILE with the hub.yaml to compile.',
      }),
      /** `releases` are the releases hubc builds. */
      notFound: (a: { arg: string; releaseLike: boolean; releases: readonly string[] }) => ({
        message: a.releaseLike ? `hubc does not build release ${a.arg} and there is no file or folder ${a.arg}` : `${a.arg} is not a release number, a file or a folder`,
        hint: `Pass a release (${a.releases.join(', ')}), a hub.yaml file or a folder written by hubc build or hubc publish.`,
      }),
    },
  },
  HUB401: {
    stage: 'diff',
    severity: 'error',
    meaning: 'A diff input cannot be used: a folder no hubc command wrote or that cannot be read, or a hub file that does not compile (its errors are listed first). Exit 2.',
    messages: {
      unreadable: (a: { label: string; detail: string }) => ({ message: `cannot read ${a.label}: ${a.detail}`, hint: 'Check the folder exists and is readable.' }),
      notBuild: (a: { label: string }) => ({
        message: `${a.label} is not a folder written by hubc build or hubc publish (no azuredeploy.json or feed index.json in it)`,
        hint: 'Pass a release folder such as dist-templates/0.7, a feed folder, a hub.yaml file or a release number.',
      }),
      /** The compile diagnostics travel with the error and are listed before it. */
      notCompiling: (a: { label: string; file: string; release?: string }) => ({
        message: `${a.label}: ${a.file} does not compile${a.release ? ` for release ${a.release}` : ''}`,
        hint: 'Fix the errors listed above.',
      }),
    },
  },
  HUB402: {
    stage: 'diff',
    severity: 'error',
    meaning: 'A `.json` file of a build folder does not parse. Exit 2.',
    messages: {
      raise: (a: { label: string; path: string; detail: string }) => ({
        message: `${a.label}: ${a.path} is not valid JSON (${a.detail})`,
        hint: 'Rebuild the folder with hubc build, or restore the file.',
      }),
    },
  },
  HUB403: {
    stage: 'upgrade note',
    severity: 'info',
    meaning: 'A parameter of A is gone: a saved parameter file that sets it is rejected.',
    messages: {
      raise: (a: { name: string }) => `Parameter ${a.name} is gone: a saved parameter file that sets it is rejected; remove it from the file.`,
    },
  },
  HUB404: {
    stage: 'upgrade note',
    severity: 'info',
    meaning: 'A removed and an added parameter are likely one renamed parameter (same type, and same default or similar description).',
    messages: {
      raise: (a: { from: string; to: string }) =>
        `Parameter ${a.from} is likely renamed to ${a.to} (same type and default or description): a saved parameter file that sets ${a.from} is rejected; set ${a.to} instead.`,
    },
  },
  HUB405: {
    stage: 'upgrade note',
    severity: 'info',
    meaning: 'A parameter\'s type changed, or its allowed values or bounds narrowed: a saved value may be rejected.',
    messages: {
      /** `changes` say what narrowed (`its type is now int`, `its maxValue is now 5`). */
      raise: (a: { name: string; changes: readonly string[] }) => `Parameter ${a.name}: ${a.changes.join('; ')}; a value saved for the old release may be rejected.`,
    },
  },
  HUB406: {
    stage: 'upgrade note',
    severity: 'info',
    meaning: 'A new parameter has no default: a saved parameter file must set it.',
    messages: {
      raise: (a: { name: string }) => `New parameter ${a.name} has no default: a saved parameter file must set it.`,
    },
  },
  HUB407: {
    stage: 'upgrade note',
    severity: 'info',
    meaning: 'A resource of A is not in B, or B deploys it only under a condition A did not have: ARM\'s incremental mode leaves the one deployed before in place.',
    messages: {
      raise: (a: { name: string }) => `Resource ${a.name} is not in the new release: incremental deployment leaves it in place; delete it if it is no longer wanted.`,
      /** `condition` is B's ARM expression. */
      conditional: (a: { name: string; condition: string }) =>
        `Resource ${a.name} is deployed by the new release only when ${a.condition}: where that is false, incremental deployment leaves the one deployed before in place; delete it if it is no longer wanted (hubc upgrade-plan lists it for the parameters it is given).`,
    },
  },
  HUB408: {
    stage: 'upgrade note',
    severity: 'info',
    meaning: 'Data B no longer reads: a storage container, trigger path or dataset folder, a KQL table, a schema file, or the release\'s ingestion layout or export container.',
    messages: {
      container: (a: { name: string }) => `Storage container ${a.name} is no longer deployed by the new release; its data stays but is not read.`,
      triggerPath: (a: { path: string }) => `Files added under ${a.path} no longer start a pipeline.`,
      datasetFolder: (a: { folder: string }) => `No dataset reads ${a.folder} any more.`,
      table: (a: { name: string }) => `Table ${a.name} is no longer created by the new release's scripts; its data stays in the database but nothing reads it.`,
      schemaFile: (a: { path: string }) => `Schema file ${a.path} is gone: exports of that dataset version are no longer converted.`,
      ingestionLayout: (a: { from: string; fromVersion: string; to: string; toVersion: string }) =>
        `The ingestion folder layout changes from ${a.from} (${a.fromVersion}) to ${a.to} (${a.toVersion}): data already in ingestion/ is not read in its old folders.`,
      /** `from` and `to` describe how the dataset folders are named in each release. */
      datasetFolders: (a: { from: string; fromVersion: string; to: string; toVersion: string }) =>
        `Dataset folders under ingestion/ are renamed from ${a.from} (${a.fromVersion}) to ${a.to} (${a.toVersion}): data already converted is not read in its old folders.`,
      exportContainer: (a: { from: string; to: string }) => `Exports are read from ${a.to} instead of ${a.from}: point existing exports at the new container.`,
    },
  },
  HUB409: {
    stage: 'upgrade note',
    severity: 'info',
    meaning: 'A Data Factory pipeline, dataset or linked service of A is not in B: it stays in the factory.',
    messages: {
      /** `kind` is the object kind as a word (`pipeline`, `linked service`). */
      raise: (a: { kind: string; name: string }) => `${a.kind[0].toUpperCase()}${a.kind.slice(1)} ${a.name} is not in the new release: the deployment leaves it in the factory; delete it.`,
    },
  },
  HUB410: {
    stage: 'upgrade note',
    severity: 'info',
    meaning: 'A trigger changed (stop it before deploying: Data Factory cannot update a started trigger) or is gone (stop and delete it).',
    messages: {
      changed: (a: { name: string }) => `Trigger ${a.name} changed: stop it before deploying (Data Factory cannot update a started trigger), then start it again.`,
      removed: (a: { name: string }) => `Trigger ${a.name} is not in the new release: stop and delete it, or it keeps starting its pipelines.`,
    },
  },
  HUB411: {
    stage: 'publish',
    severity: 'error',
    meaning: 'A release already in the feed would get different bytes; the error names the files. Published releases are immutable; `--force` replaces them on purpose. Exit 1.',
    messages: {
      /** Per release, the files (paths in the release folder) that differ, that only the new build has, and that it no longer builds. */
      raise: (a: { conflicts: readonly { release: string; changed: readonly string[]; added: readonly string[]; removed: readonly string[] }[] }) => ({
        message: a.conflicts
          .map((c) => {
            const parts = [
              c.changed.length ? `changed ${c.changed.join(', ')}` : '',
              c.added.length ? `new ${c.added.join(', ')}` : '',
              c.removed.length ? `no longer built ${c.removed.join(', ')}` : '',
            ].filter(Boolean);
            return `release ${c.release} is already published with different content (${parts.join('; ')})`;
          })
          .join('; '),
        hint: 'Published releases are immutable; publish under a new release, or pass --force to replace it on purpose.',
      }),
    },
  },
  HUB412: {
    stage: 'publish',
    severity: 'error',
    meaning: 'The template is over ARM\'s 4 MB limit (4,194,304 bytes). Exit 1.',
    messages: {
      raise: (a: { release: string; bytes: number; limit: number }) => ({
        message: `the release ${a.release} template is ${a.bytes} bytes, over ARM's limit of ${a.limit} bytes (4 MB)`,
        hint: 'Make the template smaller (fewer embedded scripts or schema files) before publishing.',
      }),
    },
  },
  HUB413: {
    stage: 'publish',
    severity: 'error',
    meaning: 'The feed folder cannot be read or written; the feed is left as it was. Exit 2.',
    messages: {
      unreadable: (a: { dir: string; detail: string }) => ({ message: `cannot read the feed folder ${a.dir}: ${a.detail}`, hint: 'Check that the folder is readable.' }),
      unwritable: (a: { dir: string; detail: string }) => ({
        message: `cannot write the feed folder ${a.dir}: ${a.detail}; the feed is unchanged`,
        hint: 'Check that the folder and its parent are writable and have free space.',
      }),
    },
  },
  HUB414: {
    stage: 'publish',
    severity: 'error',
    meaning: 'The feed\'s `index.json` is not JSON or does not match `schemas/feed-index.schema.json`. Exit 1.',
    messages: {
      notJson: (a: { detail: string }) => ({ message: `the feed's index.json is not JSON: ${a.detail}`, hint: indexHint }),
      /** `problems` are the first schema violations. */
      notSchema: (a: { problems: readonly string[] }) => ({ message: `the feed's index.json does not match schemas/feed-index.schema.json: ${a.problems.join('; ')}`, hint: indexHint }),
    },
  },
  HUB415: {
    stage: 'publish',
    severity: 'error',
    meaning: 'The feed has no base URL yet: pass `--base-url`. Exit 2.',
    messages: {
      raise: { message: 'the feed has no base URL yet', hint: 'Pass --base-url with the public URL the feed folder is served at, e.g. https://example.org/hub/.' },
    },
  },
});
