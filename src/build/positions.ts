/**
 * Diagnostics placed in a build's files: a Data Factory object's findings in its standalone file when the
 * build has one, else in its resource inside azuredeploy.json; a template finding at the line and column
 * of its JSON pointer. Used by the quick output checks (src/compiler/validateOutput.ts) and `hubc validate`.
 */
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { pointerPath } from '../diagnostics/positions.js';
import { adfObjectFile } from '../model/dataFactoryKinds.js';
import type { AdfPositionLookup } from '../validators/adfReferences.js';
import { TEMPLATE_FILE, type Build } from './build.js';

/**
 * Positions for Data Factory diagnostics (`path` inside the `{ name, properties }` object): in the object's
 * standalone file when the build has it, else in the object's resource inside azuredeploy.json.
 */
export function adfPositions(build: Build): AdfPositionLookup {
  return (kind, name, path) => {
    const file = adfObjectFile(kind, name);
    const start = build.files.has(file) ? build.locate(file, path) : undefined;
    if (start) return { file, start };
    const found = build.factory.objects.find((o) => o.kind === kind && o.name === name);
    const at = found && build.locate(TEMPLATE_FILE, [...found.resource.path, ...path]);
    return at ? { file: TEMPLATE_FILE, start: at } : undefined;
  };
}

/** A diagnostic moved to the file and position a Data Factory position lookup found, if any. */
export function placed(d: Diagnostic, at: ReturnType<AdfPositionLookup>): Diagnostic {
  return at && !('line' in at) ? { ...d, file: at.file, ...(at.start ? { start: at.start } : {}) } : d;
}

/** Adds `start` to azuredeploy.json diagnostics whose path begins with a JSON pointer. */
export function positionTemplateDiagnostics(diagnostics: Diagnostic[], build: Build): Diagnostic[] {
  return diagnostics.map((d) => {
    if (d.start || d.file !== TEMPLATE_FILE || !d.path?.startsWith('/')) return d;
    const start = build.locate(TEMPLATE_FILE, pointerPath(d.path.split(' ')[0]));
    return start ? { ...d, start } : d;
  });
}
