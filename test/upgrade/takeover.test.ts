/**
 * Taking over a public hub in place (issue #31): for every release, public access on and off, with
 * and without a Data Explorer cluster (from 0.10 also with a Fabric eventhouse), `hubc import` of the saved public parameter file, then `hubc
 * upgrade-plan public:X imported.yaml` (with and without `--parameters`), plans no resource deleted and
 * created again, no data move and no change of network exposure: every property Azure fixes at creation
 * (src/diff/createOnly.ts) is the public release's, and nothing the parameter file set is dropped. Each
 * cell compiles the imported hub.yaml once (the import's build) and evaluates the public template twice.
 * Needs the public templates (`../shared/reference/public-templates`, test/support/publicTemplates.ts).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { codes } from '../../src/diagnostics/index.js';
import { formatPlanText, planUpgrade, type UpgradePlan } from '../../src/upgrade/index.js';
import { loadPair } from '../../src/load/load.js';
import type { DiffResult } from '../../src/diff/types.js';
import { publicTemplatesDir } from '../support/publicTemplates.js';
import { cellName, publicParameterFile, takeover, takeoverCells, type Cell } from '../support/takeover.js';
import { getRelease, has } from '../../src/model/releases.js';

const dir = mkdtempSync(join(tmpdir(), 'hubc-takeover-'));

/**
 * What a plan must not hold for an in-place takeover, one line each (empty when none): a HUB418 note, a
 * resource deleted before the deployment (to be created again), a data move, a resource deleted after the
 * deployment that hubc deploys under another name. Resources only the public release deploys (the lists of
 * test/support/publicKnown.ts, checked by test/import/offline.test.ts) are deleted after the deployment as
 * leftovers: they are not created again.
 */
function inTheWay(plan: UpgradePlan, diff: DiffResult): string[] {
  const out: string[] = [];
  for (const n of diff.upgradeNotes.filter((x) => x.code === codes.HUB418.code)) out.push(`HUB418 ${n.message}`);
  for (const s of plan.steps) {
    if (s.kind === 'migrateData') out.push(`data move: ${s.action}`);
    if (s.phase === 'before' && s.resource) out.push(`deleted before the deployment: ${s.subject}: ${s.why}`);
    if (/creates it again|Move its data/.test(`${s.action} ${s.why}`)) out.push(`recreated: ${s.subject}`);
    if (s.phase === 'after' && s.resource && !s.why.includes('no longer declares it')) out.push(`deleted after the deployment, deployed under another name: ${s.subject}`);
  }
  return out;
}

/**
 * The warnings a takeover of the cell gives: the public 0.1-0.6 vaults had no firewall, hubc closes it to
 * all but trusted Azure services (docs/deviations.md, "Key Vault firewall", 0.1-0.6), so the plan says so.
 */
function expectedWarnings(cell: Cell, vault: string): string[] {
  return has(getRelease(cell.release), 'privateNetworking') ? [] : [`HUB601 Microsoft.KeyVault/vaults ${vault}`];
}

for (const cell of takeoverCells()) {
  test(`${cellName(cell)}: import, then upgrade-plan public:${cell.release} imported.yaml deletes and recreates nothing`, () => {
    const t = takeover(cell, dir, publicTemplatesDir());
    const y = parse(t.hub.text);
    assert.is(y.naming, 'public');
    if (cell.publicAccess !== undefined) assert.is(y.networking.publicAccess, cell.publicAccess);
    if (cell.cluster) assert.is(y.storage.infrastructureEncryption, true, 'infrastructure encryption is carried into hub.yaml');
    if (cell.fabric) {
      assert.equal(y.fabric, { queryUri: 'https://trd-contoso.z1.kusto.fabric.microsoft.com', capacityUnits: 4 }, 'the eventhouse is carried');
      // The eventhouse was set up from the public bundle: the plan has hubc's setup scripts run before the deployment.
      assert.equal(t.withParameters.plan.steps.filter((s) => s.phase === 'before' && /fabric\/(Ingestion|Hub)Setup\.kql/.test(s.action)).length, 2, 'setup scripts');
    }
    assert.equal(inTheWay(t.withParameters.plan, t.withParameters.diff), [], 'with --parameters');
    assert.equal(inTheWay(t.withoutParameters.plan, t.withoutParameters.diff), [], 'without --parameters');
    const vault = 'contoso-hu-nlg6idyfabon2';
    for (const { plan } of [t.withParameters, t.withoutParameters])
      assert.equal(
        plan.warnings.map((w) => `${w.code} ${w.subject}`),
        expectedWarnings(cell, vault),
        'warnings',
      );
    // Nothing the public deployment set is dropped from the parameter file.
    assert.equal(t.withParameters.plan.parameters?.dropped ?? [], [], 'parameters dropped');
    assert.not.ok(
      t.hub.unrecovered.some((u) => /has no hub\.yaml field/.test(u.why)),
      'a value without a hub.yaml field',
    );
  });
}

for (const to of ['0.7', '0.8'] as const) {
  test(`public 0.6 -> ${to}: the imported hub.yaml keeps public access, so the data lake stays open; without networking the plan warns first (issue #31 item 4)`, () => {
    const t = takeover({ release: '0.6' }, dir, publicTemplatesDir(), `06-to-${to.replace('.', '')}`);
    const upgraded = join(dir, `06-to-${to}.hub.yaml`);
    const plan = (text: string) => {
      writeFileSync(upgraded, text.replace('release: "0.6"', `release: "${to}"`));
      const [a, b] = loadPair('public:0.6', upgraded, 'hub.yaml', { publicTemplates: publicTemplatesDir() });
      return planUpgrade(a, b);
    };
    const kept = plan(t.hub.text);
    assert.equal(
      kept.warnings.filter((w) => w.subject.startsWith('Microsoft.Storage/')).map((w) => w.code),
      [],
      'the data lake keeps public access',
    );
    const dropped = plan(t.hub.text.replace(/networking:\n {2}publicAccess: true[^\n]*\n/, ''));
    const lake = dropped.warnings.find((w) => w.subject.startsWith('Microsoft.Storage/storageAccounts '));
    assert.ok(lake, "without networking, hubc's default closes the firewall and the plan says so");
    assert.match(lake!.message, 'properties.networkAcls.defaultAction: Allow -> Deny');
    assert.match(formatPlanText(dropped), /\nRead first\n {2}HUB601 Microsoft\.Storage\/storageAccounts /);
  });
}

test('a data lake deployed with infrastructure encryption, taken over without it: the plan says first that the account must be created again, with what is lost (HUB602)', () => {
  const cell = { release: '0.7', publicAccess: true, cluster: true } as const;
  const t = takeover(cell, dir, publicTemplatesDir(), 'encryption-dropped');
  const file = join(dir, 'encryption-dropped.edited.yaml');
  writeFileSync(file, t.hub.text.replace('infrastructureEncryption: true', 'infrastructureEncryption: false'));
  const doc = publicParameterFile(cell);
  const values = Object.fromEntries(Object.entries(doc.parameters).map(([k, v]) => [k, v.value]));
  const [a, b] = loadPair('public:0.7', file, 'hub.yaml', { publicTemplates: publicTemplatesDir(), parametersA: values });
  // The public side evaluated with the saved values; hubc's with hub.yaml's (a deployment without the rewritten file).
  const plan = planUpgrade(a, b);
  const loss = plan.warnings.find((w) => w.code === 'HUB602');
  assert.ok(loss, plan.warnings.map((w) => w.message).join('\n'));
  assert.match(loss!.subject, /^Microsoft\.Storage\/storageAccounts contosohub[a-z0-9]{13}$/);
  assert.match(loss!.message, 'properties.encryption.requireInfrastructureEncryption from true to (not set)');
  assert.match(loss!.message, 'You lose every file in it (exports, ingested data, config/settings.json)');
  const text = formatPlanText(plan);
  assert.ok(text.indexOf('HUB602') < text.indexOf('Before the deployment'), 'said before any step');
});

test.run();
