/**
 * SARIF 2.1.0 output of `hubc lint` (OASIS "Static Analysis Results Interchange Format" 2.1.0): one run
 * of the `hubc` tool whose rules are the lint rules, with one result per finding located in the files
 * `hubc build` writes (`<out>/<release>/azuredeploy.json`, line and column). Suppressed findings are
 * results with an external suppression whose justification is the hub.yaml reason. Deterministic: no
 * timestamps or run ids.
 */
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { HUBC_VERSION } from '../compiler/compile.js';
import { RULES, UNUSED_SUPPRESSION_CODE } from './registry.js';
import type { LintHubResult } from './index.js';

/** The `$schema` written into the log. */
export const SARIF_SCHEMA_URI = 'https://json.schemastore.org/sarif-2.1.0.json';

type SarifLevel = 'error' | 'warning' | 'note';

const level = (d: Diagnostic): SarifLevel => (d.severity === 'info' ? 'note' : d.severity);

/**
 * Builds the SARIF log of a lint run.
 * @param result what {@link lintHub} returned
 * @param options `out`: the build output folder the artifact paths are relative to (default `dist-templates`);
 *   `hubFile`: the hub.yaml path diagnostics of hub.yaml point at
 * @returns the log as a plain JSON object
 */
export function toSarif(result: LintHubResult, options: { out?: string; hubFile?: string } = {}): Record<string, unknown> {
  const out = (options.out ?? 'dist-templates').replace(/\\/g, '/').replace(/\/+$/, '');
  const rules = [
    ...RULES.map((r) => ({
      id: r.id,
      name: r.name,
      shortDescription: { text: r.summary },
      fullDescription: { text: r.rationale },
      helpUri: r.link,
      defaultConfiguration: { level: r.severity },
      properties: { area: r.area },
    })),
    {
      id: UNUSED_SUPPRESSION_CODE,
      name: 'lint/unused-suppression',
      shortDescription: { text: 'Every lint.suppress entry of hub.yaml names a rule that reports something.' },
      fullDescription: { text: 'A stale suppression would silently hide the problem if it came back.' },
      defaultConfiguration: { level: 'warning' },
    },
  ];
  const ruleIndex = new Map(rules.map((r, i) => [r.id, i]));
  const toResult = (d: Diagnostic, uri: string, justification?: string) => ({
    ruleId: d.code,
    ...(ruleIndex.has(d.code) ? { ruleIndex: ruleIndex.get(d.code) } : {}),
    level: level(d),
    message: { text: d.hint ? `${d.message}. ${d.hint}` : d.message },
    locations: [
      {
        physicalLocation: {
          artifactLocation: { uri },
          ...(d.start ? { region: { startLine: d.start.line, startColumn: d.start.col } } : {}),
        },
        ...(d.path ? { logicalLocations: [{ fullyQualifiedName: d.path }] } : {}),
      },
    ],
    ...(justification !== undefined ? { suppressions: [{ kind: 'external', justification }] } : {}),
  });
  const results = [
    ...result.diagnostics.map((d) => toResult(d, (options.hubFile ?? d.file).replace(/\\/g, '/'))),
    ...result.reports.flatMap((r) => [
      ...r.diagnostics.map((d) => toResult(d, `${out}/${r.release}/${d.file}`)),
      ...r.suppressed.map((s) => toResult(s.diagnostic, `${out}/${r.release}/${s.diagnostic.file}`, s.reason)),
    ]),
  ];
  return {
    $schema: SARIF_SCHEMA_URI,
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'hubc', version: HUBC_VERSION, semanticVersion: HUBC_VERSION, rules } },
        automationDetails: { id: `hubc-lint/${result.reports.map((r) => r.release).join('+') || 'none'}/` },
        results,
      },
    ],
  };
}
