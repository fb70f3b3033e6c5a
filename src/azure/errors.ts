/**
 * ARM errors: reading them out of whatever the SDK throws or returns, telling apart the kinds of failure
 * (sign-in, permission, throttling, network, a rejected request), and printing them with their code,
 * target and nested details.
 *
 * ARM's error shape (Azure docs "Azure Resource Manager error response", and the `ErrorResponse` /
 * `CloudError` definitions of the Microsoft.Resources REST API):
 * `{ "error": { "code", "message", "target"?, "details"?: [ same shape ], "additionalInfo"?: [...] } }`.
 *
 * What ARM sends is text from outside, printed on a terminal: an error tree is read to a bounded depth and
 * number of entries ({@link ARM_ERROR_LIMITS}; what is left out is counted, not printed), and every
 * string has its terminal escape sequences and control characters removed and is cut to a bounded length
 * (issue #20: 10,000 levels of details crashed hubc, 2,000 printed 8 MB, escape sequences reached the
 * terminal as they were).
 */
import { oneLine } from '../util/text.js';
import { isObject, type JsonObject } from '../util/json.js';

/** One ARM error, with its nested details (the same shape, recursively). */
export interface ArmError {
  code: string;
  message: string;
  /** What the error is about: a resource, a property path, a parameter name. */
  target?: string;
  details: ArmError[];
  /** Details below this one (at any depth) left out by {@link ARM_ERROR_LIMITS}; absent when none. */
  omitted?: number;
}

/**
 * How much of an ARM error tree hubc reads and prints: 8 levels below the top error, 50 errors in all,
 * codes and targets of at most 200 characters, messages of at most 2,000 (so at most about 110 KB).
 */
export const ARM_ERROR_LIMITS = { depth: 8, errors: 50, code: 200, message: 2000 } as const;

/** Most left-out details counted. */
const OMITTED_CAP = 100_000;

/** Key an error object gets where an answer nested too deep was cut (`./policies.ts`): how many errors were cut. */
export const CUT_DETAILS_KEY = 'x-hubc-omitted-details';

/** What went wrong in one call to ARM, classified for the exit code and the hint. */
export interface ArmFailure {
  /**
   * - `auth`: the credential could not get a token (not signed in, expired, wrong tenant)
   * - `forbidden`: HTTP 403, the identity lacks a permission
   * - `throttled`: HTTP 429 still after the SDK's retries (it honours `Retry-After`)
   * - `network`: no HTTP answer (connection refused, DNS, TLS)
   * - `arm`: any other HTTP error answer, with ARM's error body
   */
  kind: 'auth' | 'forbidden' | 'throttled' | 'network' | 'arm';
  /** HTTP status, when ARM answered. */
  status?: number;
  /** ARM's error body, or one made from the exception's message. */
  error: ArmError;
}

/** Error names `@azure/identity` uses when a credential cannot get a token. */
const AUTH_ERROR_NAMES = new Set(['CredentialUnavailableError', 'AuthenticationError', 'AggregateAuthenticationError', 'AuthenticationRequiredError']);

/** Node's error codes of a request that got no HTTP answer. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'REQUEST_SEND_ERROR',
]);

/** An ARM error member (`{ code?, message? }` with at least one of them as a string), else undefined. */
function errorObject(v: unknown): JsonObject | undefined {
  return isObject(v) && (typeof v.code === 'string' || typeof v.message === 'string') ? v : undefined;
}

/** Errors a cut answer left out below an error member (`./policies.ts` counts them). */
const cutBelow = (e: JsonObject): number => (typeof e[CUT_DETAILS_KEY] === 'number' ? (e[CUT_DETAILS_KEY] as number) : 0);

/**
 * Entries under an error member (and those a cut answer left out below them), counted without recursion
 * (an explicit stack), at most `cap`.
 */
function countDetails(root: JsonObject, cap: number): number {
  let n = cutBelow(root);
  const stack: unknown[] = [...(Array.isArray(root.details) ? root.details : [])];
  while (stack.length && n < cap) {
    const d = errorObject(stack.pop());
    if (!d) continue;
    n += 1 + cutBelow(d);
    if (Array.isArray(d.details)) for (const x of d.details) stack.push(x);
  }
  return Math.min(n, cap);
}

/**
 * Reads an ARM error from a body: `{ error: {...} }` or the inner `{ code, message, ... }` itself.
 * Details without code or message are kept with empty strings; anything else gives undefined. At most
 * {@link ARM_ERROR_LIMITS} is read (breadth first, so the errors nearest the top are kept); strings lose
 * their control characters and are cut; `omitted` counts the details left out (up to 100,000).
 */
export function armErrorFromBody(body: unknown): ArmError | undefined {
  const top = errorObject(isObject(body) && isObject(body.error) ? body.error : body);
  if (!top) return undefined;
  const read = (e: JsonObject): ArmError => ({
    code: typeof e.code === 'string' ? oneLine(e.code, ARM_ERROR_LIMITS.code) : '',
    message: typeof e.message === 'string' ? oneLine(e.message, ARM_ERROR_LIMITS.message) : '',
    ...(typeof e.target === 'string' && e.target ? { target: oneLine(e.target, ARM_ERROR_LIMITS.code) } : {}),
    details: [],
  });
  const root = read(top);
  let kept = 1;
  const queue: { source: JsonObject; error: ArmError; depth: number }[] = [{ source: top, error: root, depth: 0 }];
  for (let i = 0; i < queue.length; i++) {
    const { source, error, depth } = queue[i];
    const children = (Array.isArray(source.details) ? source.details : []).map(errorObject).filter((d): d is JsonObject => d !== undefined);
    let left = cutBelow(source);
    for (const child of children) {
      if (depth + 1 > ARM_ERROR_LIMITS.depth || kept >= ARM_ERROR_LIMITS.errors) {
        left += 1 + countDetails(child, OMITTED_CAP);
        continue;
      }
      const e = read(child);
      kept++;
      error.details.push(e);
      queue.push({ source: child, error: e, depth: depth + 1 });
    }
    if (left) error.omitted = Math.min(left, OMITTED_CAP);
  }
  return root;
}

/**
 * Classifies an exception from the SDK or the credential. For an HTTP error (the SDK's `RestError`,
 * recognised by its `statusCode`), ARM's body is read from the raw response text, because the SDK's
 * deserialised `details` may drop nested fields.
 */
export function armFailureOf(e: unknown): ArmFailure {
  const err = e as { name?: string; message?: string; code?: string; statusCode?: number; response?: { bodyAsText?: string | null }; details?: unknown };
  const message = oneLine(typeof err?.message === 'string' ? err.message : String(e), ARM_ERROR_LIMITS.message);
  if (err && AUTH_ERROR_NAMES.has(err.name ?? '')) return { kind: 'auth', error: { code: err.name!, message, details: [] } };
  const status = typeof err?.statusCode === 'number' ? err.statusCode : undefined;
  if (status === undefined) {
    const kind = err && (NETWORK_CODES.has(err.code ?? '') || /ECONNREFUSED|ENOTFOUND|socket hang up/.test(message)) ? 'network' : 'arm';
    return { kind, error: { code: err?.code ?? err?.name ?? 'Error', message, details: [] } };
  }
  let parsed: ArmError | undefined;
  const text = err.response?.bodyAsText;
  if (text) {
    try {
      parsed = armErrorFromBody(JSON.parse(text));
    } catch {
      parsed = undefined;
    }
  }
  parsed ??= armErrorFromBody(err.details) ?? { code: err.code ?? `HTTP${status}`, message, details: [] };
  const kind = status === 403 ? 'forbidden' : status === 429 ? 'throttled' : 'arm';
  return { kind, status, error: parsed };
}

/**
 * Text lines of an ARM error and its nested details, each `code (target): message`, details indented two
 * more spaces per level, and a line `(N more details not shown)` where {@link armErrorFromBody} left some
 * out. The error is printed as read (bounded and without control characters).
 * @param indent prefix of the first line
 */
export function formatArmError(error: ArmError, indent = '  '): string[] {
  const head = [error.code, error.target ? `(target: ${error.target})` : ''].filter(Boolean).join(' ');
  const lines = [`${indent}${head}${head && error.message ? ': ' : ''}${error.message}`];
  for (const d of error.details) lines.push(...formatArmError(d, `${indent}  `));
  if (error.omitted) lines.push(`${indent}  (${error.omitted} more detail${error.omitted === 1 ? '' : 's'} not shown)`);
  return lines;
}
