/**
 * Concurrent ForEach items with reproducible results (issue #23): Data Factory runs up to `batchCount`
 * items of a non-sequential ForEach at once, and so does the simulator, yet two simulations of the same
 * input print the same run ids, the same file changes in the same order and the same report.
 *
 * How: the items' own steps (evaluating expressions, recording runs and file changes, numbering run ids)
 * never run at the same time: an item holds the turn until it reaches work that waits on another thread
 * ({@link heavy}: a conversion in DuckDB, a file copy), starts that work and passes the turn on. Turns go
 * round the running items in a fixed order (item order; an item that ends is replaced in its place by the
 * next item), and an item whose turn comes waits for its own work to finish. So the order of every
 * recorded step is fixed by the input alone, while up to `limit` conversions run side by side.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

interface Task {
  index: number;
  started: boolean;
  /** Settles when the task's heavy work has finished (set while the task waits). */
  work?: Promise<unknown>;
  /** Gives the task its turn back after its heavy work. */
  resume?: () => void;
  /** Called by the task when it passes its turn on or ends. */
  yielded?: () => void;
  outcome?: PromiseSettledResult<unknown>;
}

/** The pool and task of the code running now, when it runs inside a concurrent ForEach item. */
const current = new AsyncLocalStorage<{ pool: OrderedPool; task: Task }>();

/** Runs items with at most `limit` at once, in turns, as the module comment describes. */
export class OrderedPool {
  constructor(private readonly limit: number) {}

  /**
   * Runs `fn(0)` ... `fn(count - 1)`.
   * @returns each item's outcome, by item index; when an item throws, no further item starts, the work
   *   already started is waited for, and the outcomes of items that never finished are absent
   */
  async run<R>(count: number, fn: (index: number) => Promise<R>): Promise<(PromiseSettledResult<R> | undefined)[]> {
    const outcomes: (PromiseSettledResult<R> | undefined)[] = Array.from({ length: count }, () => undefined);
    const active: Task[] = [];
    let next = 0;
    const fresh = (): Task => ({ index: next++, started: false });
    while (active.length < Math.max(1, this.limit) && next < count) active.push(fresh());
    let pos = 0;
    let failed = false;
    while (active.length) {
      const task = active[pos];
      await this.turn(task, fn);
      if (task.outcome) {
        outcomes[task.index] = task.outcome as PromiseSettledResult<R>;
        if (task.outcome.status === 'rejected') failed = true;
        if (!failed && next < count) {
          active[pos] = fresh();
          pos += 1;
        } else active.splice(pos, 1);
      } else pos += 1;
      if (failed) {
        // Stop: let the work in flight finish (it writes only temporary files), start nothing more.
        await Promise.all(active.map((t) => t.work));
        return outcomes;
      }
      if (pos >= active.length) pos = 0;
    }
    return outcomes;
  }

  /** Gives a task its turn and resolves when it passes the turn on or ends. */
  private async turn<R>(task: Task, fn: (index: number) => Promise<R>): Promise<void> {
    const passed = new Promise<void>((resolve) => (task.yielded = resolve));
    if (!task.started) {
      task.started = true;
      current.run({ pool: this, task }, () =>
        fn(task.index)
          .then(
            (value) => (task.outcome = { status: 'fulfilled', value }),
            (reason) => (task.outcome = { status: 'rejected', reason }),
          )
          .finally(() => task.yielded?.()),
      );
    } else {
      await task.work;
      task.work = undefined;
      task.resume!();
    }
    await passed;
  }

  /** Starts `work`, passes the turn on while it runs, and returns its result once the turn comes back. */
  async during<T>(task: Task, work: () => Promise<T>): Promise<T> {
    const running = work();
    task.work = running.then(
      () => undefined,
      () => undefined,
    );
    await new Promise<void>((resolve) => {
      task.resume = resolve;
      task.yielded!();
    });
    return running;
  }
}

/**
 * Runs work that waits on another thread or the disk (a DuckDB conversion, a file copy). Inside a
 * concurrent ForEach item the item passes its turn on meanwhile; elsewhere the work is simply awaited.
 * The work must not record anything the simulation reports (file changes, run ids): do that after it.
 */
export function heavy<T>(work: () => Promise<T>): Promise<T> {
  const at = current.getStore();
  return at ? at.pool.during(at.task, work) : work();
}
