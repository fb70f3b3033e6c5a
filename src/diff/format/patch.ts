/**
 * `--format patch`: RFC 6902 JSON Patch operations per artifact, such that applying each file's operations to
 * A's file gives B's file byte for byte ({@link applyDiffPatch}).
 *
 * Representation of a file as a JSON document:
 * - `json`: a `.json` file whose text is hubc's canonical JSON (2-space indentation, final newline) is its
 *   parsed value. Where the members of an object would come out in another order than B's, the object is
 *   replaced whole, so the result serialises to B's text exactly.
 * - `lines`: any other file (KQL scripts, non-canonical JSON) is the array of its lines (the text split at
 *   `\n`; a final newline gives a last empty element); operations add and remove lines, found with a
 *   longest-common-subsequence line diff (the `diff` package). Join with `\n` after applying.
 *
 * A file only B has is one `add` of the whole document at path `""`; a file only A has is one `remove` at
 * path `""` (delete the file).
 */
import { isDeepStrictEqual } from 'node:util';
import { diffArrays } from 'diff';
import fastJsonPatch from 'fast-json-patch';
import type { Operation } from 'fast-json-patch';
import { toJsonText } from '../../model/json.js';
import { isObject } from '../../util/json.js';
import type { Build } from '../../build/index.js';

const { applyPatch, escapePathComponent } = fastJsonPatch;

/** The operations of one file. */
export interface FilePatch {
  /** Path relative to the release folder. */
  path: string;
  change: 'added' | 'removed' | 'changed';
  representation: 'json' | 'lines';
  operations: Operation[];
}

/** The whole patch from A to B. */
export interface DiffPatch {
  /** Labels of the two builds. */
  from: string;
  to: string;
  files: FilePatch[];
}

/** True when a file of a build is exactly hubc's canonical JSON text of its value (the Build's parse of it). */
function isCanonicalJson(build: Build, path: string): boolean {
  if (!path.endsWith('.json')) return false;
  const value = build.json(path);
  return value !== undefined && toJsonText(value) === build.files.get(path);
}

/** Operations turning array `a` into `b` with inserts and deletes only, elements matched by deep equality. */
function arrayOps(a: readonly unknown[], b: readonly unknown[], path: string): Operation[] {
  const ops: Operation[] = [];
  let i = 0;
  for (const part of diffArrays(a as unknown[], b as unknown[], { comparator: isDeepStrictEqual })) {
    if (part.removed) for (let k = 0; k < part.count!; k++) ops.push({ op: 'remove', path: `${path}/${i}` });
    else if (part.added) for (const v of part.value) ops.push({ op: 'add', path: `${path}/${i++}`, value: v });
    else i += part.count!;
  }
  return ops;
}

/** Operations turning JSON value `a` into `b`, keeping B's member order (see the module doc). */
export function jsonOps(a: unknown, b: unknown, path = ''): Operation[] {
  if (isDeepStrictEqual(a, b)) {
    // Same value: only member order can differ.
    // oxlint-disable-next-line hubc/no-own-deep-equal -- the values are deep-equal: the texts differ only in member order
    return JSON.stringify(a) === JSON.stringify(b) ? [] : [{ op: 'replace', path, value: b }];
  }
  if (isObject(a) && isObject(b)) {
    const kept = Object.keys(a).filter((k) => k in b);
    const added = Object.keys(b).filter((k) => !(k in a));
    if ([...kept, ...added].join('\u0000') !== Object.keys(b).join('\u0000')) return [{ op: 'replace', path, value: b }];
    const ops: Operation[] = [];
    for (const k of Object.keys(a)) if (!(k in b)) ops.push({ op: 'remove', path: `${path}/${escapePathComponent(k)}` });
    for (const k of kept) ops.push(...jsonOps(a[k], b[k], `${path}/${escapePathComponent(k)}`));
    for (const k of added) ops.push({ op: 'add', path: `${path}/${escapePathComponent(k)}`, value: b[k] });
    return ops;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length === b.length) return a.flatMap((v, i) => jsonOps(v, b[i], `${path}/${i}`));
    return arrayOps(a, b, path);
  }
  return [{ op: 'replace', path, value: b }];
}

/** The lines of a text file. */
const linesOf = (text: string) => text.split('\n');

/** Builds the patch from build A to build B (src/build: JSON files as the Build parsed them), files in path order. */
export function buildPatch(fromLabel: string, a: Build, toLabel: string, b: Build): DiffPatch {
  const paths = [...new Set([...a.files.keys(), ...b.files.keys()])].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
  const files: FilePatch[] = [];
  for (const path of paths) {
    const ta = a.files.get(path);
    const tb = b.files.get(path);
    if (ta === tb) continue;
    const json = (ta === undefined || isCanonicalJson(a, path)) && (tb === undefined || isCanonicalJson(b, path));
    const representation = json ? 'json' : 'lines';
    if (tb !== undefined && ta === undefined)
      files.push({ path, change: 'added', representation, operations: [{ op: 'add', path: '', value: json ? b.json(path) : linesOf(tb) }] });
    else if (tb === undefined) files.push({ path, change: 'removed', representation, operations: [{ op: 'remove', path: '' }] });
    else {
      const operations = json ? jsonOps(a.json(path), b.json(path)) : arrayOps(linesOf(ta!), linesOf(tb), '');
      files.push({ path, change: 'changed', representation, operations });
    }
  }
  return { from: fromLabel, to: toLabel, files };
}

/**
 * Applies a patch to build A.
 * @returns B's files (path -> text), sorted by path
 * @throws fast-json-patch's `JsonPatchError` when an operation does not apply
 */
export function applyDiffPatch(a: Build, patch: DiffPatch): Map<string, string> {
  const out = new Map(a.files);
  for (const f of patch.files) {
    if (f.change === 'removed') {
      out.delete(f.path);
      continue;
    }
    const before = out.get(f.path);
    const doc = before === undefined ? null : f.representation === 'json' ? a.json(f.path) : linesOf(before);
    const result = applyPatch(doc, structuredClone(f.operations), true, false).newDocument;
    out.set(f.path, f.representation === 'json' ? toJsonText(result) : (result as string[]).join('\n'));
  }
  return new Map([...out].sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)));
}

/** `--format patch` output: the patch as canonical JSON text. */
export function formatPatch(patch: DiffPatch): string {
  return toJsonText(patch);
}
