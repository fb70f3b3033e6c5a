/**
 * A takeover of a public hub, as `hubc import --parameters <file> --release X` then `hubc upgrade-plan
 * public:X imported.yaml` do it, in process: the cells of the takeover matrix (every release, public access
 * on and off, with and without a cluster), the saved public parameter file of each, and the import and plans
 * of a cell with one compile of the imported hub.yaml (reused by both plans: with the saved parameters as
 * A's values, and without, as the issue's command runs it). Shared by test/upgrade/takeover.test.ts and the
 * docs/adopting.md test.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { getRelease, has, publicParameterName, RELEASE_VERSIONS, type ParameterKey, type ReleaseVersion } from '../../src/model/releases.js';
import { importHubYaml, offlineFacts, type ImportedHub } from '../../src/import/index.js';
import { loadPair } from '../../src/load/load.js';
import { diffBuilds } from '../../src/diff/compare.js';
import type { DiffResult } from '../../src/diff/types.js';
import type { LoadedBuild } from '../../src/load/index.js';
import { planUpgrade, type UpgradePlan } from '../../src/upgrade/index.js';
import type { Diagnostic } from '../../src/diagnostics/diagnostic.js';
import { fromFiles } from '../../src/build/index.js';

/** One cell of the matrix: a release, and for releases with private networking and Data Explorer, the public access and cluster choices. */
export interface Cell {
  release: ReleaseVersion;
  publicAccess?: boolean;
  cluster?: boolean;
  /** 0.10+: a Fabric eventhouse instead of a cluster (public access on: private storage with Fabric is an error). */
  fabric?: boolean;
}

/** A readable name of a cell. */
export const cellName = (c: Cell) =>
  `${c.release}${c.publicAccess === undefined ? '' : c.publicAccess ? ' public' : ' private'}${c.fabric ? ' with a Fabric eventhouse' : c.cluster === undefined ? '' : c.cluster ? ' with a cluster' : ' without a cluster'}`;

/**
 * Every cell: 0.1-0.3 once each; from 0.4 public access on and off, from 0.5 each with and without a
 * cluster; from 0.10 also a public hub with a Fabric eventhouse.
 */
export function takeoverCells(): Cell[] {
  return RELEASE_VERSIONS.flatMap((release): Cell[] => {
    const r = getRelease(release);
    if (!has(r, 'privateNetworking')) return [{ release }];
    const cells: Cell[] = [true, false].flatMap((publicAccess) => (has(r, 'dataExplorer') ? [true, false] : [undefined]).map((cluster) => ({ release, publicAccess, cluster })));
    return has(r, 'fabric') ? [...cells, { release, publicAccess: true, cluster: false, fabric: true }] : cells;
  });
}

export const SCOPE = '/subscriptions/00000000-0000-0000-0000-0000000000a1';

/**
 * The parameter file a public deployment of the cell saved: every parameter the public release has, most
 * away from their defaults; infrastructure encryption on with a cluster, off without (both are covered).
 */
export function publicParameterFile(cell: Cell): { $schema: string; contentVersion: string; parameters: Record<string, { value: unknown }> } {
  const r = getRelease(cell.release);
  const values: Partial<Record<ParameterKey, unknown>> = {
    hubName: 'contoso-hub',
    location: 'westeurope',
    eventGridLocation: 'eastus2',
    storageSku: 'Premium_ZRS',
    enableInfrastructureEncryption: cell.cluster === true,
    dataExplorerName: cell.cluster ? 'contosoadx' : '',
    dataExplorerSkuName: 'Dev(No SLA)_Standard_D11_v2',
    dataExplorerSkuCapacity: 1,
    tags: { team: 'finops' },
    tagsByResource: {},
    scopes: [SCOPE],
    exportRetentionInDays: 7,
    ingestionRetentionInMonths: 24,
    dataExplorerLogRetentionInDays: 3,
    dataExplorerFinalRetentionInMonths: 36,
    remoteHubStorageUri: '',
    enablePublicAccess: cell.publicAccess,
    virtualNetworkAddressPrefix: '10.1.2.0/26',
    fabricQueryUri: cell.fabric ? 'https://trd-contoso.z1.kusto.fabric.microsoft.com' : '',
    fabricCapacityUnits: 4,
  };
  const parameters: Record<string, { value: unknown }> = {};
  for (const k of r.parameters) {
    const name = publicParameterName(r, k);
    if (name && values[k] !== undefined) parameters[name] = { value: values[k] };
  }
  return { $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentParameters.json#', contentVersion: '1.0.0.0', parameters };
}

/** What a takeover of a cell gives. */
export interface Takeover {
  parametersFile: string;
  hubFile: string;
  hub: ImportedHub;
  warnings: Diagnostic[];
  /** The imported hub.yaml's build (compiled once, by the import). */
  build: LoadedBuild;
  /** `hubc upgrade-plan public:X imported.yaml --parameters <file>`: the public side evaluated with the saved values. */
  withParameters: { plan: UpgradePlan; diff: DiffResult };
  /** `hubc upgrade-plan public:X imported.yaml`: the public side evaluated with hub.yaml's values. */
  withoutParameters: { plan: UpgradePlan; diff: DiffResult };
}

/**
 * Imports the cell's saved parameter file into `dir` and plans the takeover both ways.
 * @param publicTemplates the folder of public templates
 * @throws Error with the diagnostics when the import fails
 */
export function takeover(cell: Cell, dir: string, publicTemplates: string, name = cellName(cell).replace(/\s+/g, '-')): Takeover {
  const parametersFile = join(dir, `${name}.parameters.json`);
  const hubFile = join(dir, `${name}.hub.yaml`);
  const doc = publicParameterFile(cell);
  writeFileSync(parametersFile, JSON.stringify(doc, null, 2));
  const outcome = importHubYaml(offlineFacts({ parametersFile, parameters: doc, release: cell.release }), hubFile);
  if (!('hub' in outcome)) throw new Error(`import of ${name} failed:\n${outcome.diagnostics.map((d) => `${d.code} ${d.message}`).join('\n')}`);
  writeFileSync(hubFile, outcome.hub.text);
  const build: LoadedBuild = {
    label: hubFile,
    source: 'hub.yaml',
    release: cell.release,
    build: fromFiles({ release: cell.release, source: 'compile', files: outcome.artifacts }),
  };
  const plan = (parameters: boolean) => {
    const publicArg = `public:${getRelease(cell.release).publicRelease.template}`;
    const [a, b] = loadPair(
      publicArg,
      hubFile,
      'hub.yaml',
      { publicTemplates, parametersA: parameters ? Object.fromEntries(Object.entries(doc.parameters).map(([k, v]) => [k, v.value])) : undefined },
      () => build,
    );
    return { plan: planUpgrade(a, b, parameters ? { parameters: { file: parametersFile, doc } } : {}), diff: diffBuilds(a, b) };
  };
  return { parametersFile, hubFile, hub: outcome.hub, warnings: outcome.warnings, build, withParameters: plan(true), withoutParameters: plan(false) };
}
