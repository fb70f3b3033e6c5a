/**
 * The Data Factory entries of the failure catalogue on templates written here: schedule trigger time zones
 * (HUB700, a literal and a region table with a fallback as the public hubs write it), start times (HUB701,
 * with the start time written from the zone as hubc writes it), ForEach batch counts over a parameter's
 * range (HUB702), Until and Wait times (HUB703), and the reference checks run on any template (HUB321).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { findings, summary, template } from '../support/catalogue.js';

const trigger = (recurrence: object, name = 'daily') => ({
  type: 'Microsoft.DataFactory/factories/triggers',
  apiVersion: '2018-06-01',
  name: `f/${name}`,
  properties: { type: 'ScheduleTrigger', pipelines: [], typeProperties: { recurrence: { frequency: 'Day', interval: 1, ...recurrence } } },
});
const zones = (...list: object[]) =>
  findings(template({ parameters: { location: { type: 'string', defaultValue: '[resourceGroup().location]' } }, resources: list }), {
    entries: ['adf/trigger-time-zone', 'adf/trigger-start-time'],
  });

test('HUB700: a time zone that is no Windows ID fails; one that is passes', () => {
  const bad = zones(trigger({ timeZone: 'Japan Standard Time', startTime: '2023-01-01T01:01:00' }));
  assert.equal(
    bad.map((d) => d.code),
    ['HUB700'],
  );
  assert.match(bad[0].message, /trigger daily: Data Factory rejects the time zone 'Japan Standard Time'/);
  assert.match(bad[0].hint!, /'Tokyo Standard Time'/);
  assert.is(bad[0].file, 'azuredeploy.json');
  assert.ok(bad[0].start && bad[0].start.line > 1, 'placed at its line in the template');
  assert.equal(zones(trigger({ timeZone: 'Tokyo Standard Time', startTime: '2023-01-01T01:01:00' })), []);
});

test('HUB700: a region table (public 0.4-13.0) is read key by key, its fallback for every region it does not list', () => {
  const t = template({
    parameters: { location: { type: 'string', defaultValue: '[resourceGroup().location]' } },
    variables: {
      table: { westeurope: 'W. Europe Standard Time', japaneast: 'Japan Standard Time', japanwest: 'Japan Standard Time' },
      zone: "[coalesce(tryGet(variables('table'), toLower(parameters('location'))), 'Universal Coordinated Time')]",
    },
    resources: [trigger({ timeZone: "[variables('zone')]", startTime: '2023-01-01T01:01:00' })],
  });
  const d = summary(findings(t, { entries: ['adf/trigger-time-zone'] }));
  assert.equal(d.length, 2);
  assert.match(d[0], /'Japan Standard Time' for japaneast, japanwest/);
  assert.match(d[1], /'Universal Coordinated Time' for any key its lookup table does not list/);
  // A location given for the deployment: only its zone is judged.
  assert.equal(findings(t, { entries: ['adf/trigger-time-zone'], parameters: { location: 'westeurope' } }), []);
});

test('HUB701: with UTC the start time needs a Z; with another zone it must have none', () => {
  const utc = zones(trigger({ timeZone: 'UTC', startTime: '2023-01-01T01:01:00' }));
  assert.equal(
    utc.map((d) => d.code),
    ['HUB701'],
  );
  assert.match(utc[0].message, /with the time zone 'UTC' Data Factory rejects startTime '2023-01-01T01:01:00'/);
  assert.match(utc[0].hint!, /'2023-01-01T01:01:00Z'/);
  const local = zones(trigger({ timeZone: 'W. Europe Standard Time', startTime: '2023-01-01T01:01:00Z' }));
  assert.equal(
    local.map((d) => d.code),
    ['HUB701'],
  );
  assert.match(local[0].message, /takes startTime as local time and rejects '2023-01-01T01:01:00Z'/);
  assert.equal(zones(trigger({ timeZone: 'UTC', startTime: '2023-01-01T01:01:00Z' }), trigger({ timeZone: 'W. Europe Standard Time', startTime: '2023-01-01T01:01:00' }, 'b')), []);
});

test('HUB701: a start time written from its zone (as hubc writes it) is judged with that zone, not every zone', () => {
  const t = template({
    parameters: { location: { type: 'string', defaultValue: '[resourceGroup().location]' } },
    variables: { table: { westeurope: 'W. Europe Standard Time' }, zone: "[coalesce(tryGet(variables('table'), parameters('location')), 'UTC')]" },
    resources: [trigger({ timeZone: "[variables('zone')]", startTime: "[if(equals(variables('zone'), 'UTC'), '2023-01-01T01:01:00Z', '2023-01-01T01:01:00')]" })],
  });
  assert.equal(findings(t, { entries: ['adf/trigger-start-time'] }), []);
  // The 14.0 form: the UTC fallback with a start time without Z.
  const public14 = template({ ...t, resources: [trigger({ timeZone: "[variables('zone')]", startTime: '2023-01-01T01:01:00' })] } as never);
  assert.equal(summary(findings(public14, { entries: ['adf/trigger-start-time'] })), [
    "HUB701 trigger daily: with the time zone 'UTC' (for any key its lookup table does not list) Data Factory rejects startTime '2023-01-01T01:01:00' (\"zone designator for time zone 'UTC'\"): the trigger cannot be started",
  ]);
});

const pipeline = (activities: object[], parameters: object = {}) =>
  template({ parameters, resources: [{ type: 'Microsoft.DataFactory/factories/pipelines', apiVersion: '2018-06-01', name: 'f/p', properties: { activities } }] });
const forEach = (batchCount: unknown, extra: object = {}) => ({
  name: 'Each',
  type: 'ForEach',
  typeProperties: { items: { value: '@createArray(1)', type: 'Expression' }, batchCount, activities: [], ...extra },
});

test('HUB702: a batch count fed by a parameter allowed up to 2048 fails; one capped at 50 passes', () => {
  const capacity = (max: number) => ({ capacity: { type: 'int', defaultValue: 2, minValue: 1, maxValue: max } });
  const d = findings(pipeline([forEach("[parameters('capacity')]")], capacity(2048)), { entries: ['adf/foreach-batch-count'] });
  assert.equal(summary(d), [
    "HUB702 pipeline p: ForEach 'Each' can run with batchCount 2048 (with capacity = 2048 (its maxValue)); Data Factory allows 1-50, so the pipeline fails to deploy or to run",
  ]);
  assert.equal(d[0].path, 'pipeline p, activity Each');
  assert.equal(findings(pipeline([forEach("[parameters('capacity')]")], capacity(50)), { entries: ['adf/foreach-batch-count'] }), []);
  assert.equal(findings(pipeline([forEach("[min(50, parameters('capacity'))]")], capacity(2048)), { entries: ['adf/foreach-batch-count'] }), []);
  // Sequential loops have no batch count to judge; a literal out of range fails.
  assert.equal(findings(pipeline([forEach(80, { isSequential: true })]), { entries: ['adf/foreach-batch-count'] }), []);
  assert.equal(
    findings(pipeline([forEach(0)]), { entries: ['adf/foreach-batch-count'] }).map((x) => x.code),
    ['HUB702'],
  );
});

test('HUB703: an Until timeout past 90 days or not a timespan, a Wait time that is not whole seconds', () => {
  const until = (timeout: unknown) => ({ name: 'Loop', type: 'Until', typeProperties: { expression: { value: '@true', type: 'Expression' }, timeout, activities: [] } });
  const wait = (waitTimeInSeconds: unknown) => ({ name: 'Pause', type: 'Wait', typeProperties: { waitTimeInSeconds } });
  const entry = { entries: ['adf/until-wait-times'] };
  assert.equal(summary(findings(pipeline([until('100.00:00:00'), wait('soon')]), entry)), [
    'HUB703 pipeline p: Until \'Loop\' has the timeout "100.00:00:00"; Data Factory takes a d.hh:mm:ss timespan of at most 90 days and rejects the pipeline otherwise',
    'HUB703 pipeline p: Wait \'Pause\' has waitTimeInSeconds "soon"; Data Factory takes a whole number of seconds (or an expression giving one) and rejects the pipeline otherwise',
  ]);
  assert.equal(findings(pipeline([until('0.02:00:00'), wait(60)]), entry), []);
  assert.equal(findings(pipeline([until('@pipeline().parameters.t'), wait({ value: '@pipeline().parameters.s', type: 'Expression' })]), entry), []);
});

test('adf/references: the quick output checks run on any template (a parameter the pipeline does not declare)', () => {
  const t = template({
    resources: [
      {
        type: 'Microsoft.DataFactory/factories/pipelines',
        apiVersion: '2018-06-01',
        name: 'f/p',
        properties: {
          variables: { x: { type: 'String' } },
          activities: [{ name: 'Set', type: 'SetVariable', typeProperties: { variableName: 'x', value: '@pipeline().parameters.missing' } }],
        },
      },
    ],
  });
  const d = findings(t, { entries: ['adf/references'] });
  assert.equal(
    d.map((x) => x.code),
    ['HUB321'],
  );
  assert.match(d[0].message, /missing/);
});

test.run();
