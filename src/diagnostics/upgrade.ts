/**
 * Diagnostic registry, HUB480-HUB499: `hubc upgrade-plan`, `hubc deploy --upgrade` and `hubc migrate-data`.
 * See ./define.ts for the shape of an entry; docs/diagnostics.md is generated from these entries.
 */
import { defineCodes } from './define.js';

export const upgradeCodes = defineCodes({
  HUB490: {
    stage: 'upgrade',
    severity: 'error',
    meaning: 'The upgrade goes backwards: `hubc upgrade-plan` TO, or the release `hubc deploy --upgrade` deploys, is older than the installed FROM. hubc plans upgrades only. (upgrade-plan: exit 2; deploy: exit 1.)',
    messages: {},
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
    },
  },
  HUB492: {
    stage: 'migrate-data',
    severity: 'error',
    meaning: 'The `--storage` folder has no `ingestion` folder, or the ingestion container of `--account` cannot be listed (sign-in, permission, network, no such container). Exit 2.',
    messages: {
      noFolder: (a: { folder: string }) => ({ message: `${a.folder} has no ingestion folder`, hint: 'Pass the storage folder that holds the ingestion container as a sub-folder (ingestion/).' }),
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
    messages: {},
  },
  HUB495: {
    stage: 'deploy --upgrade',
    severity: 'error',
    meaning: 'The installed release cannot be told: the hub\'s resources carry no known `ftk-version` tag and `config/settings.json` cannot be read or names no known release; pass `--from`. Exit 2.',
    messages: {},
  },
  HUB496: {
    stage: 'deploy --upgrade',
    severity: 'warning',
    meaning: 'Warning: the hub\'s resources carry different `ftk-version` tags (an earlier deployment did not finish); the plan starts from the oldest.',
    messages: {},
  },
  HUB497: {
    stage: 'deploy --upgrade',
    severity: 'error',
    meaning: 'The plan has a step only a person can do before the deployment (a resource that holds data is in the way, or a parameter has to be set); nothing was changed. Exit 1.',
    messages: {},
  },
  HUB498: {
    stage: 'deploy --upgrade',
    severity: 'error',
    meaning: 'An upgrade step (stopping a trigger, deleting an object or resource) failed; the ARM error follows. Before the deployment nothing was deployed; after it the deployment stands. Running again skips what is done. Exit 1 (ARM refused) or 2 (sign-in, permission, network).',
    messages: {},
  },
  HUB499: {
    stage: 'deploy --upgrade',
    severity: 'warning',
    meaning: 'Warning: the resource group holds no resource of the hub (by its `cm-resource-parent` tag): nothing to upgrade, the hub is deployed as new.',
    messages: {},
  },
});
