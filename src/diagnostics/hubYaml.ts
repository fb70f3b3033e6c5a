/**
 * Diagnostic registry, HUB1xx and HUB2xx: hub.yaml syntax and shape (JSON Schema), and its semantic checks (src/compiler/checks/).
 * See ./define.ts for the shape of an entry; docs/diagnostics.md is generated from these entries.
 */
import { defineCodes } from './define.js';

export const hubYamlCodes = defineCodes({
  HUB100: {
    stage: 'parse',
    severity: 'error',
    meaning: 'YAML syntax error.',
    messages: {},
  },
  HUB101: {
    stage: 'parse',
    severity: 'error',
    meaning: 'Duplicate key in a mapping.',
    messages: {},
  },
  HUB102: {
    stage: 'schema',
    severity: 'error',
    meaning: 'Unknown key (the hint lists the allowed keys).',
    messages: {},
  },
  HUB103: {
    stage: 'schema',
    severity: 'error',
    meaning: 'Value of the wrong type.',
    messages: {},
  },
  HUB104: {
    stage: 'schema',
    severity: 'error',
    meaning: 'Value not among the allowed values (the hint lists them).',
    messages: {},
  },
  HUB105: {
    stage: 'schema',
    severity: 'error',
    meaning: 'Number, text or list outside its allowed range or length.',
    messages: {},
  },
  HUB106: {
    stage: 'schema',
    severity: 'error',
    meaning: 'Required key missing.',
    messages: {},
  },
  HUB107: {
    stage: 'schema',
    severity: 'error',
    meaning: 'Text of the wrong form (pattern): names, times, scope IDs, URIs, regions.',
    messages: {},
  },
  HUB108: {
    stage: 'schema',
    severity: 'error',
    meaning: 'Duplicate items in a list that must hold distinct values.',
    messages: {},
  },
  HUB109: {
    stage: 'schema',
    severity: 'error',
    meaning: 'Any other schema rule.',
    messages: {},
  },
  HUB201: {
    stage: 'semantic',
    severity: 'error',
    meaning: '`networking.addressPrefix` is not an IPv4 CIDR range, is smaller than /26, or has host bits set.',
    messages: {},
  },
  HUB202: {
    stage: 'semantic',
    severity: 'error',
    meaning: 'Data Explorer capacity does not fit the tier (Basic: 1; Standard: 2-1000).',
    messages: {},
  },
  HUB203: {
    stage: 'semantic',
    severity: 'error',
    meaning: 'Data Explorer tier does not fit the SKU (Dev(No SLA) SKUs are Basic, others Standard).',
    messages: {},
  },
  HUB204: {
    stage: 'semantic',
    severity: 'error',
    meaning: 'A default SKU is not among the allowed SKUs listed for the form.',
    messages: {},
  },
  HUB205: {
    stage: 'semantic',
    severity: 'error',
    meaning: 'The Hub and Ingestion databases have the same name.',
    messages: {},
  },
  HUB206: {
    stage: 'semantic',
    severity: 'error',
    meaning: 'A built-in dataset is listed twice.',
    messages: {},
  },
  HUB207: {
    stage: 'semantic',
    severity: 'error',
    meaning: 'An export dataset version the release does not support.',
    messages: {},
  },
  HUB208: {
    stage: 'semantic',
    severity: 'error',
    meaning: 'A custom dataset name collides with a built-in dataset or another custom dataset.',
    messages: {},
  },
  HUB209: {
    stage: 'semantic',
    severity: 'error',
    meaning: 'A custom dataset column is declared twice or is one the hub adds itself (`x_Source*`, `x_IngestionTime`).',
    messages: {},
  },
  HUB210: {
    stage: 'semantic',
    severity: 'error',
    meaning: 'A schedule time zone Data Factory does not accept.',
    messages: {},
  },
  HUB211: {
    stage: 'semantic',
    severity: 'error',
    meaning: 'A tag name with a character Azure does not allow.',
    messages: {},
  },
  HUB212: {
    stage: 'semantic',
    severity: 'error',
    meaning: 'A built-in dataset\'s `exportType` is not the export type that feeds it.',
    messages: {},
  },
  HUB213: {
    stage: 'semantic',
    severity: 'error',
    meaning: 'A scope ID is not one Cost Management exports accept (subscription, resource group, management group, EA billing account / department / enrollment account, MCA billing account / billing profile / invoice section, each with its ID syntax); the hint shows the nearest form.',
    messages: {},
  },
  HUB220: {
    stage: 'release',
    severity: 'error',
    meaning: 'A hub.yaml value configures a component the release being built does not have (Data Explorer, private networking, a remote hub, the Event Grid namespace, retention settings, managed-export schedules, custom datasets, a dataset or export version); the hint names the first release that has it.',
    messages: {},
  },
  HUB221: {
    stage: 'release (warning)',
    severity: 'warning',
    meaning: 'A hub.yaml section the release being built does not have holds only default values (or the dataset list is the default of the release hub.yaml names), so it is left out with no effect.',
    messages: {},
  },
});
