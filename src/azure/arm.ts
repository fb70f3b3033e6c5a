/**
 * The connection to Azure Resource Manager (ARM): which cloud, which endpoint, which credential, and the
 * SDK client built from them. Everything here is injected by the caller: the CLI builds a
 * `DefaultAzureCredential` and the cloud's endpoint; tests pass their own credential and a local
 * stand-in's endpoint with its test certificate (`clientOptions.tlsOptions`). Nothing in `src/deploy` or
 * `src/import` creates a credential or picks an address by itself.
 */
import type { TokenCredential } from '@azure/identity';
import { ResourceManagementClient, type ResourceManagementClientOptionalParams } from '@azure/arm-resources';
import { DataFactoryManagementClient } from '@azure/arm-datafactory';
import { CLOUDS, type CloudName } from './clouds.js';
import type { AddedPolicy } from './policies.js';

/** Everything needed to talk to ARM for one subscription. */
export interface ArmConnection {
  /** Subscription ID (a GUID). */
  subscriptionId: string;
  /** Base URL of ARM requests, without trailing slash (the cloud's, or `--arm-endpoint`). */
  endpoint: string;
  /**
   * Token scope, `<cloud ARM endpoint>/.default`. It stays the cloud's audience when `--arm-endpoint`
   * points requests elsewhere (a proxy or a stand-in still expects ARM tokens).
   */
  scope: string;
  /** Signs every request (bearer token). */
  credential: TokenCredential;
  /** Extra SDK client options (tests: `tlsOptions.ca` trusting the stand-in's certificate). */
  clientOptions?: ResourceManagementClientOptionalParams;
  /** The cloud's portal (links to a deployment). */
  portal: string;
  /** Request policies every client of this connection adds to its pipeline (`./policies.ts`). */
  policies?: AddedPolicy[];
}

/**
 * The connection for a cloud, optionally with another endpoint.
 * @param endpoint overrides the cloud's ARM endpoint (already normalized)
 */
export function armConnection(
  cloud: CloudName,
  subscriptionId: string,
  credential: TokenCredential,
  endpoint?: string,
  clientOptions?: ResourceManagementClientOptionalParams,
): ArmConnection {
  const own = CLOUDS[cloud].resourceManager;
  return { subscriptionId, endpoint: endpoint ?? own, scope: `${own}/.default`, credential, clientOptions, portal: CLOUDS[cloud].portal };
}

/** The SDK client options of a connection: its own, its policies added after any the options hold, its endpoint and scope. */
export function clientOptionsOf(c: ArmConnection): ResourceManagementClientOptionalParams {
  return {
    ...c.clientOptions,
    additionalPolicies: [...(c.clientOptions?.additionalPolicies ?? []), ...(c.policies ?? [])],
    endpoint: c.endpoint,
    $host: c.endpoint,
    credentialScopes: [c.scope],
  };
}

/**
 * The SDK client of `@azure/arm-resources` (resource groups, providers, deployments, deployment
 * operations; api-version 2025-03-01 in release 6.1.0) for a connection.
 */
export function createResourceClient(c: ArmConnection): ResourceManagementClient {
  return new ResourceManagementClient(c.credential, c.subscriptionId, clientOptionsOf(c));
}

/** The Data Factory SDK client for a connection (same endpoint, credential and options as the resources client). */
export function createDataFactoryClient(c: ArmConnection): DataFactoryManagementClient {
  return new DataFactoryManagementClient(c.credential, c.subscriptionId, clientOptionsOf(c) as Record<string, unknown>);
}
