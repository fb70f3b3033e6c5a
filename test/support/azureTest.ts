/**
 * What tests of Azure calls hand the SDK instead of the real thing: a credential that returns a fixed
 * token and records the scopes asked for, and a watch on every HTTP(S) request the process starts, so a
 * test can assert that nothing went anywhere but 127.0.0.1 (no Azure endpoint, no managed-identity
 * endpoint 169.254.169.254, no sign-in endpoint).
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { AccessToken, TokenCredential } from '@azure/identity';
import { TEST_TOKEN } from './armStandin.js';

/** A credential returning {@link TEST_TOKEN}; `scopes` records every request for a token. */
export class FixedTokenCredential implements TokenCredential {
  readonly scopes: string[][] = [];

  async getToken(scopes: string | string[]): Promise<AccessToken> {
    this.scopes.push(Array.isArray(scopes) ? [...scopes] : [scopes]);
    return { token: TEST_TOKEN, expiresOnTimestamp: Date.now() + 3_600_000 };
  }
}

/** Hosts of outgoing HTTP(S) requests, recorded through Node's `http.client.request.start` channel. */
export class RequestWatch {
  readonly hosts: string[] = [];
  private readonly listener = (message: unknown) => {
    const request = (message as { request?: { host?: string } }).request;
    this.hosts.push(String(request?.host ?? '?'));
  };

  /** Starts recording. */
  constructor() {
    subscribe('http.client.request.start', this.listener);
  }

  /** Stops recording. */
  close(): void {
    unsubscribe('http.client.request.start', this.listener);
  }
}
