import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { getRelease, RELEASE_VERSIONS } from '../../src/model/releases.js';
import { BUILT_IN_DATASETS } from '../../src/model/datasets.js';
import { WINDOWS_TIME_ZONES, REGION_TIME_ZONES } from '../../src/model/timeZones.js';
import { modelOf, DEFAULT_HUB_YAML } from '../support/hubs.js';

const schema = JSON.parse(readFileSync(new URL('../../schemas/hub.schema.json', import.meta.url), 'utf8'));

test('the schema offers exactly the releases of the release table', () => {
  assert.equal(schema.properties.release.enum, [...RELEASE_VERSIONS]);
});

test('the schema lists the built-in datasets of the catalog with their export types', () => {
  const item = schema.properties.datasets.items.properties;
  assert.equal(
    item.name.enum,
    BUILT_IN_DATASETS.map((d) => d.name),
  );
  assert.equal(
    item.exportType.enum,
    BUILT_IN_DATASETS.map((d) => d.exportType),
  );
});

test('hub.yaml starts with the yaml-language-server schema comment', () => {
  assert.match(DEFAULT_HUB_YAML.split('\n')[0], /^# yaml-language-server: \$schema=\.\/schemas\/hub\.schema\.json$/);
});

test('every region default time zone is a Windows time zone id Data Factory accepts', () => {
  for (const tz of Object.values(REGION_TIME_ZONES)) assert.ok(WINDOWS_TIME_ZONES.includes(tz), tz);
  for (const v of RELEASE_VERSIONS) for (const tz of Object.values(getRelease(v).regionTimeZones)) assert.ok(WINDOWS_TIME_ZONES.includes(tz), `${v} ${tz}`);
});

test('a minimal hub.yaml gets the spec defaults', () => {
  const m = modelOf('release: "0.7"\nhub:\n  name: finops-hub\n');
  assert.equal(m.storage, { sku: 'Premium_LRS', allowedSkus: ['Premium_LRS', 'Premium_ZRS'], infrastructureEncryption: false });
  assert.equal(m.retention, { rawExportsDays: 0, ingestionMonths: 13, dataExplorerLogDays: 0, dataExplorerFinalMonths: 13 });
  assert.equal(m.dataExplorer.sku, { name: 'Dev(No SLA)_Standard_E2a_v4', tier: 'Basic', capacity: 1 });
  assert.equal(m.dataExplorer.databases, { ingestion: 'Ingestion', hub: 'Hub' });
  assert.is(m.dataExplorer.allowedSkuNames.length, 64);
  assert.equal(m.networking, { publicAccess: false, addressPrefix: '10.20.30.0/26' });
  assert.equal(
    m.datasets.map((d) => [d.name, d.exportType, d.versions]),
    [
      ['Costs', 'FocusCost', ['1.0r2', '1.0', '1.0-preview(v1)']],
      ['Prices', 'PriceSheet', ['2023-05-01']],
      ['CommitmentDiscountUsage', 'ReservationDetails', ['2023-03-01']],
      ['Recommendations', 'ReservationRecommendations', ['2023-05-01']],
      ['Transactions', 'ReservationTransactions', ['2023-05-01']],
    ],
  );
  assert.equal(m.schedules, {
    daily: { hour: 1, minute: 1, timeZone: 'auto' },
    monthly: { hour: 1, minute: 11, timeZone: 'auto', daysOfMonth: [5, 19] },
  });
  assert.equal(m.customDatasets, []);
});

test.run();
