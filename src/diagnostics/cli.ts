/**
 * Diagnostic registry, HUB0xx: the command line and the environment (files that cannot be read or written, validator data),
 * and HUB000, an internal error.
 * See ./define.ts for the shape of an entry; docs/diagnostics.md is generated from these entries.
 */
import { defineCodes } from './define.js';

/**
 * What to do when the ARM schemas cannot be found (HUB003). `variable` is `ARM_SCHEMAS_DIR_VARIABLE` of
 * src/validators/armSchema/folders.ts, passed in so that the registry loads no feature module at start-up.
 */
const schemasHint = (variable: string) =>
  `Set ${variable} or pass --schemas-dir with a copy of the official ARM JSON schemas, ` +
  'or run once with network access so hubc can download the files it needs into its cache.';

export const cliCodes = defineCodes({
  HUB000: {
    stage: 'CLI',
    severity: 'error',
    meaning: 'An internal error of hubc (a bug, whatever the input): one line with the message and where to report it, exit 70. `HUBC_DEBUG=1` adds the stack trace.',
    messages: {
      /** `message`: the error's own message, on one line; `where`: the place to report it. */
      raise: (a: { version: string; message: string; where: string }) => ({
        message: `internal error in hubc ${a.version}: ${a.message}`,
        hint: `This is a bug in hubc, not in your input: please report it at ${a.where}, with the command you ran (HUBC_DEBUG=1 adds the stack trace).`,
      }),
    },
  },
  HUB001: {
    stage: 'CLI',
    severity: 'error',
    meaning: 'The input file cannot be read (exit 2, as for every environment error).',
    messages: {
      raise: (a: { file: string; detail: string }) => ({ message: `cannot read ${a.file}: ${a.detail}`, hint: 'Pass the path of a hub.yaml file.' }),
    },
  },
  HUB002: {
    stage: 'CLI',
    severity: 'error',
    meaning: 'The output folder or file cannot be written (exit 2, as for every environment error).',
    messages: {
      output: (a: { detail: string }) => ({ message: `cannot write output: ${a.detail}`, hint: 'Check that the output folder is writable.' }),
      file: (a: { file: string; detail: string }) => ({ message: `cannot write ${a.file}: ${a.detail}`, hint: 'Check that the folder exists and is writable.' }),
    },
  },
  HUB003: {
    stage: 'environment',
    severity: 'error',
    meaning: 'The official ARM JSON schemas cannot be found or downloaded (`hubc validate` exits 2).',
    messages: {
      notThere: (a: { dir: string; how: string; file: string; variable: string }) => ({
        message: `no ARM JSON schemas in ${a.dir} (given by ${a.how}): ${a.file} is missing there`,
        hint: schemasHint(a.variable),
      }),
      notFound: (a: { tried: readonly string[]; variable: string }) => ({
        message: `cannot find the official ARM JSON schemas (${a.variable} is not set; tried ${a.tried.join(', ')})`,
        hint: schemasHint(a.variable),
      }),
      incomplete: (a: { dir: string; list: string; variable: string }) => ({
        message: `the ARM JSON schemas in ${a.dir} lack files the template refers to: ${a.list}`,
        hint: schemasHint(a.variable),
      }),
      notAvailable: (a: { tried: readonly string[]; cache: string; why: string; variable: string }) => ({
        message:
          `the official ARM JSON schemas are not available: ${a.variable} is not set, no complete copy beside the checkout (${a.tried.join(', ')}), ` +
          `and the cache ${a.cache} could not be filled: ${a.why}`,
        hint: schemasHint(a.variable),
      }),
      unloadable: (a: { dir: string; detail: string; variable: string }) => ({
        message: `cannot load the ARM JSON schemas in ${a.dir}: ${a.detail}`,
        hint: `Fix or remove the file, or set ${a.variable} or pass --schemas-dir with another copy of the official ARM JSON schemas.`,
      }),
    },
  },
  HUB004: {
    stage: 'CLI',
    severity: 'error',
    meaning:
      '`hubc init` or `hubc import` was asked to create a file that already exists (or a link); they never overwrite one. `hubc params` leaves a parameters file with other content as it is unless `--force` (exit 2).',
    messages: {
      raise: (a: { file: string }) => ({
        message: `${a.file} already exists; hubc init does not overwrite it`,
        hint: 'Pass another file name (hubc init other.yaml), or move the file away first.',
      }),
      /** `command`: the command that refuses (`hubc import`). */
      exists: (a: { file: string; command: string }) => ({
        message: `${a.file} already exists; ${a.command} does not overwrite it`,
        hint: 'Pass another file name with --out, or move the file away first.',
      }),
      /** `differing`: the parameters whose values differ, or undefined when the file is not a parameters file. */
      differs: (a: { file: string; command: string; differing?: readonly string[] }) => ({
        message:
          a.differing === undefined
            ? `${a.file} already exists and is not a parameters file ${a.command} wrote; ${a.command} does not overwrite it`
            : `${a.file} already exists and differs from what ${a.command} writes for this hub.yaml${a.differing.length ? ` (${a.differing.join(', ')})` : ''}; ${a.command} does not overwrite it`,
        hint: 'To replace it, run again with --force (its values are lost); to keep it, pass another file with --out.',
      }),
    },
  },
  HUB010: {
    stage: 'environment',
    severity: 'error',
    meaning:
      'An output path is a symbolic link, a folder, a device, a FIFO or a socket, or a folder hubc writes into is not one (a file, a link), or holds one of those where it writes: hubc never writes through a link and never replaces such an entry. Exit 2.',
    messages: {
      /** `what` says what is there: `a symbolic link`, `a FIFO (named pipe)`, `a character device`, ... */
      raise: (a: { path: string; what: string }) => ({
        message: `refusing to write ${a.path}: it is ${a.what}`,
        hint: 'Name a regular file (or a path where nothing is yet); to write where a link points, pass the target path itself.',
      }),
      /** Where hubc writes into a folder (`build --out`, a storage folder's `ingestion`): `what` is there instead. */
      folder: (a: { path: string; what: string }) => ({
        message: `refusing to write ${a.path}: it is ${a.what}, not a folder`,
        hint: 'Name a folder (or a path where nothing is yet); hubc never writes through a link: to write into the folder a link points to, name that folder itself.',
      }),
    },
  },
  HUB011: {
    stage: 'environment',
    severity: 'error',
    meaning: 'Another hubc process held the lock of the output folder or feed (`.hubc-lock` in it) for the whole wait (60 s): two writers never interleave. Exit 2.',
    messages: {
      raise: (a: { dir: string; seconds: number; pid?: number }) => ({
        message: `${a.dir} is locked by another hubc process${a.pid ? ` (pid ${a.pid})` : ''}; waited ${a.seconds} s`,
        hint: 'Run the command again when the other one has finished. A lock left by a process that no longer runs is taken over by itself (at once when it ran on this machine, in this PID namespace; otherwise once its heartbeat is 10 s old).',
      }),
    },
  },
  HUB020: {
    stage: 'environment',
    severity: 'error',
    meaning:
      "DuckDB (`@duckdb/node-api`), which `hubc simulate`'s Copy activity converts exports with, is not installed or does not load on this platform. It is an optional dependency, native and per platform: an install without the registry leaves it out, and the compile commands never need it. Exit 2.",
    messages: {
      /** `version`: the version hubc declares; `detail`: Node's error (module not found, native binding not loaded). */
      raise: (a: { version: string; detail: string }) => ({
        message: `simulate converts exports with DuckDB (@duckdb/node-api), which is not installed or does not load here: ${a.detail}`,
        hint: `Install it beside hubc, from the npm registry: npm install -g @duckdb/node-api@${a.version} (for a hubc installed with -g; in a project or a clone: npm install @duckdb/node-api@${a.version}). DuckDB publishes binaries for Linux, macOS and Windows on x64 and arm64.`,
      }),
    },
  },
  HUB021: {
    stage: 'simulate',
    severity: 'error',
    meaning: '`hubc simulate --example NAME` names no example export this hubc has (exit 2).',
    messages: {
      /** `names`: the examples this hubc has; `dir`: where they are. */
      raise: (a: { name: string; names: readonly string[]; dir: string }) => ({
        message: `there is no example export ${a.name}${a.names.length ? `; this hubc has ${a.names.join(', ')}` : ` (no examples in ${a.dir})`}`,
        hint: 'Pass one of the names listed (docs/simulate.md says what each holds), or copy an export of your own into --storage and pass --event.',
      }),
    },
  },
  HUB022: {
    stage: 'simulate',
    severity: 'error',
    meaning:
      "`hubc simulate --example NAME` would replace a file of the storage folder that differs from the example's (or is not a file); nothing is copied (exit 2). A file with the same bytes, left by an earlier run, is kept.",
    messages: {
      raise: (a: { name: string; path: string; storage: string }) => ({
        message: `${a.path} in the storage folder ${a.storage} is not the file of the example ${a.name}; simulate --example never replaces a file`,
        hint: 'Use a new or empty --storage folder for the example, or remove that file first.',
      }),
    },
  },
  HUB060: {
    stage: 'CLI',
    severity: 'error',
    meaning: 'Options that exclude each other were given together, or a choice the command needs was made twice or not at all. Exit 2.',
    messages: {
      /** One of several options, exactly. */
      exactlyOne: (a: { options: string }) => ({ message: `pass exactly one of ${a.options}`, hint: 'Pass one of them; `hubc <command> --help` shows them.' }),
      /** Two options that say the opposite. */
      contradict: (a: { a: string; b: string }) => ({ message: `${a.a} and ${a.b} contradict each other; pass one`, hint: `Leave out ${a.a} or ${a.b}.` }),
      twoHubFiles: (a: { file: string; hub: string }) => ({
        message: `two hub files given: '${a.file}' and --hub '${a.hub}'; pass one`,
        hint: 'Name the hub.yaml once, as the argument or with --hub.',
      }),
      watchJson: () => ({ message: '--watch prints text; leave out --format json', hint: 'Run hubc build --format json without --watch for one build as JSON.' }),
      simulateStart: (a: { count: number }) => ({
        message: `give exactly one of --event, --schedule and --pipeline, or --example (got ${a.count})`,
        hint: 'A simulation starts one way: a file arriving (--event), a schedule firing (--schedule), a pipeline run by name (--pipeline), or an example (--example).',
      }),
      importSource: () => ({
        message: 'pass either --subscription and --resource-group (online) or --parameters (offline)',
        hint: 'Online, hubc reads the hub from its resource group; offline, from a saved parameter file.',
      }),
    },
  },
  HUB061: {
    stage: 'CLI',
    severity: 'error',
    meaning: 'An option was given without the option it goes with. Exit 2.',
    messages: {
      /** `option` needs `needs`; `why`, when given, says what for. */
      needs: (a: { option: string; needs: string; why?: string }) => ({
        message: `${a.option} needs ${a.needs}${a.why ? ` (${a.why})` : ''}`,
        hint: `Add ${a.needs}, or leave out ${a.option}.`,
      }),
      goesWith: (a: { option: string; with: string }) => ({ message: `${a.option} goes with ${a.with}`, hint: `Add ${a.with}, or leave out ${a.option}.` }),
      offlineOnly: (a: { option: string; why: string }) => ({
        message: `${a.option} is for an offline import (${a.why})`,
        hint: `Leave out ${a.option}, or import offline with --parameters.`,
      }),
    },
  },
  HUB062: {
    stage: 'CLI',
    severity: 'error',
    meaning: 'A storage account name is not one Azure allows (3-24 lower-case letters and digits). Exit 2.',
    messages: {
      raise: (a: { account: string }) => ({
        message: `'${a.account}' is not a storage account name (3-24 lower-case letters and digits)`,
        hint: 'Pass the name of the hub\'s storage account as the portal shows it ("Storage account name", learn.microsoft.com/azure/azure-resource-manager/management/resource-name-rules).',
      }),
    },
  },
  HUB063: {
    stage: 'CLI',
    severity: 'error',
    meaning: '`hubc simulate --example` names an example with nothing to start a simulation from. Exit 2.',
    messages: {
      raise: (a: { example: string }) => ({
        message: `the example ${a.example} has no manifest or single CSV to start from; give --event, --schedule or --pipeline`,
        hint: 'Say how the simulation starts with --event, --schedule or --pipeline.',
      }),
    },
  },
  HUB064: {
    stage: 'environment',
    severity: 'error',
    meaning: '`hubc build --watch` cannot watch the folder of the hub.yaml (or can no longer). Exit 2.',
    messages: {
      start: (a: { dir: string; detail: string }) => ({
        message: `cannot watch ${a.dir}: ${a.detail}`,
        hint: 'Check that the folder exists and can be read, or build without --watch.',
      }),
      lost: (a: { dir: string; detail: string }) => ({ message: `cannot watch ${a.dir} any longer: ${a.detail}`, hint: 'Start hubc build --watch again once the folder is back.' }),
    },
  },
  HUB050: {
    stage: 'CLI',
    severity: 'error',
    meaning: 'The build given to `hubc graph` has no template to draw: its `azuredeploy.json` is not a JSON object. Exit 2.',
    messages: {
      raise: (a: { label: string }) => ({
        message: `${a.label} has no azuredeploy.json that is a JSON object (a template), so there is nothing to draw`,
        hint: 'Pass a hub.yaml, or a folder written by hubc build or hubc publish.',
      }),
    },
  },
});
