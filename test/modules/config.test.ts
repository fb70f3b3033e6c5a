import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compiled, fullHubYaml, hubYaml } from '../support/hubs.js';
import { sharedText } from '../support/sharedData.js';

const r = compiled();

/** The ten conversion-schema files of the public 0.7 release (`storage.bicep` `schemaFiles`). */
const RELEASE_SCHEMA_FILES = [
  'focuscost_1.0-preview(v1).json',
  'focuscost_1.0.json',
  'focuscost_1.0r2.json',
  'pricesheet_2023-05-01_ea.json',
  'pricesheet_2023-05-01_mca.json',
  'reservationdetails_2023-03-01.json',
  'reservationrecommendations_2023-05-01_ea.json',
  'reservationrecommendations_2023-05-01_mca.json',
  'reservationtransactions_2023-05-01_ea.json',
  'reservationtransactions_2023-05-01_mca.json',
];

test('settings.json carries version, scopes and retention', () => {
  const s = JSON.parse(r.artifacts.get('config/settings.json')!);
  assert.equal(s, {
    $schema: 'https://aka.ms/finops/hubs/settings-schema',
    type: 'HubInstance',
    version: '0.7',
    learnMore: 'https://aka.ms/finops/hubs',
    scopes: [],
    retention: { rawexports: { days: 0 }, ingestion: { months: 13 }, raw: { days: 0 }, final: { months: 13 } },
  });
  const custom = compiled(hubYaml({ scopes: ['/subscriptions/11111111-2222-3333-4444-555555555555'], retention: { rawExportsDays: 7, ingestionMonths: 24 } }));
  const s2 = JSON.parse(custom.artifacts.get('config/settings.json')!);
  assert.equal(s2.scopes, [{ scope: '/subscriptions/11111111-2222-3333-4444-555555555555' }]);
  assert.equal(s2.retention.rawexports, { days: 7 });
  assert.equal(s2.retention.ingestion, { months: 24 });
  assert.equal(s2.retention.final, { months: 13 });
});

test('the schema files: the spec list with reservationdetails spelled right, plus focuscost 1.0r2', () => {
  const files = [...r.artifacts.keys()].filter((p) => p.startsWith('config/schemas/')).map((p) => p.slice('config/schemas/'.length));
  assert.equal(files.sort(), RELEASE_SCHEMA_FILES);
});

test('schema files have the exact column lists of the public release (byte-identical)', async () => {
  for (const name of RELEASE_SCHEMA_FILES) {
    assert.is(r.artifacts.get(`config/schemas/${name}`), await sharedText(`reference/data/schemas/${name}`), name);
  }
});

test('0.11 adds the FOCUS 1.2 schema files of the public 0.11, byte-identical; 0.10 has none', async () => {
  const schemas = (release: string) => {
    const build = compiled(fullHubYaml(release));
    return new Map([...build.artifacts].filter(([p]) => p.startsWith('config/schemas/focuscost_1.2')));
  };
  const files = schemas('0.11');
  assert.equal([...files.keys()].sort(), ['config/schemas/focuscost_1.2-preview.json', 'config/schemas/focuscost_1.2.json']);
  for (const [path, text] of files) assert.is(text, await sharedText(`reference/data/schemas/${path.slice('config/schemas/'.length)}`), path);
  assert.is(schemas('0.10').size, 0);
});

test('a schema file maps each column to itself with its interim type', () => {
  const s = JSON.parse(r.artifacts.get('config/schemas/pricesheet_2023-05-01_mca.json')!);
  assert.equal(s.additionalColumns, []);
  assert.is(s.translator.type, 'TabularTranslator');
  assert.is(s.translator.mappings.length, 25);
  assert.equal(s.translator.mappings[0], { source: { name: 'BillingAccountId', type: 'String' }, sink: { name: 'BillingAccountId' } });
  for (const m of s.translator.mappings) assert.is(m.sink.name, m.source.name);
});

test('datasets restrict the schema files generated', () => {
  const only = compiled(hubYaml({ datasets: [{ name: 'Costs', versions: ['1.0'] }] }));
  const files = [...only.artifacts.keys()].filter((p) => p.startsWith('config/schemas/'));
  assert.equal(files, ['config/schemas/focuscost_1.0.json']);
});

test.run();
