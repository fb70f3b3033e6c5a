/**
 * Concurrent ForEach items (src/simulate/pool.ts): up to `limit` items' heavy work runs at once, while the
 * items' own steps run one at a time in a fixed order, whatever order the work finishes in.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { setTimeout as sleep } from 'node:timers/promises';
import { OrderedPool, heavy } from '../../src/simulate/pool.js';

/** Runs 5 items (limit 2) whose work takes `delays[i]` ms; returns the log of steps and the most work in flight. */
async function trace(delays: number[]) {
  const log: string[] = [];
  let inFlight = 0;
  let most = 0;
  const outcomes = await new OrderedPool(2).run(delays.length, async (i) => {
    log.push(`start ${i}`);
    const v = await heavy(async () => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await sleep(delays[i]);
      inFlight -= 1;
      return i * 10;
    });
    log.push(`end ${i}`);
    return v;
  });
  return { log, most, values: outcomes.map((o) => (o?.status === 'fulfilled' ? o.value : o)) };
}

test('steps in a fixed order, at most `limit` works at once, results by item', async () => {
  const fast = await trace([1, 1, 1, 1, 1]);
  const slowFirst = await trace([40, 1, 25, 1, 1]);
  const expected = ['start 0', 'start 1', 'end 0', 'end 1', 'start 2', 'start 3', 'end 2', 'end 3', 'start 4', 'end 4'];
  assert.equal(fast.log, expected);
  assert.equal(slowFirst.log, expected, 'the same order when item 0 finishes last');
  assert.is(slowFirst.most, 2);
  assert.equal(slowFirst.values, [0, 10, 20, 30, 40]);
});

test('an item that throws stops new items; the work in flight is waited for', async () => {
  let finished = 0;
  const outcomes = await new OrderedPool(2).run(4, async (i) => {
    await heavy(async () => {
      await sleep(i === 1 ? 20 : 1);
      finished += 1;
    });
    if (i === 0) throw new Error('boom');
    return i;
  });
  assert.is(outcomes[0]?.status, 'rejected');
  assert.is(outcomes[2], undefined, 'item 2 never started');
  assert.is(finished, 2, "item 1's work finished before run() returned");
});

test('outside a pool, heavy() is a plain await', async () => {
  assert.is(await heavy(async () => 7), 7);
});

test.run();
