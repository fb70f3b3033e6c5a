/**
 * `hubc graph` (issue #30 item 19): the data flow and the resource dependency graph of a build, derived from
 * its Data Factory objects and its resources' dependsOn (changing the objects changes the graph), written
 * as Mermaid and as SVG (Graphviz in WebAssembly), for every release; and upgrade-plan's order as Mermaid.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RELEASE_VERSIONS, getRelease, has } from '../../src/model/releases.js';
import { buildGraph, flowNodeId, loadSvgRenderer, toDot, toMermaid, type Graph } from '../../src/graph/index.js';
import { runCli } from '../../src/cli/program.js';
import { compiled, hubYaml } from '../support/hubs.js';
import { releaseBuild } from '../support/releaseBuilds.js';
import { fromFiles } from '../../src/build/index.js';

/** The Build of files in memory (a compile's artifacts). */
const asBuild = (files: ReadonlyMap<string, string>) => fromFiles({ release: 'test', source: 'compile', files });

const HUB = fileURLToPath(new URL('../../hub.yaml', import.meta.url));

/** The build's template with `edit` applied, as a build. */
function edited(artifacts: ReadonlyMap<string, string>, edit: (template: any) => void): Map<string, string> {
  const template = JSON.parse(artifacts.get('azuredeploy.json')!);
  edit(template);
  return new Map([...artifacts, ['azuredeploy.json', JSON.stringify(template)]]);
}

/** The template resource of a Data Factory object by kind folder (`pipelines`) and name. */
function adfResource(template: any, kind: string, name: string): any {
  return template.resources.find((r: any) => r.type.toLowerCase() === `microsoft.datafactory/factories/${kind}` && String(r.name).includes(`'${name}'`));
}

const namesOf = (g: Graph, kind: string) =>
  g.nodes
    .filter((n) => n.group === kind)
    .map((n) => n.id.slice(kind.length + 1))
    .sort();
const edge = (g: Graph, from: string, to: string) => g.edges.find((e) => e.from === from && e.to === to);

for (const v of RELEASE_VERSIONS) {
  test(`${v}: the flow's pipelines and triggers are exactly the release's; its trigger of new exports starts the export queue, which runs the export ETL`, () => {
    const release = getRelease(v);
    const g = buildGraph(asBuild(releaseBuild(v)), 'flow', v);
    assert.equal(namesOf(g, 'pipelines'), Object.values(release.pipelines).sort() as string[]);
    assert.equal(namesOf(g, 'triggers'), Object.values(release.triggers).sort() as string[]);
    const { exportAdded } = release.triggers;
    const { exportQueue, exportEtl } = release.pipelines;
    assert.is(edge(g, flowNodeId('triggers', exportAdded!), flowNodeId('pipelines', exportQueue!))?.label, 'starts');
    assert.match(edge(g, flowNodeId('pipelines', exportQueue!), flowNodeId('pipelines', exportEtl!))?.label ?? '', /runs/);
    // every dataset is stored in a linked service
    for (const n of g.nodes.filter((x) => x.group === 'datasets'))
      assert.ok(
        g.edges.some((e) => e.from === n.id && e.label === 'stored in'),
        n.id,
      );
  });
}

test('the flow is read from the objects: a new Execute Pipeline activity, trigger target and dataset read show up; a removed one goes', () => {
  const base = releaseBuild('0.8');
  const r = getRelease('0.8');
  const queue = r.pipelines.exportQueue!;
  const daily = r.triggers.dailySchedule!;
  const changed = edited(base, (t) => {
    const p = adfResource(t, 'pipelines', queue);
    p.properties.activities.push(
      {
        name: 'Run Backfill Too',
        type: 'ExecutePipeline',
        dependsOn: [],
        typeProperties: { pipeline: { referenceName: r.pipelines.runBackfill, type: 'PipelineReference' }, waitOnCompletion: true },
      },
      { name: 'Peek', type: 'Lookup', dependsOn: [], typeProperties: { dataset: { referenceName: 'ingestion_files', type: 'DatasetReference' } } },
    );
    adfResource(t, 'triggers', daily).properties.pipelines = [{ pipelineReference: { referenceName: r.pipelines.configureExports, type: 'PipelineReference' } }];
  });
  const before = buildGraph(asBuild(base), 'flow', '0.8');
  const after = buildGraph(asBuild(changed), 'flow', '0.8');
  assert.not.ok(edge(before, flowNodeId('pipelines', queue), flowNodeId('pipelines', r.pipelines.runBackfill!)));
  assert.is(edge(after, flowNodeId('pipelines', queue), flowNodeId('pipelines', r.pipelines.runBackfill!))?.label, 'runs');
  assert.match(edge(after, flowNodeId('pipelines', queue), flowNodeId('datasets', 'ingestion_files'))?.label ?? '', /reads/);
  assert.ok(edge(before, flowNodeId('triggers', daily), flowNodeId('pipelines', r.pipelines.startExports!)));
  assert.not.ok(edge(after, flowNodeId('triggers', daily), flowNodeId('pipelines', r.pipelines.startExports!)));
  assert.is(edge(after, flowNodeId('triggers', daily), flowNodeId('pipelines', r.pipelines.configureExports!))?.label, 'starts');
});

test("objects the build's values do not deploy are dashed: the Data Explorer pipelines without a cluster, not with one", () => {
  const adx = RELEASE_VERSIONS.find((v) => has(getRelease(v), 'dataExplorer'))!;
  const etl = getRelease(adx).pipelines.ingestionEtl!;
  const without = buildGraph(asBuild(releaseBuild(adx)), 'flow', adx);
  const withCluster = buildGraph(asBuild(compiled(hubYaml({ release: adx, dataExplorer: { name: 'contosoadx' } })).artifacts), 'flow', adx);
  assert.is(without.nodes.find((n) => n.id === flowNodeId('pipelines', etl))?.optional, true);
  assert.is(withCluster.nodes.find((n) => n.id === flowNodeId('pipelines', etl))?.optional, undefined);
  assert.match(edge(withCluster, flowNodeId('pipelines', etl), flowNodeId('linkedServices', 'hubDataExplorer'))?.label ?? '', 'runs commands');
});

test("the resource graph is the template's dependsOn: one edge per resolved entry, and a new entry is a new edge", () => {
  const base = releaseBuild('0.8');
  const g = buildGraph(asBuild(base), 'resources', '0.8');
  const template = JSON.parse(base.get('azuredeploy.json')!);
  assert.is(g.nodes.length, template.resources.length);
  const dependsOn = template.resources.reduce((n: number, r: any) => n + (r.dependsOn?.length ?? 0), 0);
  assert.ok(g.edges.length > 0 && g.edges.length <= dependsOn, `${g.edges.length} edges of ${dependsOn} entries`);
  const vault = g.nodes.find((n) => n.id.startsWith('Microsoft.KeyVault/vaults/'))!;
  const identity = template.resources.findIndex((r: any) => r.type === 'Microsoft.ManagedIdentity/userAssignedIdentities');
  const changed = edited(base, (t) => {
    const kv = t.resources.find((r: any) => r.type === 'Microsoft.KeyVault/vaults');
    kv.dependsOn = [...(kv.dependsOn ?? []), `[resourceId('Microsoft.ManagedIdentity/userAssignedIdentities', ${t.resources[identity].name.slice(1, -1)})]`];
  });
  const after = buildGraph(asBuild(changed), 'resources', '0.8');
  const target = after.nodes[identity].id;
  assert.not.ok(edge(g, vault.id, target));
  assert.ok(edge(after, vault.id, target));
});

test('Mermaid: each node once in its group, edges between declared ids, text that cannot break the syntax', () => {
  const g: Graph = {
    title: 'a "quoted" title',
    direction: 'LR',
    groups: new Map([
      ['a', 'Group "A"'],
      ['b', 'B'],
    ]),
    nodes: [
      { id: 'x', group: 'a', label: 'say "hi" <b>#1</b> | pipe\nsecond line', className: 'pipeline' },
      { id: 'y', group: 'b', label: 'plain', className: 'trigger', optional: true },
    ],
    edges: [{ from: 'y', to: 'x', label: 'starts | "now"' }],
    optionalMeans: 'maybe',
  };
  const text = toMermaid(g);
  assert.equal(text.split('\n').slice(0, 4), ['---', 'title: "a \\"quoted\\" title"', '---', 'flowchart LR']);
  assert.match(text, '  subgraph g0["Group #quot;A#quot;"]\n    n0["say #quot;hi#quot; #lt;b#gt;#35;1#lt;/b#gt; #124; pipe<br/>second line"]\n  end');
  assert.match(text, '  n1 -->|"starts #124; #quot;now#quot;"| n0');
  assert.match(text, '  class n1 optional');
  const built = toMermaid(buildGraph(asBuild(releaseBuild('0.7')), 'flow', '0.7'));
  const declared = [...built.matchAll(/^ {4}(n\d+)\[/gm)].map((m) => m[1]);
  assert.is(new Set(declared).size, declared.length);
  for (const m of built.matchAll(/^ {2}(n\d+) -->(?:\|"[^"]*"\|)? (n\d+)$/gm)) assert.ok(declared.includes(m[1]) && declared.includes(m[2]), m[0]);
});

test('SVG: Graphviz draws every node with its class and name, the same bytes every time; DOT quoting survives quotes and backslashes', async () => {
  const svg = await loadSvgRenderer();
  const g = buildGraph(asBuild(releaseBuild('0.8')), 'flow', '0.8');
  const text = svg(g);
  assert.is(svg(g), text, 'deterministic');
  assert.match(text, /^<\?xml[\s\S]*<svg [\s\S]*<\/svg>\s*$/);
  const titles = (cls: string) => [...text.matchAll(new RegExp(`<g id="[^"]+" class="node ${cls}">\\n<title>([^<]+)</title>`, 'g'))].map((m) => m[1].replace(/&#45;/g, '-')).sort();
  assert.equal(
    titles('pipeline'),
    Object.values(getRelease('0.8').pipelines)
      .map((p) => `pipelines/${p}`)
      .sort(),
  );
  assert.equal(
    titles('trigger'),
    Object.values(getRelease('0.8').triggers)
      .map((p) => `triggers/${p}`)
      .sort(),
  );
  const odd: Graph = { title: 't', direction: 'TB', groups: new Map([['a', 'A']]), nodes: [{ id: 'a"b\\n', group: 'a', label: 'x "y" \\N', className: 'c' }], edges: [] };
  assert.match(toDot(odd), '"a\\"b\\\\n" [label="x \\"y\\" \\\\N"');
  // a label shows its text as written; a node name keeps the doubled backslash (DOT unescapes only \" in names)
  assert.match(svg(odd), '<title>a&quot;b\\\\n</title>');
  assert.match(svg(odd), '>x &quot;y&quot; \\N</text>');
});

test('hubc graph: Mermaid on stdout, SVG to a file, a build folder, --kind resources; usage and input errors', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'hubc-graph-'));
  const run = async (...args: string[]) => {
    let out = '';
    let err = '';
    const code = await runCli(args, { out: (t) => void (out += t), err: (t) => void (err += t), isTTY: false });
    return { code, out, err };
  };
  try {
    const mermaid = await run('graph', HUB, '--release', '0.8');
    assert.is(mermaid.code, 0, mermaid.err);
    assert.match(mermaid.out, /^---\ntitle: "FinOps hub 0\.8: data flow"\n---\nflowchart LR\n/);
    const out = join(dir, 'flow.svg');
    const svg = await run('graph', HUB, '--format', 'svg', '--out', out);
    assert.is(svg.code, 0, svg.err);
    assert.match(svg.out, /^wrote .*flow\.svg: FinOps hub 0\.\d: data flow \(\d+ nodes, \d+ edges\)\n$/);
    assert.match(readFileSync(out, 'utf8'), /<svg [\s\S]*class="node pipeline"/);
    const folder = await run('graph', fileURLToPath(new URL('../../dist-templates/0.6', import.meta.url)), '--kind', 'resources');
    assert.is(folder.code, 0, folder.err);
    assert.match(folder.out, 'FinOps hub 0.6: resources and their dependsOn');
    const missing = await run('graph', join(dir, 'nope.yaml'));
    assert.is(missing.code, 2);
    assert.match(missing.err, 'HUB400');
    const noTemplate = join(dir, 'build');
    mkdirSync(noTemplate);
    writeFileSync(join(noTemplate, 'azuredeploy.json'), '[]\n');
    const bad = await run('graph', noTemplate);
    assert.is(bad.code, 2, 'a build without a template object is an input error, not an internal one');
    assert.match(bad.err, /HUB050.*has no azuredeploy\.json that is a JSON object/);
    const kind = await run('graph', HUB, '--kind', 'flows');
    assert.is(kind.code, 2);
    assert.match(kind.err, "Did you mean 'flow'?");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("upgrade-plan --format mermaid: one node per step in the plan's order, grouped by phase", async () => {
  let out = '';
  const code = await runCli(['upgrade-plan', '0.6', '0.7', '--hub', HUB, '--format', 'mermaid'], { out: (t) => void (out += t), err: () => undefined, isTTY: false });
  let json = '';
  await runCli(['upgrade-plan', '0.6', '0.7', '--hub', HUB, '--format', 'json'], { out: (t) => void (json += t), err: () => undefined, isTTY: false });
  assert.is(code, 0);
  const steps = JSON.parse(json).steps as { n: number; phase: string }[];
  const nodes = [...out.matchAll(/^ {4}(n\d+)\["(\d+)\. /gm)].map((m) => Number(m[2]));
  assert.equal(
    nodes,
    steps.map((s) => s.n),
  );
  const edges = [...out.matchAll(/^ {2}n(\d+) --> n(\d+)$/gm)].map((m) => [Number(m[1]), Number(m[2])]);
  assert.equal(
    edges,
    steps.slice(1).map((_, i) => [i, i + 1]),
  );
  assert.match(out, 'subgraph g1["Before the deployment"]');
});

test.run();
