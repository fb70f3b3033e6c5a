/**
 * Bounds on the time `hubc deploy` spends on Azure: one overall deadline (`--timeout`), a time-out per
 * HTTP request, a cap on the `Retry-After` waits ARM asks for, and a bounded number of answers about an
 * operation's state that cannot be read. The SDK is held to them through request policies of its own
 * pipeline (`./policies.ts`) and abort signals; what runs outside the SDK (hubc's own waits) takes the
 * same signal.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { formatDuration } from '../util/duration.js';

export { formatDuration, parseDuration } from '../util/duration.js';

/** What `hubc deploy` waits for at most, in ms (docs/deploy.md, "Time limits"). */
export interface DeployLimits {
  /** The whole run (`--timeout`, default 2 hours); time spent at the confirmation prompt does not count. */
  timeoutMs: number;
  /** One HTTP request, from sending it to the end of the answer's headers (default 60 s); the SDK retries a request that timed out. */
  requestTimeoutMs: number;
  /** Longest wait a `Retry-After` (or `retry-after-ms`) header can ask for (default 60 s). */
  retryAfterCapMs: number;
  /**
   * Answers about an operation's state that cannot be read (not JSON, no status, a status ARM does not
   * document), in a row, before hubc gives up on the operation with "could not read the deployment's
   * state" (default 5); each is asked again after the poll interval.
   */
  unreadableStates: number;
}

/** The defaults of {@link DeployLimits}. */
export const DEFAULT_LIMITS: DeployLimits = { timeoutMs: 2 * 3_600_000, requestTimeoutMs: 60_000, retryAfterCapMs: 60_000, unreadableStates: 5 };

/** Thrown (and reported as HUB440) when the overall deadline passes. */
export class DeployTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`hubc deploy stopped after ${formatDuration(timeoutMs)} (--timeout)`);
    this.name = 'DeployTimeoutError';
  }
}

/**
 * Thrown (and reported as HUB441) when ARM's answers about an operation's state could not be read
 * {@link DeployLimits.unreadableStates} times in a row.
 */
export class UnreadableStateError extends Error {
  /**
   * @param url the status URL polled
   * @param problem what was wrong with the last answer
   */
  constructor(
    readonly url: string,
    readonly problem: string,
  ) {
    super(`could not read the operation's state: ${problem}`);
    this.name = 'UnreadableStateError';
  }
}

/**
 * The overall deadline of a run: `signal` aborts (with a {@link DeployTimeoutError}) when `timeoutMs` have
 * passed, not counting paused time. Its timer keeps the process alive until {@link Deadline.stop} (so that
 * work stuck on nothing still ends with the time-out being reported): stop it when the run ends.
 */
export class Deadline {
  private readonly controller = new AbortController();
  private timer: NodeJS.Timeout | undefined;
  private remainingMs: number;
  private startedAt = 0;

  constructor(readonly timeoutMs: number) {
    this.remainingMs = timeoutMs;
    this.resume();
  }

  /** Aborts when the deadline passes. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Whether the deadline has passed. */
  get expired(): boolean {
    return this.controller.signal.aborted;
  }

  /** Stops the clock (while hubc waits for the user). */
  pause(): void {
    if (!this.timer) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.remainingMs -= Date.now() - this.startedAt;
  }

  /** Starts the clock again with the time that was left. */
  resume(): void {
    if (this.timer || this.expired) return;
    this.startedAt = Date.now();
    this.timer = setTimeout(() => this.controller.abort(new DeployTimeoutError(this.timeoutMs)), Math.max(0, this.remainingMs));
  }

  /** Stops the clock for good (the run ended). */
  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  /**
   * `work`, or a {@link DeployTimeoutError} as soon as the deadline passes, whichever comes first (for
   * work that may not honour the signal, such as a credential signing in).
   */
  race<T>(work: Promise<T>): Promise<T> {
    if (this.expired) return Promise.reject(this.signal.reason);
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => reject(this.signal.reason);
      this.signal.addEventListener('abort', onAbort, { once: true });
      work.then(
        (v) => (this.signal.removeEventListener('abort', onAbort), resolve(v)),
        (e) => (this.signal.removeEventListener('abort', onAbort), reject(e)),
      );
    });
  }

  /** Waits `ms`, or rejects with the {@link DeployTimeoutError} when the deadline passes first. */
  async sleep(ms: number): Promise<void> {
    await sleep(ms, undefined, { signal: this.signal }).catch((e) => {
      throw this.expired ? this.signal.reason : e;
    });
  }
}
