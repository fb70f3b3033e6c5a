/**
 * Lint results with findings, for the tests of lint's output: hubc's own builds have none (every release
 * is clean, test/lint/ownOutput.test.ts), so findings come from a build changed the way a template hubc
 * does not write would be.
 */
import { lintRelease } from '../../src/lint/engine.js';
import { AUTHOR_RULES } from '../../src/lint/registry.js';
import type { LintHubResult } from '../../src/lint/index.js';
import type { LintSuppression } from '../../src/lint/types.js';
import { compiled, DEFAULT_HUB_YAML } from './hubs.js';
import { fromFiles } from '../../src/build/index.js';

/** The text in the default 0.7 template that grants the Data Factory identity `get` on secrets. */
const READ_ONLY = '"secrets": [\n                "get"\n              ]';

/**
 * The default hub's 0.7 build with the Key Vault access policy widened to `get` and `set` on secrets:
 * one HUB526 (warning) and one HUB527 (error) finding in azuredeploy.json.
 */
export function widenedBuild(): Map<string, string> {
  const artifacts = new Map(compiled(DEFAULT_HUB_YAML).artifacts);
  const template = artifacts.get('azuredeploy.json')!;
  if (!template.includes(READ_ONLY)) throw new Error('the default template no longer grants get on secrets as expected');
  artifacts.set('azuredeploy.json', template.replace(READ_ONLY, '"secrets": [\n                "get",\n                "set"\n              ]'));
  return artifacts;
}

/** A `lintHub`-shaped result of linting `artifacts` as release 0.7 with the rules reported to hub.yaml authors. */
export function lintResultOf(artifacts: ReadonlyMap<string, string>, suppressions: readonly LintSuppression[] = []): LintHubResult {
  const report = lintRelease({ build: fromFiles({ release: '0.7', source: 'compile', files: artifacts }), suppressions }, AUTHOR_RULES);
  const errors = report.diagnostics.filter((d) => d.severity === 'error').length;
  return { reports: [report], diagnostics: [], clean: report.diagnostics.length === 0, errors, warnings: report.diagnostics.length - errors };
}
