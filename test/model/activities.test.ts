/**
 * The one activity-tree walker (src/model/activities.ts): it reaches the activities nested in every kind of
 * container (ForEach, Until, If Condition, Switch cases and default), with their paths, containers and lists.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { activityTree, ADF_CONTAINER_TYPES, INNER_ACTIVITY_KEYS } from '../../src/model/activities.js';
import { valueAt } from '../../src/util/json.js';

const wait = (name: string) => ({ name, type: 'Wait', typeProperties: { waitTimeInSeconds: 1 } });

/** ForEach > IfCondition > (true: Switch > (case 'a': A, default: D), false: Until > U), then Last. */
const PIPELINE = {
  activities: [
    {
      name: 'Each',
      type: 'ForEach',
      typeProperties: {
        items: '@pipeline().parameters.list',
        activities: [
          {
            name: 'If',
            type: 'IfCondition',
            typeProperties: {
              expression: { value: '@true', type: 'Expression' },
              ifTrueActivities: [
                { name: 'Switch', type: 'Switch', typeProperties: { on: '@item()', cases: [{ value: 'a', activities: [wait('A')] }], defaultActivities: [wait('D')] } },
              ],
              ifFalseActivities: [{ name: 'Until', type: 'Until', typeProperties: { expression: { value: '@true', type: 'Expression' }, activities: [wait('U')] } }],
            },
          },
        ],
      },
    },
    wait('Last'),
    'not an activity',
  ],
};

test('reaches every nested activity, depth first, a container before what it holds', () => {
  const tree = activityTree(PIPELINE.activities);
  assert.equal(
    tree.map((n) => n.name),
    ['Each', 'If', 'Switch', 'A', 'D', 'Until', 'U', 'Last'],
  );
});

test('each activity knows its path, its containers and the list of its container that holds it', () => {
  const tree = activityTree(PIPELINE.activities);
  const byName = new Map(tree.map((n) => [n.name, n]));
  for (const n of tree) assert.is(valueAt(PIPELINE, n.path), n.activity, `path of ${n.name}`);
  assert.equal(byName.get('A')!.path, ['activities', 0, 'typeProperties', 'activities', 0, 'typeProperties', 'ifTrueActivities', 0, 'typeProperties', 'cases', 0, 'activities', 0]);
  assert.equal(
    byName.get('A')!.containers.map((c) => c.name),
    ['Each', 'If', 'Switch'],
  );
  assert.equal(
    byName.get('U')!.containers.map((c) => c.type),
    ['ForEach', 'IfCondition', 'Until'],
  );
  assert.equal([byName.get('A')!.list?.key, byName.get('A')!.list?.caseValue], ['cases', 'a']);
  assert.is(byName.get('D')!.list?.key, 'defaultActivities');
  assert.is(byName.get('Until')!.list?.key, 'ifFalseActivities');
  assert.is(byName.get('Each')!.list, undefined);
  assert.equal(
    byName.get('Last')!.siblings.map((s) => s.name),
    ['Each', 'Last'],
  );
});

test('a base path prefixes every path; what is not a list gives no activities', () => {
  assert.equal(activityTree(PIPELINE.activities, ['properties', 'activities'])[1]!.path.slice(0, 3), ['properties', 'activities', 0]);
  assert.equal(activityTree(undefined), []);
  assert.equal(activityTree({ name: 'x' }), []);
});

test('the container types and the keys of their lists', () => {
  assert.equal([...ADF_CONTAINER_TYPES].sort(), ['ForEach', 'IfCondition', 'Switch', 'Until']);
  assert.equal([...INNER_ACTIVITY_KEYS].sort(), ['activities', 'defaultActivities', 'ifFalseActivities', 'ifTrueActivities']);
});

test.run();
