/**
 * The dataset version of the managed price-sheet export, per release, from the facts: the public 0.9-12 send
 * `exportSchemaVersion` `2023-05-01`; the tag of 13 sent `2023-03-01` and its "Update 1", the published 13.0, sent
 * `2023-05-01` again (`exportDataVersions.pricesheet`, releases-0.9-14.md §1.5, #1974); 14.0 keeps `2023-05-01`.
 * Releases before 0.9 create no price-sheet export. For each release: the row's export, the body
 * `config_ConfigureExports` PUTs on an EA billing account, the schema files the build uploads for that version
 * (the conversion of what the export delivers), and the versions the release ingests.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { getRelease, RELEASE_VERSIONS } from '../../../src/model/releases.js';
import { compiled, fullHubYaml } from '../../support/hubs.js';
import { allActivities, evaluate } from './support.js';

/** The facts: the price-sheet export's dataset version of each public release that creates one. */
const PRICE_SHEET_VERSION: Readonly<Record<string, string>> = {
  '0.9': '2023-05-01',
  '0.10': '2023-05-01',
  '0.11': '2023-05-01',
  '12': '2023-05-01',
  // The published 13.0 is Update 1 (#1974: 2023-03-01 -> 2023-05-01).
  '13': '2023-05-01',
  '14': '2023-05-01',
};

const priceSheetExport = (v: string) => getRelease(v).managedExports.eaBillingAccount.find((e) => e.exportType === 'PriceSheet');

test('the releases with a price-sheet export are those the facts name, each with the facts version', () => {
  assert.equal(
    RELEASE_VERSIONS.filter((v) => priceSheetExport(v)),
    Object.keys(PRICE_SHEET_VERSION).sort((a, b) => RELEASE_VERSIONS.indexOf(a as never) - RELEASE_VERSIONS.indexOf(b as never)),
  );
  for (const [v, version] of Object.entries(PRICE_SHEET_VERSION)) {
    assert.is(priceSheetExport(v)!.version, version, v);
    assert.ok(getRelease(v).exportVersions.PriceSheet?.includes(version), `${v} ingests the price sheet version it exports`);
  }
});

for (const [release, version] of Object.entries(PRICE_SHEET_VERSION)) {
  test(`${release}: config_ConfigureExports PUTs the price sheet with dataVersion ${version}, and the build uploads its schema files`, () => {
    const r = compiled(fullHubYaml(release));
    const pipeline = JSON.parse(r.artifacts.get('datafactory/pipelines/config_ConfigureExports.json')!);
    const put = allActivities(pipeline).find((a) => a.type === 'WebActivity' && a.typeProperties.method === 'PUT' && /pricesExportName/.test(JSON.stringify(a.typeProperties.url)));
    assert.ok(put, 'a PUT of the price-sheet export');
    const body = JSON.parse(
      evaluate(put.typeProperties.body, { item: { scope: '/providers/Microsoft.Billing/billingAccounts/8611537' }, variables: { storageAccountId: '/subscriptions/x' } }) as string,
    );
    assert.is(body.properties.definition.type, 'PriceSheet');
    assert.is(body.properties.definition.dataSet.configuration.dataVersion, version);
    for (const agreement of ['ea', 'mca']) assert.ok(r.artifacts.has(`config/schemas/pricesheet_${version}_${agreement}.json`), `pricesheet_${version}_${agreement}.json`);
  });
}

test.run();
