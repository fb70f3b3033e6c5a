/**
 * Release identity (issue #35, "Release identity"): every form of every release id is parsed to its row, and
 * releases are sorted and compared by the release table, never as numbers or strings: the table's rows (ids
 * `0.1` ... `0.11`, then `12`, recording `12.0`, published as finops-hub-12.0.json and finops-hub-0.12.json, `13`,
 * `14`) and two synthetic future rows injected with withReleaseRows (`15`, `100`).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { getRelease, RELEASE_VERSIONS, withReleaseRows, type InjectedRelease } from '../../src/model/releases.js';
import { compareReleases, parseRelease, releaseIndex, releaseNamed, releaseNames, releaseTag, sortReleases } from '../../src/model/releaseNames.js';
import { compile } from '../../src/compiler/compile.js';
import { feedReleases, blobOf, versionedNames } from '../../src/publish/feed.js';
import { releaseOfVersion } from '../../src/azure/installed.js';
import { releaseOfPublicVersion } from '../../src/public/templates.js';
import { releasesOfTag } from '../../src/import/facts.js';
import { releaseChoiceOption } from '../../src/cli/options.js';
import tags from '../../src/catalogue/data/releaseTags.json' with { type: 'json' };

const base = getRelease(RELEASE_VERSIONS[RELEASE_VERSIONS.length - 1]);
const row = (version: string, ftkVersion: string): InjectedRelease => ({
  ...base,
  version,
  ftkVersion,
  publicRelease: { ...base.publicRelease, template: ftkVersion, ftkVersions: [ftkVersion], alsoPublishedAs: undefined },
});

/** Two synthetic future rows after the table's. */
const FUTURE: InjectedRelease[] = [row('15', '15.0'), row('100', '100.0')];
const withLine = <T>(fn: () => T): T => withReleaseRows(FUTURE, fn);

test('every name of every release parses to its row: id, recorded version, public files, their tags, the git tag, a patch', () => {
  withLine(() => {
    for (const id of RELEASE_VERSIONS) {
      const r = getRelease(id);
      for (const name of releaseNames(r)) {
        assert.is(parseRelease(name), id, `${name} -> ${id}`);
        assert.is(releaseNamed(name), id, `${name} names ${id}`);
      }
      assert.is(parseRelease(releaseTag(r)), id, `${releaseTag(r)} -> ${id}`);
      assert.is(parseRelease(`${r.ftkVersion}.1`), id, `patch ${r.ftkVersion}.1 -> ${id}`);
      assert.is(releaseNamed(`${r.ftkVersion}.7`), undefined, 'a patch is no exact name');
    }
    assert.is(parseRelease('0.12'), '12');
    assert.is(parseRelease('12.0'), '12');
    assert.is(parseRelease('v12'), '12');
    assert.is(parseRelease('0.1'), '0.1', '0.1 is never taken for 0.10 or the reverse');
    assert.is(parseRelease('0.10'), '0.10');
    assert.is(parseRelease('13.0.2'), '13');
    assert.is(parseRelease('placeholder'), undefined);
    assert.is(parseRelease('16'), undefined);
    assert.is(parseRelease('1.0'), undefined, 'no release 1');
  });
});

test('no name designates two releases', () => {
  withLine(() => {
    const owner = new Map<string, string>();
    for (const id of RELEASE_VERSIONS) {
      for (const name of releaseNames(getRelease(id))) {
        assert.ok(!owner.has(name) || owner.get(name) === id, `${name} is a name of ${owner.get(name)} and ${id}`);
        owner.set(name, id);
      }
    }
  });
});

test('sorting and comparing follow the table: 0.9 before 0.10, 0.11 before 12, 0.12 = 12 = 12.0, unknown names last', () => {
  withLine(() => {
    const ids = [...RELEASE_VERSIONS];
    // Reversed and interleaved with other names, sorted back into table order.
    assert.equal(sortReleases([...ids].reverse()), ids);
    assert.equal(sortReleases(['14.0', '0.10', 'v0.9', '12', '0.2.1', '0.11', '0.8']), ['0.2.1', '0.8', 'v0.9', '0.10', '0.11', '12', '14.0']);
    assert.ok(compareReleases('0.9', '0.10') < 0);
    assert.ok(compareReleases('0.10', '0.9') > 0);
    assert.ok(compareReleases('0.11', '12') < 0);
    assert.ok(compareReleases('0.12', '0.11') > 0, '0.12 is release 12, after 0.11');
    assert.ok(compareReleases('0.12', '13') < 0);
    assert.is(compareReleases('0.12', '12'), 0);
    assert.is(compareReleases('12.0', '12'), 0);
    assert.ok(compareReleases('0.8', '0.8.1') < 0, 'a patch after its release');
    assert.ok(compareReleases('0.8.1', '0.9') < 0);
    assert.ok(compareReleases('100', '15') > 0, 'synthetic rows by the table');
    assert.ok(compareReleases('101', '100') > 0, 'an unknown release after every known one');
    assert.ok(compareReleases('16', '100') > 0, 'unknown after known, whatever its number');
    assert.ok(compareReleases('16', '17') < 0, 'unknown ones by their numbers');
    assert.ok(releaseIndex('0.12') === releaseIndex('12') && releaseIndex('12') > releaseIndex('0.11'));
    assert.is(releaseIndex('nope'), -1);
  });
});

test('the injected rows leave the table as it was', () => {
  const before = [...RELEASE_VERSIONS];
  withLine(() => assert.ok(RELEASE_VERSIONS.length > before.length));
  assert.equal([...RELEASE_VERSIONS], before);
  const stood = withReleaseRows([{ ...base, exportRunBody: 'stand-in' }], () => [getRelease(base.version).exportRunBody, [...RELEASE_VERSIONS]] as const);
  assert.is(stood[0], 'stand-in', "a row of the table's version stands in for the table's row");
  assert.equal(stood[1], before, 'and adds no version');
  assert.not.equal(getRelease(base.version).exportRunBody, 'stand-in');
  assert.equal([...RELEASE_VERSIONS], before);
});

test('every release tag is a tag of the public repository (the catalogue HUB740 data)', () => {
  withLine(() => {
    const repo = tags.repositories['microsoft/finops-toolkit'];
    for (const id of RELEASE_VERSIONS.filter((v) => Number(v.split('.')[0]) < 15)) {
      assert.ok(repo.tags.includes(releaseTag(getRelease(id))), `${releaseTag(getRelease(id))} is a tag`);
    }
    assert.is(releaseTag(getRelease('12')), 'v12', 'not v12.0 (#1885)');
    assert.ok(new RegExp(repo.scheme).test(releaseTag(getRelease('15'))), 'a future release follows the scheme');
  });
});

test('hub.yaml release: the id, unquoted numbers as written, other names with HUB260', () => {
  withLine(() => {
    const build = (release: string) => compile(`release: ${release}\nhub:\n  name: contoso\n`);
    for (const [written, id, warned] of [
      ['12', '12', false],
      ['"12"', '12', false],
      ['0.10', '0.10', false],
      ['0.1', '0.1', false],
      ['"12.0"', '12', true],
      ['12.0', '12', true],
      ['0.12', '12', true],
      ['v13', '13', true],
    ] as const) {
      const r = build(written);
      assert.is(r.release, id, `release: ${written}`);
      const codes = r.diagnostics.map((d) => d.code);
      assert.equal(codes, warned ? ['HUB260'] : [], `release: ${written}: ${codes}`);
      if (warned) {
        const d = r.diagnostics[0];
        assert.equal(d.start, { line: 1, col: 10 });
        assert.match(d.hint ?? '', `release: "${id}"`);
      }
    }
    assert.is(build('"16"').diagnostics[0]?.code, 'HUB104');
    // --release takes any name too, and the file's own release: is read as a name.
    assert.is(compile('release: 0.12\nhub:\n  name: contoso\n', { release: '0.8' }).release, '0.8');
  });
});

test('feed order and latest, recorded versions, public file versions, import tags', () => {
  withLine(() => {
    const blob = blobOf(Buffer.from('{}'));
    const files = new Map(['0.10', '0.9', '12', '0.8', '16', '0.11', '13'].map((r) => [`${r}/azuredeploy.json`, blob]));
    assert.equal(feedReleases(files), ['0.8', '0.9', '0.10', '0.11', '12', '13', '16']);
    // The versioned files are named after the version the hub records, as the public files are.
    assert.equal(versionedNames('12'), { template: 'finops-hub-12.0.json', uiDefinition: 'finops-hub-12.0.ui.json' });
    assert.equal(versionedNames('0.8'), { template: 'finops-hub-0.8.json', uiDefinition: 'finops-hub-0.8.ui.json' });
    assert.equal(versionedNames('16'), { template: 'finops-hub-16.json', uiDefinition: 'finops-hub-16.ui.json' });
    assert.is(releaseOfVersion('0.12'), '12');
    assert.is(releaseOfVersion('12.0'), '12');
    assert.is(releaseOfVersion('0.2.1'), '0.2');
    assert.is(releaseOfVersion('0.10'), '0.10');
    assert.is(releaseOfPublicVersion('0.12'), '12');
    assert.is(releaseOfPublicVersion('12.0'), '12');
    assert.is(releaseOfPublicVersion('12'), '12');
    assert.equal(releasesOfTag('0.12'), ['12']);
    assert.equal(releasesOfTag('12.0'), ['12']);
  });
});

test('--release, --from and --to take any name of a release and give its id', () => {
  withLine(() => {
    const option = releaseChoiceOption('--release <release>', 'the release');
    assert.is(option.parseArg!('0.12', undefined), '12');
    assert.is(option.parseArg!('12.0', undefined), '12');
    assert.is(option.parseArg!('0.10', undefined), '0.10');
    assert.ok(option.argChoices!.includes('12') && !option.argChoices!.includes('0.12'), 'the choices are the ids');
    assert.throws(() => option.parseArg!('0.13', undefined), /Allowed values: .*12, 13/);
  });
});

test.run();
