/**
 * The parameter part of an upgrade: which template parameters of A are renamed or gone in B, and a saved
 * parameter file (`azuredeploy.parameters.json`) rewritten for B.
 *
 * Renames come from the release table when both builds are releases hubc knows (`parameterNames`: the same
 * logical parameter under another template name, e.g. `scopes` is `exportScopes` in 0.1-0.3 and
 * `scopesToMonitor` from 0.4), else from the likely renames of `hubc diff` (HUB404). A parameter of A that B
 * does not declare is dropped (HUB403): ARM rejects a parameter file that sets a parameter the template does
 * not declare ("Parameters in ARM templates", learn.microsoft.com). ARM matches parameter names without
 * regard to case, so a file's names are matched the same way here.
 */
import { parameterName, publicParameterName, type ParameterKey, type Release } from '../model/releases.js';
import { tierOfSku } from '../frontend/checks/skus.js';
import type { UpgradeNote } from '../diff/index.js';
import { releaseOf, type LoadedBuild } from '../load/index.js';

import type { ParameterMigration, UpgradeCitation } from './types.js';
import { UpgradePlanError } from './errors.js';
import { codes } from '../diagnostics/index.js';
import { isObject, type JsonObject } from '../util/json.js';
import type { TemplateView } from '../build/index.js';

/** A parameter of A and what becomes of it in B. */
export interface ParameterChange {
  /** Name in A. */
  from: string;
  /** Name in B; absent when B has no such parameter. */
  to?: string;
  /** True when the rename is a guess of `hubc diff` (HUB404, `likely`), not a fact of the release table. */
  likely?: boolean;
  cites: UpgradeCitation[];
}

/** The release row of a diff input, when hubc knows the release, with its naming rules (see `releaseOf`). */
export function releaseRow(input: LoadedBuild): Release | undefined {
  return releaseOf(input);
}

/**
 * Renamed and removed parameters from A to B, in A's parameter order.
 * @param notes their parameter notes (`parameterNotes` of src/diff)
 */
export function parameterChanges(a: LoadedBuild, b: LoadedBuild, notes: readonly UpgradeNote[]): ParameterChange[] {
  const pa = a.build.template.parameters.map((p) => p.name);
  const pb = new Set(b.build.template.parameters.map((p) => p.name));
  const note = (code: string, subject: string) => notes.find((n) => n.code === code && n.subject === subject);
  const ra = releaseRow(a);
  const rb = releaseRow(b);
  // A public template names some parameters otherwise than hubc's build of its release (release table `publicRelease`).
  const nameInA = (r: Release, k: ParameterKey) => (a.source === 'public' ? publicParameterName(r, k) : parameterName(r, k));
  const where = a.source === 'public' ? 'publicRelease.parameterNames' : 'parameterNames';
  const out: ParameterChange[] = [];
  for (const name of pa) {
    if (pb.has(name)) continue;
    const renameNote = note(codes.HUB404.code, name);
    const key = ra?.parameters.find((k) => nameInA(ra, k) === name);
    if (ra && rb && key) {
      if (rb.parameters.includes(key)) {
        const to = parameterName(rb, key);
        const cites: UpgradeCitation[] = [{ release: `${where}.${key}: ${name} (${a.source === 'public' ? 'public ' : ''}${ra.version}) -> ${to} (${rb.version})` }];
        if (renameNote) cites.unshift({ code: renameNote.code, subject: name });
        out.push({ from: name, to, cites });
        continue;
      }
    } else if (renameNote?.to) {
      out.push({ from: name, to: renameNote.to, likely: true, cites: [{ code: renameNote.code, subject: name }] });
      continue;
    }
    const removed = note(codes.HUB403.code, name);
    const cites: UpgradeCitation[] = removed ? [{ code: removed.code, subject: name }] : [{ change: `template/parameters/${name}: removed` }];
    if (ra && rb && key) cites.push({ release: `parameters: ${key} is not a parameter of ${rb.version}` });
    const extra = a.source === 'public' && ra ? ra.publicRelease.extraParameters?.[name] : undefined;
    if (extra) cites.push({ release: `publicRelease.extraParameters.${name}: ${extra}` });
    out.push({ from: name, cites });
  }
  return out;
}

/** Parameters B declares without a default value. */
export function requiredParameters(tb: TemplateView): string[] {
  return tb.parameters.filter((p) => !p.hasDefault).map((p) => p.name);
}

/**
 * Which build a saved parameter file belongs to, by the names it sets (matched without regard to case, as
 * ARM matches them): `from` when A declares every one (whether or not B does too), `to` when some are only
 * B's and B declares every one (a file already written for B).
 * @param labels of A and B, for the message; @param out the `--out` file, when the file is to be rewritten
 * @throws UpgradePlanError HUB491 when `doc` has no `parameters` object; HUB480 when neither build declares
 *   every name, or when the file is already B's and `out` asks for it to be rewritten
 */
export function parameterFileFit(file: string, doc: unknown, ta: TemplateView, tb: TemplateView, labels: { from: string; to: string }, out?: string): 'from' | 'to' {
  if (!isObject(doc) || !isObject(doc.parameters)) throw new UpgradePlanError(codes.HUB491.noParameters({ file }));
  const declared = (t: TemplateView) => new Set(t.parameters.map((p) => p.name.toLowerCase()));
  const inA = declared(ta);
  const inB = declared(tb);
  const names = Object.keys(doc.parameters);
  const notInA = names.filter((n) => !inA.has(n.toLowerCase()));
  if (!notInA.length) return 'from';
  const neither = notInA.filter((n) => !inB.has(n.toLowerCase()));
  if (neither.length) throw new UpgradePlanError(codes.HUB480.neither({ file, ...labels, neither, onlyTo: notInA.filter((n) => !neither.includes(n)) }));
  if (out !== undefined) throw new UpgradePlanError(codes.HUB480.alreadyTo({ file, ...labels, names: notInA, out }));
  return 'to';
}

/**
 * Rewrites a parameter file of A for B: renamed parameters keep their entry under the new name (at the same
 * place), dropped ones are removed, everything else is copied. An entry already spelled as B spells it is
 * kept as it is (no rename is recorded). A file of B (`fits: 'to'`) is copied unchanged.
 * @param file path, for the record; @param doc the parsed file (`{ $schema?, contentVersion?, parameters }`),
 *   checked with {@link parameterFileFit} first
 */
export function migrateParameterFile(
  file: string,
  doc: JsonObject & { parameters: JsonObject },
  changes: ParameterChange[],
  tb: TemplateView,
  fits: 'from' | 'to',
): ParameterMigration {
  const byLower = new Map(fits === 'from' ? changes.map((c) => [c.from.toLowerCase(), c]) : []);
  const params: JsonObject = {};
  const renamed: ParameterMigration['renamed'] = [];
  const dropped: string[] = [];
  const declared = new Map(tb.parameters.map((p) => [p.name, p.json]));
  for (const [name, entry] of Object.entries(doc.parameters)) {
    const c = byLower.get(name.toLowerCase());
    const target = !c || c.to === name ? name : c.to;
    if (!target) {
      dropped.push(name);
      continue;
    }
    if (target !== name) renamed.push({ from: name, to: target });
    params[target] = fitValue(entry, declared.get(target));
  }
  // B takes a Data Explorer SKU's tier as a parameter of its own (the public 0.7 template derived it): a
  // file that sets the SKU but not the tier gets the tier of its SKU, not B's default tier.
  const sku = Object.entries(params).find(([n]) => n === 'dataExplorerSkuName')?.[1];
  if (isObject(sku) && typeof sku.value === 'string' && declared.has('dataExplorerSkuTier') && !('dataExplorerSkuTier' in params))
    params.dataExplorerSkuTier = { value: tierOfSku(sku.value) };
  const set = new Set(Object.keys(params).map((n) => n.toLowerCase()));
  const missing = requiredParameters(tb).filter((n) => !set.has(n.toLowerCase()));
  return { file, fits, renamed, dropped, missing, rewritten: { ...doc, parameters: params } };
}

/**
 * A parameter file entry for B's declaration of it: a bool given for a string parameter that takes `True`
 * and `False` becomes that string (the public 0.7 `enablePublicAccess` is a bool, hubc's a string read with
 * `bool()`); anything else is kept.
 */
function fitValue(entry: unknown, declared: unknown): unknown {
  if (!isObject(entry) || typeof entry.value !== 'boolean' || !isObject(declared) || declared.type !== 'string') return entry;
  return { ...entry, value: entry.value ? 'True' : 'False' };
}

/** The plain values (`{ value }` entries) of a parameter file, for folding expressions; Key Vault references are left out. */
export function parameterValues(doc: unknown): Record<string, unknown> {
  if (!isObject(doc) || !isObject(doc.parameters)) return {};
  return Object.fromEntries(Object.entries(doc.parameters).flatMap(([k, e]) => (isObject(e) && 'value' in e ? [[k, e.value]] : [])));
}
