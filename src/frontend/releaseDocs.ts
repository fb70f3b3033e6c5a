/**
 * Markdown generated from the release table, for docs/releases.md and docs/hub-yaml.md's
 * per-release field table. `npm run docs` writes them between their `<!-- name:start -->` and
 * `<!-- name:end -->` markers; a test fails when a file is not current.
 */
import {
  LATEST_RELEASE,
  RELEASE_VERSIONS,
  earlierReleases,
  getRelease,
  outputName,
  parameterName,
  type Release,
  type ReleaseBehaviour,
  type ReleaseFeature,
} from '../model/releases.js';
import { RELEASE_SECTIONS, sectionApplies } from './checks/releaseFields.js';
import { ALL_TAGGED_TYPES, tagLimits, taggedResourceTypes } from '../model/tags.js';
import { HUB_YAML_LIMITS } from './limits.js';
import { codes } from '../diagnostics/index.js';

/** Human names of the capabilities. */
const FEATURE_NAMES: Record<ReleaseFeature, string> = {
  managedExports: 'managed exports',
  retentionSettings: 'retention settings',
  remoteHub: 'remote hub',
  eventGridRegistration: 'Event Grid registration',
  dataExplorer: 'Data Explorer',
  privateNetworking: 'private networking',
  scriptStorage: 'script storage',
  infrastructureEncryption: 'storage infrastructure encryption',
  fabric: 'Microsoft Fabric eventhouse',
  managedExportsOption: 'managed exports optional',
  keyVaultPurgeProtection: 'Key Vault purge protection',
  recommendations: 'recommendations from Azure Resource Graph',
};

/** The changes of behaviour in words. */
const BEHAVIOUR_NAMES: Record<ReleaseBehaviour, string> = {
  networkOnlyWhenPrivate: 'network components only without public access',
  dataExplorerTrustedTenants: "Data Explorer trusts the hub's tenant only",
  kqlDateStrings: '`monthstring()`, `datestring()`',
  kqlDecimalNumberString: '`numberstring()` for decimals',
  kqlResourceTypeIds: '`resource_type()`, type IDs in `x_ResourceType`',
  keyVaultOnlyForRemoteHub: 'Key Vault only for a remote hub',
  recommendationsFolderPerExport: 'a recommendations folder per export',
  keyVaultSkuOption: 'Key Vault SKU from hub.yaml',
  dataExplorerAutoStart: 'a stopped Data Explorer cluster is started for ingestion',
  triggerStartRetries: 'triggers started with retries after deployment',
  manifestDatasetSplit: '`manifest` dataset split in two',
  managedExportsRoleDelegation: 'managed exports may give their identity write access',
  kqlLowerCaseBillingIds: 'lower-case `BillingAccountId`',
  kqlCostConsistencyCodes: 'Costs codes `ListCostLessThanContractedCost`, `ContractedCostLessThanEffectiveCost`',
  kqlCaseInsensitivePriceKey: 'price lookup ignores the billing profile case',
  kqlCostFillFromEffective: 'missing contracted and list costs without rounding errors',
  kqlRecommendationsJsonCosts: '`Recommendations_raw` with JSON cost columns',
  kqlRecommendationDateCapped: '`x_RecommendationDate` not after today',
  kqlCostQuantityFill: 'missing pricing and consumed quantities computed',
  kqlEffectivePriceRounding: '`x_EffectiveUnitPrice` rounding corrected',
  kqlCostFillFromBilled: 'missing contracted cost from the billed cost',
  kqlBlankUnassignedInvoiceSection: 'no `-2`/`Unassigned` invoice sections',
  kqlStreamingIngestionOff: 'streaming ingestion off on raw tables',
  kqlScriptsByRole: 'database scripts named by role',
  kqlScriptSplit: 'Ingestion setup in three scripts',
  kqlRawTablesRedefined: 'raw tables redefined',
  kqlFocus12Backport: 'FOCUS 1.2 columns in `Costs_raw`, back-ported to v1_0',
  kqlBillingPeriodMonthStart: 'billing periods on month starts',
  kqlRawTables12: 'Data Explorer raw tables with `real` numbers (`Costs_raw` 144 columns, `Recommendations_raw` 40)',
  kqlParseSubscriptionIds: '`parse_resourceid()` reads subscription and resource group IDs',
  kqlResourceGraphRecommendations: '`Recommendations_transform_v1_2()` takes Azure Resource Graph recommendations',
  oneAnalyticsEngine: 'one analytics engine: the form asks for none, Data Explorer, Fabric or a remote hub',
};

/** What a release changes inside components the release before it has: its new behaviours and renamed outputs. */
function changesOf(r: Release): string[] {
  const before = earlierReleases(r).at(-1);
  const behaviours = [...r.behaviours].filter((b) => !before?.behaviours.has(b)).map((b) => BEHAVIOUR_NAMES[b]);
  const renamed = before
    ? r.outputs.filter((o) => before.outputs.includes(o) && outputName(before, o) !== outputName(r, o)).map((o) => `output \`${outputName(before, o)}\` -> \`${outputName(r, o)}\``)
    : [];
  return [...behaviours, ...renamed];
}

/** Ingestion layouts in words. */
const LAYOUTS: Record<Release['ingestionLayout'], string> = {
  'scope-range-amortizedcost': '`{scope}/{yyyyMMdd-yyyyMMdd}/amortizedcost/{file}.parquet`',
  'scope-month-focuscost': '`{scope}/{yyyyMM}/focuscost/{file}.parquet`',
  'scope-month-dataset': '`{scope}/{yyyyMM}/{type}/{file}.parquet`',
  'dataset-date-scope': '`{dataset}/{yyyy}/{mm}/{scope}/{id}__{file}.parquet`',
};

const code = (names: readonly string[]) => names.map((n) => `\`${n}\``).join(', ');

/** The Releases table of docs/releases.md: one row per release. */
export function releasesTable(): string {
  const rows = RELEASE_VERSIONS.map(getRelease).map((r) => {
    const exportsRead =
      r.exportDetection === 'csvPath'
        ? `\`*.csv\` by path; ${
            Object.keys(r.exportVersions).length
              ? Object.entries(r.exportVersions)
                  .map(([t, v]) => `${t} ${v!.join(', ')}`)
                  .join('; ')
              : 'amortized cost'
          }`
        : `manifest; ${Object.entries(r.exportVersions)
            .map(([t, v]) => `${t} ${v!.join(', ')}`)
            .join('; ')}`;
    const features = [...r.features].map((f) => FEATURE_NAMES[f]).sort();
    return `| ${r.version} | ${code(r.parameters.map((k) => parameterName(r, k)))} | ${code(Object.values(r.pipelines))} | ${code(Object.values(r.triggers))} | ${exportsRead} | ${
      LAYOUTS[r.ingestionLayout]
    }${r.ingestionLayout === 'dataset-date-scope' ? ` (${r.datasetFolders === 'hubDataset' ? 'dataset names' : 'export type, lower case'})` : ''} | ${features.join(', ') || '–'} | ${changesOf(r).join('; ') || '–'} |`;
  });
  return [
    '| Release | Template parameters | Pipelines | Triggers | Exports read | Ingestion layout (under `ingestion/`) | Components | Changed behaviour |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}

/** docs/hub-yaml.md: which hub.yaml sections each release accepts. */
export function hubYamlReleasesTable(): string {
  const releases = RELEASE_VERSIONS.map(getRelease);
  const rows = RELEASE_SECTIONS.map((s) => {
    const cells = releases.map((r) => (sectionApplies(r, s) ? '✓' : '–'));
    return `| \`${s.path.join('.')}\` | ${s.what} | ${cells.join(' | ')} |`;
  });
  const datasets = `| \`datasets\` | export types and versions | ${releases
    .map((r) =>
      Object.keys(r.exportVersions).length
        ? Object.keys(r.exportVersions)
            .map((t) => t.replace(/^Reservation/, 'Rsv.'))
            .join(', ')
        : '–',
    )
    .join(' | ')} |`;
  return [
    `| hub.yaml | Configures | ${releases.map((r) => r.version).join(' | ')} |`,
    `| --- | --- | ${releases.map(() => '---').join(' | ')} |`,
    `| \`hub.name\`, \`hub.location\`, \`storage\`, \`scopes\`, \`tags\`, \`tagsByResource\` | the hub | ${releases.map(() => '✓').join(' | ')} |`,
    ...rows,
    datasets,
  ].join('\n');
}

/** docs/hub-yaml.md: the resource types each release tags (the keys `tagsByResource` takes) and Azure's tag limits on each. */
export function taggedTypesTable(): string {
  const releases = RELEASE_VERSIONS.map(getRelease);
  const rows = ALL_TAGGED_TYPES.map((t) => {
    const limits = tagLimits(t);
    return `| \`${t}\` | ${limits.maxTags} | ${limits.maxNameLength} | ${releases.map((r) => (taggedResourceTypes(r).includes(t) ? '✓' : '–')).join(' | ')} |`;
  });
  return [
    `| Resource type | Tags at most | Tag name at most (characters) | ${releases.map((r) => r.version).join(' | ')} |`,
    `| --- | --- | --- | ${releases.map(() => '---').join(' | ')} |`,
    ...rows,
  ].join('\n');
}

/** docs/hub-yaml.md: the limits of hub.yaml content (src/frontend/limits.ts). */
export function limitsTable(): string {
  const n = (x: number) => x.toLocaleString('en-US');
  return [
    '| Limit | Value | Diagnostic |',
    '| --- | --- | --- |',
    `| Length of the text (\`compile()\` and every command) | ${n(HUB_YAML_LIMITS.textLength)} characters (4 MiB) | ${codes.HUB110.code} |`,
    `| Mappings and lists nested in one another (the file's top level is level 1; aliases expanded) | ${HUB_YAML_LIMITS.depth} levels | ${codes.HUB111.code} |`,
    `| Entries of one mapping or list | ${n(HUB_YAML_LIMITS.entries)} | ${codes.HUB112.code} |`,
    `| Entries in all (keys of mappings and items of lists; aliases expanded) | ${n(HUB_YAML_LIMITS.totalEntries)} | ${codes.HUB112.code} |`,
  ].join('\n');
}

/**
 * The `release` field of schemas/hub.schema.json, written from the release table: its allowed values and the
 * range its description names (editors show both).
 */
export function hubSchemaReleaseField(): { description: string; type: 'string'; enum: string[] } {
  return {
    description:
      `FinOps hub release to build: ${RELEASE_VERSIONS[0]} to ${LATEST_RELEASE}. Fields a release does not have are reported: a warning when they hold ` +
      "their default, an error otherwise (docs/hub-yaml.md, 'Releases').",
    type: 'string',
    enum: [...RELEASE_VERSIONS],
  };
}

/** The text of schemas/hub.schema.json with its `release` field written from the release table ({@link hubSchemaReleaseField}). */
export function hubSchemaText(current: string): string {
  const schema = JSON.parse(current) as { properties: Record<string, unknown> };
  schema.properties.release = hubSchemaReleaseField();
  return `${JSON.stringify(schema, null, 2)}\n`;
}

/**
 * Replaces the text between `<!-- name:start -->` and `<!-- name:end -->` in a document.
 * @throws Error when the markers are missing
 */
export function replaceBlock(document: string, name: string, content: string): string {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const i = document.indexOf(start);
  const j = document.indexOf(end);
  if (i < 0 || j < i) throw new Error(`markers ${start} ... ${end} not found`);
  return `${document.slice(0, i + start.length)}\n${content}\n${document.slice(j)}`;
}
