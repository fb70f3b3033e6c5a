/**
 * The hub.yaml `hubc init` writes: a commented starting point for one release, holding only the sections
 * that release has (release table capabilities, {@link has}), each at its default, so it compiles with no
 * diagnostic (test/init/template.test.ts compiles it for every release and compares it with the defaults).
 */
import { behaves, getRelease, has, type ReleaseVersion } from '../model/releases.js';

/** What the template refers to and records. */
export interface TemplateOptions {
  release: ReleaseVersion;
  /** What the `yaml-language-server` modeline points at: a path relative to the file, an absolute path or a URL. */
  schema: string;
  /** Where the field reference (docs/hub-yaml.md) is, as the file's reader can open it. */
  docs: string;
  /** hubc's version, recorded in the header. */
  hubcVersion: string;
}

/**
 * The text of a new hub.yaml for `options.release`.
 * @returns YAML text with LF line ends and a final newline
 */
export function hubYamlTemplate(options: TemplateOptions): string {
  const r = getRelease(options.release);
  const lines: string[] = [
    `# yaml-language-server: $schema=${options.schema}`,
    '#',
    `# A FinOps hub for hub release ${r.version}, written by hubc init (hubc ${options.hubcVersion}). Each value is the default`,
    `# the Deploy to Azure form starts with; change what you need, then run hubc build (writes dist-templates/${r.version}/).`,
    `# Every field, its default and the releases that have it: ${options.docs}`,
    `release: "${r.version}"`,
    'naming: spec                  # spec: the specification\'s resource names; public: those of the public release (docs/adopting.md)',
    '',
    'hub:',
    '  name: finops-hub            # hubName: 3-63 letters, digits, - and _, starting and ending with a letter or digit; prefixes every resource name',
    '  location: ""                # Azure region, e.g. westeurope; "" = the resource group\'s region',
  ];
  if (has(r, 'eventGridRegistration')) lines.push('  eventGridLocation: ""       # region of the temporary Event Grid namespace; "" = location');
  lines.push('', 'storage:', '  sku: Premium_LRS            # Premium_LRS or Premium_ZRS (the data lake)', '');
  lines.push(
    ...(has(r, 'managedExports')
      ? [
          '# Cost Management scopes the hub creates and runs exports for (managed exports, always on from 0.4),',
          '# e.g. /subscriptions/<id> or /providers/Microsoft.Billing/billingAccounts/<id>. The Data Factory identity',
          '# needs Cost Management Contributor on each scope (or the EA/MCA billing roles); how to grant it: the',
          '# "Managed exports" section of the field reference named above.',
        ]
      : ['# Cost Management scopes whose exports you create yourself into the hub storage, e.g. /subscriptions/<id>.']),
    'scopes: []',
    '',
  );
  if (has(r, 'dataExplorer')) {
    lines.push(
      'dataExplorer:',
      '  name: ""                    # "" = no cluster; a name (4-22 lowercase letters and digits, globally unique) adds one',
      ...(behaves(r, 'dataExplorerTrustedTenants') ? ['  trustedExternalTenants: []  # other tenants whose users may query the cluster; [] = the hub\'s tenant only'] : []),
      '',
    );
  }
  if (has(r, 'retentionSettings')) {
    lines.push('retention:', '  rawExportsDays: 0           # days exported files stay in rawexports; 0 = deleted once converted', '  ingestionMonths: 13         # months of converted data kept and back-filled');
    if (has(r, 'dataExplorer')) lines.push('  dataExplorerLogDays: 0      # days rows stay in the *_raw staging tables', '  dataExplorerFinalMonths: 13 # months kept in the final tables');
    lines.push('');
  }
  if (has(r, 'privateNetworking')) {
    lines.push('networking:', '  publicAccess: false         # false = storage reachable through private endpoints and trusted Azure services only', '  addressPrefix: 10.20.30.0/26  # IPv4 range of the hub virtual network, /26 or larger', '');
  }
  if (has(r, 'remoteHub')) {
    lines.push('remoteHub:', '  storageUri: ""              # another hub\'s Data Lake to push data to, e.g. https://<account>.dfs.core.windows.net/', '');
  }
  lines.push('tags: {}                      # tags on every resource, e.g. { owner: finops }', '');
  return `${lines.join('\n').trimEnd()}\n`;
}
