/**
 * The KQL scripts of a compile as the Kusto language service checks them (`hubc validate`): each script's
 * deploy-time placeholders replaced by their validation values, in deployment order; then, from 0.10, the setup
 * scripts of a Microsoft Fabric eventhouse (`fabric/*.kql`: from 12 the one-time retype script first, as an upgrade
 * runs it).
 */
import type { CompileResult } from '../compiler/index.js';
import { FABRIC_FILES, FABRIC_SCRIPT_COMMAND } from '../modules/fabric/index.js';

/**
 * KQL scripts of a compile with placeholders replaced by their validation values, in deployment order; then the
 * Fabric setup scripts, on an engine of their own that starts empty, with their `.execute database script <|`
 * line blanked (the same length, so positions hold) so that the commands it runs are checked one by one like the
 * deployed ones.
 */
export function kqlScriptsForValidation(result: CompileResult): { file: string; database: string; text: string; engine?: string }[] {
  const model = result.model!;
  const deployed = result.contributions
    .flatMap((c) => c.kqlScripts ?? [])
    .map((s) => {
      let text = s.text;
      for (const [placeholder, sub] of Object.entries(s.placeholders ?? {})) text = text.split(placeholder).join(sub.validationValue);
      return { file: s.file, database: model.dataExplorer.databases[s.database], text };
    });
  const fabric = (
    [
      [FABRIC_FILES.retype, 'ingestion'],
      [FABRIC_FILES.ingestion, 'ingestion'],
      [FABRIC_FILES.hub, 'hub'],
    ] as const
  ).flatMap(([file, db]) => {
    const text = result.artifacts.get(file);
    if (text === undefined) return [];
    const blanked = text.replace(FABRIC_SCRIPT_COMMAND, `//${' '.repeat(FABRIC_SCRIPT_COMMAND.length - 2)}`);
    return [{ file, database: model.dataExplorer.databases[db], text: blanked, engine: 'fabric' }];
  });
  return [...deployed, ...fabric];
}
