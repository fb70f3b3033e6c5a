import { kqlScripts } from './src/modules/dataExplorer/kql.js';
import { getRelease, releaseRowForTests } from './src/model/releases.js';
import { hubModel } from './test/support/hubs.js';
import { validateKqlScripts } from './src/validators/kql.js';
const row = releaseRowForTests(getRelease('0.8'), { version: '12', behaviours: ['kqlRawTables12', 'kqlParseSubscriptionIds', 'kqlResourceGraphRecommendations'], focusVersions: ['1_0', '1_2'] });
const m = hubModel({ release: row });
const scripts = kqlScripts(m).map((s) => {
  let text = s.text;
  for (const [p, sub] of Object.entries(s.placeholders ?? {})) text = text.split(p).join(sub.validationValue);
  return { file: s.file, database: m.dataExplorer.databases[s.database], text };
});
const t0 = Date.now();
const r = validateKqlScripts(scripts, {});
console.log('ms', Date.now() - t0);
for (const d of r.diagnostics.slice(0, 40)) console.log(`${d.file}:${d.start?.line}:${d.start?.col} ${d.code} ${d.message.slice(0, 300)}`);
console.log(r.diagnostics.length);
for (const f of r.databases.Hub.functions.filter((f) => /_v1_[02]$|^[A-Z][a-zA-Z]+$/.test(f.name))) console.log(f.name, f.resultColumns?.length);
for (const p of r.updatePolicies) console.log(p.table, p.isEnabled, p.resultColumns?.length);
