/**
 * The KQL scripts of a compile as the Kusto language service checks them (`hubc validate`): each script's
 * deploy-time placeholders replaced by their validation values, in deployment order.
 */
import type { CompileResult } from '../compiler/index.js';

/** KQL scripts of a compile with placeholders replaced by their validation values, in deployment order. */
export function kqlScriptsForValidation(result: CompileResult) {
  const model = result.model!;
  return result.contributions
    .flatMap((c) => c.kqlScripts ?? [])
    .map((s) => {
      let text = s.text;
      for (const [placeholder, sub] of Object.entries(s.placeholders ?? {})) text = text.split(placeholder).join(sub.validationValue);
      return { file: s.file, database: model.dataExplorer.databases[s.database], text };
    });
}
