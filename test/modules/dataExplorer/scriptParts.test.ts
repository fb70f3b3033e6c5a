/**
 * A KQL script too large for one Kusto script resource within hubc's budget (src/modules/dataExplorer/
 * scriptParts.ts) is deployed as several, cut between commands, each after the one before: on the text, and on a
 * hub whose custom datasets make its IngestionSetup script over a megabyte (ARM refuses a resource over 1 MiB,
 * HUB721; hubc's budget is 256 KiB). A script that fits stays one resource under its own name.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parse, stringify } from 'yaml';
import { SCRIPT_PART_BYTES, jsonStringBytes, partName, scriptParts } from '../../../src/modules/dataExplorer/scriptParts.js';
import { validateOutput } from '../../../src/compiler/validateOutput.js';
import { compiled, templateOf, DEFAULT_HUB_YAML } from '../../support/hubs.js';
import { Template } from '../../support/template.js';
import { hubcSizes, SIZE_BUDGET } from '../../../scripts/templateSizes.js';

const command = (i: number, bytes: number) => `// command ${i}\n.create-or-alter function f${i}() {\n    print '${'x'.repeat(bytes)}'\n}\n\n`;

test('a script within the budget is one part, the whole text', () => {
  const text = `${command(1, 100)}${command(2, 100)}`;
  assert.equal(scriptParts(text, 10_000), [{ index: 1, text }]);
  assert.is(partName('SetupScript', { index: 1, text }), 'SetupScript');
});

test('a script over the budget is cut between commands: every part fits, the parts joined are the script, each part after the first starts with a command', () => {
  const text = `// header comment\n\n${Array.from({ length: 30 }, (_, i) => command(i, 900)).join('')}`;
  const parts = scriptParts(text, 5_000);
  assert.ok(parts.length > 5, `${parts.length} parts`);
  assert.is(parts.map((p) => p.text).join(''), text);
  assert.equal(
    parts.map((p) => p.index),
    parts.map((_, i) => i + 1),
  );
  for (const p of parts) assert.ok(jsonStringBytes(p.text) <= 5_000, `part ${p.index}: ${jsonStringBytes(p.text)} bytes`);
  for (const p of parts.slice(1)) assert.match(p.text, /^\/\/ command \d+\n\.create-or-alter|^\.create-or-alter/);
  // Parts are as full as they can be: the next command would not have fit.
  for (let i = 0; i + 1 < parts.length; i++) assert.ok(jsonStringBytes(parts[i].text + parts[i + 1].text.slice(0, parts[i + 1].text.indexOf('\n\n') + 2)) > 5_000);
  assert.is(partName('SetupScript', parts[2]), 'SetupScript_3');
});

test('a command larger than the budget is a part of its own; a multi-line string literal is never cut', () => {
  const fenced = '.alter table T policy update\n```\n[{\n.not-a-command\n}]\n```\n';
  const text = `${command(1, 100)}${command(2, 8_000)}${fenced}${command(3, 100)}`;
  const parts = scriptParts(text, 2_000);
  assert.is(parts.map((p) => p.text).join(''), text);
  assert.ok(parts.some((p) => p.text === command(2, 8_000).replace(/^\/\/ command 2\n/, '') || p.text.includes(`print '${'x'.repeat(8_000)}'`)));
  assert.ok(
    parts.every((p) => !p.text.startsWith('.not-a-command')),
    'no cut inside the fenced literal',
  );
  assert.ok(
    parts.some((p) => p.text.includes(fenced)),
    'the fenced command whole in one part',
  );
});

/** A hub with Data Explorer and custom datasets whose IngestionSetup script is over a megabyte. */
function bigHub(): string {
  const doc = parse(DEFAULT_HUB_YAML) as Record<string, any>;
  doc.release = '0.8';
  doc.dataExplorer.name = 'hubadx';
  doc.customDatasets = Array.from({ length: 8 }, (_, i) => ({
    name: `Custom${i}`,
    columns: Array.from({ length: 120 }, (_, j) => ({ name: `Column_${j}_${'measure'.repeat(28)}`, type: j % 2 ? 'string' : 'decimal' })),
  }));
  return stringify(doc);
}

test('a hub whose IngestionSetup script is over a megabyte: its parts are script resources in order, each within the budget, together the script', () => {
  const r = compiled(bigHub());
  const file = r.artifacts.get('kql/IngestionSetup.kql')!;
  assert.ok(jsonStringBytes(file) > 1024 * 1024, `IngestionSetup.kql is ${jsonStringBytes(file)} bytes`);
  const t = Template.fromJSON(templateOf(r));
  const scripts = t.findResources('Microsoft.Kusto/clusters/databases/scripts');
  const names = scripts.map((s) => t.nameOf(s)!.split('/').slice(1).join('/'));
  const setupParts = names.filter((n) => /^Ingestion\/SetupScript(_\d+)?$/.test(n));
  assert.ok(setupParts.length >= 6, setupParts.join(', '));
  assert.equal(
    setupParts,
    setupParts.map((_, i) => (i === 0 ? 'Ingestion/SetupScript' : `Ingestion/SetupScript_${i + 1}`)),
  );
  // Each part waits for the one before; every part carries the whole script's tag.
  for (let i = 1; i < scripts.length; i++) assert.match(JSON.stringify(scripts[i].dependsOn), names[i - 1].split('/').pop()!.replace(/_\d+$/, ''));
  const setup = scripts.filter((_, i) => setupParts.includes(names[i]));
  assert.is(new Set(setup.map((s) => s.properties.forceUpdateTag)).size, 1);
  for (const [i, s] of setup.entries()) assert.match(JSON.stringify(s.dependsOn), i === 0 ? 'CommonFunctions' : `'SetupScript${i === 1 ? '' : `_${i}`}'`);
  // The parts' texts, in order, are the script file (placeholders are substituted in the template, kept in the file).
  const template = templateOf(r);
  const text = setupParts.map((n) => template.variables[`kqlIngestionSetup${n.replace(/^Ingestion\/SetupScript/, '')}`]).join('');
  assert.is(text, file);
  for (const n of setupParts) assert.ok(jsonStringBytes(template.variables[`kqlIngestionSetup${n.replace(/^Ingestion\/SetupScript/, '')}`]) <= SCRIPT_PART_BYTES, n);
  assert.ok((hubcSizes(r).largestResource?.bytes ?? 0) <= SIZE_BUDGET.resourceBytes, JSON.stringify(hubcSizes(r).largestResource));
});

test("the build's checks pass the cut script: every table and function a part uses an earlier part created (HUB730, HUB731), no resource over ARM's limit (HUB721)", () => {
  const r = compiled(bigHub());
  assert.equal(
    validateOutput(r)
      .filter((d) => d.severity === 'error')
      .map((d) => `${d.code} ${d.message}`),
    [],
  );
  // The script that starts the triggers (and so the Data Explorer loads) waits for every part.
  const starts = JSON.stringify(
    templateOf(r)
      .resources.filter((x: any) => x.type === 'Microsoft.Resources/deploymentScripts')
      .map((x: any) => x.dependsOn),
  );
  assert.match(starts, "'Ingestion', 'SetupScript_3')");
});

test('the default hub keeps one resource per script under its own name', () => {
  const t = Template.fromJSON(templateOf(compiled()));
  const names = t.findResources('Microsoft.Kusto/clusters/databases/scripts').map((s) => t.nameOf(s)!.split('/').pop());
  assert.equal(names, ['CommonFunctions', 'SetupScript', 'CommonFunctions', 'SetupScript']);
});

test.run();
