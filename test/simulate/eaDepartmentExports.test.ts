/**
 * Managed exports of an EA department (releases-0.9-14.md §1.5: the public 13 adds "EA Department" open and
 * closed month FOCUS exports to `config_ConfigureExports`, #1870, #1935; the public 0.9-12 send a department
 * the EA billing account's set, whose price sheet and reservation exports a department does not offer). For every
 * release whose managed exports differ by kind of scope (0.9 on, from the release table), a settings.json
 * with an EA billing account and one of its departments: the department gets exactly the FOCUS pair, PUT at the
 * department's own scope with the release's Cost Management API version, delivered under the department's path;
 * the billing account keeps every dataset. The public 13.0's department case is the facts: the FOCUS pair
 * (`getExportBodyV2(..., 'FocusCost', ...)`), URL `<resource manager><scope>/providers/Microsoft.CostManagement/exports/<hub>-daily|monthly-costdetails`,
 * `exportsApiVersion` 2023-07-01-preview.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { compile, type CompileResult } from '../../src/compiler/compile.js';
import { simulate } from '../../src/simulate/index.js';
import { getRelease, has, RELEASE_VERSIONS } from '../../src/model/releases.js';
import { cleanStorages, emptyStorage, simulationHub } from '../support/simulate.js';

const NOW = '2024-05-15T12:00:00Z';
const EA = '/providers/Microsoft.Billing/billingAccounts/8611537';
const DEPARTMENT = `${EA}/departments/214`;

/** Releases whose managed exports depend on the kind of scope (the billing scopes get more than the FOCUS pair). */
const BY_SCOPE = RELEASE_VERSIONS.filter((v) => {
  const r = getRelease(v);
  return has(r, 'managedExports') && r.managedExports.eaBillingAccount.length > r.managedExports.other.length;
});

test('the releases tried are those with exports by kind of scope: 0.9 to the newest, 13 and 14 among them', () => {
  assert.is(BY_SCOPE[0], '0.9');
  assert.is(BY_SCOPE[BY_SCOPE.length - 1], RELEASE_VERSIONS[RELEASE_VERSIONS.length - 1]);
  for (const v of ['13', '14']) assert.ok(BY_SCOPE.includes(v as never), v);
});

/** A storage folder whose settings.json lists the EA billing account and one of its departments. */
function storageWithDepartment(): string {
  const dir = emptyStorage();
  mkdirSync(join(dir, 'config'));
  const settings = { type: 'HubInstance', version: '13.0', scopes: [{ scope: EA }, { scope: DEPARTMENT }], retention: { rawexports: { days: 0 }, ingestion: { months: 13 } } };
  writeFileSync(join(dir, 'config/settings.json'), JSON.stringify(settings));
  return dir;
}

test.after.each(() => cleanStorages());

for (const release of BY_SCOPE) {
  test(`${release}: an EA department gets the FOCUS pair at its own scope, under its own path; its billing account every dataset`, async () => {
    const b: CompileResult = compile(simulationHub(release));
    assert.ok(b.release, b.diagnostics.map((d) => `${d.code} ${d.message}`).join('\n'));
    const result = await simulate({ artifacts: b.artifacts, release, storage: storageWithDepartment(), start: { kind: 'event', path: 'config/settings.json' }, now: NOW });
    assert.is(result.outcome, 'succeeded');
    const api = `?api-version=${getRelease(release).costManagementApiVersion}`;
    assert.is(api, '?api-version=2023-07-01-preview', "the public 13.0's exportsApiVersion");
    const atDepartment = result.requests.filter((r) => r.url.includes('/departments/'));
    assert.equal(
      atDepartment.map((r) => `${r.method} ${r.url}`),
      ['daily', 'monthly'].map((n) => `PUT https://management.azure.com${DEPARTMENT}/providers/Microsoft.CostManagement/exports/finops-hub-${n}-costdetails${api}`),
    );
    const bodies = atDepartment.map((r) => JSON.parse(r.body as string).properties);
    assert.equal(
      bodies.map((p) => [p.definition.type, p.definition.dataSet.configuration.dataVersion, p.definition.timeframe, p.schedule.recurrence]),
      [
        ['FocusCost', getRelease(release).managedExportFocusVersion, 'MonthToDate', 'Daily'],
        ['FocusCost', getRelease(release).managedExportFocusVersion, 'TheLastMonth', 'Monthly'],
      ],
    );
    for (const p of bodies) assert.is(p.deliveryInfo.destination.rootFolderPath, DEPARTMENT.slice(1), 'delivered under the department, not its billing account');
    const atAccount = result.requests.filter((r) => r.method === 'PUT' && !r.url.includes('/departments/'));
    assert.equal(
      atAccount.map((r) => JSON.parse(r.body as string).properties.definition.type),
      ['FocusCost', 'FocusCost', 'PriceSheet', 'ReservationDetails', 'ReservationTransactions', 'ReservationRecommendations'],
      'the billing account keeps every dataset',
    );
  });
}

test.run();
