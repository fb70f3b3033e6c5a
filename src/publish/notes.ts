/**
 * Release notes of a feed: for each release, against the release before it in the feed, what an operator
 * must do to upgrade a hub deployed from that release (the steps of `hubc upgrade-plan` that are theirs,
 * and what `hubc deploy --upgrade` does for them) and what changes for them, in words (the release table's
 * differences, src/model/releaseWords.ts, and the comparison's, src/diff/summary.ts). The steps and `hubc
 * diff`'s upgrade notes come from one comparison (`compareUpgrade`), so the notes cannot contradict the plan.
 * The machine-level comparison (`hubc diff --format markdown`) is kept apart, for the page to fold below the
 * words, and written as JSON and JSON Patch files the page links to. HTML rendering with markdown-it, raw
 * HTML off, so the notes cannot inject markup.
 */
import { createHash } from 'node:crypto';
import MarkdownIt from 'markdown-it';
import { buildPatch, changeWords, compareUpgrade, escapeMarkdown, formatMarkdown, formatPatch, type UpgradeComparison } from '../diff/index.js';
import { toJsonText } from '../model/json.js';
import { getRelease } from '../model/releases.js';
import { releaseNamed } from '../model/releaseNames.js';
import { releaseChangeWords } from '../model/releaseWords.js';
import { planUpgrade, type UpgradePlan, type UpgradeStep } from '../upgrade/index.js';
import { blobOf, heldBuild, type FeedBlob } from './feed.js';
import type { Build } from '../build/index.js';

const md = new MarkdownIt({ html: false, linkify: false, typographer: false });

/** The machine-level changes of a release against the one before it: the folded markdown and the files that hold them. */
export interface FeedChanges {
  /** The release compared with. */
  from: string;
  /** Markdown: `hubc diff --format markdown` of the two releases. */
  details: string;
  /** Feed paths of the comparison as JSON (`hubc diff --format json`) and as JSON Patch (`--format patch`). */
  json: string;
  patch: string;
}

/** A release's notes: the words (`releaseNotes`, markdown) and, unless it is the first of the feed, its machine-level changes. */
export interface ReleaseNotes {
  releaseNotes: string;
  changes?: FeedChanges;
}

/** Feed paths of the change files of `from` -> `to`. */
export const changePaths = (from: string, to: string) => ({ json: `changes/${from}-${to}.json`, patch: `changes/${from}-${to}.patch.json` });

/** A digest of a build's files, so a comparison is made once per pair of contents. */
function digest(build: Build): string {
  const h = createHash('sha256');
  for (const [p, t] of build.files) h.update(p).update('\0').update(t).update('\0');
  return h.digest('hex');
}

const comparisons = new Map<string, { c: UpgradeComparison; plan?: UpgradePlan }>();

/** The comparison and the plan of `previous` -> `current`, made once per pair of contents (the notes and the change files both need them). */
function compared(previous: Build, current: Build): { c: UpgradeComparison; plan?: UpgradePlan } {
  const key = `${previous.release}\0${current.release}\0${digest(previous)}\0${digest(current)}`;
  let hit = comparisons.get(key);
  if (!hit) {
    const a = { label: previous.release, source: 'release' as const, release: previous.release, build: previous };
    const b = { label: current.release, source: 'release' as const, release: current.release, build: current };
    let plan: UpgradePlan | undefined;
    try {
      plan = planUpgrade(a, b);
    } catch {
      // A pair the planner refuses (a feed whose releases are not in upgrade order) gets words without steps.
    }
    hit = { c: compareUpgrade(a, b), plan };
    if (comparisons.size > 32) comparisons.clear();
    comparisons.set(key, hit);
  }
  return hit;
}

/** Who carries out a step an operator must see: theirs by hand, and the data move they run. */
const theirs = (s: UpgradeStep) => s.performer === 'you' || s.performer === 'hubc migrate-data';

const PHASE_WORDS: Record<UpgradeStep['phase'], string> = { prepare: 'Before deploying', before: 'Before deploying', deploy: 'While deploying', after: 'After deploying' };

/** What `hubc deploy --upgrade` does of a plan, counted by kind: `stops 4 triggers, deletes 2 pipelines`. */
function hubcDoes(steps: readonly UpgradeStep[]): string[] {
  const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
  const triggers = steps.filter((s) => s.kind === 'stopTrigger').length;
  const objects = steps.filter((s) => s.kind === 'deleteDataFactoryObject').length;
  const resources = steps.filter((s) => s.kind === 'deleteResource').length;
  return [
    triggers ? `stops ${count(triggers, 'trigger')}` : '',
    objects ? `deletes ${count(objects, 'Data Factory object')}` : '',
    resources ? `deletes ${count(resources, 'resource')}` : '',
  ].filter(Boolean);
}

/** The "What you must do" list: the operator's steps in plan order, then what hubc deploy does for them. */
function mustDo(previous: string, release: string, plan: UpgradePlan | undefined, fallback: readonly string[]): string[] {
  if (!plan) return fallback.map((m) => `- ${escapeMarkdown(m)}`);
  const out = plan.steps.filter(theirs).map((s) => `- **${PHASE_WORDS[s.phase]}:** ${escapeMarkdown(s.action)}`);
  if (!out.length) out.push(`- Nothing by hand: a hub deployed from ${previous} takes ${release} as it is.`);
  const auto = plan.steps.filter((s) => s.performer === 'hubc deploy' && s.kind !== 'deploy');
  const does = hubcDoes(auto);
  const all = `\`hubc upgrade-plan ${previous} ${release}\` lists every step in order, with why.`;
  out.push(
    does.length
      ? `- \`hubc deploy --upgrade\` does ${auto.length} more step${auto.length === 1 ? '' : 's'}: it ${does.join(', ')} and starts the triggers again; deploying through the portal instead, do them yourself. ${all}`
      : `- ${all}`,
  );
  return out;
}

/**
 * The notes of `release` against `previous` (markdown, level-3 heading under the release's own): what to do,
 * what changes, and the machine-level changes apart; a short sentence for the first release of a feed.
 */
export function releaseNotes(current: Build, previous?: Build): ReleaseNotes {
  const release = current.release;
  if (!previous) return { releaseNotes: `### FinOps hub ${release}\n\nFirst release in this feed.\n` };
  const { c, plan } = compared(previous, current);
  const [was, now] = [releaseNamed(previous.release), releaseNamed(release)];
  const words = [...(was && now ? releaseChangeWords(getRelease(was), getRelease(now)) : []), ...changeWords(c)];
  const lines = [
    `### Upgrading from ${previous.release} to ${release}`,
    '',
    '#### What you must do',
    '',
    ...mustDo(
      previous.release,
      release,
      plan,
      c.result.upgradeNotes.map((n) => n.message),
    ),
    '',
    '#### What changes for you',
    '',
    ...(words.length
      ? words.map((w) => `- ${escapeMarkdown(w)}`)
      : [c.result.equal ? '- Nothing: the two releases have the same files.' : '- Nothing you see: only how the files are written.']),
  ];
  const details = formatMarkdown(c.result, { level: 4, title: `All changes from ${previous.release} to ${release}, file by file`, sides: false });
  return { releaseNotes: `${lines.join('\n')}\n`, changes: { from: previous.release, details, ...changePaths(previous.release, release) } };
}

/**
 * Puts the change files of a feed's releases into `desired` (the feed's files by path): for each release
 * that has a previous one, the comparison as JSON and as JSON Patch at the paths its notes link to. Files
 * under `changes/` that no release links to any more are taken out (a publish then removes them).
 */
export function setChangeFiles(desired: Map<string, FeedBlob>, index: { releases: readonly { release: string; previous: string | null }[] }): void {
  for (const p of Array.from(desired.keys())) if (p.startsWith('changes/')) desired.delete(p);
  for (const r of index.releases) {
    if (!r.previous) continue;
    const a = heldBuild(desired, r.previous);
    const b = heldBuild(desired, r.release);
    const paths = changePaths(r.previous, r.release);
    desired.set(paths.json, blobOf(Buffer.from(toJsonText(compared(a, b).c.result), 'utf8')));
    desired.set(paths.patch, blobOf(Buffer.from(formatPatch(buildPatch(r.previous, a, r.release, b)), 'utf8')));
  }
}

/** HTML of markdown notes (no raw HTML passes through). */
export function notesHtml(markdown: string): string {
  return md.render(markdown);
}
