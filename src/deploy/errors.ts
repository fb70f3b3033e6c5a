/**
 * ARM errors: reading them out of whatever the SDK throws or returns, telling apart the kinds of failure
 * (sign-in, permission, throttling, network, a rejected request), and printing them with their code,
 * target and nested details.
 *
 * ARM's error shape (Azure docs "Azure Resource Manager error response", and the `ErrorResponse` /
 * `CloudError` definitions of the Microsoft.Resources REST API):
 * `{ "error": { "code", "message", "target"?, "details"?: [ same shape ], "additionalInfo"?: [...] } }`.
 */
import { isObject } from '../util/json.js';

/** One ARM error, with its nested details (the same shape, recursively). */
export interface ArmError {
  code: string;
  message: string;
  /** What the error is about: a resource, a property path, a parameter name. */
  target?: string;
  details: ArmError[];
}

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
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE', 'CERT_HAS_EXPIRED', 'DEPTH_ZERO_SELF_SIGNED_CERT', 'SELF_SIGNED_CERT_IN_CHAIN', 'UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'ERR_TLS_CERT_ALTNAME_INVALID', 'REQUEST_SEND_ERROR']);

/**
 * Reads an ARM error from a body: `{ error: {...} }` or the inner `{ code, message, ... }` itself.
 * Details without code or message are kept with empty strings; anything else gives undefined.
 */
export function armErrorFromBody(body: unknown): ArmError | undefined {
  const inner = isObject(body) && isObject(body.error) ? body.error : body;
  if (!isObject(inner) || (typeof inner.code !== 'string' && typeof inner.message !== 'string')) return undefined;
  const details = Array.isArray(inner.details) ? inner.details.map(armErrorFromBody).filter((d): d is ArmError => d !== undefined) : [];
  return {
    code: typeof inner.code === 'string' ? inner.code : '',
    message: typeof inner.message === 'string' ? inner.message : '',
    ...(typeof inner.target === 'string' && inner.target ? { target: inner.target } : {}),
    details,
  };
}

/**
 * Classifies an exception from the SDK or the credential. For an HTTP error (the SDK's `RestError`,
 * recognised by its `statusCode`), ARM's body is read from the raw response text, because the SDK's
 * deserialised `details` may drop nested fields.
 */
export function armFailureOf(e: unknown): ArmFailure {
  const err = e as { name?: string; message?: string; code?: string; statusCode?: number; response?: { bodyAsText?: string | null }; details?: unknown };
  const message = typeof err?.message === 'string' ? err.message : String(e);
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
 * more spaces per level.
 * @param indent prefix of the first line
 */
export function formatArmError(error: ArmError, indent = '  '): string[] {
  const head = [error.code, error.target ? `(target: ${error.target})` : ''].filter(Boolean).join(' ');
  const lines = [`${indent}${head}${head && error.message ? ': ' : ''}${error.message}`];
  for (const d of error.details) lines.push(...formatArmError(d, `${indent}  `));
  return lines;
}
