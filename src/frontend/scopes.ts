/**
 * The scope IDs Cost Management exports accept, and a checker that names the nearest form when an ID fits
 * none of them.
 *
 * Sources:
 * - Cost Management "Exports - Create Or Update" REST reference (learn.microsoft.com/rest/api/cost-management/
 *   exports/create-or-update), parameter `scope`: subscription, resource group, billing account, department,
 *   enrollment account, billing profile, invoice section and management group scopes;
 * - "Understand and work with scopes" (learn.microsoft.com/azure/cost-management-billing/costs/understand-work-scopes):
 *   EA billing accounts, departments and enrollment accounts are numbers; MCA billing accounts are
 *   `<guid>:<guid>_<yyyy-mm-dd>`, billing profiles and invoice sections `XXXX-XXXX-XXX-XXX`; invoice sections
 *   sit under their billing profile (the REST reference also accepts them directly under the account);
 * - resource name rules (learn.microsoft.com/azure/azure-resource-manager/management/resource-name-rules):
 *   resource groups and management groups are 1-90 letters, digits, `_`, `-`, `.` and `()`, not ending in `.`.
 *
 * Segment names (`subscriptions`, `resourceGroups`, ...) are compared case-insensitively, as ARM does.
 */
import { distance } from 'fastest-levenshtein';

/** The syntax of one ID segment. */
interface IdSyntax {
  /** What the ID is, for hints, e.g. `subscription ID (a GUID)`. */
  label: string;
  /**
   * The segment's regular expression without anchors or flags, case written out (`[0-9a-fA-F]`), so the
   * same text serves hubc and the portal form's regex (JavaScript, no flags; see {@link scopeIdPattern}).
   */
  source: string;
  /** {@link source} anchored. */
  pattern: RegExp;
  /** A valid example. */
  example: string;
}

/** An {@link IdSyntax} from its label, regular expression text and example. */
const idSyntax = (label: string, source: string, example: string): IdSyntax => ({ label, source, pattern: new RegExp(`^(?:${source})$`), example });

const HEX = '[0-9a-fA-F]';
const GUID = `${HEX}{8}-${HEX}{4}-${HEX}{4}-${HEX}{4}-${HEX}{12}`;
/** Resource group and management group names: 1-90 letters, digits, `_ - . ( )`, not ending in `.`. */
const GROUP_NAME = '[-\\w.()]{0,89}[-\\w()]';
const ID = {
  subscription: idSyntax('subscription ID (a GUID)', GUID, '00000000-0000-0000-0000-000000000000'),
  resourceGroup: idSyntax('resource group name (1-90 letters, digits, _ - . ( ), not ending in .)', GROUP_NAME, 'my-resource-group'),
  managementGroup: idSyntax('management group ID (1-90 letters, digits, _ - . ( ), not ending in .)', GROUP_NAME, 'my-management-group'),
  eaNumber: idSyntax('EA number (digits)', '\\d{1,20}', '1234567'),
  mcaAccount: idSyntax(
    'MCA billing account ID (<guid>:<guid>_<yyyy-mm-dd>)',
    `${GUID}:${GUID}_\\d{4}-\\d{2}-\\d{2}`,
    '00000000-0000-0000-0000-000000000000:00000000-0000-0000-0000-000000000000_2019-05-31',
  ),
  mcaSection: idSyntax('MCA ID (XXXX-XXXX-XXX-XXX)', '[A-Za-z0-9]{4}-[A-Za-z0-9]{4}-[A-Za-z0-9]{3}-[A-Za-z0-9]{3}', 'AAAA-BBBB-CCC-DDD'),
} satisfies Record<string, IdSyntax>;

/** One accepted scope form: fixed segments and ID segments in order. */
export interface ScopeForm {
  /** Stable key, e.g. `eaDepartment`. */
  key: string;
  /** Human name, e.g. `EA department`. */
  name: string;
  /** Segments: a string is a fixed segment (case-insensitive), an {@link IdSyntax} an ID. */
  segments: (string | IdSyntax)[];
}

const BILLING = ['providers', 'Microsoft.Billing', 'billingAccounts'];

/** Every scope form Cost Management exports accept, in the order hints list them. */
export const SCOPE_FORMS: readonly ScopeForm[] = [
  { key: 'subscription', name: 'subscription', segments: ['subscriptions', ID.subscription] },
  { key: 'resourceGroup', name: 'resource group', segments: ['subscriptions', ID.subscription, 'resourceGroups', ID.resourceGroup] },
  { key: 'managementGroup', name: 'management group', segments: ['providers', 'Microsoft.Management', 'managementGroups', ID.managementGroup] },
  { key: 'eaBillingAccount', name: 'EA billing account', segments: [...BILLING, ID.eaNumber] },
  { key: 'eaDepartment', name: 'EA department', segments: [...BILLING, ID.eaNumber, 'departments', ID.eaNumber] },
  { key: 'eaEnrollmentAccount', name: 'EA enrollment account', segments: [...BILLING, ID.eaNumber, 'enrollmentAccounts', ID.eaNumber] },
  { key: 'mcaBillingAccount', name: 'MCA billing account', segments: [...BILLING, ID.mcaAccount] },
  { key: 'mcaBillingProfile', name: 'MCA billing profile', segments: [...BILLING, ID.mcaAccount, 'billingProfiles', ID.mcaSection] },
  {
    key: 'mcaInvoiceSection',
    name: 'MCA invoice section',
    segments: [...BILLING, ID.mcaAccount, 'billingProfiles', ID.mcaSection, 'invoiceSections', ID.mcaSection],
  },
  { key: 'mcaInvoiceSectionShort', name: 'MCA invoice section', segments: [...BILLING, ID.mcaAccount, 'invoiceSections', ID.mcaSection] },
];

/** A scope form written out with placeholders, e.g. `/subscriptions/<subscription ID (a GUID)>`. */
export function scopeTemplate(form: ScopeForm): string {
  return '/' + form.segments.map((s) => (typeof s === 'string' ? s : `<${s.label}>`)).join('/');
}

/** A valid example of a scope form. */
export function scopeExample(form: ScopeForm): string {
  return '/' + form.segments.map((s) => (typeof s === 'string' ? s : s.example)).join('/');
}

/** Outcome of {@link checkScope}. */
export type ScopeCheck =
  | { ok: true; form: ScopeForm }
  | {
      ok: false;
      /** The form the ID is closest to. */
      nearest: ScopeForm;
      /** What is wrong, one sentence. */
      problem: string;
      /** The ID written right, when only empty segments (a final `/`, a `//`) were wrong. */
      fixed?: string;
    };

/** Splits a scope ID into segments; undefined when it does not start with `/` or has empty segments. */
function segmentsOf(scope: string): string[] | undefined {
  if (!scope.startsWith('/')) return undefined;
  const parts = scope.slice(1).split('/');
  return parts.some((p) => p === '') ? undefined : parts;
}

const sameWord = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
/** A fixed segment written with a small typo (`billingAccount` for `billingAccounts`). */
const nearWord = (a: string, b: string) => distance(a.toLowerCase(), b.toLowerCase()) <= Math.max(1, Math.floor(b.length / 6));

/**
 * Which fixed segments of a form the ID shares (exactly or with a typo), and how far apart the two are.
 * Forms sharing more fixed segments are nearer; among equals, the one whose length and ID syntax fit best.
 */
function closeness(parts: readonly string[], form: ScopeForm): [number, number] {
  const fixed = form.segments.filter((s): s is string => typeof s === 'string');
  const shared = fixed.filter((f) => parts.some((p) => nearWord(p, f))).length;
  let misfit = Math.abs(parts.length - form.segments.length);
  form.segments.forEach((s, i) => {
    const p = parts[i];
    if (p === undefined) misfit += 1;
    else if (typeof s === 'string') misfit += sameWord(p, s) ? 0 : nearWord(p, s) ? 0.5 : 1;
    else misfit += s.pattern.test(p) ? 0 : 0.5;
  });
  return [shared, misfit];
}

/**
 * Checks a scope ID against {@link SCOPE_FORMS}.
 * @returns the matching form, or the nearest form and what is wrong
 */
export function checkScope(scope: string): ScopeCheck {
  const parts = segmentsOf(scope);
  const exact = parts && formOf(parts);
  if (exact) return { ok: true, form: exact };
  // Empty segments (a final /, a //) do not hide the form the rest has.
  const written = parts ?? scope.split('/').filter((p) => p !== '');
  const cleaned = !parts && scope.startsWith('/') ? formOf(written) : undefined;
  if (cleaned) return { ok: false, nearest: cleaned, problem: describeProblem(scope, written, cleaned), fixed: `/${written.join('/')}` };
  let nearest = SCOPE_FORMS[0];
  let best: [number, number] = [-1, Infinity];
  for (const form of SCOPE_FORMS) {
    const c = closeness(written, form);
    if (c[0] > best[0] || (c[0] === best[0] && c[1] < best[1])) [nearest, best] = [form, c];
  }
  return { ok: false, nearest, problem: describeProblem(scope, written, nearest) };
}

/** The form whose every segment the ID's segments fit, if any. */
function formOf(parts: readonly string[]): ScopeForm | undefined {
  return SCOPE_FORMS.find(
    (form) => parts.length === form.segments.length && form.segments.every((s, i) => (typeof s === 'string' ? sameWord(parts[i], s) : s.pattern.test(parts[i]))),
  );
}

/** The first difference between an ID and a form, in words. */
function describeProblem(scope: string, parts: readonly string[], form: ScopeForm): string {
  if (!scope.startsWith('/')) return `'${scope}' does not start with /`;
  if (segmentsOf(scope) === undefined) return scope.slice(1, -1).includes('//') || scope === '/' ? `'${scope}' has an empty segment (//)` : `'${scope}' ends with /`;
  for (let i = 0; i < form.segments.length; i++) {
    const s = form.segments[i];
    const p = parts[i];
    if (p === undefined) return `'${scope}' ends before the ${typeof s === 'string' ? `'${s}' segment` : s.label}`;
    if (typeof s === 'string' && !sameWord(p, s)) return `segment '${p}' should be '${s}'`;
    if (typeof s !== 'string' && !s.pattern.test(p)) return `'${p}' is not a valid ${s.label}`;
  }
  return `'${scope}' has extra segments after ${form.name} scope`;
}

/** A fixed segment as a regular expression that ignores case letter by letter (`[sS][uU]...`). */
function anyCase(segment: string): string {
  return [...segment].map((ch) => (/[a-z]/i.test(ch) ? `[${ch.toLowerCase()}${ch.toUpperCase()}]` : ch.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('');
}

/** A tree of scope forms by segment, shared prefixes once: how {@link scopeIdPattern} keeps the expression short. */
interface SegmentTree {
  /** A form ends here. */
  end: boolean;
  children: Map<string | IdSyntax, SegmentTree>;
}

/** The regular expression of the IDs below a node of the tree (each child starting with `/`). */
function treePattern(node: SegmentTree): string {
  const branches = [...node.children].map(([segment, child]) => `/${typeof segment === 'string' ? anyCase(segment) : `(?:${segment.source})`}${treePattern(child)}`);
  if (!branches.length) return '';
  const either = branches.length === 1 ? branches[0] : `(?:${branches.join('|')})`;
  return node.end ? `(?:${either})?` : either;
}

/**
 * One regular expression (JavaScript syntax, no flags, anchored) that matches exactly the scope IDs
 * {@link checkScope} accepts: the portal form's check of a scope, written from {@link SCOPE_FORMS} so the
 * form and hub.yaml accept the same IDs (forms that share leading segments share them in the expression).
 */
export function scopeIdPattern(): string {
  const root: SegmentTree = { end: false, children: new Map() };
  for (const form of SCOPE_FORMS) {
    let node = root;
    for (const segment of form.segments) {
      let child = node.children.get(segment);
      if (!child) node.children.set(segment, (child = { end: false, children: new Map() }));
      node = child;
    }
    node.end = true;
  }
  return `^${treePattern(root)}$`;
}
