/**
 * Private networking (spec, parameter `virtualNetworkAddressPrefix`; "Limits"): a virtual network with
 * a /28 subnet for private endpoints, a /28 subnet delegated to container instances for deployment
 * scripts and a /27 subnet for Data Explorer, all carved from the address prefix with ARM `cidrSubnet`;
 * a network security group; private DNS zones linked to the network. Up to 0.7 they are always deployed;
 * from 0.8 (`networkOnlyWhenPrivate`) only while public access is off ({@link networkCondition}).
 */
import * as arm from '../../expressions/arm/index.js';
import type { HubModel } from '../../model/hub.js';
import type { ArmResource, ArmResourceOf, Contribution, Shape, Value } from '../types.js';
import { names, ids, SUBNETS, tagsFor, deployDataExplorer, publicAccess, keyVaultConditionOf } from '../core/names.js';
import { behaves, has, type Release } from '../../model/releases.js';
import type { EndpointRole } from '../../model/naming.js';
import * as ui from '../../expressions/ui/index.js';
import { apiVersion } from '../core/apiVersions.js';

/** True when the release deploys its network only while public access is off (0.8; a release with private networking). */
export function networkOnlyWhenPrivate(release: Release): boolean {
  return has(release, 'privateNetworking') && behaves(release, 'networkOnlyWhenPrivate');
}

/**
 * The deploy-time condition of a network resource (virtual network, security group, DNS zone or link,
 * private endpoint, or what exists only for them), given the resource's own `condition`: from 0.8
 * (`networkOnlyWhenPrivate`) also `not(variables('enablePublicAccess'))`, as the public 0.8 conditions its
 * network modules (release-0.8.md §2.1); up to 0.7 the resource's own condition.
 */
export function networkCondition(release: Release, condition?: arm.Arm): arm.Arm | undefined {
  if (!networkOnlyWhenPrivate(release)) return condition;
  return condition ? arm.and(condition, arm.not(publicAccess)) : arm.not(publicAccess);
}

/** `{ condition }` of {@link networkCondition}, or nothing, to spread into a resource. */
export function networkConditionOf(release: Release, condition?: arm.Arm): { condition?: arm.Arm } {
  const c = networkCondition(release, condition);
  return c ? { condition: c } : {};
}

/**
 * Data Explorer's DNS suffix in the deployment's cloud: from the release's table by `environment().name`
 * (variable `dataExplorerDnsSuffix`, {@link Release.dataExplorerDnsSuffixes}), for a cloud it does not list (all
 * of them while it is empty) the storage suffix with `core` -> `kusto`, which the public releases up to 13 use.
 */
function dataExplorerDnsSuffix(release: Release): arm.Arm {
  const derived = arm.replace(arm.prop(arm.environment(), 'suffixes', 'storage'), 'core', 'kusto');
  return Object.keys(release.dataExplorerDnsSuffixes).length ? arm.variables('dataExplorerDnsSuffix') : derived;
}

/** The variables of {@link dataExplorerDnsSuffix}: the table and the lookup, in a release with a table and Data Explorer. */
function dataExplorerDnsVariables(release: Release): Record<string, Value> {
  if (!Object.keys(release.dataExplorerDnsSuffixes).length || !has(release, 'dataExplorer')) return {};
  const table = arm.variables('dataExplorerDnsSuffixes');
  const cloud = arm.prop(arm.environment(), 'name');
  return {
    dataExplorerDnsSuffixes: { ...release.dataExplorerDnsSuffixes },
    dataExplorerDnsSuffix: arm.if_(arm.contains(table, cloud), arm.at(table, cloud), arm.replace(arm.prop(arm.environment(), 'suffixes', 'storage'), 'core', 'kusto')),
  };
}

/**
 * Private DNS zones the hub needs: zone key -> zone name expression, and the condition of the component the
 * zone serves (the cluster's; the vault's from 0.9).
 */
export function privateDnsZones(release: Release): { key: string; name: arm.Arm; condition?: arm.Arm }[] {
  const storageSuffix = arm.prop(arm.environment(), 'suffixes', 'storage');
  return [
    { key: 'blob', name: arm.concat('privatelink.blob.', storageSuffix) },
    { key: 'dfs', name: arm.concat('privatelink.dfs.', storageSuffix) },
    { key: 'queue', name: arm.concat('privatelink.queue.', storageSuffix) },
    { key: 'table', name: arm.concat('privatelink.table.', storageSuffix) },
    // keyvaultDns is '.vault.azure.net'; the private link zone is privatelink.vaultcore.azure.net
    {
      key: 'vault',
      name: arm.concat('privatelink', arm.replace(arm.prop(arm.environment(), 'suffixes', 'keyvaultDns'), 'vault', 'vaultcore')),
      ...keyVaultConditionOf(release),
    },
    {
      key: 'kusto',
      name: arm.concat('privatelink.', arm.parameters('location'), '.', dataExplorerDnsSuffix(release)),
      condition: deployDataExplorer,
    },
  ];
}

/** Resource ID of a private DNS zone by key (see {@link privateDnsZones}). */
export function dnsZoneId(release: Release, key: string): arm.Arm {
  const zone = privateDnsZones(release).find((z) => z.key === key);
  if (!zone) throw new Error(`unknown DNS zone ${key}`);
  return arm.resourceId('Microsoft.Network/privateDnsZones', zone.name);
}

/** Name of the virtual network link of a private DNS zone (zone name with `.` -> `-`, plus `-link`). */
function dnsZoneLinkName(zone: arm.Arm): arm.Arm {
  return arm.concat(arm.replace(zone, '.', '-'), '-link');
}

/**
 * Resource ID of the virtual network link of a private DNS zone by key (see {@link privateDnsZones}).
 * Name resolution inside the virtual network returns the private endpoint addresses only once the link
 * exists, so anything that connects from inside the network (a deployment script container) waits for it.
 */
export function dnsZoneLinkId(release: Release, key: string): arm.Arm {
  const zone = privateDnsZones(release).find((z) => z.key === key);
  if (!zone) throw new Error(`unknown DNS zone ${key}`);
  return arm.resourceId('Microsoft.Network/privateDnsZones/virtualNetworkLinks', zone.name, dnsZoneLinkName(zone.name));
}

/** Resource ID of a private endpoint's DNS zone group (see {@link privateEndpoint}). */
export function endpointZoneGroupId(endpointName: arm.Arm, zoneGroup: string): arm.Arm {
  return arm.resourceId('Microsoft.Network/privateEndpoints/privateDnsZoneGroups', endpointName, zoneGroup);
}

/**
 * A private endpoint with its DNS zone group, deployed under the release's {@link networkCondition}.
 * @param release the release row (its network condition)
 * @param name endpoint name expression
 * @param zoneGroup name of the DNS zone group: the public releases' `<purpose>-endpoint-zone` names
 *   (`storage-endpoint-zone`, `keyvault-endpoint-zone`, ...). An endpoint has at most one zone group, so a
 *   hub deployed over a public hub must reuse its name; hubc uses them in both naming modes.
 * @param target resource ID of the target resource
 * @param groupId private link sub-resource (`blob`, `dfs`, `vault`, `cluster`)
 * @param role what the endpoint reaches, which names its connection under the release's naming rules
 *   (`privateLinkConnections`: fixed when the endpoint is created, so a hub taken over keeps the public names)
 * @param zones DNS zone keys to register the endpoint in
 */
export function privateEndpoint(opts: {
  release: Release;
  name: arm.Arm;
  target: arm.Arm;
  groupId: string;
  role: EndpointRole;
  subnet: string;
  zones: string[];
  zoneGroup: string;
  condition?: arm.Arm;
  dependsOn: Value[];
}): ArmResource[] {
  const endpointId = arm.resourceId('Microsoft.Network/privateEndpoints', opts.name);
  const cond = networkConditionOf(opts.release, opts.condition);
  return [
    {
      type: 'Microsoft.Network/privateEndpoints',
      apiVersion: apiVersion('Microsoft.Network/privateEndpoints'),
      name: opts.name,
      ...cond,
      location: arm.parameters('location'),
      tags: tagsFor('Microsoft.Network/privateEndpoints'),
      dependsOn: [ids.virtualNetwork, ...opts.dependsOn],
      properties: {
        subnet: { id: ids.subnet(opts.subnet) },
        privateLinkServiceConnections: [
          { name: privateLinkConnectionName(opts.release, opts.role, opts.name), properties: { privateLinkServiceId: opts.target, groupIds: [opts.groupId] } },
        ],
      },
    },
    {
      type: 'Microsoft.Network/privateEndpoints/privateDnsZoneGroups',
      apiVersion: apiVersion('Microsoft.Network/privateEndpoints/privateDnsZoneGroups'),
      name: arm.format('{0}/{1}', opts.name, opts.zoneGroup),
      ...cond,
      dependsOn: [endpointId, ...opts.zones.map((key) => dnsZoneId(opts.release, key))],
      properties: {
        // Each configuration is named after its zone, as the public releases name those of the data lake and vault.
        privateDnsZoneConfigs: opts.zones.map((key) => ({
          name: privateDnsZones(opts.release).find((z) => z.key === key)!.name,
          properties: { privateDnsZoneId: dnsZoneId(opts.release, key) },
        })),
      },
    },
  ];
}

/** The name of a private endpoint's connection: the release's naming rule (`privateLinkConnections`), else `<endpoint name>-link`. */
function privateLinkConnectionName(release: Release, role: EndpointRole, endpointName: arm.Arm): arm.Arm | string {
  const rule = release.naming.privateLinkConnections;
  return rule === 'endpointLink' ? arm.concat(endpointName, '-link') : rule[role];
}

/** The networking template parameters, with hub.yaml's values as defaults. */
function networkParameters(model: HubModel) {
  const onlyPrivate = networkOnlyWhenPrivate(model.release);
  return {
    enablePublicAccess: {
      type: 'string',
      defaultValue: model.networking.publicAccess ? 'True' : 'False',
      allowedValues: ['True', 'False'],
      metadata: {
        description: onlyPrivate
          ? 'True allows public access to the data lake, Key Vault and Data Explorer, and deploys no virtual network, private endpoints or private DNS zones; False limits access to private endpoints in the hub virtual network and trusted Azure services.'
          : 'True allows public access to the data lake; False limits it to private endpoints and trusted Azure services (storage firewall).',
      },
    },
    virtualNetworkAddressPrefix: {
      type: 'string',
      defaultValue: model.networking.addressPrefix,
      metadata: {
        description: `IPv4 range of the private virtual network; /26 recommended. Subnets: /28 for private endpoints, /28 for deployment scripts, /27 for Data Explorer.${
          onlyPrivate ? ' Used only when enablePublicAccess is False.' : ''
        }`,
      },
    },
  } satisfies Contribution['parameters'];
}

/** One rule of a network security group, at hubc's API version. */
type SecurityRule = Shape<Shape<Shape<ArmResourceOf<'Microsoft.Network/networkSecurityGroups'>['properties']>['securityRules']>[number]>;

/** Network module: the security group, the virtual network, the private DNS zones and their links, the networking parameters and form. */
export function networkModule(model: HubModel): Contribution {
  const parameters = networkParameters(model);
  return {
    parameters,
    variables: dataExplorerDnsVariables(model.release),
    resources: [networkSecurityGroup(model.release), virtualNetwork(model.release), ...privateDnsZoneResources(model.release)],
    form: networkForm(model, parameters),
  };
}

/** One rule of a security group, on any protocol and port. */
function securityRule(name: string, priority: number, direction: 'Inbound' | 'Outbound', access: 'Allow' | 'Deny', source: string, destination: string): SecurityRule {
  return {
    name,
    properties: {
      priority,
      direction,
      access,
      protocol: '*',
      sourceAddressPrefix: source,
      sourcePortRange: '*',
      destinationAddressPrefix: destination,
      destinationPortRange: '*',
    },
  };
}

/** The security group of every subnet: the virtual network and the load balancer in, the virtual network and the internet out. */
function networkSecurityGroup(r: Release): ArmResource {
  return {
    type: 'Microsoft.Network/networkSecurityGroups',
    apiVersion: apiVersion('Microsoft.Network/networkSecurityGroups'),
    name: names.networkSecurityGroup,
    ...networkConditionOf(r),
    location: arm.parameters('location'),
    tags: tagsFor('Microsoft.Network/networkSecurityGroups'),
    properties: {
      securityRules: [
        securityRule('AllowVnetInBound', 100, 'Inbound', 'Allow', 'VirtualNetwork', 'VirtualNetwork'),
        securityRule('AllowAzureLoadBalancerInBound', 200, 'Inbound', 'Allow', 'AzureLoadBalancer', '*'),
        securityRule('DenyAllInBound', 4096, 'Inbound', 'Deny', '*', '*'),
        securityRule('AllowVnetOutBound', 100, 'Outbound', 'Allow', 'VirtualNetwork', 'VirtualNetwork'),
        securityRule('AllowInternetOutBound', 200, 'Outbound', 'Allow', '*', 'Internet'),
        securityRule('DenyAllOutBound', 4096, 'Outbound', 'Deny', '*', '*'),
      ],
    },
  };
}

/** The virtual network: its subnets for private endpoints (/28), deployment scripts (/28, delegated to container groups) and Data Explorer (/27). */
function virtualNetwork(r: Release): ArmResource {
  const prefix = arm.parameters('virtualNetworkAddressPrefix');
  return {
    type: 'Microsoft.Network/virtualNetworks',
    apiVersion: apiVersion('Microsoft.Network/virtualNetworks'),
    name: names.virtualNetwork,
    ...networkConditionOf(r),
    location: arm.parameters('location'),
    tags: tagsFor('Microsoft.Network/virtualNetworks'),
    dependsOn: [ids.networkSecurityGroup],
    properties: {
      addressSpace: { addressPrefixes: [prefix] },
      subnets: [
        {
          name: SUBNETS.privateEndpoints,
          properties: {
            addressPrefix: arm.cidrSubnet(prefix, 28, 0),
            networkSecurityGroup: { id: ids.networkSecurityGroup },
            serviceEndpoints: [{ service: 'Microsoft.Storage' }],
          },
        },
        {
          name: SUBNETS.scripts,
          properties: {
            addressPrefix: arm.cidrSubnet(prefix, 28, 1),
            networkSecurityGroup: { id: ids.networkSecurityGroup },
            serviceEndpoints: [{ service: 'Microsoft.Storage' }],
            delegations: [{ name: 'Microsoft.ContainerInstance/containerGroups', properties: { serviceName: 'Microsoft.ContainerInstance/containerGroups' } }],
          },
        },
        {
          name: SUBNETS.dataExplorer,
          properties: { addressPrefix: arm.cidrSubnet(prefix, 27, 1), networkSecurityGroup: { id: ids.networkSecurityGroup } },
        },
      ],
    },
  };
}

/** Each private DNS zone and its link to the virtual network; the Data Explorer zone only in a release with Data Explorer (and only when a cluster is deployed). */
function privateDnsZoneResources(r: Release): ArmResource[] {
  return privateDnsZones(r)
    .filter((z) => z.key !== 'kusto' || has(r, 'dataExplorer'))
    .flatMap((zone): ArmResource[] => {
      const cond = networkConditionOf(r, zone.condition);
      return [
        {
          type: 'Microsoft.Network/privateDnsZones',
          apiVersion: apiVersion('Microsoft.Network/privateDnsZones'),
          name: zone.name,
          ...cond,
          location: 'global',
          tags: tagsFor('Microsoft.Network/privateDnsZones'),
          properties: {},
        },
        {
          type: 'Microsoft.Network/privateDnsZones/virtualNetworkLinks',
          apiVersion: apiVersion('Microsoft.Network/privateDnsZones/virtualNetworkLinks'),
          name: arm.format('{0}/{1}', zone.name, dnsZoneLinkName(zone.name)),
          ...cond,
          location: 'global',
          tags: tagsFor('Microsoft.Network/privateDnsZones/virtualNetworkLinks'),
          dependsOn: [arm.resourceId('Microsoft.Network/privateDnsZones', zone.name), ids.virtualNetwork],
          properties: { registrationEnabled: false, virtualNetwork: { id: ids.virtualNetwork } },
        },
      ];
    });
}

/** The networking step of the portal form: public access, and the address range (from 0.8 asked for only without public access). */
function networkForm(model: HubModel, parameters: ReturnType<typeof networkParameters>): Contribution['form'] {
  const onlyPrivate = networkOnlyWhenPrivate(model.release);
  const privateChosen = ui.equals(ui.steps('networking', 'enablePublicAccess'), 'False');
  return [
    {
      parameter: 'enablePublicAccess',
      step: 'networking',
      element: {
        name: 'enablePublicAccess',
        type: 'Microsoft.Common.OptionsGroup',
        label: 'Public access to the data lake',
        defaultValue: model.networking.publicAccess ? 'Enabled' : 'Disabled',
        toolTip: parameters.enablePublicAccess.metadata.description,
        constraints: {
          allowedValues: [
            { label: 'Enabled', value: 'True' },
            { label: 'Disabled', value: 'False' },
          ],
        },
      },
      output: ui.steps('networking', 'enablePublicAccess'),
    },
    {
      parameter: 'virtualNetworkAddressPrefix',
      step: 'networking',
      element: {
        name: 'virtualNetworkAddressPrefix',
        type: 'Microsoft.Common.TextBox',
        label: 'Virtual network address prefix',
        defaultValue: model.networking.addressPrefix,
        toolTip: parameters.virtualNetworkAddressPrefix.metadata.description,
        constraints: {
          required: true,
          regex: '^(\\d{1,3}\\.){3}\\d{1,3}/(1[6-9]|2[0-6])$',
          validationMessage: 'Enter an IPv4 range of /26 or larger, e.g. 10.20.30.0/26.',
        },
        ...(onlyPrivate ? { visible: privateChosen } : {}),
      },
      // A hidden element gives no value: while public access is on (0.8), the template gets the default range, unused.
      output: onlyPrivate
        ? ui.if_(privateChosen, ui.steps('networking', 'virtualNetworkAddressPrefix'), model.networking.addressPrefix)
        : ui.steps('networking', 'virtualNetworkAddressPrefix'),
    },
  ];
}
