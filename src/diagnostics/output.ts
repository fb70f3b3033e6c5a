/**
 * Diagnostic registry, HUB3xx: validation of the generated output (ARM schema and references, Data Factory model and references, KQL).
 * See ./define.ts for the shape of an entry; docs/diagnostics.md is generated from these entries.
 */
import { defineCodes } from './define.js';

export const outputCodes = defineCodes({
  HUB301: {
    stage: 'output',
    severity: 'error',
    meaning: '`azuredeploy.json` breaks the official ARM JSON schema of a resource type (path names the resource).',
    messages: {},
  },
  HUB302: {
    stage: 'output',
    severity: 'error',
    meaning: 'A Data Factory object breaks the Data Factory SDK model (error).',
    messages: {},
  },
  HUB303: {
    stage: 'output',
    severity: 'warning',
    meaning: 'A Data Factory object has a property the SDK model does not know (warning).',
    messages: {},
  },
  HUB304: {
    stage: 'output',
    severity: 'error',
    meaning: 'An ARM expression does not parse, or names an undeclared parameter, variable or function, or a `dependsOn` target that does not exist.',
    messages: {},
  },
  HUB305: {
    stage: 'output',
    severity: 'warning',
    meaning: 'A resource referenced with `reference()`/`resourceId()` is declared in the template but missing from `dependsOn` (warning).',
    messages: {},
  },
  HUB310: {
    stage: 'output',
    severity: 'error',
    meaning: 'The Kusto language service reports an error in a KQL script (message includes its KSnnn code).',
    messages: {},
  },
  HUB311: {
    stage: 'output',
    severity: 'error',
    meaning: 'An update policy\'s transform result schema differs from its target table.',
    messages: {},
  },
  HUB312: {
    stage: 'output',
    severity: 'error',
    meaning: 'An ingestion mapping names a column its table does not have.',
    messages: {},
  },
  HUB313: {
    stage: 'output',
    severity: 'error',
    meaning: 'An update policy\'s source table or query is wrong.',
    messages: {},
  },
  HUB314: {
    stage: 'output',
    severity: 'warning',
    meaning: 'A Kusto language service warning.',
    messages: {},
  },
  HUB320: {
    stage: 'output',
    severity: 'error',
    meaning: 'A Data Factory expression does not parse.',
    messages: {},
  },
  HUB321: {
    stage: 'output',
    severity: 'error',
    meaning: 'A Data Factory expression names an undeclared pipeline parameter or variable, or a dataset/linked service parameter.',
    messages: {},
  },
  HUB322: {
    stage: 'output',
    severity: 'error',
    meaning: 'A Data Factory expression names an activity that does not exist or is not upstream through `dependsOn`.',
    messages: {},
  },
  HUB323: {
    stage: 'output',
    severity: 'error',
    meaning: 'A reference to an unknown pipeline, dataset or linked service, or a parameter it does not declare (or a required one not passed).',
    messages: {},
  },
  HUB324: {
    stage: 'output',
    severity: 'error',
    meaning: 'A cycle in an activity graph, or a duplicate activity name.',
    messages: {},
  },
  HUB325: {
    stage: 'output',
    severity: 'error',
    meaning: '`item()` used outside a ForEach.',
    messages: {},
  },
  HUB326: {
    stage: 'output',
    severity: 'error',
    meaning: 'A control activity nested where Data Factory does not allow it (ForEach or Until inside a container; If Condition or Switch inside If Condition or Switch).',
    messages: {},
  },
});
