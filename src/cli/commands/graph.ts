/**
 * `hubc graph [INPUT] [--release R] [--kind flow|resources] [--format mermaid|svg] [--out FILE]`: the data
 * flow of a build's Data Factory objects or its resource dependency graph, as Mermaid or SVG (the work is
 * in `src/graph/`). INPUT is a hub.yaml (default `hub.yaml`, compiled for its release or `--release`) or a
 * folder written by `hubc build` or `hubc publish`. Exit 0 with the graph, 1 when the hub file has errors,
 * 2 when the input cannot be read (HUB400-HUB402), has no template to draw (HUB050) or the output file
 * cannot be written.
 */
import type { Command } from 'commander';
import { EnvironmentError } from '../../diagnostics/diagnostic.js';
import { GRAPH_FORMATS, GRAPH_KINDS, type GraphFormat, type GraphKind } from '../../graph/options.js';
import { EXIT, reportDiagnostics, reportEnvironmentError } from '../io.js';
import { choiceOption, releaseOption } from '../options.js';
import { writeOutputFile } from '../output.js';
import type { CommandContext } from './shared.js';

interface GraphFlags {
  release?: string;
  kind: GraphKind;
  format: GraphFormat;
  out?: string;
}

/** Adds the command to the program. */
export function registerGraph(program: Command, ctx: CommandContext): void {
  program
    .command('graph')
    .summary("draw a build's data flow or resource dependencies (Mermaid or SVG)")
    .description(
      'Draws a build from its template: --kind flow (the default) the data flow of its Data Factory objects (triggers start pipelines, ' +
        'pipelines run pipelines and read, write and delete datasets, datasets live in linked services that reach storage, Data Explorer or Key Vault), ' +
        "--kind resources its ARM resources and their dependsOn. Objects the template declares but the build's values do not deploy are dashed. " +
        'INPUT is a hub.yaml (compiled for its release, or --release) or a folder written by hubc build or hubc publish. ' +
        '--format mermaid (the default) prints Mermaid flowchart text; --format svg an SVG drawn by Graphviz (WebAssembly, no browser). See docs/graph.md.',
    )
    .argument('[input]', 'hub.yaml file or build folder', 'hub.yaml')
    .addOption(releaseOption())
    .addOption(choiceOption('--kind <kind>', 'what to draw', GRAPH_KINDS, 'flow'))
    .addOption(choiceOption('--format <format>', 'output format', GRAPH_FORMATS, 'mermaid'))
    .option('-o, --out <file>', 'write the graph to this file instead of stdout')
    .addHelpText(
      'after',
      '\nExamples:\n  hubc graph\n  hubc graph hub.yaml --release 0.8 --format svg --out flow.svg\n  hubc graph dist-templates/0.7 --kind resources\n\nExit codes: 0 graph written, 1 hub.yaml errors, 2 usage or an input that cannot be read.\n',
    )
    .action(async (input: string, opts: GraphFlags) => {
      const { io } = ctx;
      const [{ buildGraph, renderGraph, GraphInputError }, { LoadError, compileInput, loadBuild, readHubText }] = await Promise.all([
        import('../../graph/index.js'),
        import('../../load/index.js'),
      ]);
      let build;
      try {
        build = opts.release ? compileInput(readHubText(input, opts.release), input, input, 'hub.yaml', opts.release) : loadBuild(input);
      } catch (e) {
        if (!(e instanceof LoadError)) throw e;
        reportDiagnostics(io, e.diagnostics, 'text');
        return ctx.exit(e.diagnostics.length ? EXIT.diagnostics : reportEnvironmentError(io, new EnvironmentError(e), 'text'));
      }
      let graph;
      try {
        graph = buildGraph(build.build, opts.kind, build.release ?? build.label);
      } catch (e) {
        if (!(e instanceof GraphInputError)) throw e;
        return ctx.exit(reportEnvironmentError(io, new EnvironmentError(e), 'text'));
      }
      const text = await renderGraph(graph, opts.format);
      if (opts.out) {
        const failed = writeOutputFile(io, opts.out, text, 'text', 'graph:out-flushed');
        if (failed !== undefined) return ctx.exit(failed);
        io.out(`wrote ${opts.out}: ${graph.title} (${graph.nodes.length} nodes, ${graph.edges.length} edges)\n`);
      } else io.out(text);
      ctx.exit(EXIT.ok);
    });
}
