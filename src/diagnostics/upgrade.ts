/**
 * Diagnostic registry, HUB480-HUB499: `hubc upgrade-plan`, `hubc deploy --upgrade`, `hubc migrate-data` and
 * `hubc import` (HUB481-HUB489).
 * See ./define.ts for the shape of an entry; docs/diagnostics.md is generated from these entries.
 */
import { defineCodes } from './define.js';

export const upgradeCodes = defineCodes({
  HUB480: {
    stage: 'upgrade',
    severity: 'error',
    meaning:
      'The `--parameters` file is not a parameter file of FROM: it sets parameters FROM does not declare. A file that already fits TO is used as it is (there is nothing to rewrite, so `--out` is refused); a file that fits neither is refused. Exit 2 (upgrade-plan), 1 (deploy --upgrade).',
    messages: {
      /** `names`: parameters of the file FROM does not declare (all declared by TO). */
      alreadyTo: (a: { file: string; from: string; to: string; names: readonly string[]; out: string }) => ({
        message: `${a.file} is already a parameter file of ${a.to}: it sets ${a.names.join(', ')}, which ${a.from} does not declare; there is nothing to rewrite into ${a.out}`,
        hint: `Deploy ${a.to} with ${a.file} as it is (leave out --out), or pass the parameter file the hub was deployed from with ${a.from}.`,
      }),
      /** `neither`: parameters neither build declares; `onlyTo`: parameters only TO declares. */
      neither: (a: { file: string; from: string; to: string; neither: readonly string[]; onlyTo: readonly string[] }) => ({
        message:
          `${a.file} is not a parameter file of ${a.from}: ` +
          [
            a.neither.length ? `${a.neither.join(', ')} ${a.neither.length === 1 ? 'is a parameter' : 'are parameters'} of neither ${a.from} nor ${a.to}` : '',
            a.onlyTo.length ? `${a.onlyTo.join(', ')} only ${a.to} declares` : '',
          ]
            .filter(Boolean)
            .join('; '),
        hint: `Pass the parameter file the hub was deployed from with ${a.from} (ARM rejects a parameter the template does not declare).`,
      }),
    },
  },
  HUB485: {
    stage: 'migrate-data',
    severity: 'error',
    meaning:
      'A folder of the new layout already holds data of its month that the migration did not put there (the new release ingested the month again after the upgrade): its old files are not moved, so no month is counted twice; they stay where they are. Exit 1 (`--skip-ingested` makes it HUB486, a warning).',
    messages: {
      /** `found` says what is there (`0.7's ingestion <id>`, or file names); `count` old files would have moved in. */
      raise: (a: { folder: string; month: string; found: string; count: number; from: string; to: string }) => ({
        message: `${a.folder} already holds data of ${a.month} this migration did not put there (${a.found}): moving ${a.count} file${a.count === 1 ? '' : 's'} of ${a.from} into it would count the month twice; they stay where they are`,
        hint: `${a.to} ingested the month again from a newer export, which replaces ${a.from}'s data of it: keep it so and run again with --skip-ingested (the old files stay, unread by ${a.to}); or, to keep ${a.from}'s data instead, delete the folder's other files (and the month's rows in Data Explorer) and run again.`,
      }),
    },
  },
  HUB486: {
    stage: 'migrate-data',
    severity: 'warning',
    meaning: 'With `--skip-ingested`: a folder of the new layout that already holds data of its month is skipped, as HUB485 says, and the run exits 0.',
    messages: {
      raise: (a: { folder: string; month: string; found: string; count: number; from: string }) => ({
        message: `${a.folder} already holds data of ${a.month} (${a.found}): ${a.count} file${a.count === 1 ? '' : 's'} of ${a.from} for it skipped (--skip-ingested); they stay where they are`,
        hint: 'Delete them once you no longer need them; the new release does not read them.',
      }),
    },
  },
  HUB489: {
    stage: 'migrate-data',
    severity: 'warning',
    meaning:
      'Two or more files of the old layout map to one path of the new one (scope folders that differ only in case): the one the old release read is moved, the others stay where they are (nothing moves when another of them already holds the path). Exit 0.',
    messages: {
      /**
       * `chosen` is moved; `others` stay; `why` says why `chosen` is the one the old release read; `blockedBy`,
       * when set, is the file already at the target path, which is never replaced (then nothing moves).
       */
      raise: (a: { target: string; chosen: string; others: readonly string[]; why: string; from: string; blockedBy?: string }) => ({
        message:
          `${[a.chosen, ...a.others].join(' and ')} all map to ${a.target}; ${a.from} read ${a.chosen} (${a.why}), ` +
          (a.blockedBy
            ? `but ${a.blockedBy} already holds that path and is not replaced: both stay`
            : `so it moves and ${a.others.join(', ')} ${a.others.length === 1 ? 'stays' : 'stay'}`),
        hint: 'Look at the files left behind: delete them if they are stale copies, or move them by hand if their data is needed.',
      }),
    },
  },
  HUB490: {
    stage: 'upgrade',
    severity: 'error',
    meaning:
      'The upgrade goes backwards: `hubc upgrade-plan` TO, or the release `hubc deploy --upgrade` deploys, is older than the installed FROM. hubc plans upgrades only. (upgrade-plan: exit 2; deploy: exit 1.)',
    messages: {
      /** `from`: the installed release (A); `to`: the release to upgrade to (B), older than `from`. */
      raise: (a: { from: string; to: string }) => ({
        message: `release ${a.to} is older than ${a.from}: hubc plans upgrades, not downgrades`,
        hint: `Name the installed release first: hubc upgrade-plan ${a.to} ${a.from}.`,
      }),
    },
  },
  HUB491: {
    stage: 'upgrade',
    severity: 'error',
    meaning: 'The `--parameters` file of `hubc upgrade-plan` cannot be read, is not JSON, or has no `parameters` object. Exit 2.',
    messages: {
      unreadable: (a: { file: string; detail: string }) => ({
        message: `cannot read the parameters file ${a.file}: ${a.detail}`,
        hint: 'Pass the deployment parameters file the hub was deployed with (JSON).',
      }),
      /** The file is JSON but holds no `parameters` object (the planner's check). */
      noParameters: (a: { file: string }) => ({
        message: `${a.file} has no "parameters" object`,
        hint: 'Pass a deployment parameters file: { "parameters": { "<name>": { "value": ... } } }.',
      }),
    },
  },
  HUB492: {
    stage: 'migrate-data',
    severity: 'error',
    meaning:
      'The `--storage` folder is not a folder or has no `ingestion` folder, or the ingestion container of `--account` cannot be listed (sign-in, permission, network, no such container). Exit 2.',
    messages: {
      noFolder: (a: { folder: string }) => ({
        message: `${a.folder} has no ingestion folder`,
        hint: 'Pass the storage folder that holds the ingestion container as a sub-folder (ingestion/).',
      }),
      /** `what`: what `--storage` is instead (`a regular file`, ...). */
      notFolder: (a: { folder: string; what: string }) => ({
        message: `${a.folder} is ${a.what}, not a storage folder`,
        hint: 'Pass the storage folder that holds the ingestion container as a sub-folder (ingestion/).',
      }),
      unlistable: (a: { storage: string; detail: string }) => ({
        message: `cannot list the ingestion container of ${a.storage}: ${a.detail}`,
        hint: 'Check the account name, that you are signed in (az login) with Storage Blob Data Contributor on it, and the network.',
      }),
    },
  },
  HUB493: {
    stage: 'migrate-data',
    severity: 'error',
    meaning: '`--to` is not newer than `--from`: data moves only forward. Exit 2.',
    messages: {
      raise: (a: { to: string; from: string }) => ({
        message: `--to ${a.to} is not newer than --from ${a.from}`,
        hint: 'Data moves only forward: name the release that wrote the data with --from and the newer one with --to.',
      }),
    },
  },
  HUB494: {
    stage: 'migrate-data',
    severity: 'error',
    meaning: 'A file could not be moved or copied, or a manifest written (its folder then gets no manifest); running the command again finishes the rest. Exit 1.',
    messages: {
      /** One item of the migration plan that failed: its action, its paths, and the storage's error message. */
      raise: (a: { action: string; from?: string; to?: string; error: string }) => ({
        message: `${a.from ? `${a.action} ${a.from}${a.to ? ` -> ${a.to}` : ''}` : `${a.action === 'manifest' ? 'writing the manifest' : a.action} ${a.to ?? ''}`} failed: ${a.error}`,
        hint: 'Fix the cause and run the same command again: what was moved is not moved twice.',
      }),
    },
  },
  HUB495: {
    stage: 'deploy --upgrade',
    severity: 'error',
    meaning:
      "The installed release cannot be told: the hub's resources carry no known `ftk-version` tag and `config/settings.json` cannot be read or names no known release; pass `--from`. Exit 2.",
    messages: {
      /** `tags`: the `ftk-version` tags found (none known); `settingsError`: why config/settings.json told no release. */
      raise: (a: { hub: string; resourceGroup: string; tags: readonly string[]; settingsError?: string }) => ({
        message: `cannot tell which release hub ${a.hub} in ${a.resourceGroup} is: its resources carry no known ftk-version tag (${a.tags.join(', ') || 'none'}) and ${a.settingsError}`,
        hint: 'Pass --from <release> with the release it was deployed from.',
      }),
    },
  },
  HUB496: {
    stage: 'deploy --upgrade',
    severity: 'warning',
    meaning: "Warning: the hub's resources carry different `ftk-version` tags (an earlier deployment did not finish); the plan starts from the oldest.",
    messages: {
      /** `release`: the oldest release among the tags, the one the plan starts from. */
      raise: (a: { hub: string; tags: readonly string[]; release: string }) =>
        `the resources of hub ${a.hub} carry different ftk-version tags (${a.tags.join(', ')}): an earlier deployment did not finish; planning from the oldest, ${a.release}`,
    },
  },
  HUB497: {
    stage: 'deploy --upgrade',
    severity: 'error',
    meaning:
      'The plan has a step only a person can do before the deployment (a resource that holds data is in the way, or a parameter has to be set); nothing was changed. Exit 1.',
    messages: {
      /** `steps`: the numbers of the manual steps of the plan before the deployment; `action`: what the first one asks. */
      raise: (a: { steps: readonly number[]; action: string }) => ({
        message: `the upgrade needs step${a.steps.length > 1 ? 's' : ''} ${a.steps.join(', ')} done by hand before the deployment (${a.action})`,
        hint: 'Do them, then run hubc deploy --upgrade again.',
      }),
    },
  },
  HUB498: {
    stage: 'deploy --upgrade',
    severity: 'error',
    meaning:
      'An upgrade step (stopping a trigger, deleting an object or resource) failed; the ARM error follows. Before the deployment nothing was deployed; after it the deployment stands. Running again skips what is done. Exit 1 (ARM refused) or 2 (sign-in, permission, network).',
    messages: {
      /** A step before the deployment failed; `detail`: the step's outcome (the ARM error follows the diagnostic). */
      before: (a: { step: number; detail: string }) => ({
        message: `upgrade step ${a.step} failed before the deployment: ${a.detail}`,
        hint: 'Nothing was deployed; fix the cause and run hubc deploy --upgrade again (steps already done are skipped).',
      }),
      /** A step after the deployment failed. */
      after: (a: { step: number; detail: string }) => ({
        message: `upgrade step ${a.step} failed after the deployment: ${a.detail}`,
        hint: 'The deployment succeeded; fix the cause and run hubc deploy --upgrade again to finish the clean-up.',
      }),
    },
  },
  HUB481: {
    stage: 'import',
    severity: 'error',
    meaning:
      '`hubc import` cannot tell which hub to write: the resource group holds no hub (no resource tagged `cm-resource-parent` with a hub), holds several (`--hub-name` chooses), or the release cannot be told (`--release` gives it). Exit 2.',
    messages: {
      noHub: (a: { resourceGroup: string }) => ({
        message: `resource group ${a.resourceGroup} holds no FinOps hub: no resource carries a cm-resource-parent tag naming one`,
        hint: 'Check --subscription and --resource-group, or import offline from the saved parameters of the deployment (--parameters).',
      }),
      severalHubs: (a: { resourceGroup: string; hubs: readonly string[] }) => ({
        message: `resource group ${a.resourceGroup} holds several hubs: ${a.hubs.join(', ')}`,
        hint: 'Name the one to import with --hub-name.',
      }),
      release: (a: { source: string; candidates: readonly string[] }) => ({
        message: `the hub release cannot be told from ${a.source}${a.candidates.length ? ` (it could be ${a.candidates.join(', ')})` : ''}`,
        hint: `Give it with --release${a.candidates.length ? ` (${a.candidates.join(', ')})` : ''}.`,
      }),
    },
  },
  HUB482: {
    stage: 'import',
    severity: 'error',
    meaning: 'The hub.yaml `hubc import` made from what it found does not build (its diagnostics are listed first): a value hubc does not take. Nothing is written. Exit 1.',
    messages: {
      raise: (a: { file: string }) => ({
        message: `the hub.yaml made for ${a.file} does not build; nothing was written`,
        hint: 'The diagnostics above name the values; import offline with a corrected --parameters file.',
      }),
    },
  },
  HUB483: {
    stage: 'import',
    severity: 'error',
    meaning:
      'A file given to `hubc import` (`--parameters`, `--settings`) cannot be read or is not what it should be (a deployment parameter file with a `parameters` object; a settings.json object). Exit 2.',
    messages: {
      unreadable: (a: { file: string; detail: string }) => ({
        message: `cannot read ${a.file}: ${a.detail}`,
        hint: 'Pass the JSON file saved from the deployment (az deployment group show --query properties.parameters, or the portal).',
      }),
      notParameters: (a: { file: string }) => ({
        message: `${a.file} is not a deployment parameter file: it has no parameters object`,
        hint: 'Pass a file of the form { "parameters": { "hubName": { "value": ... } } }.',
      }),
      notSettings: (a: { file: string }) => ({
        message: `${a.file} is not a hub settings.json: it is not a JSON object`,
        hint: 'Pass the config/settings.json of the hub storage account.',
      }),
    },
  },
  HUB484: {
    stage: 'import',
    severity: 'error',
    meaning: 'A call `hubc import` makes to Azure failed or did not answer in time (each call has a deadline, `--timeout`). Nothing is written. Exit 2.',
    messages: {
      raise: (a: { call: string; detail: string }) => ({
        message: `${a.call} failed: ${a.detail}`,
        hint: 'Check the sign-in (az login), the permissions on the resource group (Reader) and the network; raise --timeout for a slow connection.',
      }),
    },
  },
  HUB499: {
    stage: 'deploy --upgrade',
    severity: 'warning',
    meaning: 'Warning: the resource group holds no resource of the hub (by its `cm-resource-parent` tag): nothing to upgrade, the hub is deployed as new.',
    messages: {
      raise: (a: { resourceGroup: string; hub: string }) => ({
        message: `resource group ${a.resourceGroup} holds no resource of hub ${a.hub}: nothing to upgrade, deploying it as a new hub`,
        hint: 'Check --resource-group and the hubName parameter when a hub should be there.',
      }),
    },
  },
});
