/**
 * Failing and passing inputs of the portal form rules (HUB512-HUB514), the Data Factory rules
 * (HUB540-HUB543) and the KQL rule (HUB550).
 */
import { activity, after, files, form, pipeline, template, type RuleCase } from './support.js';

const PARAMS = { location: { type: 'string', defaultValue: '[resourceGroup().location]' }, hubName: { type: 'string', defaultValue: 'hub' } };
const lookup = (name: string, extra: Record<string, unknown> = {}) => activity(name, 'Lookup', { policy: { timeout: '0.00:05:00' }, typeProperties: {}, ...extra });
const fail = (name: string, on: string) => activity(name, 'Fail', { dependsOn: [after(on, 'Failed')], typeProperties: { message: 'x', errorCode: 'E' } });
const forEach = (name: string, typeProperties: Record<string, unknown>) =>
  activity(name, 'ForEach', { typeProperties: { items: { value: '@createArray(1)', type: 'Expression' }, activities: [], ...typeProperties } });

export const OTHER_CASES: Record<string, RuleCase> = {
  HUB512: {
    fail: files(template([], { parameters: PARAMS }), { 'createUiDefinition.json': form({ hubName: "[basics('hubName')]", hubNames: "[basics('x')]" }) }),
    pass: files(template([], { parameters: PARAMS }), { 'createUiDefinition.json': form({ hubName: "[basics('hubName')]", location: '[location()]' }) }),
  },
  HUB513: {
    fail: files(template([], { parameters: { ...PARAMS, scope: { type: 'string' } } }), { 'createUiDefinition.json': form({ location: '[location()]' }) }),
    pass: files(template([], { parameters: { ...PARAMS, scope: { type: 'string' } } }), {
      'createUiDefinition.json': form({ location: '[location()]', scope: "[basics('scope')]" }),
    }),
  },
  HUB514: {
    fail: files(template([]), { 'createUiDefinition.json': form({ location: '[location()]' }, { handler: 'Microsoft.Compute.MultiVm', version: '0.0.1-preview' }) }),
    pass: files(template([]), { 'createUiDefinition.json': form({ location: '[location()]' }) }),
  },
  HUB540: {
    fail: files(template([pipeline('p', [lookup('Read'), forEach('Each', { activities: [activity('Run', 'ExecutePipeline', { typeProperties: {} })] })])])),
    pass: files(
      template([
        pipeline('p', [
          lookup('Read'),
          fail('Read Failed', 'Read'),
          forEach('Each', { activities: [activity('Run', 'ExecutePipeline', { typeProperties: {} })] }),
          fail('Each Failed', 'Each'),
          activity('Set', 'SetVariable', { typeProperties: {} }),
        ]),
      ]),
    ),
  },
  HUB541: {
    fail: files(
      template([
        pipeline('p', [
          activity('Loop', 'Until', { typeProperties: { expression: { value: '@true', type: 'Expression' }, activities: [] } }),
          activity('Loop2', 'Until', { typeProperties: { timeout: '30.00:00:00', activities: [] } }),
        ]),
      ]),
    ),
    pass: files(
      template([pipeline('p', [activity('Loop', 'Until', { typeProperties: { expression: { value: '@true', type: 'Expression' }, timeout: '0.02:00:00', activities: [] } })])]),
    ),
  },
  HUB542: {
    fail: files(template([pipeline('p', [lookup('Read', { policy: { retry: 0 } }), activity('Copy', 'Copy', { policy: { timeout: '10.00:00:00' }, typeProperties: {} })])])),
    pass: files(template([pipeline('p', [lookup('Read'), activity('Wait', 'Wait', { typeProperties: { waitTimeInSeconds: 5 } })])])),
  },
  HUB543: {
    fail: files(
      template([pipeline('p', [forEach('Each', { isSequential: false, batchCount: "[if(bool(parameters('fast')), 80, 4)]" })])], {
        parameters: { ...PARAMS, fast: { type: 'string', defaultValue: 'False', allowedValues: ['True', 'False'] } },
      }),
    ),
    pass: files(
      template(
        [pipeline('p', [forEach('Each', { isSequential: false, batchCount: "[if(bool(parameters('fast')), 30, 4)]" }), forEach('Seq', { isSequential: true, batchCount: 99 })])],
        {
          parameters: { ...PARAMS, fast: { type: 'string', defaultValue: 'False', allowedValues: ['True', 'False'] } },
        },
      ),
    ),
    // A free int parameter (default 8, but any value at deployment); an if() on it takes both branches.
    unknown: files(
      template(
        [
          pipeline('p', [
            forEach('Each', { isSequential: false, batchCount: "[parameters('batch')]" }),
            forEach('Both', { isSequential: false, batchCount: "[if(equals(parameters('batch'), 1), 4, 8)]" }),
          ]),
        ],
        {
          parameters: { ...PARAMS, batch: { type: 'int', defaultValue: 8 } },
        },
      ),
    ),
  },
  HUB550: {
    fail: files(template([]), { 'kql/Setup.kql': '// setup\n.create table Costs_raw (x: string)\n\n.drop table Old\n' }),
    pass: files(template([]), {
      'kql/Setup.kql': '// setup\n.create-merge table Costs_raw (x: string)\n\n.create function ifnotexists G() { print 1 }\n\n.create-or-alter function F() { Costs_raw }\n',
    }),
  },
};
