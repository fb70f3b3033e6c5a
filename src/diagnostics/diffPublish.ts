/**
 * Diagnostic registry, HUB400-HUB419: `hubc diff` (its inputs and its upgrade notes, HUB403-HUB410 and
 * HUB416-HUB418, a public template as input HUB419) and `hubc publish`.
 * See ./define.ts for the shape of an entry; docs/diagnostics.md is generated from these entries.
 */
import { defineCodes } from './define.js';

/** Names as a list: `a`, `a and b`, `a, b and c`. */
const list = (names: readonly string[]) => (names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`);

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
        hint: a.release
          ? `Correct ${a.file} where the errors above point, or pass --hub with a hub.yaml written for release ${a.release}.`
          : `Correct ${a.file} where the errors above point; each error's hint says how.`,
      }),
      /** A file past a limit of what hubc reads (HUB475, HUB476, listed before it). */
      pastLimit: (a: { label: string; path: string }) => ({
        message: `${a.label}: ${a.path} is past a limit of what hubc reads`,
        hint: 'The diagnostic above says where; a file hubc build wrote never is.',
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
    meaning: "A parameter's type changed, or its allowed values or bounds narrowed: a saved value may be rejected.",
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
    meaning: "A resource A deploys is not deployed by B (not declared, another name, or its condition false with B's values): ARM's incremental mode leaves it deployed.",
    messages: {
      /** `name`: type and name as far as known; `children`: the types of its child resources that stay with it. */
      raise: (a: { name: string; children?: readonly string[] }) =>
        `Resource ${a.name}${a.children?.length ? ` (with its ${a.children.join(', ')})` : ''} is not deployed by the new build: incremental deployment leaves it in place; delete it if it is no longer wanted.`,
    },
  },
  HUB408: {
    stage: 'upgrade note',
    severity: 'info',
    meaning: "Data B no longer reads: a storage container, trigger path or dataset folder, a KQL table, a schema file, or the release's ingestion layout or export container.",
    messages: {
      container: (a: { name: string }) => `Storage container ${a.name} is no longer deployed by the new release; its data stays but is not read.`,
      triggerPath: (a: { path: string }) => `Files added under ${a.path} no longer start a pipeline.`,
      datasetFolder: (a: { folder: string }) => `No dataset reads ${a.folder} any more.`,
      table: (a: { name: string }) => `Table ${a.name} is no longer created by the new build's scripts, which never drop a table: it stays in the database with its data.`,
      schemaFile: (a: { path: string }) =>
        `Schema file ${a.path} is not in the new build, but the deployment only writes schema files, it never deletes one: it stays in storage, and exports of that dataset version are still converted until you delete it.`,
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
    meaning: 'A Data Factory pipeline, dataset or linked service A deploys is not deployed by B: it stays in the factory.',
    messages: {
      /** `kind` is the object kind as a word (`pipeline`, `linked service`). */
      raise: (a: { kind: string; name: string }) =>
        `${a.kind[0].toUpperCase()}${a.kind.slice(1)} ${a.name} is not deployed by the new build: the deployment leaves it in the factory; delete it.`,
    },
  },
  HUB410: {
    stage: 'upgrade note',
    severity: 'info',
    meaning: 'A trigger changed (stop it before deploying: Data Factory cannot update a started trigger) or is gone (stop and delete it).',
    messages: {
      changed: (a: { name: string }) => `Trigger ${a.name} changed: stop it before deploying (Data Factory cannot update a started trigger), then start it again.`,
      removed: (a: { name: string }) => `Trigger ${a.name} is not deployed by the new build: stop and delete it, or it keeps starting its pipelines.`,
    },
  },
  HUB416: {
    stage: 'upgrade note',
    severity: 'info',
    meaning:
      'A component A deploys (Data Explorer, the remote hub, private networking, a dataset) is not deployed by B, and incremental deployment removes none of it: what stays behind, what it keeps doing and costing, and what to delete (`hubc upgrade-plan` gives the steps).',
    messages: {
      /** The leftovers of the Data Explorer component: clusters and databases by name, Data Factory objects, other resource types. */
      dataExplorer: (a: {
        clusters: readonly string[];
        databases: readonly string[];
        pipelines: readonly string[];
        triggers: readonly string[];
        linkedServices: readonly string[];
        others: readonly string[];
      }) =>
        `Data Explorer is not deployed by the new build, but incremental deployment removes none of it: cluster ${list(a.clusters)} keeps running and billing for its compute and storage` +
        (a.databases.length ? `, with databases ${list(a.databases)} and all their data` : '') +
        (a.triggers.length
          ? `; trigger ${list(a.triggers)} keeps starting ${list(a.pipelines)} on every new manifest and loading data into the cluster`
          : a.pipelines.length
            ? `; pipelines ${list(a.pipelines)} stay in the factory`
            : '') +
        (a.linkedServices.length ? `; linked service ${list(a.linkedServices)} stays` : '') +
        (a.others.length ? `; ${list(a.others)} stay` : '') +
        '. Stop the trigger and delete these (hubc upgrade-plan lists the steps, the cluster and its data last and by hand), or keep Data Explorer in the new build.',
      /** The leftovers of the remote hub: Key Vault secrets, linked services, other resource types. */
      remoteHub: (a: { secrets: readonly string[]; linkedServices: readonly string[]; others: readonly string[] }) =>
        "The remote hub is not used by the new build: converted data goes to this hub's own storage from now on, and the data already pushed stays in the remote hub's storage (still billed there, and still read by that hub). Incremental deployment removes nothing of it" +
        (a.secrets.length ? `: Key Vault secret ${list(a.secrets)} keeps the remote storage account key, a working credential until you delete it or rotate the key` : '') +
        (a.linkedServices.length ? `; linked service ${list(a.linkedServices)} stays in the factory` : '') +
        (a.others.length ? `; ${list(a.others)} stay` : '') +
        '. Delete them (hubc upgrade-plan lists the steps).',
      /** The leftovers of private networking: the resources whose deployment depended on it. */
      privateNetworking: (a: { resources: readonly string[] }) =>
        `Private networking is turned off by the new build: the storage account (and a Data Explorer cluster) accept traffic from public networks, and the factory's linked services no longer run on its managed integration runtime. Incremental deployment removes none of what served private access: ${list(a.resources)} stay, unused (managed private endpoints keep their approved private connections to the hub's resources). Delete them (hubc upgrade-plan lists the steps), or keep private networking.`,
      /** A built-in dataset whose schema files B no longer has. */
      dataset: (a: { dataset: string; exportType: string; schemaFiles: readonly string[]; tables: readonly string[]; folder: string }) =>
        `Dataset ${a.dataset} (${a.exportType} exports) is not ingested by the new build, but the deployment removes none of it: its schema files ${list(a.schemaFiles)} stay in the config container, so its exports are still converted` +
        (a.tables.length ? ` and loaded into its Data Explorer tables ${list(a.tables)}, which stay with their data (the scripts create tables, they never drop one)` : '') +
        `; the data already under ${a.folder} stays and is billed as storage. Delete or stop its Cost Management exports, then its schema files${a.tables.length ? ' and tables' : ''} (hubc upgrade-plan lists the steps), or keep the dataset.`,
    },
  },
  HUB417: {
    stage: 'upgrade note',
    severity: 'info',
    meaning:
      'B names the hub differently: every resource name derives from the hub name, so B is a second hub next to A, not an upgrade of it. Deploy it as a new hub (`hubc upgrade-plan` gives the steps) or keep the name.',
    messages: {
      /** `resources`: how many resources of A stay (those whose names change); `triggers`: A's triggers; `shared`: resources both hubs deploy under one name that B points elsewhere. */
      raise: (a: { from: string; to: string; resources: number; triggers: readonly string[]; shared: readonly string[] }) =>
        `The hub is renamed from ${a.from} to ${a.to}: every resource name derives from the hub name, so the new build deploys a second hub next to ${a.from}, not an upgrade of it. Incremental deployment leaves the ${a.resources} resources of ${a.from} whose names change in place, running and billing` +
        (a.triggers.length ? ` (its triggers ${list(a.triggers)} keep starting its pipelines)` : '') +
        `, and its data is not moved.` +
        (a.shared.length
          ? ` Both hubs share ${list(a.shared)}: the new build points them at its own network, which clashes with ${a.from}'s private endpoints in one resource group.`
          : '') +
        ` Deploy ${a.to} as a new hub in its own resource group and move the data (hubc upgrade-plan lists the steps), or keep the hub name ${a.from}.`,
    },
  },
  HUB419: {
    stage: 'diff',
    severity: 'error',
    meaning:
      'A public hub template (`public:<release>` or a `finops-hub-<version>.json` file given to `hubc diff`, `hubc upgrade-plan` or `hubc import`) cannot be used: unreadable, not a public hub template, of a release hubc does not know, `public:` without `--public-templates`, or without the parameter values its names need. Exit 2.',
    messages: {
      unreadable: (a: { file: string; detail: string }) => ({
        message: `cannot read the public template ${a.file}: ${a.detail}`,
        hint: 'Pass the finops-hub-<version>.json file of a public release.',
      }),
      notPublic: (a: { file: string }) => ({
        message: `${a.file} is not a public FinOps hub template (an ARM template made of nested deployments, one named hub)`,
        hint: 'Pass a finops-hub-<version>.json file of a public release, or a folder or hub.yaml of hubc.',
      }),
      unknownRelease: (a: { file: string; version?: string; releases: readonly string[] }) => ({
        message: `${a.file}: ${a.version ? `public release ${a.version} is not one hubc knows` : 'the public release cannot be told (neither the file name finops-hub-<version>.json nor the template says it)'}`,
        hint: `Name the file finops-hub-<version>.json; hubc knows the public releases of ${a.releases.join(', ')}.`,
      }),
      noFolder: (a: { arg: string }) => ({
        message: `${a.arg} names a public template, but no folder of public templates was given`,
        hint: 'Pass --public-templates DIR (a folder holding finops-hub-<version>.json files), or the file itself.',
      }),
      noHubName: (a: { file: string }) => ({
        message: `${a.file}: the hub name is needed to evaluate the public template's resource names, and nothing gives it`,
        hint: 'Pass --parameters with the saved parameters of the public deployment, or compare with a hub.yaml (whose hub.name is used).',
      }),
    },
  },
  HUB418: {
    stage: 'upgrade note',
    severity: 'info',
    meaning:
      'A resource A deploys cannot be updated in place to what B declares (B changes a property ARM cannot change, or the address range of a subnet with resources in it): it, and what refers to it, must be deleted before B is deployed (`hubc upgrade-plan` gives the steps).',
    messages: {
      /** `why`: what B changes and the rule that forbids it; `referrers`: the resources that refer to it and go first; `data`: it holds data. */
      raise: (a: { name: string; why: string; referrers: readonly string[]; data: boolean }) =>
        `Resource ${a.name} cannot be updated in place. ${a.why[0].toUpperCase()}${a.why.slice(1)} It must be deleted before the new build is deployed` +
        (a.referrers.length ? `, after ${list(a.referrers)}, which refer to it` : '') +
        (a.data ? '; it holds data, so moving the data and deleting it is yours to do' : '') +
        ' (hubc upgrade-plan lists the steps).',
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
    meaning: "The template is over ARM's 4 MB limit (4,194,304 bytes). Exit 1.",
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
    meaning: "The feed's `index.json` is not JSON or does not match `schemas/feed-index.schema.json`. Exit 1.",
    messages: {
      notJson: (a: { detail: string }) => ({ message: `the feed's index.json is not JSON: ${a.detail}`, hint: indexHint }),
      /** `problems` are the first schema violations. */
      notSchema: (a: { problems: readonly string[] }) => ({
        message: `the feed's index.json does not match schemas/feed-index.schema.json: ${a.problems.join('; ')}`,
        hint: indexHint,
      }),
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
