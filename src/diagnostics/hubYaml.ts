/**
 * Diagnostic registry, HUB1xx and HUB2xx: hub.yaml syntax and shape (JSON Schema), and its semantic checks (src/frontend/checks/).
 * See ./define.ts for the shape of an entry; docs/diagnostics.md is generated from these entries.
 */
import { defineCodes } from './define.js';

export const hubYamlCodes = defineCodes({
  HUB100: {
    stage: 'parse',
    severity: 'error',
    meaning: 'YAML syntax error.',
    messages: {
      syntax: (a: { detail: string }) => ({ message: `YAML syntax error: ${a.detail}`, hint: 'Fix the YAML syntax at this place (indentation, quotes, colons).' }),
      aliases: (a: { detail: string }) => ({
        message: `YAML aliases cannot be expanded: ${a.detail}`,
        hint: 'Write the values out instead of nesting aliases; hubc stops expanding aliases at a limit that keeps alias bombs out.',
      }),
    },
  },
  HUB101: {
    stage: 'parse',
    severity: 'error',
    meaning: 'Duplicate key in a mapping.',
    messages: {
      raise: (a: { detail: string }) => ({ message: `duplicate key: ${a.detail}`, hint: 'Remove or rename one of the two keys; YAML keeps only one of them.' }),
    },
  },
  HUB102: {
    stage: 'schema',
    severity: 'error',
    meaning: 'Unknown key (the hint lists the allowed keys).',
    messages: {
      raise: (a: { name: string; where?: string; allowed: readonly string[] }) => ({
        message: `unknown key '${a.name}'${a.where ? ` in ${a.where}` : ''}`,
        hint: a.allowed.length ? `Allowed keys here: ${a.allowed.join(', ')}.` : 'Remove this key.',
      }),
    },
  },
  HUB103: {
    stage: 'schema',
    severity: 'error',
    meaning: 'Value of the wrong type.',
    messages: {
      notMapping: { message: 'hub.yaml must be a mapping with at least `release` and `hub.name`', hint: 'Start from the hub.yaml in the hubc repository.' },
      raise: (a: { where: string; type: string; hint: string }) => ({ message: `${a.where} must be of type ${a.type}`, hint: a.hint }),
    },
  },
  HUB104: {
    stage: 'schema',
    severity: 'error',
    meaning: 'Value not among the allowed values (the hint lists them).',
    messages: {
      raise: (a: { where: string; allowed: readonly unknown[] }) => ({
        message: `${a.where} must be one of the allowed values`,
        hint: `Use one of: ${a.allowed.map((v) => JSON.stringify(v)).join(', ')}.`,
      }),
    },
  },
  HUB105: {
    stage: 'schema',
    severity: 'error',
    meaning: 'Number, text or list outside its allowed range or length.',
    messages: {
      raise: (a: { where: string; detail?: string; hint: string }) => ({ message: `${a.where} ${a.detail}`, hint: a.hint }),
    },
  },
  HUB106: {
    stage: 'schema',
    severity: 'error',
    meaning: 'Required key missing.',
    messages: {
      raise: (a: { missing: string; where?: string }) => ({ message: `missing required key '${a.missing}'${a.where ? ` in ${a.where}` : ''}`, hint: `Add '${a.missing}:' here.` }),
    },
  },
  HUB107: {
    stage: 'schema',
    severity: 'error',
    meaning: 'Text of the wrong form (pattern): names, times, scope IDs, URIs, regions.',
    messages: {
      raise: (a: { where: string; hint: string }) => ({ message: `${a.where} has an invalid form`, hint: a.hint }),
    },
  },
  HUB108: {
    stage: 'schema',
    severity: 'error',
    meaning: 'Duplicate items in a list that must hold distinct values.',
    messages: {
      raise: (a: { where: string }) => ({ message: `${a.where} has duplicate items`, hint: 'List each value once.' }),
    },
  },
  HUB109: {
    stage: 'schema',
    severity: 'error',
    meaning: 'Any other schema rule.',
    messages: {
      raise: (a: { where: string; detail?: string }) => ({ message: `${a.where} ${a.detail}`, hint: 'See docs/hub-yaml.md.' }),
    },
  },
  HUB201: {
    stage: 'semantic',
    severity: 'error',
    meaning: '`networking.addressPrefix` is not an IPv4 CIDR range, is smaller than /26, or has host bits set.',
    messages: {
      notCidr: (a: { prefix: string }) => ({ message: `networking.addressPrefix '${a.prefix}' is not a valid IPv4 CIDR range`, hint: 'Write it as a.b.c.d/n, e.g. 10.20.30.0/26.' }),
      tooSmall: (a: { prefix: string }) => ({ message: `networking.addressPrefix '${a.prefix}' is smaller than /26`, hint: 'The hub needs a /26 or larger range for its /28, /28 and /27 subnets.' }),
      hostBits: (a: { prefix: string }) => ({ message: `networking.addressPrefix '${a.prefix}' has host bits set`, hint: 'Use the first address of the range, e.g. 10.20.30.0/26.' }),
    },
  },
  HUB202: {
    stage: 'semantic',
    severity: 'error',
    meaning: 'Data Explorer capacity does not fit the tier (Basic: 1; Standard: 2-1000).',
    messages: {
      standard: { message: 'dataExplorer.sku.capacity must be 2-1000 with the Standard tier', hint: 'Set capacity to 2 or more, or use a Dev(No SLA) SKU (Basic tier).' },
      basic: { message: 'dataExplorer.sku.capacity must be 1 with the Basic tier', hint: 'Set capacity to 1, or use a production SKU (Standard tier).' },
    },
  },
  HUB203: {
    stage: 'semantic',
    severity: 'error',
    meaning: 'Data Explorer tier does not fit the SKU (Dev(No SLA) SKUs are Basic, others Standard).',
    messages: {
      raise: (a: { tier: string; sku: string; dev: boolean }) => ({
        message: `dataExplorer.sku.tier ${a.tier} does not match SKU ${a.sku}`,
        hint: a.dev ? 'Dev(No SLA) SKUs run in the Basic tier; leave tier out to derive it.' : 'Production SKUs run in the Standard tier; Basic is for Dev(No SLA) SKUs. Leave tier out to derive it.',
      }),
    },
  },
  HUB204: {
    stage: 'semantic',
    severity: 'error',
    meaning: 'A default SKU is not among the allowed SKUs listed for the form.',
    messages: {
      dataExplorer: (a: { sku: string }) => ({ message: `default SKU ${a.sku} is not in dataExplorer.allowedSkuNames`, hint: 'Add it to allowedSkuNames or pick one of them.' }),
      storage: (a: { sku: string }) => ({ message: `default storage SKU ${a.sku} is not in storage.allowedSkus`, hint: 'Add it to allowedSkus or pick one of them.' }),
    },
  },
  HUB205: {
    stage: 'semantic',
    severity: 'error',
    meaning: 'The Hub and Ingestion databases have the same name.',
    messages: {
      raise: { message: 'the Hub and Ingestion databases must have different names', hint: 'Keep the defaults Ingestion and Hub.' },
    },
  },
  HUB206: {
    stage: 'semantic',
    severity: 'error',
    meaning: 'A built-in dataset is listed twice.',
    messages: {
      raise: (a: { name: string }) => ({ message: `dataset ${a.name} is listed twice`, hint: 'List each dataset once.' }),
    },
  },
  HUB207: {
    stage: 'semantic',
    severity: 'error',
    meaning: 'An export dataset version the release does not support.',
    messages: {
      raise: (a: { exportType: string; version: string; release: string; supported: readonly string[] }) => ({
        message: `${a.exportType} version '${a.version}' is not supported by hub release ${a.release}`,
        hint: `Supported versions: ${a.supported.join(', ')}.`,
      }),
    },
  },
  HUB208: {
    stage: 'semantic',
    severity: 'error',
    meaning: 'A custom dataset name collides with a built-in dataset or another custom dataset.',
    messages: {
      builtIn: (a: { name: string; builtIn: string }) => ({
        message: `custom dataset '${a.name}' collides with the built-in dataset ${a.builtIn}`,
        hint: 'Choose another name; built-in datasets are configured under datasets.',
      }),
      twice: (a: { name: string }) => ({ message: `custom dataset '${a.name}' is declared twice`, hint: 'Give each custom dataset its own name.' }),
    },
  },
  HUB209: {
    stage: 'semantic',
    severity: 'error',
    meaning: 'A custom dataset column is declared twice or is one the hub adds itself (`x_Source*`, `x_IngestionTime`).',
    messages: {
      twice: (a: { column: string; dataset: string }) => ({
        message: `column '${a.column}' is declared twice in ${a.dataset}`,
        hint: 'Column names are case-insensitive in Data Explorer; rename one.',
      }),
      hubColumn: (a: { column: string }) => ({ message: `column '${a.column}' is added by the hub itself`, hint: 'Remove it; the transform adds x_Source* and x_IngestionTime columns.' }),
    },
  },
  HUB210: {
    stage: 'semantic',
    severity: 'error',
    meaning: 'A schedule time zone Data Factory does not accept.',
    messages: {
      raise: (a: { timeZone: string }) => ({
        message: `time zone '${a.timeZone}' is not one Data Factory schedule triggers accept`,
        hint: "Use a Windows time zone id such as 'W. Europe Standard Time' or 'UTC', or 'auto'.",
      }),
    },
  },
  HUB211: {
    stage: 'semantic',
    severity: 'error',
    meaning: 'A tag name with a character Azure does not allow.',
    messages: {
      raise: (a: { key: string }) => ({ message: `tag name '${a.key}' contains a character Azure does not allow (< > % & \\ ? /)`, hint: 'Rename the tag.' }),
    },
  },
  HUB212: {
    stage: 'semantic',
    severity: 'error',
    meaning: 'A built-in dataset\'s `exportType` is not the export type that feeds it.',
    messages: {
      raise: (a: { name: string; expected: string; actual: string }) => ({
        message: `dataset ${a.name} is fed by ${a.expected} exports, not ${a.actual}`,
        hint: `Write exportType: ${a.expected}, or leave it out.`,
      }),
    },
  },
  HUB213: {
    stage: 'semantic',
    severity: 'error',
    meaning: 'A scope ID is not one Cost Management exports accept (subscription, resource group, management group, EA billing account / department / enrollment account, MCA billing account / billing profile / invoice section, each with its ID syntax); the hint shows the nearest form.',
    messages: {
      raise: (a: { index: number; problem: string; nearest: string; template: string; example: string }) => ({
        message: `scopes[${a.index}] is not a scope Cost Management exports accept: ${a.problem}`,
        hint: `The nearest form is the ${a.nearest} scope ${a.template}, e.g. ${a.example}.`,
      }),
    },
  },
  HUB220: {
    stage: 'release',
    severity: 'error',
    meaning: 'A hub.yaml value configures a component the release being built does not have (Data Explorer, private networking, a remote hub, the Event Grid namespace, retention settings, managed-export schedules, custom datasets, a dataset or export version); the hint names the first release that has it.',
    messages: {
      exportType: (a: { release: string; exportType: string; dataset: string; hint: string }) => ({
        message: `hub release ${a.release} does not ingest ${a.exportType} exports (dataset ${a.dataset})`,
        hint: a.hint,
      }),
      section: (a: { path: string; what: string; release: string; hint: string }) => ({
        message: `${a.path} configures ${a.what}, which hub release ${a.release} does not have`,
        hint: a.hint,
      }),
    },
  },
  HUB221: {
    stage: 'release (warning)',
    severity: 'warning',
    meaning: 'A hub.yaml section the release being built does not have holds only default values (or the dataset list is the default of the release hub.yaml names), so it is left out with no effect.',
    messages: {
      datasets: (a: { release: string; lacking: readonly string[]; fileRelease: string }) => ({
        message: `datasets: hub release ${a.release} does not ingest ${a.lacking.join(', ')}; they are left out (the list is the ${a.fileRelease} default)`,
        hint: `Leave datasets out to take the defaults of each release, or list only what ${a.release} ingests.`,
      }),
      section: (a: { path: string; what: string; release: string; hint: string }) => ({
        message: `${a.path} has no effect: hub release ${a.release} does not have ${a.what} (the values are the defaults, so nothing is lost)`,
        hint: a.hint,
      }),
      /** One line per release for a run that builds several releases (`build --all`, `publish --all`) in text. */
      summary: (a: { release: string; lines: readonly number[]; file: string }) =>
        `hub release ${a.release} leaves out ${a.lines.length} section${a.lines.length === 1 ? '' : 's'} it does not have (${a.file} line${a.lines.length === 1 ? '' : 's'} ${a.lines.join(', ')}), holding only defaults: nothing is lost (hubc build ${a.file} --release ${a.release} lists them)`,
    },
  },
});
