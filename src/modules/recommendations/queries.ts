/**
 * The recommendation queries the hub uploads to `config/queries/` (the public 14.0 ships 23:
 * releases-0.9-14.md §1.6, §0 item 8): Azure Advisor's cost recommendations and hubc's own Azure Resource Graph
 * queries, each finding one kind of resource that costs money for nothing or is about to be retired. The
 * facts kept from the public release: the names (`Recommendations-Microsoft-<Name>.json`, type
 * `Microsoft-<Name>`), what each finds, its group (`ahb`, `spot`: switched on by their own template
 * parameters) and the columns (`recommendations_1.0`); the query text is hubc's.
 *
 * Every query ends in the same projection: `x_RecommendationId`, `ResourceId`, `ResourceName`,
 * `x_ResourceGroupName`, `SubAccountId` (`/subscriptions/<id>`, as the Costs data has it), `SubAccountName`,
 * `x_RecommendationCategory`, `x_RecommendationDescription`, `x_RecommendationDetails` (a JSON object as text:
 * the provider, the solution, the resource type and the facts that back the finding, keys `x_`-prefixed as the
 * 14 Recommendations transform reads them), `x_RecommendationDate`; plus `id` (the recommendation ID), ordered
 * by it: "Guidance for pagination" (learn.microsoft.com/azure/governance/resource-graph/concepts/paging-results)
 * pages a result only without `take`/`limit`/`sample`, and pages by a unique order without duplicates or gaps.
 * The pipeline adds `x_SourceName`, `x_SourceType`, `x_SourceProvider`, `x_SourceVersion` from the file.
 */
import { RECOMMENDATIONS_DATASET, RECOMMENDATIONS_VERSION } from '../config/index.js';

/** The optional groups, each switched on by its own template parameter. */
export type RecommendationGroup = 'ahb' | 'spot';

/** One recommendation query: what it finds and its KQL. */
export interface RecommendationQuery {
  /** `StoppedVMs`: the file is `Recommendations-Microsoft-<name>.json`, the type `Microsoft-<name>`. */
  name: string;
  /** What it finds (docs/recommendations.md). */
  finds: string;
  /** Absent for the queries every hub with recommendations runs. */
  group?: RecommendationGroup;
  /** `x_SourceName`: `Azure Advisor` or `FinOps hubs`. */
  source: 'Azure Advisor' | 'FinOps hubs';
  /** The query text (one line). */
  query: string;
}

/** Subscription names joined on `SubAccountId`, as the last step before the projection. */
const SUBSCRIPTION_NAMES =
  "join kind=leftouter (resourcecontainers | where type =~ 'microsoft.resources/subscriptions' | project SubAccountId = strcat('/subscriptions/', subscriptionId), SubAccountName = name) on SubAccountId | project-away SubAccountId1";

/** The columns every query ends with, in order. */
export const QUERY_COLUMNS = [
  'id',
  'x_RecommendationId',
  'ResourceId',
  'ResourceName',
  'x_ResourceGroupName',
  'SubAccountId',
  'SubAccountName',
  'x_RecommendationCategory',
  'x_RecommendationDescription',
  'x_RecommendationDetails',
  'x_RecommendationDate',
] as const;

/** A KQL string literal. */
const kql = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** What a finding of hubc's own queries says about one resource. */
interface Finding {
  name: string;
  finds: string;
  group?: RecommendationGroup;
  /** The rows to report: KQL from the table to the last filter, one resource per row with its `id`, `name`, `type`, `resourceGroup`, `subscriptionId`. */
  rows: string;
  /** Short ID suffix: the recommendation ID is `<resource id>/recommendations/<suffix>`. */
  suffix: string;
  /** The recommendation ID as KQL, when one resource has several findings (default `<resource id>/recommendations/<suffix>`). */
  recommendationId?: string;
  /** `x_RecommendationDescription`. */
  description: string;
  /** What to do (`x_RecommendationSolution`). */
  solution: string;
  /** Facts of the finding for `x_RecommendationDetails`: key -> KQL expression. */
  details?: Record<string, string>;
}

/** The query of a finding: the rows, the details bag, the common projection, subscription names, the order. */
function findingQuery(f: Finding): string {
  const details = Object.entries({
    x_RecommendationProvider: kql('FinOps hubs'),
    x_RecommendationSolution: kql(f.solution),
    x_ResourceType: 'tolower(type)',
    ...f.details,
  }).flatMap(([k, v]) => [kql(k), v]);
  return [
    f.rows,
    `extend x_RecommendationId = ${f.recommendationId ?? `strcat(tolower(id), '/recommendations/${f.suffix}')`}, x_RecommendationDetails = tostring(bag_pack(${details.join(', ')}))`,
    `project id = x_RecommendationId, x_RecommendationId, ResourceId = tolower(id), ResourceName = tolower(name), x_ResourceGroupName = tolower(resourceGroup), SubAccountId = strcat('/subscriptions/', subscriptionId), x_RecommendationCategory = 'Cost', x_RecommendationDescription = ${kql(f.description)}, x_RecommendationDetails, x_RecommendationDate = tostring(now())`,
    SUBSCRIPTION_NAMES,
    'order by id asc',
  ].join(' | ');
}

/** Azure Advisor's cost recommendations, with their extended properties (savings amounts) in the details. */
const ADVISOR: RecommendationQuery = {
  name: 'AdvisorCost',
  finds: "Azure Advisor's cost recommendations (right-size or shut down resources, buy reservations and savings plans, ...), with the savings Advisor estimates",
  source: 'Azure Advisor',
  query: [
    "advisorresources | where type =~ 'microsoft.advisor/recommendations' and tostring(properties.category) =~ 'Cost'",
    "extend x_RecommendationDetails = tostring(bag_merge(bag_pack('x_RecommendationProvider', 'Azure Advisor', 'x_RecommendationSolution', tostring(properties.shortDescription.solution), 'x_RecommendationImpact', tostring(properties.impact), 'x_RecommendationTypeId', tostring(properties.recommendationTypeId), 'x_ResourceType', tolower(tostring(properties.impactedField))), properties.extendedProperties))",
    "project id = tolower(id), x_RecommendationId = tolower(id), ResourceId = tolower(tostring(properties.resourceMetadata.resourceId)), ResourceName = tolower(tostring(properties.impactedValue)), x_ResourceGroupName = tolower(resourceGroup), SubAccountId = strcat('/subscriptions/', subscriptionId), x_RecommendationCategory = tostring(properties.category), x_RecommendationDescription = tostring(properties.shortDescription.problem), x_RecommendationDetails, x_RecommendationDate = tostring(properties.lastUpdated)",
    SUBSCRIPTION_NAMES,
    'order by id asc',
  ].join(' | '),
};

/** Resources of one type (compared without case) that meet a condition. */
const ofType = (type: string, where: string) => `resources | where type =~ ${kql(type)} | where ${where}`;

/** Members of a list property, 0 when it is missing. */
const count = (path: string) => `coalesce(array_length(${path}), 0)`;

/** hubc's own findings, in name order of their files. */
const FINDINGS: readonly Finding[] = [
  {
    name: 'BackendlessAppGateways',
    finds: 'Application Gateways whose backend pools have no target (no IP configuration and no address): they are billed while they route nothing',
    rows: `resources | where type =~ 'microsoft.network/applicationgateways' | mv-expand pool = properties.backendAddressPools | extend targets = ${count('pool.properties.backendIPConfigurations')} + ${count('pool.properties.backendAddresses')} | summarize targets = sum(targets), pools = count() by id, name, type, resourceGroup, subscriptionId, sku = tostring(properties.sku.name), tier = tostring(properties.sku.tier), capacity = tostring(properties.sku.capacity) | where targets == 0`,
    suffix: 'no-backend',
    description: 'Application Gateway has no backend targets',
    solution: 'Delete the Application Gateway, or add the backend targets it should route to.',
    details: { x_SkuName: 'sku', x_SkuTier: 'tier', x_SkuCapacity: 'capacity', x_BackendPools: 'pools' },
  },
  {
    name: 'BackendlessLoadBalancers',
    finds: 'Standard load balancers without a backend pool, or whose pools have no member: they are billed for their rules while they balance nothing',
    rows: `resources | where type =~ 'microsoft.network/loadbalancers' and tostring(sku.name) =~ 'Standard' | extend pools = iff(${count('properties.backendAddressPools')} == 0, dynamic([null]), properties.backendAddressPools) | mv-expand pool = pools | extend members = ${count('pool.properties.backendIPConfigurations')} + ${count('pool.properties.loadBalancerBackendAddresses')} | summarize members = sum(members), rules = max(${count('properties.loadBalancingRules')}) by id, name, type, resourceGroup, subscriptionId | where members == 0`,
    suffix: 'no-backend',
    description: 'Load balancer has no backend members',
    solution: 'Delete the load balancer, or add the members it should balance.',
    details: { x_LoadBalancingRules: 'rules' },
  },
  {
    name: 'BasicLoadBalancers',
    finds: 'Load balancers of the Basic SKU, retired on 30 September 2025: upgrade them to Standard',
    rows: ofType('microsoft.network/loadbalancers', "tostring(sku.name) =~ 'Basic'"),
    suffix: 'basic-sku',
    description: 'Load balancer uses the retired Basic SKU',
    solution: 'Upgrade the load balancer to the Standard SKU.',
    details: { x_SkuName: 'tostring(sku.name)' },
  },
  {
    name: 'BasicPublicIPs',
    finds: 'Public IP addresses of the Basic SKU, retired on 30 September 2025: upgrade them to Standard',
    rows: ofType('microsoft.network/publicipaddresses', "tostring(sku.name) =~ 'Basic'"),
    suffix: 'basic-sku',
    description: 'Public IP address uses the retired Basic SKU',
    solution: 'Upgrade the public IP address to the Standard SKU.',
    details: { x_SkuName: 'tostring(sku.name)', x_AllocationMethod: 'tostring(properties.publicIPAllocationMethod)' },
  },
  {
    name: 'ClassicAppGateways',
    finds: 'Application Gateways of the v1 SKUs (Standard and WAF tiers), which are being retired: migrate them to v2',
    rows: ofType('microsoft.network/applicationgateways', "tostring(properties.sku.tier) in~ ('Standard', 'WAF')"),
    suffix: 'v1-sku',
    description: 'Application Gateway uses a v1 SKU that is being retired',
    solution: 'Migrate the Application Gateway to the Standard_v2 or WAF_v2 SKU.',
    details: { x_SkuName: 'tostring(properties.sku.name)', x_SkuTier: 'tostring(properties.sku.tier)' },
  },
  {
    name: 'EmptyAppServicePlans',
    finds: 'App Service plans of a paid tier that host no app',
    rows: ofType('microsoft.web/serverfarms', "toint(properties.numberOfSites) == 0 and tostring(sku.tier) !in~ ('Free', 'Shared')"),
    suffix: 'no-apps',
    description: 'App Service plan hosts no app',
    solution: 'Delete the App Service plan, or move apps onto it.',
    details: { x_SkuName: 'tostring(sku.name)', x_SkuTier: 'tostring(sku.tier)', x_Workers: 'tostring(properties.numberOfWorkers)' },
  },
  {
    name: 'EmptyNSGs',
    finds: 'Network security groups associated with no subnet and no network interface',
    rows: ofType('microsoft.network/networksecuritygroups', `${count('properties.subnets')} == 0 and ${count('properties.networkInterfaces')} == 0`),
    suffix: 'unassociated',
    description: 'Network security group is associated with no subnet or network interface',
    solution: 'Delete the network security group if nothing is to use it.',
  },
  {
    name: 'EmptySQLElasticPools',
    finds: 'SQL Database elastic pools that hold no database: the pool is billed for its capacity',
    rows: "resources | where type =~ 'microsoft.sql/servers/elasticpools' | extend poolId = tolower(id) | join kind=leftanti (resources | where type =~ 'microsoft.sql/servers/databases' and isnotempty(properties.elasticPoolId) | project poolId = tolower(tostring(properties.elasticPoolId))) on poolId",
    suffix: 'no-databases',
    description: 'SQL Database elastic pool holds no database',
    solution: 'Delete the elastic pool, or move databases into it.',
    details: { x_SkuName: 'tostring(sku.name)', x_SkuTier: 'tostring(sku.tier)', x_SkuCapacity: 'tostring(sku.capacity)' },
  },
  {
    name: 'IdleVNetGateways',
    finds: 'Virtual network gateways without a connection and without point-to-site clients: billed hourly while they carry nothing',
    rows: "resources | where type =~ 'microsoft.network/virtualnetworkgateways' and isnull(properties.vpnClientConfiguration.vpnClientAddressPool) | extend gatewayId = tolower(id) | join kind=leftanti (resources | where type =~ 'microsoft.network/connections' | mv-expand gatewayId = pack_array(tolower(tostring(properties.virtualNetworkGateway1.id)), tolower(tostring(properties.virtualNetworkGateway2.id))) | project gatewayId = tostring(gatewayId)) on gatewayId",
    suffix: 'no-connections',
    description: 'Virtual network gateway has no connection',
    solution: 'Delete the gateway if no connection is planned.',
    details: { x_GatewayType: 'tostring(properties.gatewayType)', x_SkuName: 'tostring(properties.sku.name)' },
  },
  {
    name: 'LegacyStorageAccounts',
    finds: 'Storage accounts of the legacy kinds general-purpose v1 (Storage) and BlobStorage, which are being retired: upgrade them to general-purpose v2',
    rows: ofType('microsoft.storage/storageaccounts', "kind in~ ('Storage', 'BlobStorage')"),
    suffix: 'legacy-kind',
    description: 'Storage account uses a legacy kind that is being retired',
    solution: 'Upgrade the storage account to general-purpose v2 (StorageV2).',
    details: { x_Kind: 'tostring(kind)', x_SkuName: 'tostring(sku.name)' },
  },
  {
    name: 'OrphanedNATGateways',
    finds: 'NAT gateways associated with no subnet: billed hourly while no traffic can use them',
    rows: ofType('microsoft.network/natgateways', `${count('properties.subnets')} == 0`),
    suffix: 'no-subnets',
    description: 'NAT gateway is associated with no subnet',
    solution: 'Delete the NAT gateway, or associate it with the subnets it should serve.',
  },
  {
    name: 'PremiumSnapshots',
    finds: 'Disk snapshots stored on Premium SSD: snapshots on Standard storage cost less and restore the same',
    rows: ofType('microsoft.compute/snapshots', "tostring(sku.name) startswith 'Premium'"),
    suffix: 'premium-storage',
    description: 'Snapshot is stored on Premium SSD',
    solution: 'Take snapshots on Standard storage (incremental ones cost least), then delete this one.',
    details: { x_SkuName: 'tostring(sku.name)', x_DiskSizeGB: 'tostring(properties.diskSizeGB)', x_Incremental: 'tostring(properties.incremental)' },
  },
  {
    name: 'StoppedVMs',
    finds: 'Virtual machines stopped from inside the operating system but not deallocated: their compute is still billed',
    rows: ofType('microsoft.compute/virtualmachines', "tostring(properties.extended.instanceView.powerState.code) =~ 'PowerState/stopped'"),
    suffix: 'not-deallocated',
    description: 'Virtual machine is stopped but not deallocated',
    solution: 'Deallocate the virtual machine (Stop in the portal, or az vm deallocate), or delete it.',
    details: { x_VmSize: 'tostring(properties.hardwareProfile.vmSize)', x_PowerState: 'tostring(properties.extended.instanceView.powerState.code)' },
  },
  {
    name: 'UnassociatedDDoSPlans',
    finds: 'DDoS protection plans protecting no virtual network: the plan is billed monthly all the same',
    rows: ofType('microsoft.network/ddosprotectionplans', `${count('properties.virtualNetworks')} == 0`),
    suffix: 'no-networks',
    description: 'DDoS protection plan protects no virtual network',
    solution: 'Delete the DDoS protection plan, or associate the virtual networks it should protect.',
  },
  {
    name: 'UnattachedDisks',
    finds: 'Managed disks attached to no virtual machine: their storage is billed',
    rows: ofType('microsoft.compute/disks', "tostring(properties.diskState) =~ 'Unattached' and isempty(managedBy)"),
    suffix: 'unattached',
    description: 'Managed disk is attached to no virtual machine',
    solution: 'Snapshot the disk if its data is needed, then delete it.',
    details: { x_SkuName: 'tostring(sku.name)', x_DiskSizeGB: 'tostring(properties.diskSizeGB)', x_TimeCreated: 'tostring(properties.timeCreated)' },
  },
  {
    name: 'UnattachedNICs',
    finds: 'Network interfaces attached to no virtual machine, private endpoint or private link service',
    rows: ofType('microsoft.network/networkinterfaces', 'isnull(properties.virtualMachine) and isnull(properties.privateEndpoint) and isnull(properties.privateLinkService)'),
    suffix: 'unattached',
    description: 'Network interface is attached to nothing',
    solution: 'Delete the network interface.',
  },
  {
    name: 'UnattachedPublicIPs',
    finds: 'Static public IP addresses associated with no IP configuration and no NAT gateway: a static address is billed while reserved',
    rows: ofType(
      'microsoft.network/publicipaddresses',
      "isnull(properties.ipConfiguration) and isnull(properties.natGateway) and tostring(properties.publicIPAllocationMethod) =~ 'Static'",
    ),
    suffix: 'unattached',
    description: 'Static public IP address is associated with nothing',
    solution: 'Delete the public IP address, unless the address itself must be kept.',
    details: { x_SkuName: 'tostring(sku.name)', x_IpAddress: 'tostring(properties.ipAddress)' },
  },
  {
    name: 'UnmanagedDisks',
    finds: 'Virtual machines whose OS disk is an unmanaged disk (a VHD in a storage account); unmanaged disks are being retired',
    rows: ofType('microsoft.compute/virtualmachines', 'isnull(properties.storageProfile.osDisk.managedDisk) and isnotempty(properties.storageProfile.osDisk.vhd.uri)'),
    suffix: 'unmanaged-disks',
    description: 'Virtual machine uses unmanaged disks that are being retired',
    solution: 'Migrate the virtual machine to managed disks.',
    details: { x_VmSize: 'tostring(properties.hardwareProfile.vmSize)' },
  },
  {
    name: 'UnprovisionedExpressRouteCircuits',
    finds: 'ExpressRoute circuits the connectivity provider has not provisioned: billed from creation while they carry no traffic',
    rows: ofType('microsoft.network/expressroutecircuits', "tostring(properties.serviceProviderProvisioningState) !~ 'Provisioned'"),
    suffix: 'not-provisioned',
    description: 'ExpressRoute circuit is not provisioned by its provider',
    solution: 'Have the provider provision the circuit, or delete it.',
    details: {
      x_ProvisioningState: 'tostring(properties.serviceProviderProvisioningState)',
      x_SkuName: 'tostring(sku.name)',
      x_Bandwidth: 'tostring(properties.serviceProviderProperties.bandwidthInMbps)',
    },
  },
  {
    name: 'SQLVMsWithoutAHB',
    group: 'ahb',
    finds: 'SQL Server virtual machines of the Standard or Enterprise edition whose SQL Server license is paid with the VM (not Azure Hybrid Benefit)',
    rows: ofType(
      'microsoft.sqlvirtualmachine/sqlvirtualmachines',
      "tostring(properties.sqlImageSku) in~ ('Standard', 'Enterprise') and tostring(properties.sqlServerLicenseType) !in~ ('AHUB', 'DR')",
    ),
    suffix: 'no-ahb',
    description: 'SQL Server virtual machine does not use Azure Hybrid Benefit',
    solution: 'With SQL Server licenses and Software Assurance to bring, set the license type to Azure Hybrid Benefit (AHUB).',
    details: { x_SqlEdition: 'tostring(properties.sqlImageSku)', x_LicenseType: 'tostring(properties.sqlServerLicenseType)' },
  },
  {
    name: 'VMsWithoutAHB',
    group: 'ahb',
    finds: 'Windows virtual machines whose Windows license is paid with the VM (no Azure Hybrid Benefit license type)',
    rows: ofType(
      'microsoft.compute/virtualmachines',
      "tostring(properties.storageProfile.osDisk.osType) =~ 'Windows' and tostring(properties.licenseType) !in~ ('Windows_Server', 'Windows_Client')",
    ),
    suffix: 'no-ahb',
    description: 'Windows virtual machine does not use Azure Hybrid Benefit',
    solution: 'With Windows Server licenses and Software Assurance to bring, set the license type to Windows_Server.',
    details: { x_VmSize: 'tostring(properties.hardwareProfile.vmSize)', x_ImageOffer: 'tostring(properties.storageProfile.imageReference.offer)' },
  },
  {
    name: 'NonSpotAKSClusters',
    group: 'spot',
    finds: 'AKS user node pools that autoscale on regular virtual machines: interruptible workloads can run on Spot virtual machines for less',
    rows: "resources | where type =~ 'microsoft.containerservice/managedclusters' | mv-expand pool = properties.agentPoolProfiles | where tobool(pool.enableAutoScaling) and tostring(pool.mode) =~ 'User' and tostring(pool.scaleSetPriority) !~ 'Spot' | extend poolName = tostring(pool.name), vmSize = tostring(pool.vmSize), maxCount = tostring(pool.maxCount)",
    suffix: 'spot',
    recommendationId: "strcat(tolower(id), '/recommendations/spot/', tolower(poolName))",
    description: 'AKS node pool autoscales without Spot virtual machines',
    solution: 'For workloads that tolerate interruption, add a Spot node pool and move them to it.',
    details: { x_NodePool: 'poolName', x_VmSize: 'vmSize', x_MaxCount: 'maxCount' },
  },
];

/** Every recommendation query, in file name order within each group (the queries without a group first). */
export const RECOMMENDATION_QUERIES: readonly RecommendationQuery[] = [
  ADVISOR,
  ...FINDINGS.map((f): RecommendationQuery => ({ name: f.name, finds: f.finds, source: 'FinOps hubs', query: findingQuery(f), ...(f.group ? { group: f.group } : {}) })),
].sort((a, b) => (a.group ?? '').localeCompare(b.group ?? '') || a.name.localeCompare(b.name));

/** The query file name without `.json`: `Recommendations-Microsoft-StoppedVMs`. */
export const queryFileName = (q: RecommendationQuery) => `Recommendations-Microsoft-${q.name}`;

/**
 * Text of a query file: the object `queries_ExecuteETL` reads (docs/recommendations.md "Query files"), with
 * 2-space indentation and a final newline.
 */
export function queryFileText(q: RecommendationQuery): string {
  const file = {
    dataset: RECOMMENDATIONS_DATASET,
    type: `Microsoft-${q.name}`,
    ...(q.group ? { group: q.group } : {}),
    version: RECOMMENDATIONS_VERSION,
    provider: 'Microsoft',
    source: q.source,
    scope: 'Tenant',
    queryEngine: 'ResourceGraph',
    query: q.query,
  };
  return `${JSON.stringify(file, null, 2)}\n`;
}
