/**
 * Template sizes per release, for `npm run bench` and the size tests (test/scripts/templateSizes.test.ts):
 * hubc's `azuredeploy.json` for the default hub and for the largest configuration a release offers, beside the
 * public template of the same release, each measured as the failure catalogue measures it
 * (`templateSizes` of src/catalogue/limits.ts: compact UTF-8 bytes of the request, and the largest resource
 * definition as written or expanded; docs/checks.md "Sizes"), and the file as written (pretty-printed, the
 * size the public templates are published at).
 *
 * The budget (issue #36, "A template a third the public size"): the file at most a third of the public
 * template of the same release as published, and no resource definition over 256 KiB, far inside ARM's
 * 4 MiB and 1 MiB (HUB720, HUB721).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse, stringify } from 'yaml';
import type { CompileResult } from '../src/compiler/compile.js';
import { fromCompile, fromTemplateText } from '../src/build/index.js';
import { checkContext } from '../src/catalogue/context.js';
import { templateSizes, type TemplateSizes } from '../src/catalogue/index.js';
import { RELEASE_VERSIONS, publicParameterName, type Release, type ReleaseFeature } from '../src/model/releases.js';

/** What hubc's builds are held to. */
export const SIZE_BUDGET = {
  /** `azuredeploy.json` (as written) at most this part of the public template of the same release as published. */
  publicFraction: 1 / 3,
  /** No resource definition over this many bytes (compact, as written or expanded). */
  resourceBytes: 256 * 1024,
} as const;

/**
 * How the largest configuration switches a capability on in hub.yaml: a patch of top-level sections, or
 * `null` for a capability hub.yaml need not switch on (always deployed, or a setting of no size), or that
 * the largest configuration leaves off (`remoteHub`: another engine than Data Explorer; from release 14 a
 * hub has one). A capability without an entry fails the size test: the one who adds it says here how its
 * largest configuration is built.
 */
export const SWITCH_ON: Readonly<Record<ReleaseFeature, ((doc: Record<string, any>) => void) | null>> = {
  dataExplorer: (doc) => {
    doc.dataExplorer = { ...doc.dataExplorer, name: 'hubadx' };
  },
  privateNetworking: (doc) => {
    doc.networking = { ...doc.networking, publicAccess: false };
  },
  infrastructureEncryption: (doc) => {
    doc.storage = { ...doc.storage, infrastructureEncryption: true };
  },
  eventGridRegistration: null,
  managedExports: null,
  scriptStorage: null,
  retentionSettings: null,
  remoteHub: null,
  // An eventhouse is the other engine than Data Explorer; the template deploys nothing in Fabric.
  fabric: null,
  // The managed-export objects and their storage role are the larger template.
  managedExportsOption: (doc) => {
    doc.managedExports = { ...doc.managedExports, enabled: true };
  },
  keyVaultPurgeProtection: null,
  // The largest configuration: recommendations on, every group too.
  recommendations: (doc) => {
    doc.recommendations = { enabled: true, ahb: true, spot: true };
  },
};

/** The hub.yaml of the largest configuration of a release: the default hub with every capability of {@link SWITCH_ON} on. */
export function largestHubYaml(release: Release, base: string): string {
  const doc = parse(base) as Record<string, any>;
  doc.release = release.version;
  for (const f of release.features) {
    const on = SWITCH_ON[f];
    if (on === undefined) throw new Error(`release ${release.version}: capability ${f} has no entry in SWITCH_ON (scripts/templateSizes.ts)`);
    on?.(doc);
  }
  return stringify(doc);
}

/** The sizes of one template. */
export interface MeasuredTemplate extends TemplateSizes {
  /** Bytes of the file as written (hubc: `azuredeploy.json`; public: as published, pretty-printed). */
  fileBytes: number;
}

/** The sizes of a compiled hub. @throws Error when the compile has no template */
export function hubcSizes(result: CompileResult): MeasuredTemplate {
  const text = result.artifacts.get('azuredeploy.json');
  if (text === undefined) throw new Error('the compile has no azuredeploy.json');
  return { fileBytes: Buffer.byteLength(text, 'utf8'), ...templateSizes(checkContext({ written: fromCompile(result) })) };
}

/** The folder of public templates (`HUBC_SHARED_DIR`, else `shared/` beside the checkout), or undefined when absent. */
export function publicTemplatesFolder(root: string): string | undefined {
  const candidates = [process.env.HUBC_SHARED_DIR, resolve(root, '..', 'shared')].filter((d): d is string => !!d).map((d) => join(d, 'reference', 'public-templates'));
  return candidates.find((d) => existsSync(join(d, 'finops-hub-0.7.json')));
}

/**
 * The sizes of the public template of a release, deployed with a Data Explorer cluster and without public
 * access (its Kusto scripts and network resources counted, as in hubc's largest configuration).
 * @returns undefined when the folder has no template of that release
 */
export function publicSizes(release: Release, folder: string): MeasuredTemplate | undefined {
  const file = join(folder, `finops-hub-${release.publicRelease.template}.json`);
  if (!existsSync(file)) return undefined;
  const text = readFileSync(file, 'utf8');
  const parameters: Record<string, unknown> = {};
  const cluster = publicParameterName(release, 'dataExplorerName');
  if (cluster) parameters[cluster] = 'hubadx';
  const access = publicParameterName(release, 'enablePublicAccess');
  if (access) parameters[access] = false;
  const builds = fromTemplateText({ template: text }, release.version, { parameters });
  return {
    fileBytes: Buffer.byteLength(text, 'utf8'),
    ...templateSizes(checkContext({ written: builds.written, deployed: builds.deployed, origins: builds.origins, parameters })),
  };
}

/** The releases the size report covers: every release from 0.7 on (0.7 is the first with Data Explorer and private networking). */
export function reportedReleases(): string[] {
  return RELEASE_VERSIONS.slice(RELEASE_VERSIONS.indexOf('0.7'));
}
