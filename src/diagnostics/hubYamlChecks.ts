/**
 * Diagnostic registry, HUB2xx: the semantic checks of hub.yaml (src/frontend/checks/), values that are
 * well-typed but wrong together or for Azure, and fields the release being built lacks (HUB22x). See
 * ./define.ts for the shape of an entry; docs/diagnostics.md is generated from these entries.
 */
import { defineCodes } from './define.js';

/** `'a'`, `'a' or 'b'`, `'a', 'b' or 'c'`. */
const alternatives = (names: readonly string[]) =>
  names
    .map((n) => `'${n}'`)
    .join(', ')
    .replace(/, ([^,]*)$/, ' or $1');

export const hubYamlCheckCodes = defineCodes({
  HUB201: {
    stage: 'semantic',
    severity: 'error',
    meaning:
      '`networking.addressPrefix` is not an IPv4 CIDR range, is smaller than /26, has host bits set, or is not inside a private range of RFC 1918 (10.0.0.0/8, 172.16.0.0/12, 192.168.0.0/16).',
    messages: {
      notCidr: (a: { prefix: string }) => ({
        message: `networking.addressPrefix '${a.prefix}' is not a valid IPv4 CIDR range`,
        hint: 'Write it as a.b.c.d/n, e.g. 10.20.30.0/26.',
      }),
      tooSmall: (a: { prefix: string }) => ({
        message: `networking.addressPrefix '${a.prefix}' is smaller than /26`,
        hint: 'The hub needs a /26 or larger range for its /28, /28 and /27 subnets.',
      }),
      hostBits: (a: { prefix: string }) => ({
        message: `networking.addressPrefix '${a.prefix}' has host bits set`,
        hint: 'Use the first address of the range, e.g. 10.20.30.0/26.',
      }),
      notPrivate: (a: { prefix: string }) => ({
        message: `networking.addressPrefix '${a.prefix}' is not inside a private address range (RFC 1918)`,
        hint: 'The hub virtual network takes a range of 10.0.0.0/8, 172.16.0.0/12 or 192.168.0.0/16 that no network it is peered with uses, e.g. 10.20.30.0/26.',
      }),
    },
  },
  HUB202: {
    stage: 'semantic',
    severity: 'error',
    meaning: 'Data Explorer capacity does not fit the tier (Basic: 1; Standard: 2-1000).',
    messages: {
      standard: { message: 'dataExplorer.sku.capacity must be 2-1000 with the Standard tier', hint: 'Set capacity to 2 or more, or use a Dev(No SLA) SKU (Basic tier).' },
      basic: { message: 'dataExplorer.sku.capacity must be 1 with the Basic tier', hint: 'Set capacity to 1, or use a production SKU (Standard tier).' },
    },
  },
  HUB203: {
    stage: 'semantic',
    severity: 'error',
    meaning: 'Data Explorer tier does not fit the SKU (Dev(No SLA) SKUs are Basic, others Standard).',
    messages: {
      raise: (a: { tier: string; sku: string; dev: boolean }) => ({
        message: `dataExplorer.sku.tier ${a.tier} does not match SKU ${a.sku}`,
        hint: a.dev
          ? 'Dev(No SLA) SKUs run in the Basic tier; leave tier out to derive it.'
          : 'Production SKUs run in the Standard tier; Basic is for Dev(No SLA) SKUs. Leave tier out to derive it.',
      }),
    },
  },
  HUB204: {
    stage: 'semantic',
    severity: 'error',
    meaning: 'A default SKU is not among the allowed SKUs listed for the form.',
    messages: {
      dataExplorer: (a: { sku: string }) => ({ message: `default SKU ${a.sku} is not in dataExplorer.allowedSkuNames`, hint: 'Add it to allowedSkuNames or pick one of them.' }),
      storage: (a: { sku: string }) => ({ message: `default storage SKU ${a.sku} is not in storage.allowedSkus`, hint: 'Add it to allowedSkus or pick one of them.' }),
    },
  },
  HUB205: {
    stage: 'semantic',
    severity: 'error',
    meaning: 'The Hub and Ingestion databases have the same name.',
    messages: {
      raise: { message: 'the Hub and Ingestion databases must have different names', hint: 'Keep the defaults Ingestion and Hub.' },
    },
  },
  HUB206: {
    stage: 'semantic',
    severity: 'error',
    meaning: 'A built-in dataset is listed twice.',
    messages: {
      raise: (a: { name: string }) => ({ message: `dataset ${a.name} is listed twice`, hint: 'List each dataset once.' }),
    },
  },
  HUB207: {
    stage: 'semantic',
    severity: 'error',
    meaning: 'An export dataset version the release does not support.',
    messages: {
      raise: (a: { exportType: string; version: string; release: string; supported: readonly string[] }) => ({
        message: `${a.exportType} version '${a.version}' is not supported by hub release ${a.release}`,
        hint: `Supported versions: ${a.supported.join(', ')}.`,
      }),
    },
  },
  HUB208: {
    stage: 'semantic',
    severity: 'error',
    meaning: 'A custom dataset name collides with a built-in dataset or another custom dataset.',
    messages: {
      builtIn: (a: { name: string; builtIn: string }) => ({
        message: `custom dataset '${a.name}' collides with the built-in dataset ${a.builtIn}`,
        hint: 'Choose another name; built-in datasets are configured under datasets.',
      }),
      twice: (a: { name: string }) => ({ message: `custom dataset '${a.name}' is declared twice`, hint: 'Give each custom dataset its own name.' }),
    },
  },
  HUB209: {
    stage: 'semantic',
    severity: 'error',
    meaning: 'A custom dataset column is declared twice or is one the hub adds itself (`x_Source*`, `x_IngestionTime`).',
    messages: {
      twice: (a: { column: string; dataset: string }) => ({
        message: `column '${a.column}' is declared twice in ${a.dataset}`,
        hint: 'Column names are case-insensitive in Data Explorer; rename one.',
      }),
      hubColumn: (a: { column: string }) => ({
        message: `column '${a.column}' is added by the hub itself`,
        hint: 'Remove it; the transform adds x_Source* and x_IngestionTime columns.',
      }),
    },
  },
  HUB210: {
    stage: 'semantic',
    severity: 'error',
    meaning: 'A schedule time zone Data Factory does not accept.',
    messages: {
      raise: (a: { timeZone: string }) => ({
        message: `time zone '${a.timeZone}' is not one Data Factory schedule triggers accept`,
        hint: "Use a Windows time zone id such as 'W. Europe Standard Time' or 'UTC', or 'auto'.",
      }),
    },
  },
  HUB211: {
    stage: 'semantic',
    severity: 'error',
    meaning: 'A tag name Azure does not allow: empty, or with one of the characters < > % & \\ ? /.',
    messages: {
      raise: (a: { key: string }) => ({ message: `tag name '${a.key}' contains a character Azure does not allow (< > % & \\ ? /)`, hint: 'Rename the tag.' }),
      empty: { message: 'tag name is empty', hint: 'Give the tag a name; Azure does not allow an empty one.' },
    },
  },
  HUB212: {
    stage: 'semantic',
    severity: 'error',
    meaning: "A built-in dataset's `exportType` is not the export type that feeds it.",
    messages: {
      raise: (a: { name: string; expected: string; actual: string }) => ({
        message: `dataset ${a.name} is fed by ${a.expected} exports, not ${a.actual}`,
        hint: `Write exportType: ${a.expected}, or leave it out.`,
      }),
    },
  },
  HUB213: {
    stage: 'semantic',
    severity: 'error',
    meaning:
      'A scope ID is not one Cost Management exports accept (subscription, resource group, management group, EA billing account / department / enrollment account, MCA billing account / billing profile / invoice section, each with its ID syntax); the hint shows the nearest form.',
    messages: {
      raise: (a: { index: number; problem: string; nearest: string; template: string; example: string }) => ({
        message: `scopes[${a.index}] is not a scope Cost Management exports accept: ${a.problem}`,
        hint: `The nearest form is the ${a.nearest} scope ${a.template}, e.g. ${a.example}.`,
      }),
    },
  },
  HUB214: {
    stage: 'semantic',
    severity: 'error',
    meaning: 'A region that is not an Azure region (`hub.location`, `hub.eventGridLocation`); the hint names the nearest ones. The list is src/model/azureRegions.json.',
    messages: {
      raise: (a: { where: string; region: string; nearest: readonly string[] }) => ({
        message: `${a.where} '${a.region}' is not an Azure region`,
        hint: `${a.nearest.length ? `Did you mean ${alternatives(a.nearest)}? ` : ''}Use a region name as az account list-locations prints it (public, US Government or China cloud), e.g. westeurope, or "" for the resource group's region.`,
      }),
    },
  },
  HUB215: {
    stage: 'semantic',
    severity: 'error',
    meaning: 'A tag name longer than Azure allows on a resource the hub tags (512 characters, 128 on storage accounts; longer names and values over 256 characters are HUB105).',
    messages: {
      name: (a: { key: string; length: number; limit: number; types: string }) => ({
        message: `tag name '${a.key}' is ${a.length} characters long; Azure allows at most ${a.limit} on ${a.types}`,
        hint: 'Shorten the tag name (Azure allows 512 characters in tag names, 128 on storage accounts).',
      }),
    },
  },
  HUB216: {
    stage: 'semantic',
    severity: 'error',
    meaning:
      'More tags on a resource than Azure allows (50 per resource, 15 on Private DNS zones and their virtual network links), counting `tags` and `tagsByResource` merged and the tags the hub adds itself.',
    messages: {
      raise: (a: { where: string; counts: string; limit: number; types: string; hub: number }) => ({
        message: `${a.where}: ${a.types} would get ${a.counts} tags (tags and tagsByResource merged, and the ${a.hub} the hub adds); Azure allows at most ${a.limit} tags per resource`,
        hint: `Azure allows at most 50 tags per resource (15 on Private DNS zones and their virtual network links), tags and tagsByResource merged and the hub's own ${a.hub} included; remove tags, or combine several values into one JSON-valued tag.`,
      }),
    },
  },
  HUB217: {
    stage: 'semantic',
    severity: 'error',
    meaning:
      'Two tags of one resource whose names differ only in case (Azure tag names are case-insensitive), or a tag with the name of one the hub sets itself (`cm-resource-parent`, `ftk-version`, `ftk-tool`).',
    messages: {
      caseOnly: (a: { key: string; other: string; where: string }) => ({
        message: `tag '${a.key}' differs only in case from tag '${a.other}'${a.where}`,
        hint: 'Azure tag names are case-insensitive, so a resource keeps only one of the two; write the name the same way everywhere, or remove one.',
      }),
      hubTag: (a: { key: string; hubTag: string }) => ({
        message: `tag '${a.key}' clashes with the tag '${a.hubTag}' the hub sets itself`,
        hint: 'The hub sets cm-resource-parent, ftk-version and ftk-tool on every resource it tags; remove this tag or rename it.',
      }),
    },
  },
  HUB218: {
    stage: 'semantic',
    severity: 'error',
    meaning: 'A `tagsByResource` key that is not a resource type any hub release tags, so its tags would never be applied; the hint names the nearest type.',
    messages: {
      raise: (a: { type: string; nearest: readonly string[]; release: string; types: readonly string[] }) => ({
        message: `tagsByResource: '${a.type}' is not a resource type the hub tags, so these tags would never be applied`,
        hint: a.nearest.length ? `Did you mean ${alternatives(a.nearest)}?` : `Hub release ${a.release} tags: ${a.types.join(', ')}.`,
      }),
    },
  },
  HUB219: {
    stage: 'semantic (warning)',
    severity: 'warning',
    meaning: 'Scopes that differ only in case: scope IDs are case-insensitive, so only the first is written to the template and to settings.json.',
    messages: {
      raise: (a: { index: number; scope: string; firstIndex: number; first: string }) => ({
        message: `scopes[${a.index}] '${a.scope}' is scopes[${a.firstIndex}] '${a.first}' written in another case; only scopes[${a.firstIndex}] is used`,
        hint: 'Scope IDs are case-insensitive; list each scope once.',
      }),
    },
  },
  HUB220: {
    stage: 'release',
    severity: 'error',
    meaning:
      'A hub.yaml value configures a component the release being built does not have (Data Explorer, private networking, a remote hub, the Event Grid namespace, retention settings, managed-export schedules, custom datasets, a dataset or export version); the hint names the first release that has it.',
    messages: {
      exportType: (a: { release: string; exportType: string; dataset: string; hint: string }) => ({
        message: `hub release ${a.release} does not ingest ${a.exportType} exports (dataset ${a.dataset})`,
        hint: a.hint,
      }),
      section: (a: { path: string; what: string; release: string; hint: string }) => ({
        message: `${a.path} configures ${a.what}, which hub release ${a.release} does not have`,
        hint: a.hint,
      }),
    },
  },
  HUB221: {
    stage: 'release (warning)',
    severity: 'warning',
    meaning:
      'A hub.yaml section the release being built does not have holds only default values (or the dataset list is the default of the release hub.yaml names), so it is left out with no effect. A section that states what the release does without the component (`networking.publicAccess: true` before 0.7, which `hubc import` writes) gets no diagnostic.',
    messages: {
      datasets: (a: { release: string; lacking: readonly string[]; fileRelease: string }) => ({
        message: `datasets: hub release ${a.release} does not ingest ${a.lacking.join(', ')}; they are left out (the list is the ${a.fileRelease} default)`,
        hint: `Leave datasets out to take the defaults of each release, or list only what ${a.release} ingests.`,
      }),
      section: (a: { path: string; what: string; release: string; hint: string }) => ({
        message: `${a.path} has no effect: hub release ${a.release} does not have ${a.what} (the values are the defaults, so nothing is lost)`,
        hint: a.hint,
      }),
      /** One line per release for a run that builds several releases (`build --all`, `publish --all`) in text. */
      summary: (a: { release: string; lines: readonly number[]; file: string }) =>
        `hub release ${a.release} leaves out ${a.lines.length} section${a.lines.length === 1 ? '' : 's'} it does not have (${a.file} line${a.lines.length === 1 ? '' : 's'} ${a.lines.join(', ')}), holding only defaults: nothing is lost (hubc build ${a.file} --release ${a.release} lists them)`,
    },
  },
  HUB250: {
    stage: 'semantic',
    severity: 'error',
    meaning:
      'hub.yaml names both a Data Explorer cluster (`dataExplorer.name`) and a Microsoft Fabric eventhouse (`fabric.queryUri`, 0.10+): the hub uses one analytics engine, and with both the template deploys no cluster (the eventhouse wins, as in the public 0.10).',
    messages: {
      raise: (a: { cluster: string; queryUri: string }) => ({
        message: `fabric.queryUri '${a.queryUri}' and dataExplorer.name '${a.cluster}' are both set; a hub uses one analytics engine`,
        hint: 'Keep fabric.queryUri and set dataExplorer.name to "" (an existing cluster is not deleted), or remove fabric.queryUri to keep the cluster.',
      }),
    },
  },
  HUB251: {
    stage: 'semantic',
    severity: 'error',
    meaning:
      "A Microsoft Fabric eventhouse (`fabric.queryUri`) with the data lake closed to public access (`networking.publicAccess: false`): the eventhouse loads the ingestion files with the caller's identity across the storage firewall, which Fabric cannot pass, so every load would fail at run time (microsoft/finops-toolkit#2061).",
    messages: {
      raise: (a: { queryUri: string }) => ({
        message: `fabric.queryUri '${a.queryUri}' needs public access to the data lake, and networking.publicAccess is false`,
        hint: 'Fabric cannot read through the storage firewall: set networking.publicAccess: true (the data lake then takes public traffic; keep it limited with Azure RBAC), or use a Data Explorer cluster (dataExplorer.name), which reaches the data lake through its private endpoint.',
      }),
    },
  },
  HUB222: {
    stage: 'release (warning)',
    severity: 'warning',
    meaning: 'A `tagsByResource` key for a resource type other releases tag but the release being built does not deploy: its tags have no effect there.',
    messages: {
      raise: (a: { type: string; release: string; releases: readonly string[] }) => ({
        message: `tagsByResource: hub release ${a.release} deploys no ${a.type}; these tags have no effect`,
        hint: `Hub releases ${a.releases.join(', ')} deploy it; leave the entry for them, or remove it.`,
      }),
    },
  },
  HUB225: {
    stage: 'semantic',
    severity: 'error',
    meaning:
      'The hub name gives a resource name Azure rejects under the naming rules in use (`naming`): a Key Vault name that starts with a digit or has `--` where the name is cut, a Data Factory or Event Grid name with `--`.',
    messages: {
      raise: (a: { hubName: string; resource: string; value: string; rule: string; naming: string }) => ({
        message: `hub name '${a.hubName}' gives the ${a.resource} name '${a.value}' (naming: ${a.naming}), which Azure rejects: ${a.rule}`,
        hint: 'Start the hub name with a letter and write single hyphens (a public hub with this name could not deploy either).',
      }),
    },
  },
  HUB230: {
    stage: 'semantic (warning)',
    severity: 'warning',
    meaning: 'A tag name some resource types the hub tags accept but do not keep: Private DNS zones and their virtual network links drop tags whose name holds a space or `:`.',
    messages: {
      raise: (a: { key: string; what: string; types: string }) => ({
        message: `tag '${a.key}' has ${a.what} in its name, so ${a.types} will not keep it`,
        hint: 'Azure accepts such tags on these resources without an error but drops them; use a name without spaces or colons (e.g. cost-center) if they need the tag.',
      }),
    },
  },
  HUB231: {
    stage: 'semantic (warning)',
    severity: 'warning',
    meaning:
      'A component hub.yaml turns on needs a role the template does not grant (recommendations: Reader for the Data Factory identity on the management groups or subscriptions to analyze); the message names the scopes of hub.yaml and the hint the commands that grant it (src/model/grants.ts).',
    messages: {
      /** `scopes`: the scopes of hub.yaml Azure RBAC assigns roles on (empty: hub.yaml names none); `commands`: the grant, one command per line. */
      raise: (a: { what: string; role: string; principal: string; scopes: readonly string[]; without: string; commands: readonly string[] }) => ({
        message: `${a.what}: ${a.principal} needs the ${a.role} role on ${
          a.scopes.length ? a.scopes.join(', ') : 'the management groups or subscriptions to analyze (hub.yaml scopes names none)'
        }, which the template does not grant; ${a.without}`,
        hint: `After the deployment, grant it (Azure CLI; docs/recommendations.md): ${a.commands.join(' ; ')}`,
      }),
    },
  },
  HUB232: {
    stage: 'semantic (warning)',
    severity: 'warning',
    meaning:
      'An optional recommendation group is on (`recommendations.ahb` or `recommendations.spot`) while `recommendations.enabled` is false: the group runs only with the recommendations, so it has no effect.',
    messages: {
      raise: (a: { field: string; parameter: string }) => ({
        message: `recommendations.${a.field} is true but recommendations.enabled is false: the group's queries run only with the recommendations`,
        hint: `Set recommendations.enabled: true, or remove recommendations.${a.field} (the form's ${a.parameter} is ignored without enableRecommendations too).`,
      }),
    },
  },
  HUB260: {
    stage: 'semantic (warning)',
    severity: 'warning',
    meaning:
      '`release` names a hub release by another of its names than its id: the version its hub records (`12.0`) or a public file it was published as (`finops-hub-0.12.json`). The release is built; the id is the name hubc writes (src/model/releaseNames.ts).',
    messages: {
      raise: (a: { written: string; release: string; what: string }) => ({
        message: `release '${a.written}' is ${a.what} of hub release ${a.release}; building ${a.release}`,
        hint: `Write release: "${a.release}" (the public toolkit's tag v${a.release}), the name hubc gives its folders, feeds and upgrade plans.`,
      }),
    },
  },
  HUB270: {
    stage: 'semantic',
    severity: 'error',
    meaning:
      'hub.yaml chooses two analytics engines (say `dataExplorer.name` and `remoteHub.storageUri`) for a release whose hub sends its data to one (release 14 on: none, Data Explorer, Fabric or a remote hub; its portal form offers one choice).',
    messages: {
      raise: (a: { release: string; fields: readonly string[] }) => ({
        message: `hub release ${a.release} sends its data to one analytics engine, and hub.yaml chooses ${a.fields.length}: ${a.fields.join(', ')}`,
        hint: `Keep one of ${alternatives(a.fields)} and set the others to "" (a remote hub receives the data instead of this hub's own engine).`,
      }),
    },
  },
});
