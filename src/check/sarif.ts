/**
 * SARIF 2.1.0 output of `hubc check`: one run of the `hubc` tool whose rules are the codes of the failure
 * catalogue (src/catalogue/), each with the Azure doc that states the rule as its help and the public issues
 * where users met the failure; one result per finding, in the files given (results are made as `hubc lint`
 * makes them: src/lint/sarif.ts). Deterministic: no timestamps or run ids.
 */
import type { Log, ReportingDescriptor } from 'sarif';
import { CATALOGUE } from '../catalogue/index.js';
import { codes } from '../diagnostics/index.js';
import type { CodeInfo } from '../diagnostics/index.js';
import { HUBC_VERSION } from '../util/version.js';
import { SARIF_SCHEMA_URI, sarifResult } from '../lint/index.js';
import type { CheckReport } from './types.js';

/** One rule per code of each catalogue entry. */
function rules(): ReportingDescriptor[] {
  return CATALOGUE.flatMap((entry) =>
    entry.codes.map((code): ReportingDescriptor => {
      const info = (codes as Record<string, CodeInfo>)[code];
      return {
        id: code,
        name: entry.name,
        shortDescription: { text: info.meaning },
        fullDescription: { text: entry.azure },
        helpUri: entry.source,
        defaultConfiguration: { level: info.severity === 'info' ? 'note' : info.severity },
        properties: { area: entry.area, issues: entry.issues.map((n) => `https://github.com/microsoft/finops-toolkit/issues/${n}`) },
      };
    }),
  );
}

/** The SARIF log of one `hubc check` run. */
export function checkSarif(report: CheckReport): Log {
  const list = rules();
  const index = new Map(list.map((r, i) => [r.id, i]));
  return {
    $schema: SARIF_SCHEMA_URI,
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'hubc', version: HUBC_VERSION, semanticVersion: HUBC_VERSION, rules: list } },
        automationDetails: { id: `hubc-check/${report.release || 'template'}/` },
        results: report.diagnostics.map((d) => sarifResult(d, { uri: d.file.replace(/\\/g, '/') }, index.get(d.code), undefined)),
      },
    ],
  };
}
