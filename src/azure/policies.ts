/**
 * Request policies added to the pipeline of every Azure SDK client `hubc deploy` creates (Resources, Data
 * Factory), so that no answer, or lack of one, can hold the run for ever (issue #20):
 *
 * - `hubc-deadline` (per call): every request carries the run's deadline signal and a time-out of its own
 *   (`PipelineRequest.timeout`, which the SDK's HTTP client enforces per attempt; a request that timed
 *   out is retried by the SDK's retry policy like any failed send);
 * - `hubc-state-guard` (per retry, outermost): an answer about a long-running operation's state (the
 *   `Azure-AsyncOperation` status of a deployment, `GET .../operationStatuses/...`, and the deployment
 *   itself, `GET .../deployments/{name}`) that is not JSON, has no status, or a status ARM does not
 *   document is asked again after the poll interval, and after `unreadableStates` such answers in a row
 *   the request fails with {@link UnreadableStateError}; the SDK's poller would otherwise take a missing
 *   status for success or poll an unknown one for ever;
 * - `hubc-request-timeout` (per retry): a request whose own time-out fired fails as a `RestError` with
 *   code `ETIMEDOUT`, which the SDK's retry policy retries (with its back-off, 3 times) as it does a
 *   connection reset; the SDK's HTTP client reports it as a bare `AbortError`, which nothing retries;
 * - `hubc-retry-after-cap` (per retry): `Retry-After`, `retry-after-ms` and `x-ms-retry-after-ms` larger
 *   than the cap are lowered to it, before the SDK's throttling retry and its long-running-operation
 *   poller read them;
 * - `hubc-nesting` (per retry, innermost): a JSON answer nested deeper than {@link MAX_NESTING} levels is
 *   cut there before the SDK deserializes it (error details are replaced by a count of what was cut), so
 *   no recursive reader overflows the stack.
 *
 * REST: ARM's asynchronous operations ("Track asynchronous Azure operations": `Azure-AsyncOperation`
 * answers `{ status, error? }`, `Retry-After` in seconds) and the `provisioningState` values of
 * Microsoft.Resources deployments (`KnownProvisioningState` of `@azure/arm-resources`).
 */
import type { PipelinePolicy, PipelineRequest } from '@azure/core-rest-pipeline';
import type { Deadline, DeployLimits } from './deadline.js';
import { UnreadableStateError } from './deadline.js';
import { CUT_DETAILS_KEY } from './errors.js';
import { isObject, type JsonObject } from '../util/json.js';

/** Deepest JSON nesting of an answer hubc lets the SDK read (ARM's own answers stay far below it). */
export const MAX_NESTING = 64;

/**
 * States of a deployment and statuses of an asynchronous operation that ARM documents, lower case:
 * the deployment `provisioningState` values, and the async operation statuses (`Succeeded`, `Failed`,
 * `Canceled`, and the in-progress ones the SDK's poller knows).
 */
const KNOWN_STATES = new Set(
  [
    'NotSpecified',
    'Accepted',
    'Running',
    'Ready',
    'Creating',
    'Created',
    'Deleting',
    'Deleted',
    'Canceled',
    'Failed',
    'Succeeded',
    'Updating',
    'InProgress',
    'Started',
    'Canceling',
    'Cancelling',
    'Cancelled',
  ].map((s) => s.toLowerCase()),
);

/** Whether a state is one ARM documents (case-insensitive). */
export const isKnownState = (state: string): boolean => KNOWN_STATES.has(state.toLowerCase());

/** Final states of a deployment: it does not change any more. */
export const isFinalState = (state: string): boolean => ['succeeded', 'failed', 'canceled'].includes(state.toLowerCase());

type StatusKind = 'operation' | 'deployment';

/** Which kind of state answer a request asks for, if any. */
function statusKind(request: PipelineRequest): StatusKind | undefined {
  if (request.method !== 'GET') return undefined;
  let path: string;
  try {
    path = new URL(request.url).pathname;
  } catch {
    return undefined;
  }
  if (/\/operationStatuses\/[^/]+$/i.test(path)) return 'operation';
  if (/\/providers\/Microsoft\.Resources\/deployments\/[^/]+$/i.test(path)) return 'deployment';
  return undefined;
}

/** What is wrong with a state answer, or undefined when it reads. */
export function stateProblem(kind: StatusKind, text: string | undefined | null): string | undefined {
  let body: unknown;
  try {
    body = JSON.parse(text ?? '');
  } catch {
    return 'the answer is not JSON';
  }
  if (!isObject(body)) return 'the answer is not a JSON object';
  const state = kind === 'operation' ? body.status : isObject(body.properties) ? body.properties.provisioningState : undefined;
  const field = kind === 'operation' ? 'status' : 'properties.provisioningState';
  if (typeof state !== 'string') return `the answer has no ${field}`;
  if (!isKnownState(state)) return `the ${field} '${state.slice(0, 100).replace(/[^\x20-\x7e]/g, '?')}' is not one ARM documents`;
  return undefined;
}

/** The run's deadline and a time-out on every request. */
function deadlinePolicy(signal: AbortSignal, requestTimeoutMs: number): PipelinePolicy {
  return {
    name: 'hubc-deadline',
    sendRequest(request, next) {
      const own = request.abortSignal as AbortSignal | undefined;
      request.abortSignal = own ? AbortSignal.any([own, signal]) : signal;
      if (!request.timeout || request.timeout > requestTimeoutMs) request.timeout = requestTimeoutMs;
      return next(request);
    },
  };
}

/** A request that timed out (not one whose caller or deadline aborted it) fails as a retryable `ETIMEDOUT`. */
function requestTimeoutPolicy(): PipelinePolicy {
  return {
    name: 'hubc-request-timeout',
    async sendRequest(request, next) {
      try {
        return await next(request);
      } catch (e) {
        if ((e as Error | undefined)?.name !== 'AbortError' || request.abortSignal?.aborted) throw e;
        // The shape the SDK's `isRestError` and retry strategies recognise (name, code, request).
        throw Object.assign(new Error(`no answer from ${new URL(request.url).host} within ${request.timeout} ms`), { name: 'RestError', code: 'ETIMEDOUT', request });
      }
    },
  };
}

/** Unreadable state answers are asked again, a bounded number of times. */
function stateGuardPolicy(limit: number, intervalMs: number, deadline: Deadline): PipelinePolicy {
  return {
    name: 'hubc-state-guard',
    async sendRequest(request, next) {
      const kind = statusKind(request);
      if (!kind) return next(request);
      for (let unreadable = 1; ; unreadable++) {
        const response = await next(request);
        if (response.status !== 200) return response;
        const problem = stateProblem(kind, response.bodyAsText);
        if (!problem) return response;
        if (unreadable >= limit) throw new UnreadableStateError(request.url, `${problem} (${unreadable} answers in a row)`);
        await deadline.sleep(intervalMs);
      }
    },
  };
}

/** Seconds or an HTTP date, as milliseconds from now; undefined when neither. */
function retryAfterMs(value: string): number | undefined {
  if (/^\s*\d+(\.\d+)?\s*$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isFinite(at) ? at - Date.now() : undefined;
}

/** Lowers retry hints above the cap to it. */
function retryAfterCapPolicy(capMs: number): PipelinePolicy {
  return {
    name: 'hubc-retry-after-cap',
    async sendRequest(request, next) {
      const response = await next(request);
      for (const name of ['retry-after-ms', 'x-ms-retry-after-ms']) {
        const v = response.headers.get(name);
        if (v !== undefined && !(Number(v) <= capMs)) response.headers.set(name, String(capMs));
      }
      const v = response.headers.get('retry-after');
      if (v !== undefined) {
        const ms = retryAfterMs(v);
        if (ms === undefined || ms > capMs) response.headers.set('retry-after', String(Math.floor(capMs / 1000)));
      }
      return response;
    },
  };
}

/** Deepest nesting of a JSON text (brackets outside strings), stopping once past `limit`. */
export function jsonDepth(text: string, limit = Infinity): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max && (max = depth) > limit) return max;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return max;
}

/** Errors (objects with a string code or message) in a value, counted with an explicit stack. */
function countErrors(value: unknown): number {
  let n = 0;
  const stack = [value];
  while (stack.length) {
    const v = stack.pop();
    if (Array.isArray(v)) for (const x of v) stack.push(x);
    else if (isObject(v)) {
      if (typeof v.code === 'string' || typeof v.message === 'string') n++;
      for (const x of Object.values(v)) stack.push(x);
    }
  }
  return n;
}

/**
 * A JSON value cut at `max` levels: an error object whose `details` would reach that deep gets `[]` as
 * `details` and {@link CUT_DETAILS_KEY} with the number of errors cut; any other value that deep becomes
 * null. Walks with an explicit stack (the value itself may be nested 100,000 levels).
 */
export function cutNesting(value: unknown, max = MAX_NESTING): unknown {
  const root = { v: value } as JsonObject;
  const stack: { holder: JsonObject | unknown[]; depth: number }[] = [{ holder: root, depth: 0 }];
  while (stack.length) {
    const { holder, depth } = stack.pop()!;
    if (isObject(holder) && Array.isArray(holder.details) && depth + 2 >= max) {
      holder[CUT_DETAILS_KEY] = countErrors(holder.details);
      holder.details = [];
    }
    const keys = Array.isArray(holder) ? [...holder.keys()] : Object.keys(holder);
    for (const k of keys) {
      const v = (holder as Record<string | number, unknown>)[k];
      if (typeof v !== 'object' || v === null) continue;
      if (depth + 1 >= max) (holder as Record<string | number, unknown>)[k] = null;
      else stack.push({ holder: v as JsonObject | unknown[], depth: depth + 1 });
    }
  }
  return root.v;
}

/** Cuts answers nested too deep (see the module comment). */
function nestingPolicy(max: number): PipelinePolicy {
  return {
    name: 'hubc-nesting',
    async sendRequest(request, next) {
      const response = await next(request);
      const text = response.bodyAsText;
      if (text && jsonDepth(text, max) > max) {
        try {
          response.bodyAsText = JSON.stringify(cutNesting(JSON.parse(text), max));
        } catch {
          // not JSON: the SDK reports it as it would
        }
      }
      return response;
    },
  };
}

/** An extra policy of an Azure SDK client and where it goes in its pipeline. */
export interface AddedPolicy {
  policy: PipelinePolicy;
  position: 'perCall' | 'perRetry';
}

/**
 * The policies of a `hubc deploy` run, in the order the SDK clients take them (`additionalPolicies`).
 * @param pollIntervalMs wait before asking again about an unreadable state
 */
export function deployPolicies(deadline: Deadline, limits: DeployLimits, pollIntervalMs: number): AddedPolicy[] {
  return [
    { position: 'perCall', policy: deadlinePolicy(deadline.signal, limits.requestTimeoutMs) },
    { position: 'perRetry', policy: stateGuardPolicy(limits.unreadableStates, pollIntervalMs, deadline) },
    { position: 'perRetry', policy: requestTimeoutPolicy() },
    { position: 'perRetry', policy: retryAfterCapPolicy(limits.retryAfterCapMs) },
    { position: 'perRetry', policy: nestingPolicy(MAX_NESTING) },
  ];
}
