/**
 * The resource group a deployment of a public release leaves, for the ARM stand-in: its top-level
 * resources with names and tags from evaluating the public template with the deployment's parameters, its
 * deployment history (the deployment, two nested module deployments, a later failed one) and its factory.
 */
import { evaluatedTemplate } from '../../src/public/evaluate.js';
import { getRelease, publicParameterName, type ReleaseVersion } from '../../src/model/releases.js';
import type { StandinScenario } from './armStandin.js';
import { publicTemplate } from './publicTemplates.js';
import { scenario, SUB, RG, rgId } from '../deploy/scenario.js';

export const SCOPE = '/subscriptions/00000000-0000-0000-0000-0000000000a1';

/** The deployment's parameter values (public names) of a release. */
export function deployed(version: ReleaseVersion): Record<string, unknown> {
  const r = getRelease(version);
  const v: Record<string, unknown> = {
    hubName: 'contoso-hub',
    location: 'westeurope',
    storageSku: 'Premium_LRS',
    tags: { team: 'finops' },
    tagsByResource: {},
    scopes: [SCOPE],
    exportRetentionInDays: 7,
    ingestionRetentionInMonths: 24,
    remoteHubStorageUri: '',
  };
  if (version === '0.7')
    Object.assign(v, {
      dataExplorerName: 'contosoadx',
      dataExplorerSkuName: 'Dev(No SLA)_Standard_D11_v2',
      dataExplorerSkuCapacity: 1,
      dataExplorerLogRetentionInDays: 0,
      dataExplorerFinalRetentionInMonths: 13,
      enablePublicAccess: true,
      virtualNetworkAddressPrefix: '10.20.30.0/26',
    });
  const out: Record<string, unknown> = {};
  for (const k of r.parameters) {
    const name = publicParameterName(r, k);
    if (name && k in v) out[name] = v[k];
  }
  return out;
}

/** The resource group a public deployment of `version` leaves: its top-level resources with their tags, and the deployment history. */
export function publicHub(version: ReleaseVersion): { scenario: StandinScenario; storage: string; factory: string } {
  const values = deployed(version);
  const flat = evaluatedTemplate(publicTemplate(version), {
    parameters: values,
    context: { subscriptionId: SUB, resourceGroup: { name: RG, id: rgId, location: 'westeurope' } },
    source: 'test',
  }) as any;
  const top = flat.resources.filter((r: any) => r.type.split('/').length === 2 && !/deployments|roleAssignments/.test(r.type));
  const resources = top.map((r: any) => ({ id: `${rgId}/providers/${r.type}/${r.name}`, name: r.name, type: r.type, ...(r.kind ? { kind: r.kind } : {}), tags: r.tags }));
  const storage = top.find((r: any) => r.type === 'Microsoft.Storage/storageAccounts' && r.kind === 'BlockBlobStorage').name;
  const factory = top.find((r: any) => r.type === 'Microsoft.DataFactory/factories').name;
  const params = (vals: Record<string, unknown>) => ({
    ...Object.fromEntries(
      Object.entries(vals).map(([k, x]) => [
        k,
        { type: typeof x === 'string' ? 'String' : Array.isArray(x) ? 'Array' : typeof x === 'object' ? 'Object' : typeof x === 'boolean' ? 'Bool' : 'Int', value: x },
      ]),
    ),
    remoteHubStorageKey: { type: 'SecureString' },
  });
  return {
    storage,
    factory,
    scenario: scenario({
      resourceGroups: { [RG]: 'westeurope' },
      resources,
      deploymentHistory: [
        { name: 'hub', properties: { provisioningState: 'Succeeded', timestamp: '2025-03-01T10:05:00Z', parameters: params({ ...values, exportRetentionInDays: 99 }) } },
        { name: 'storage', properties: { provisioningState: 'Succeeded', timestamp: '2025-03-01T10:06:00Z', parameters: { hubName: { type: 'String', value: 'contoso-hub' } } } },
        { name: 'Microsoft.Template-20250301100000', properties: { provisioningState: 'Succeeded', timestamp: '2025-03-01T10:00:00Z', parameters: params(values) } },
        {
          name: 'Microsoft.Template-20250401100000',
          properties: { provisioningState: 'Failed', timestamp: '2025-04-01T10:00:00Z', parameters: params({ ...values, ingestionRetentionInMonths: 1 }) },
        },
      ],
      factories: { [factory]: { triggers: {}, pipelines: [], datasets: [], linkedServices: [] } },
    }),
  };
}
