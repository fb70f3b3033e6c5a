/**
 * A KQL database script cut into parts that each fit one `Microsoft.Kusto/clusters/databases/scripts`
 * resource within hubc's size budget: no resource definition over 256 KiB (issue #36, "A template a third the
 * public size", far inside ARM's 1 MiB per resource definition: learn.microsoft.com/azure/azure-resource-manager/
 * templates/best-practices#template-limits). A database takes any number of script resources, which ARM runs in
 * the order their `dependsOn` gives (learn.microsoft.com/azure/data-explorer/database-script), so a script too
 * large for one resource is deployed as several, each after the one before, cut between commands
 * (`splitKqlCommands` of src/model/kqlScript.ts: never inside a command or a multi-line string literal).
 *
 * A script within the budget is one part, named and stored as before, so a template whose scripts all fit is
 * the same as without this file.
 */
import { splitKqlCommands } from '../../model/kqlScript.js';

/**
 * Most bytes of one part's text as the template carries it (a JSON string, UTF-8): 200 KiB, leaving room under
 * the 256 KiB budget for the resource's other members and the deploy-time values put into the text.
 */
export const SCRIPT_PART_BYTES = 200 * 1024;

/** One part of a script. */
export interface ScriptPart {
  /** 1-based position. */
  index: number;
  /** The part's text: whole commands, exactly as in the script (the parts, joined, are the script). */
  text: string;
}

/** UTF-8 bytes of a text written as a JSON string (quotes, escapes). */
export function jsonStringBytes(text: string): number {
  return Buffer.byteLength(JSON.stringify(text), 'utf8');
}

/**
 * The parts of a script: as many commands as fit the budget go into each part, in order; a single command
 * larger than the budget is a part of its own (it cannot be cut; HUB721 judges it against ARM's limit).
 * @param budget most JSON-string bytes of a part (default {@link SCRIPT_PART_BYTES})
 * @returns one part (the whole text) when it fits, else several, never an empty one
 */
export function scriptParts(text: string, budget: number = SCRIPT_PART_BYTES): ScriptPart[] {
  if (jsonStringBytes(text) <= budget) return [{ index: 1, text }];
  // Each command from its start to the next one's (the text before the first command goes with the first);
  // a JSON string's bytes are its pieces' bytes without their quotes, plus two.
  const starts = [
    0,
    ...splitKqlCommands(text)
      .map((b) => b.start)
      .filter((s) => s > 0),
  ];
  const cuts: number[] = [0];
  let bytes = 2;
  starts.forEach((start, i) => {
    const own = jsonStringBytes(text.slice(start, i + 1 < starts.length ? starts[i + 1] : text.length)) - 2;
    if (start > cuts[cuts.length - 1] && bytes + own > budget) {
      cuts.push(start);
      bytes = 2;
    }
    bytes += own;
  });
  return cuts.map((start, i) => ({ index: i + 1, text: text.slice(start, i + 1 < cuts.length ? cuts[i + 1] : text.length) }));
}

/** The name of a part's script resource and variable: the script's own for the first part, `<name>_<n>` after it. */
export function partName(name: string, part: ScriptPart): string {
  return part.index === 1 ? name : `${name}_${part.index}`;
}
