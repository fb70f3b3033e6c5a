/**
 * The hub.yaml `hubc import` writes, from what it found of a running hub: the release, the naming, the
 * template parameter values of its deployment (by the public release's names, or by hubc's for a hub hubc
 * deployed) and `config/settings.json` (scopes added by hand, retention). Every template parameter of the
 * release becomes its hub.yaml field. A parameter the public deployment left out took the public
 * template's default: where hub.yaml's differs (`publicRelease.defaults` of the release table) that default
 * is written; otherwise the value is named in a comment and hub.yaml's default, the same, applies. A section
 * the release lacks that says what the release does anyway (`implied` in RELEASE_SECTIONS: no network,
 * public access) is written so that an upgrade keeps it. A value hub.yaml cannot carry is a loss (HUB600 in
 * ./index.ts) unless accepted (issue #31).
 */
import { Document, isMap, isScalar, isSeq } from 'yaml';
import { PARAMETER_SOURCES, firstReleaseWith, getRelease, parameterName, publicParameterName, type ParameterKey, type Release, type ReleaseVersion } from '../model/releases.js';
import { RELEASE_SECTIONS, sectionApplies } from '../frontend/checks/releaseFields.js';
import type { NamingMode } from '../model/naming.js';
import { toHubcValue } from '../public/index.js';
import { isDevSku } from '../frontend/checks/skus.js';
import { isObject } from '../util/json.js';

/** What was found of a hub. */
export interface ImportFacts {
  release: ReleaseVersion;
  naming: NamingMode;
  /** Template parameter values by parameter name; an entry without a value (a secure parameter) is not recovered. */
  parameters: Record<string, { value?: unknown } | undefined>;
  /** Whose parameter names `parameters` uses: the public release's or hubc's. */
  parameterNames: 'public' | 'hubc';
  /** The hub's `config/settings.json`, when read. */
  settings?: unknown;
  /** Where the values came from, one line each (for the header comment). */
  sources: string[];
  /** Remarks for the header comment (how the release and naming were told). */
  remarks: string[];
}

/** A hub.yaml field that could not be recovered, and why. */
export interface Unrecovered {
  /** Dotted hub.yaml path (`hub.location`), or the template parameter when no field takes it. */
  path: string;
  why: string;
}

/** A value the hub was deployed with that hub.yaml cannot carry (HUB600 unless accepted with `--accept-loss`). */
export interface Loss {
  /** The parameter, as the facts name it. */
  name: string;
  why: string;
}

/** The hub.yaml made from the facts. */
export interface ImportedHub {
  text: string;
  release: ReleaseVersion;
  naming: NamingMode;
  hubName: string;
  /** hub.yaml fields set from what was found, in file order. */
  recovered: string[];
  /** What hub.yaml holds no value of: secrets, values the deployment did not set, losses accepted with `--accept-loss`. */
  unrecovered: Unrecovered[];
  /** Values hub.yaml cannot carry that were not accepted: the import stops (HUB600). */
  losses: Loss[];
}

/** Where a `settings.json` retention value lives, by the parameter it mirrors (the export container key of the release's naming). */
function settingsRetention(settings: unknown, key: ParameterKey, exportContainer: string): unknown {
  const retention = isObject(settings) && isObject(settings.retention) ? settings.retention : undefined;
  const pick = (section: string, unit: string) => {
    const s = retention?.[section];
    return isObject(s) && typeof s[unit] === 'number' ? s[unit] : undefined;
  };
  switch (key) {
    case 'exportRetentionInDays':
      return pick(exportContainer, 'days') ?? pick('msexports', 'days') ?? pick('rawexports', 'days');
    case 'ingestionRetentionInMonths':
      return pick('ingestion', 'months');
    case 'dataExplorerLogRetentionInDays':
      return pick('raw', 'days');
    case 'dataExplorerFinalRetentionInMonths':
      return pick('final', 'months');
    default:
      return undefined;
  }
}

/** The scopes of a settings.json (`scopes: [{ scope }]`, or the strings of a pre-0.4 `exportScopes`). */
function settingsScopes(settings: unknown): string[] {
  if (!isObject(settings)) return [];
  const list = Array.isArray(settings.scopes) ? settings.scopes : Array.isArray(settings.exportScopes) ? settings.exportScopes : [];
  return list.map((s) => (isObject(s) ? s.scope : s)).filter((s): s is string => typeof s === 'string' && s.length > 0);
}

/** Sets a value at a path of a plain object, creating the maps on the way. */
function setPath(doc: Record<string, unknown>, path: readonly string[], value: unknown): void {
  let node = doc;
  for (const seg of path.slice(0, -1)) node = (node[seg] ??= {}) as Record<string, unknown>;
  node[path[path.length - 1]] = value;
}

/** What the import makes of one template parameter: its hub.yaml value (with a comment beside it), or why it has none. */
type FieldOutcome = { value: unknown; comment?: string } | { unrecovered: Unrecovered };

/** The name a parameter has in the facts: the public release's or hubc's; undefined when it has none there. */
function parameterNameIn(facts: ImportFacts, release: Release, key: ParameterKey): string | undefined {
  return facts.parameterNames === 'public' ? publicParameterName(release, key) : parameterName(release, key);
}

/** A parameter's entry in the facts, its name matched without regard to case. */
function parameterEntry(facts: ImportFacts, name: string): { value?: unknown } | undefined {
  return Object.entries(facts.parameters).find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1];
}

/**
 * Makes the hub.yaml of the facts.
 * @param header lines put first (the schema modeline)
 * @param acceptLoss parameters whose values hub.yaml cannot carry and may be lost (`--accept-loss`); the
 *   others are returned in `losses`
 * @throws Error when no value gives the hub name (the callers check that first)
 */
export function importedHubYaml(facts: ImportFacts, header: string[] = [], acceptLoss: readonly string[] = []): ImportedHub {
  const release = getRelease(facts.release);
  const data: Record<string, unknown> = { release: release.version, naming: facts.naming };
  const recovered: string[] = [];
  const unrecovered: Unrecovered[] = [];
  const inlineComments = new Map<string, string>();
  let hubName = '';
  for (const key of release.parameters) {
    const outcome = recoverField(facts, release, key);
    if (outcome === undefined) continue;
    if ('unrecovered' in outcome) {
      unrecovered.push(outcome.unrecovered);
      continue;
    }
    const field = PARAMETER_SOURCES[key].join('.');
    if (key === 'hubName') hubName = String(outcome.value);
    setPath(data, PARAMETER_SOURCES[key], outcome.value);
    recovered.push(field);
    if (outcome.comment !== undefined) inlineComments.set(field, outcome.comment);
  }
  if (!hubName) throw new Error('importedHubYaml: no hub name');
  impliedValues(release, data, inlineComments);
  const accepted = new Set(acceptLoss.map((n) => n.toLowerCase()));
  const losses: Loss[] = [];
  for (const loss of lossesOf(facts, release)) {
    if (accepted.has(loss.name.toLowerCase())) unrecovered.push({ path: loss.name, why: `${loss.why}; lost, accepted with --accept-loss` });
    else losses.push(loss);
  }
  // Scopes found only in settings.json, when the deployment gave none.
  if (!recovered.includes('scopes')) {
    const scopes = settingsScopes(facts.settings);
    if (scopes.length) {
      setPath(data, ['scopes'], scopes);
      recovered.push('scopes');
      inlineComments.set('scopes', 'from config/settings.json');
    }
  }
  const text = hubYamlText(facts, release, data, header, unrecovered, inlineComments);
  return { text, release: release.version, naming: facts.naming, hubName, recovered, unrecovered, losses };
}

/**
 * The values of sections the release does not have that say what it does anyway (`implied` in
 * RELEASE_SECTIONS: no private network means public access), written so that an upgrade to a release
 * with the section keeps what the hub has instead of taking hub.yaml's default.
 */
function impliedValues(release: Release, data: Record<string, unknown>, comments: Map<string, string>): void {
  for (const s of RELEASE_SECTIONS) {
    if (sectionApplies(release, s)) continue;
    for (const i of s.implied ?? []) {
      setPath(data, i.path.map(String), i.value);
      const first = s.feature ? firstReleaseWith(s.feature) : undefined;
      comments.set(i.path.join('.'), `${i.why} (release ${release.version} has no ${s.what}); written so that an upgrade${first ? ` to ${first} or later` : ''} keeps it`);
    }
  }
}

/**
 * The values of the facts hub.yaml cannot carry: parameters the release's template (the public one, or
 * hubc's for a hub hubc deployed) does not declare, and public parameters hubc has no field for
 * (`publicRelease.extraParameters`). Secrets without a value are not values.
 */
function lossesOf(facts: ImportFacts, release: Release): Loss[] {
  const known = new Set(release.parameters.map((k) => parameterNameIn(facts, release, k)?.toLowerCase()).filter((n): n is string => Boolean(n)));
  const extra = facts.parameterNames === 'public' ? Object.entries(release.publicRelease.extraParameters ?? {}) : [];
  const out: Loss[] = [];
  for (const [name, entry] of Object.entries(facts.parameters)) {
    if (!entry || !('value' in entry) || known.has(name.toLowerCase())) continue;
    const why = extra.find(([n]) => n.toLowerCase() === name.toLowerCase())?.[1];
    const template = facts.parameterNames === 'public' ? `the public release ${release.version}'s template` : `hubc's ${release.version} template`;
    out.push({ name, why: `${JSON.stringify(entry.value)}: ${why ?? `not a parameter of ${template}, so hub.yaml has no field for it`}` });
  }
  return out;
}

/**
 * One template parameter's hub.yaml value: from the deployment, else from settings.json (retention), in
 * hub.yaml's terms; or why it is not recovered. Undefined for what is left out without a word (an empty
 * location, the SKU tier, which the SKU name implies, a secret the public release does not have).
 */
function recoverField(facts: ImportFacts, release: Release, key: ParameterKey): FieldOutcome | undefined {
  const field = PARAMETER_SOURCES[key].join('.');
  const name = parameterNameIn(facts, release, key);
  const entry = name ? parameterEntry(facts, name) : undefined;
  if (key === 'remoteHubStorageKey') {
    return name
      ? { unrecovered: { path: name, why: 'a secret, never read back by Azure nor written to hub.yaml: give it when deploying (the portal form, or a parameter file)' } }
      : undefined;
  }
  if (!name) return { unrecovered: { path: field, why: `the public release ${release.version} has no parameter for it: hub.yaml's default applies` } };
  let value = entry && 'value' in entry ? toHubcValue(key, entry.value) : undefined;
  let comment: string | undefined;
  if (value === undefined) {
    value = settingsRetention(facts.settings, key, release.namingRules[facts.naming].exportContainer);
    if (value !== undefined) comment = 'from config/settings.json';
  }
  const publicDefault = facts.parameterNames === 'public' ? release.publicRelease.defaults?.[key] : undefined;
  if (value === undefined && publicDefault !== undefined) {
    // The deployment took the public template's default, which is not hub.yaml's: write it.
    value = publicDefault;
    comment = `${name} not set: the public template's default (hub.yaml's differs)`;
  }
  if (value === undefined) {
    if (key === 'dataExplorerSkuTier') return undefined;
    const taken =
      facts.parameterNames === 'public'
        ? "the deployment took the public template's default, which is hub.yaml's default too"
        : "the deployment took the template's default: hub.yaml's default applies";
    return { unrecovered: { path: field, why: entry ? `Azure returned no value for ${name}: hub.yaml's default applies` : `${name} is not among the values found: ${taken}` } };
  }
  if (key === 'enablePublicAccess') value = typeof value === 'string' ? value.toLowerCase() === 'true' : value;
  if (key === 'scopes' && Array.isArray(value)) {
    const own = value.map((s) => (isObject(s) ? s.scope : s)).filter((s): s is string => typeof s === 'string' && s.length > 0);
    const byHand = settingsScopes(facts.settings).filter((s) => !own.some((o) => o.toLowerCase() === s.toLowerCase()));
    value = [...own, ...byHand];
    if (byHand.length) comment ??= `${byHand.length} of them only in config/settings.json (added by hand)`;
  }
  if (key === 'location' && value === '') return undefined;
  if (key === 'dataExplorerSkuCapacity' && value === 1) {
    const sku = parameterEntry(facts, parameterNameIn(facts, release, 'dataExplorerSkuName') ?? '');
    if (sku && typeof sku.value === 'string' && !isDevSku(sku.value)) {
      value = 2;
      comment ??= `${name} was 1, which the public template raised to 2 for a Standard SKU`;
    }
  }
  return { value, ...(comment === undefined ? {} : { comment }) };
}

/** The hub.yaml text: the header comment (sources, release and naming, remarks, what was not recovered), the values, their comments. */
function hubYamlText(
  facts: ImportFacts,
  release: Release,
  data: Record<string, unknown>,
  header: string[],
  unrecovered: Unrecovered[],
  inlineComments: Map<string, string>,
): string {
  const exportContainer = release.namingRules[facts.naming].exportContainer;
  const doc = new Document(data);
  const intro = [
    ...header,
    ` Imported from ${facts.sources.join('; ')}.`,
    ` Hub release ${release.version}, naming: ${facts.naming}${facts.naming === 'public' ? ` (the public release's resource names and the export container ${exportContainer}, so that hubc's template deploys over this hub in place)` : ''}.`,
    ...facts.remarks.map((r) => ` ${r}`),
    ...(unrecovered.length ? [' Not recovered:', ...unrecovered.map((u) => `   - ${u.path}: ${u.why}`)] : []),
    ' Field reference: docs/hub-yaml.md; taking over a public hub: docs/adopting.md.',
  ];
  doc.commentBefore = intro.map((l) => l.replace(/\s+$/, '')).join('\n');
  for (const [field, comment] of inlineComments) {
    const node = doc.getIn(field.split('.'), true);
    if (isScalar(node)) node.comment = ` ${comment}`;
    else if (isMap(node) || isSeq(node)) node.commentBefore = ` ${comment}`;
  }
  return doc.toString({ lineWidth: 0 });
}
