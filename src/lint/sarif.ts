/**
 * SARIF 2.1.0 output of `hubc lint` (OASIS "Static Analysis Results Interchange Format" 2.1.0): one run
 * of the `hubc` tool whose rules are the lint rules, with one result per finding located (line and column)
 * in the file that holds what was linted: `<out>/<release>/azuredeploy.json` when the build folder holds
 * this build, else `<release>/azuredeploy.json` relative to the base `HUBC_BUILD`, the build in memory,
 * which the log describes and does not place on disk (./written.ts). Suppressed findings are results with
 * an external suppression whose justification is the hub.yaml reason. Deterministic: no timestamps or run
 * ids.
 */
import type { Log, ReportingDescriptor, Result, ArtifactLocation } from 'sarif';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { HUBC_VERSION } from '../compiler/index.js';
import { RULES, UNUSED_SUPPRESSION_CODE } from './registry.js';
import type { LintHubResult } from './types.js';
import type { FindingFiles } from './written.js';

/** The `$schema` written into the log. */
export const SARIF_SCHEMA_URI = 'https://json.schemastore.org/sarif-2.1.0.json';

const level = (d: Diagnostic): Result.level => (d.severity === 'info' ? 'note' : d.severity);

/** The `uriBaseId` of files of the build in memory (not in a build folder). */
export const IN_MEMORY_BASE_ID = 'HUBC_BUILD';

/**
 * Builds the SARIF log of a lint run.
 * @param result what {@link lintHub} returned
 * @param options `files`: where findings point (./written.ts `findingFiles`): a file the build folder holds
 *   as linted is `<out>/<release>/<file>`; any other is `<release>/<file>` relative to the base
 *   {@link IN_MEMORY_BASE_ID}, which names no place on disk (default: every file is such). `hubFile`: the
 *   hub.yaml path diagnostics of hub.yaml point at. `maintainerRules`: whether hubc maintainers' rules ran
 *   (else they are listed as not enabled).
 * @returns the log (SARIF's own types, `@types/sarif`)
 */
export function toSarif(result: LintHubResult, options: { files?: FindingFiles; hubFile?: string; maintainerRules?: boolean } = {}): Log {
  const files = options.files;
  const rules = sarifRules(options.maintainerRules === true);
  const ruleIndex = new Map(rules.map((r, i) => [r.id, i]));
  let inMemory = false;
  const artifact = (release: string, file: string): ArtifactLocation => {
    if (files?.written(release, file)) return { uri: files.pathOf(release, file) };
    inMemory = true;
    return { uri: `${release}/${file}`, uriBaseId: IN_MEMORY_BASE_ID };
  };
  const toResult = (d: Diagnostic, location: ArtifactLocation, justification?: string): Result => sarifResult(d, location, ruleIndex.get(d.code), options.hubFile, justification);
  const results = [
    ...result.diagnostics.map((d) => toResult(d, { uri: (options.hubFile ?? d.file ?? 'hub.yaml').replace(/\\/g, '/') })),
    ...result.reports.flatMap((r) => [
      ...r.diagnostics.map((d) => toResult(d, artifact(r.release, d.file ?? ''))),
      ...r.suppressed.map((s) => toResult(s.diagnostic, artifact(r.release, s.diagnostic.file ?? ''), s.reason)),
    ]),
  ];
  return {
    $schema: SARIF_SCHEMA_URI,
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'hubc', version: HUBC_VERSION, semanticVersion: HUBC_VERSION, rules } },
        automationDetails: { id: `hubc-lint/${result.reports.map((r) => r.release).join('+') || 'none'}/` },
        ...(inMemory
          ? {
              originalUriBaseIds: {
                [IN_MEMORY_BASE_ID]: {
                  description: { text: 'The build hubc lint compiled in memory, by release (<release>/<file>); the build folder does not hold it. hubc build writes it.' },
                },
              },
            }
          : {}),
        results,
      },
    ],
  };
}

/** The rules of the log: every lint rule (a maintainer's enabled only when `maintainerRules`), then the unused-suppression check. */
function sarifRules(maintainerRules: boolean): ReportingDescriptor[] {
  return [
    ...RULES.map((r): ReportingDescriptor => ({
      id: r.id,
      name: r.name,
      shortDescription: { text: r.summary },
      fullDescription: { text: r.rationale },
      helpUri: r.link,
      defaultConfiguration: { level: r.severity, enabled: r.actor === 'author' || maintainerRules },
      properties: { area: r.area, actor: r.actor },
    })),
    {
      id: UNUSED_SUPPRESSION_CODE,
      name: 'lint/unused-suppression',
      shortDescription: { text: 'Every lint.suppress entry of hub.yaml names a rule that reports something.' },
      fullDescription: { text: 'A stale suppression would silently hide the problem if it came back.' },
      defaultConfiguration: { level: 'warning' },
    },
  ];
}

/**
 * One result: the finding at `location` (line and column when known, the model path as its logical
 * location), its related hub.yaml places (in `hubFile` when given), and a suppression with the hub.yaml
 * reason when it was suppressed.
 * @param ruleIndex the index of its rule in the log's rules, when it has one there
 */
export function sarifResult(d: Diagnostic, location: ArtifactLocation, ruleIndex: number | undefined, hubFile: string | undefined, justification?: string): Result {
  return {
    ruleId: d.code,
    ...(ruleIndex !== undefined ? { ruleIndex } : {}),
    level: level(d),
    message: { text: d.hint ? `${d.message}. ${d.hint}` : d.message },
    locations: [
      {
        physicalLocation: {
          artifactLocation: location,
          ...(d.start ? { region: { startLine: d.start.line, startColumn: d.start.col } } : {}),
        },
        ...(d.path ? { logicalLocations: [{ fullyQualifiedName: d.path }] } : {}),
      },
    ],
    ...(d.related?.length
      ? {
          relatedLocations: d.related.map((r, i) => ({
            id: i + 1,
            physicalLocation: {
              artifactLocation: { uri: (hubFile ?? r.file).replace(/\\/g, '/') },
              ...(r.start ? { region: { startLine: r.start.line, startColumn: r.start.col } } : {}),
            },
            message: { text: r.message },
          })),
        }
      : {}),
    ...(justification !== undefined ? { suppressions: [{ kind: 'external', justification }] } : {}),
  };
}
