/**
 * KQL emitter: writes each distinct database script once under `kql/` (the Common script is deployed to
 * both databases but written once).
 */
import type { KqlScriptArtifact } from '../../modules/types.js';

/** Map of path to script text; the same path must always carry the same text. */
export function emitKqlFiles(scripts: readonly KqlScriptArtifact[]): Map<string, string> {
  const files = new Map<string, string>();
  for (const s of scripts) {
    const prev = files.get(s.file);
    if (prev !== undefined && prev !== s.text) throw new Error(`two different KQL scripts write ${s.file}`);
    files.set(s.file, s.text.endsWith('\n') ? s.text : `${s.text}\n`);
  }
  return files;
}
