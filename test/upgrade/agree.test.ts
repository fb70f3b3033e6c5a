/**
 * `hubc diff`'s upgrade notes and `hubc upgrade-plan`'s steps come from one comparison, so they cannot
 * disagree (issue #30 item 3): over every pair of releases, for the default hub (private, no cluster) and for
 * a hub with every component its release has, each step that asks something of the hub owner or deletes,
 * moves or rewrites something cites an upgrade note that `hubc diff` prints, every note `hubc diff` prints is
 * cited by a step, and "Upgrade notes (0) none" goes with a plan of routine steps only. Each diff result and
 * plan is also valid against its published schema (schemas/diff-result.schema.json, upgrade-plan.schema.json),
 * so a new note kind or code cannot leave the schemas behind.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parse, stringify } from 'yaml';
import { RELEASE_VERSIONS } from '../../src/model/releases.js';
import { diffBuilds } from '../../src/diff/index.js';
import { planUpgrade, type UpgradeStep } from '../../src/upgrade/index.js';
import { hubTextForRelease as hubTextFor } from '../../src/frontend/forRelease.js';
import { DEFAULT_HUB_YAML, fullHubYaml } from '../support/hubs.js';
import { releaseInput } from '../support/releaseBuilds.js';
import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import { toJsonText } from '../../src/model/json.js';

const schemaValidator = (file: string) => new Ajv({ allErrors: true, strict: true }).compile(JSON.parse(readFileSync(new URL(`../../schemas/${file}`, import.meta.url), 'utf8')));
const validDiff = schemaValidator('diff-result.schema.json');
const validPlan = schemaValidator('upgrade-plan.schema.json');
/** The schema errors of a result, as short lines. */
const schemaErrors = (validate: ReturnType<typeof schemaValidator>, value: unknown): string[] =>
  validate(JSON.parse(toJsonText(value))) ? [] : (validate.errors ?? []).slice(0, 3).map((e) => `${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`);

/** Steps every upgrade has, done by hubc deploy or by B's deployment: stopping a trigger B deploys again, the deployment, its scripts. */
const ROUTINE = (s: UpgradeStep) =>
  s.kind === 'deploy' ||
  s.kind === 'settings' ||
  s.kind === 'startTriggers' ||
  (s.kind === 'stopTrigger' && !s.cites.some((c) => c.code)) ||
  (s.subject === 'triggers' && s.kind === 'manual');

const HUBS: Record<string, (a: string, b: string) => [string, string]> = {
  default: (a, b) => [hubTextFor(DEFAULT_HUB_YAML, a).text, hubTextFor(DEFAULT_HUB_YAML, b).text],
  full: (a, b) => [hubTextFor(fullHubYaml(b), a).text, fullHubYaml(b)],
};

for (const [hub, texts] of Object.entries(HUBS)) {
  test(`${hub} hub, every release pair: each step that is not routine cites a note diff prints, each note is cited by a step, both valid against their schemas`, () => {
    const problems: string[] = [];
    for (const [i, a] of RELEASE_VERSIONS.entries()) {
      for (const b of RELEASE_VERSIONS.slice(i + 1)) {
        const [ta, tb] = texts(a, b);
        const A = releaseInput(a, ta);
        const B = releaseInput(b, tb);
        const diff = diffBuilds(A, B);
        const notes = diff.upgradeNotes;
        const plan = planUpgrade(A, B);
        for (const e of schemaErrors(validDiff, diff)) problems.push(`${a} -> ${b}: diff result against its schema: ${e}`);
        for (const e of schemaErrors(validPlan, plan)) problems.push(`${a} -> ${b}: plan against its schema: ${e}`);
        const key = (code?: string, subject?: string) => `${code} ${subject}`;
        const printed = new Set(notes.map((n) => key(n.code, n.subject)));
        const cited = new Set(plan.steps.flatMap((s) => s.cites.filter((c) => c.code).map((c) => key(c.code, c.subject))));
        for (const s of plan.steps.filter((x) => !ROUTINE(x))) {
          if (!s.cites.some((c) => c.code && printed.has(key(c.code, c.subject)))) problems.push(`${a} -> ${b}: step ${s.n} (${s.kind} ${s.subject}) cites no note of diff`);
        }
        for (const n of notes) if (!cited.has(key(n.code, n.subject))) problems.push(`${a} -> ${b}: note ${n.code} ${n.subject} is in no step`);
        if (!notes.length !== plan.steps.every(ROUTINE))
          problems.push(`${a} -> ${b}: diff says ${notes.length} notes, the plan has ${plan.steps.filter((x) => !ROUTINE(x)).length} steps beyond the routine`);
      }
    }
    assert.equal(problems, []);
  });
}

test('0.7 -> 0.8 with a cluster: the trusted tenants are a note of diff and the plan step cites it', () => {
  const doc = parse(DEFAULT_HUB_YAML);
  doc.dataExplorer.name = 'myadx';
  const [ta, tb] = [hubTextFor(stringify(doc), '0.7').text, stringify({ ...doc, release: '0.8' })];
  const A = releaseInput('0.7', ta);
  const B = releaseInput('0.8', tb);
  const note = diffBuilds(A, B).upgradeNotes.find((n) => n.kind === 'accessNarrowed');
  assert.ok(note, 'diff has the note');
  assert.match(note!.message, /trustedExternalTenants/);
  assert.match(note!.message, /myadx/);
  const step = planUpgrade(A, B).steps[0];
  assert.is(step.kind, 'manual');
  assert.equal(step.cites[0], { code: note!.code, subject: note!.subject });
});

test('0.7 -> 0.8: the output dataFactorytName renamed dataFactoryName is a note, and a step for whoever reads it', () => {
  const notes = diffBuilds(releaseInput('0.7'), releaseInput('0.8')).upgradeNotes;
  const note = notes.find((n) => n.kind === 'outputRenamed');
  assert.ok(note, JSON.stringify(notes));
  assert.is(note!.subject, 'dataFactorytName');
  assert.is(note!.to, 'dataFactoryName');
  const step = planUpgrade(releaseInput('0.7'), releaseInput('0.8')).steps.find((s) => s.cites.some((c) => c.code === note!.code));
  assert.ok(step);
  assert.match(step!.action, /dataFactoryName/);
});

test('an output B drops is a note', () => {
  // 0.7 -> 0.6 is a downgrade the plan refuses, but diff compares any two builds: 0.7's Data Explorer outputs are gone in 0.6.
  const notes = diffBuilds(releaseInput('0.7'), releaseInput('0.6')).upgradeNotes;
  assert.equal(
    notes.filter((n) => n.kind === 'outputRemoved').map((n) => n.subject),
    ['clusterId', 'clusterUri', 'ingestionDbName', 'hubDbName'],
  );
});

test.run();
