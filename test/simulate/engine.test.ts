/**
 * The engine's Data Factory rules on small hand-written pipelines: dependency conditions (Succeeded,
 * Failed, Completed, Skipped; alternatives within a dependency, all dependencies together), the
 * leaf rule for pipeline outcomes (the three patterns of "Errors and Conditional execution"), container
 * outcomes, ForEach order, Until bounds, and the errors for what the simulator does not support.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runPipeline, conditionMet, type Engine } from '../../src/simulate/engine.js';
import type { Factory } from '../../src/simulate/factory.js';
import type { ActivityRun, PipelineRun } from '../../src/simulate/types.js';
import { SimulationError } from '../../src/simulate/values.js';
import '../../src/simulate/activities/index.js';
import { cleanStorages, emptyStorage, testEngine } from '../support/simulate.js';

const ok = (name: string, dependsOn: [string, ...string[]][] = []) => ({
  name,
  type: 'SetVariable',
  dependsOn: dependsOn.map(([activity, ...dependencyConditions]) => ({ activity, dependencyConditions })),
  typeProperties: { variableName: 'v', value: name },
});
const fail = (name: string, dependsOn: [string, ...string[]][] = []) => ({
  name,
  type: 'Fail',
  dependsOn: dependsOn.map(([activity, ...dependencyConditions]) => ({ activity, dependencyConditions })),
  typeProperties: { message: `${name} failed`, errorCode: name },
});

function engineFor(pipelines: Record<string, any[]>, variables: Record<string, unknown> = { v: { type: 'String' } }): Engine {
  const factory: Factory = {
    pipelines: new Map(Object.entries(pipelines).map(([name, activities]) => [name, { name, properties: { activities, variables } }])),
    triggers: new Map(),
    datasets: new Map(),
    linkedServices: new Map(),
    configFiles: new Map(),
  };
  return testEngine(factory, emptyStorage(), 50);
}

async function runOnly(activities: any[], variables?: Record<string, unknown>): Promise<PipelineRun> {
  return (await runPipeline(engineFor({ p: activities }, variables), 'p', {}, { type: 'Manual' }))!;
}

const statuses = (runs: ActivityRun[]) => Object.fromEntries(runs.map((r) => [r.name, r.status]));

test.after.each(() => cleanStorages());

test('conditionMet: Completed is Succeeded or Failed, Skipped only when it did not run', () => {
  assert.ok(conditionMet('Succeeded', ['Completed']));
  assert.ok(conditionMet('Failed', ['Completed']));
  assert.not.ok(conditionMet('Skipped', ['Completed']));
  assert.ok(conditionMet('Skipped', ['Skipped']));
  assert.not.ok(conditionMet('Failed', ['Succeeded']));
  assert.ok(conditionMet('Failed', ['Succeeded', 'Failed']), 'conditions of one dependency are alternatives');
  assert.throws(
    () => conditionMet('Succeeded', ['Sometimes']),
    (e: unknown) => e instanceof SimulationError && e.code === 'HUB463',
  );
});

test('an activity runs only when every dependency meets one of its conditions', async () => {
  const run = await runOnly([
    fail('A'),
    ok('B', [['A', 'Succeeded']]),
    ok('C', [['A', 'Failed']]),
    ok('D', [['A', 'Completed']]),
    ok('E', [['B', 'Skipped']]),
    ok('F', [
      ['C', 'Succeeded'],
      ['B', 'Succeeded'],
    ]),
    ok('G', [
      ['C', 'Succeeded'],
      ['B', 'Skipped'],
    ]),
    ok('H', [['B', 'Completed']]),
  ]);
  assert.equal(statuses(run.activities), { A: 'Failed', B: 'Skipped', C: 'Succeeded', D: 'Succeeded', E: 'Succeeded', F: 'Skipped', G: 'Succeeded', H: 'Skipped' });
});

test('pipeline outcome by the leaf rule: try-catch succeeds, do-if-else fails, do-if-skip-else succeeds', async () => {
  const tryCatch = await runOnly([fail('Work'), ok('OnFailure', [['Work', 'Failed']])]);
  assert.is(tryCatch.status, 'Succeeded');
  const tryCatchOk = await runOnly([ok('Work'), ok('OnFailure', [['Work', 'Failed']])]);
  assert.is(tryCatchOk.status, 'Succeeded', 'a skipped leaf is replaced by its succeeded parent');
  const doIfElse = await runOnly([fail('Work'), ok('OnSuccess', [['Work', 'Succeeded']]), ok('OnFailure', [['Work', 'Failed']])]);
  assert.is(doIfElse.status, 'Failed');
  assert.equal(doIfElse.error, { errorCode: 'Work', message: 'Work failed', activity: 'Work' });
  const doIfSkipElse = await runOnly([
    fail('Work'),
    ok('OnSuccess', [['Work', 'Succeeded']]),
    ok('DummyOnSkip', [['OnSuccess', 'Skipped']]),
    ok('OnFailure', [['Work', 'Failed']]),
  ]);
  assert.is(doIfSkipElse.status, 'Succeeded');
});

test('a failed leaf Fail activity gives the run its code, before failures found behind skipped leaves', async () => {
  const run = await runOnly([fail('Step'), ok('Next', [['Step', 'Succeeded']]), fail('Report', [['Step', 'Failed']])]);
  assert.equal(run.error, { errorCode: 'Report', message: 'Report failed', activity: 'Report' });
});

test('IfCondition fails with the inner code; ForEach runs every item in order and fails after all; Until stops at its timeout', async () => {
  const run = await runOnly(
    [
      { name: 'If', type: 'IfCondition', dependsOn: [], typeProperties: { expression: { value: '@equals(1, 1)', type: 'Expression' }, ifTrueActivities: [fail('Inner')] } },
      {
        name: 'Each',
        type: 'ForEach',
        dependsOn: [],
        typeProperties: {
          items: { value: '@createArray(1, 2, 3)', type: 'Expression' },
          isSequential: false,
          batchCount: 2,
          activities: [
            { name: 'Add', type: 'AppendVariable', dependsOn: [], typeProperties: { variableName: 'seen', value: '@item()' } },
            {
              name: 'Stop',
              type: 'Fail',
              dependsOn: [{ activity: 'Add', dependencyConditions: ['Succeeded'] }],
              typeProperties: { message: '@string(item())', errorCode: "@if(equals(item(), 2), 'Two', 'Other')" },
            },
          ],
        },
      },
      {
        name: 'Loop',
        type: 'Until',
        dependsOn: [],
        typeProperties: {
          expression: { value: '@equals(1, 2)', type: 'Expression' },
          timeout: '0.00:01:00',
          activities: [{ name: 'Pause', type: 'Wait', dependsOn: [], typeProperties: { waitTimeInSeconds: 25 } }],
        },
      },
    ],
    { seen: { type: 'Array', defaultValue: [] } },
  );
  const [ifRun, each, loop] = run.activities;
  assert.is(ifRun.status, 'Failed');
  assert.is(ifRun.error!.errorCode, 'Inner');
  assert.match(ifRun.error!.message, /Inner activity name: Inner, Error: Inner failed/);
  assert.is(each.status, 'Failed');
  assert.equal(
    each.groups!.map((g) => g.item),
    [1, 2, 3],
    'every item ran, in order',
  );
  assert.equal(each.input, { itemCount: 3, isSequential: false, batchCount: 2 });
  assert.is(each.error!.errorCode, 'Other', 'the first failed item gives the code');
  assert.is(loop.status, 'Failed');
  assert.is(loop.error!.errorCode, 'ActivityTimedOut');
  assert.is(loop.groups!.length, 3, '3 x 25 s reaches the 60 s timeout');
});

test('an expression error fails the activity with InvalidTemplate, as Data Factory does', async () => {
  const run = await runOnly([{ name: 'Bad', type: 'SetVariable', dependsOn: [], typeProperties: { variableName: 'v', value: "@activity('Nope').output" } }]);
  assert.is(run.activities[0].status, 'Failed');
  assert.is(run.activities[0].error!.errorCode, 'InvalidTemplate');
  assert.match(run.activities[0].error!.message, /Nope/);
});

test('SetVariable checks the declared type', async () => {
  const run = await runOnly([{ name: 'Set', type: 'SetVariable', dependsOn: [], typeProperties: { variableName: 'flag', value: 'yes' } }], { flag: { type: 'Bool' } });
  assert.is(run.activities[0].error!.errorCode, 'InvalidVariableType');
});

test('an unsupported activity type or function stops the simulation with a code naming it', async () => {
  try {
    await runOnly([{ name: 'Nb', type: 'DatabricksNotebook', dependsOn: [], typeProperties: {} }]);
    assert.unreachable('should throw');
  } catch (e) {
    assert.ok(e instanceof SimulationError);
    assert.is((e as SimulationError).code, 'HUB461');
    assert.match((e as Error).message, /'DatabricksNotebook'/);
  }
  try {
    await runOnly([{ name: 'X', type: 'SetVariable', dependsOn: [], typeProperties: { variableName: 'v', value: "@xpath(xml('<a/>'), '/a')" } }]);
    assert.unreachable('should throw');
  } catch (e) {
    assert.ok(e instanceof SimulationError);
    assert.is((e as SimulationError).code, 'HUB460');
    assert.match((e as Error).message, /function 'xpath'/);
  }
});

test('ExecutePipeline: waiting, it fails with the child code; not waiting (the default), it succeeds once the child started', async () => {
  const call = (name: string, waitOnCompletion?: boolean) => ({
    name,
    type: 'ExecutePipeline',
    dependsOn: [],
    typeProperties: { pipeline: { referenceName: 'child', type: 'PipelineReference' }, ...(waitOnCompletion === undefined ? {} : { waitOnCompletion }) },
  });
  const onFailure = fail('Could Not Start', [['Call', 'Failed']]);
  for (const [wait, status] of [
    [true, 'Failed'],
    [false, 'Succeeded'],
    [undefined, 'Succeeded'],
  ] as const) {
    const engine = engineFor({ parent: [call('Call', wait), onFailure], child: [fail('ChildBroke')] });
    const run = (await runPipeline(engine, 'parent', {}, { type: 'Manual' }))!;
    const activity = run.activities[0];
    assert.is(activity.status, status, `waitOnCompletion ${wait}`);
    assert.is(activity.pipelineRun!.status, 'Failed', 'the child runs to its end either way');
    assert.is(activity.pipelineRun!.error!.errorCode, 'ChildBroke');
    assert.equal((activity.output as { pipelineName: string }).pipelineName, 'child');
    assert.is(statuses(run.activities)['Could Not Start'], wait ? 'Failed' : 'Skipped');
    if (wait) assert.is(activity.error!.errorCode, 'ChildBroke');
    else assert.match(activity.notes!.join(' '), /waitOnCompletion is false.*\(Failed: ChildBroke\)/);
  }
  // Not waiting, the activity fails only when the child cannot start.
  const limited = engineFor({ parent: [call('Call', false), onFailure], child: [ok('Fine')] });
  limited.maxRuns = 1;
  const run = (await runPipeline(limited, 'parent', {}, { type: 'Manual' }))!;
  assert.is(run.activities[0].error!.errorCode, 'SimulationRunLimit');
  assert.is(statuses(run.activities)['Could Not Start'], 'Failed');
});

test('a dependency cycle or an unknown dependency is HUB463', async () => {
  for (const acts of [[ok('A', [['B', 'Succeeded']]), ok('B', [['A', 'Succeeded']])], [ok('A', [['Z', 'Succeeded']])]]) {
    try {
      await runOnly(acts);
      assert.unreachable('should throw');
    } catch (e) {
      assert.is((e as SimulationError).code, 'HUB463');
    }
  }
});

test.run();
