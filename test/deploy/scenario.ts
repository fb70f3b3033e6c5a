/**
 * Shared pieces of the `hubc deploy` tests: a default stand-in scenario (every provider registered but
 * Microsoft.EventGrid, a what-if with each kind of change, a three-operation deployment with outputs)
 * and a runner that calls the CLI in-process against a stand-in with the test credential.
 */
import { fileURLToPath } from 'node:url';
import { runCli } from '../../src/cli/program.js';
import type { CliIO } from '../../src/cli/io.js';
import type { DeployTiming } from '../../src/deploy/run.js';
import { ArmStandin, type StandinScenario } from '../support/armStandin.js';
import { FixedTokenCredential, RequestWatch } from '../support/azureTest.js';

export const SUB = '00000000-1111-2222-3333-444444444444';
export const RG = 'rg-hub';
export const API_VERSION = '2025-03-01';
export const rgId = `/subscriptions/${SUB}/resourceGroups/${RG}`;

/** Namespaces the default hub needs, all registered except Microsoft.EventGrid. */
export function providers(): Record<string, string> {
  return {
    'Microsoft.Authorization': 'Registered',
    'Microsoft.ContainerInstance': 'Registered',
    'Microsoft.DataFactory': 'Registered',
    'Microsoft.EventGrid': 'NotRegistered',
    'Microsoft.KeyVault': 'Registered',
    'Microsoft.ManagedIdentity': 'Registered',
    'Microsoft.Network': 'Registered',
    'Microsoft.Resources': 'Registered',
    'Microsoft.Storage': 'Registered',
    'Microsoft.Compute': 'NotRegistered',
  };
}

/** The default scenario; `patch` replaces top-level members. */
export function scenario(patch: Partial<StandinScenario> = {}): StandinScenario {
  return {
    subscriptionId: SUB,
    providers: providers(),
    resourceGroups: {},
    whatIf: {
      changes: [
        { resourceId: `${rgId}/providers/Microsoft.Storage/storageAccounts/finopshubstore123`, changeType: 'Create', after: { name: 'finopshubstore123' } },
        {
          resourceId: `${rgId}/providers/Microsoft.KeyVault/vaults/finops-hub-vault-123`,
          changeType: 'Modify',
          delta: [
            { path: 'properties.sku.name', propertyChangeType: 'Modify', before: 'standard', after: 'premium' },
            { path: 'tags.cm-resource-parent', propertyChangeType: 'Create', after: `${rgId}/providers/Microsoft.Cloud/hubs/finops-hub` },
            { path: 'properties.accessPolicies', propertyChangeType: 'Array', children: [{ path: '0', propertyChangeType: 'Delete', before: { objectId: 'abc' } }] },
          ],
        },
        { resourceId: `${rgId}/providers/Microsoft.ManagedIdentity/userAssignedIdentities/finops-hub-identity`, changeType: 'NoChange' },
        { resourceId: `${rgId}/providers/Microsoft.Compute/virtualMachines/unrelated-vm`, changeType: 'Ignore' },
        {
          resourceId: `${rgId}/providers/Microsoft.Resources/deploymentScripts/uploadSettings`,
          changeType: 'Unsupported',
          unsupportedReason: 'Changes to deployment scripts cannot be predicted.',
        },
      ],
    },
    deploy: {
      operations: [
        { resourceType: 'Microsoft.Storage/storageAccounts', resourceName: 'finopshubstore123', state: 'Succeeded', statusCode: 'Created' },
        { resourceType: 'Microsoft.KeyVault/vaults', resourceName: 'finops-hub-vault-123', state: 'Succeeded', statusCode: 'OK' },
        { resourceType: 'Microsoft.DataFactory/factories', resourceName: 'finops-hub-engine-123', state: 'Succeeded', statusCode: 'Created' },
      ],
      outputs: {
        name: { type: 'String', value: RG },
        storageAccountName: { type: 'String', value: 'finopshubstore123' },
        managedIdentityId: { type: 'String', value: '33333333-3333-3333-3333-333333333333' },
      },
    },
    ...patch,
  };
}

/** What a run produced. */
export interface Run {
  code: number;
  stdout: string;
  stderr: string;
  standin: ArmStandin;
  credential: FixedTokenCredential;
  /** Hosts of every HTTP(S) request the process started during the run. */
  hosts: string[];
}

/**
 * Runs `hubc deploy` (or any argv) against a fresh stand-in with the test credential and short
 * polling intervals, then stops the stand-in.
 * @param tty `false` (no terminal), or the answer typed at the confirmation prompt
 * @param timing replaces waits and limits of the run (short request time-outs and `Retry-After` caps for
 *   the fault tests)
 */
export async function run(s: StandinScenario, argv: string[], tty: false | string = false, timing: Partial<DeployTiming> = {}): Promise<Run & { questions: string[] }> {
  const standin = await ArmStandin.start(s);
  const credential = new FixedTokenCredential();
  const watch = new RequestWatch();
  let stdout = '';
  let stderr = '';
  const questions: string[] = [];
  const io: CliIO = {
    out: (t) => void (stdout += t),
    err: (t) => void (stderr += t),
    isTTY: tty !== false,
    ...(tty !== false ? { ask: async (q: string) => (questions.push(q), tty) } : {}),
  };
  try {
    const code = await runCli([...argv, '--arm-endpoint', standin.endpoint], io, {
      // The SDK's retries of failed sends (a timed-out request) wait 10-50 ms instead of 1-64 s.
      azure: {
        credential,
        clientOptions: { ...standin.clientOptions, retryOptions: { retryDelayInMs: 10, maxRetryDelayInMs: 50 } },
        timing: { pollIntervalMs: 5, registrationTimeoutMs: 5000, ...timing },
      },
    });
    return { code, stdout, stderr, standin, credential, hosts: watch.hosts, questions };
  } finally {
    watch.close();
    await standin.stop();
  }
}

/** The repository's hub.yaml (the specification's default hub). */
export const HUB_YAML = fileURLToPath(new URL('../../hub.yaml', import.meta.url));

/** `deploy` of the repository's hub.yaml with the subscription and resource group of the tests. */
export const deployArgs = (...more: string[]) => ['deploy', HUB_YAML, '--subscription', SUB, '--resource-group', RG, ...more];
