/**
 * `npm run arm-types` (scripts/armTypes.ts): the committed src/modules/armResources.generated.ts is what the
 * generator makes of the ARM schema snapshot for src/modules/core/apiVersions.ts (so a version changed in
 * the table without regenerating fails here, besides `tsc`), and the schema-to-TypeScript mapping on a
 * small schema folder of our own.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GENERATED_FILE, generateArmResourceTypes } from '../../scripts/armTypes.js';
import { API_VERSIONS } from '../../src/modules/core/apiVersions.js';
import { sharedArmSchemas } from '../support/sharedData.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const EXPRESSION = { $ref: 'https://schema.management.azure.com/schemas/common/definitions.json#/definitions/expression' };
const orExpression = (node: object) => ({ oneOf: [node, EXPRESSION] });

/** The official schemas of every (type, apiVersion) of the table (../shared, else the download cache). */
const snapshot = () => sharedArmSchemas([{ resources: Object.entries(API_VERSIONS).map(([type, apiVersion]) => ({ type, apiVersion, name: 'n' })) }]);

test('the committed file is what the generator makes of the schema snapshot for the API version table', async () => {
  const committed = readFileSync(join(root, ...GENERATED_FILE.split('/')), 'utf8');
  assert.ok(generateArmResourceTypes(await snapshot()) === committed, `${GENERATED_FILE} is stale: run npm run arm-types and commit it`);
});

test('a version changed in the table changes the generated file (so a stale file fails the test above)', async () => {
  const dir = await snapshot();
  const older = generateArmResourceTypes(dir, { ...API_VERSIONS, 'Microsoft.Storage/storageAccounts': '2023-01-01' });
  assert.match(older, "type: 'Microsoft.Storage/storageAccounts';\n  apiVersion: '2023-01-01';");
  assert.match(older, 'Storage_2023_01_01_StorageAccountsResource');
  assert.not.ok(older === generateArmResourceTypes(dir));
  assert.throws(
    () => generateArmResourceTypes(dir, { 'Microsoft.Storage/storageAccounts': '2099-01-01' }),
    /no resource definition in .* for Microsoft\.Storage\/storageAccounts@2099-01-01/,
  );
});

/** A schema folder with one provider file (`schemas/2030-01-01/Contoso.Things.json`) and the common definitions. */
function folder(provider: object): string {
  const dir = mkdtempSync(join(tmpdir(), 'hubc-arm-types-'));
  mkdirSync(join(dir, 'schemas', '2030-01-01'), { recursive: true });
  mkdirSync(join(dir, 'schemas', 'common'), { recursive: true });
  writeFileSync(join(dir, 'schemas', 'common', 'definitions.json'), JSON.stringify({ definitions: { expression: { type: 'string', pattern: '^\\[' } } }));
  writeFileSync(join(dir, 'schemas', '2030-01-01', 'Contoso.Things.json'), JSON.stringify(provider));
  return dir;
}

test('mapping: properties, required, enums, dictionaries, arrays, references, expressions, kinds', () => {
  const dir = folder({
    resourceDefinitions: {
      things: {
        type: 'object',
        description: 'Contoso.Things/things',
        properties: {
          type: { enum: ['Contoso.Things/things'], type: 'string' },
          apiVersion: { enum: ['2030-01-01'], type: 'string' },
          name: orExpression({ type: 'string', pattern: '^[a-z]+$' }),
          location: { type: 'string' },
          tags: orExpression({ type: 'object', properties: {}, additionalProperties: { type: 'string' } }),
          properties: orExpression({ $ref: '#/definitions/ThingProperties' }),
          resources: { type: 'array', items: { $ref: '#/definitions/Unreached' } },
        },
        required: ['name', 'properties', 'type', 'apiVersion'],
      },
      things_parts: {
        type: 'object',
        properties: { type: { enum: ['Contoso.Things/things/parts'] }, apiVersion: { enum: ['2030-01-01'] }, name: { type: 'string' } },
        oneOf: [
          { type: 'object', properties: { kind: orExpression({ enum: ['Small'], type: 'string' }), size: { type: 'integer' } }, required: ['kind'] },
          { type: 'object', properties: { kind: orExpression({ enum: ['Large'], type: 'string' }) }, required: ['kind'] },
        ],
      },
    },
    definitions: {
      ThingProperties: {
        type: 'object',
        description: 'What a thing is. */ no escape',
        properties: {
          color: orExpression({ enum: ['Red', 'Blue'], type: 'string' }),
          count: orExpression({ type: 'integer', minimum: 1 }),
          enabled: orExpression({ type: 'boolean' }),
          'odd-name': { type: 'string' },
          labels: orExpression({ type: 'array', items: orExpression({ type: 'string' }) }),
          settings: orExpression({ type: 'object', properties: {}, additionalProperties: {} }),
          anything: {},
          extra: { type: 'object', properties: { known: { type: 'string' } }, additionalProperties: {} },
        },
        required: ['color'],
      },
      Unreached: { type: 'object', properties: { never: { type: 'string' } } },
    },
  });
  try {
    const text = generateArmResourceTypes(dir, { 'Contoso.Things/things': '2030-01-01', 'contoso.things/things/parts': '2030-01-01' });
    assert.match(text, "  'Contoso.Things/things': ContosoThings_2030_01_01_ThingsResource;\n  'contoso.things/things/parts': ContosoThings_2030_01_01_ThingsPartsResource;");
    assert.match(
      text,
      [
        'export interface ContosoThings_2030_01_01_ThingsResource {',
        "  type: 'Contoso.Things/things';",
        "  apiVersion: '2030-01-01';",
        '  name: string | Arm;',
        '  location?: string | Arm;',
        '  properties: ContosoThings_2030_01_01_ThingProperties | Arm;',
        '  tags?: {',
        '    [key: string]: string | Arm | undefined;',
        '  } | Arm;',
        '}',
      ].join('\n'),
    );
    // The type is spelt as the table spells it; kinds become a union beside the shared properties.
    assert.match(text, "export type ContosoThings_2030_01_01_ThingsPartsResource = {\n  type: 'contoso.things/things/parts';");
    assert.match(text, "} & ({\n  kind: ArmEnum<'Small'> | Arm;\n  size?: number | Arm;\n} | {\n  kind: ArmEnum<'Large'> | Arm;\n});");
    assert.match(
      text,
      [
        '/** What a thing is. *\\/ no escape */',
        'export interface ContosoThings_2030_01_01_ThingProperties {',
        '  anything?: Value | Arm;',
        "  color: ArmEnum<'Red' | 'Blue'> | Arm;",
        '  count?: number | Arm;',
        '  enabled?: boolean | Arm;',
        '  extra?: {',
        '    known?: string | Arm;',
        '  } | Arm;',
        '  labels?: (string | Arm)[] | Arm;',
        "  'odd-name'?: string | Arm;",
        '  settings?: {',
        '    [key: string]: Value | undefined;',
        '  } | Arm;',
        '}',
      ].join('\n'),
    );
    // Only what the resource types reach: not the definitions of nested child resources.
    assert.not.match(text, 'Unreached');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a reference that does not resolve is an error naming it', () => {
  const dir = folder({
    resourceDefinitions: {
      things: { type: 'object', properties: { type: { enum: ['Contoso.Things/things'] }, properties: { $ref: '#/definitions/Missing' } } },
    },
    definitions: {},
  });
  try {
    assert.throws(
      () => generateArmResourceTypes(dir, { 'Contoso.Things/things': '2030-01-01' }),
      /\$ref #\/definitions\/Missing in schemas\/2030-01-01\/Contoso\.Things\.json does not resolve/,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
