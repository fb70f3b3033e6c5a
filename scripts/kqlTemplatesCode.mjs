/**
 * The Data Explorer script templates precompiled, the module that replaces
 * src/modules/dataExplorer/kqlTemplates.ts in the `dist/` bundle (see the esbuild plugins in
 * scripts/bundle.mjs). It exports what that module exports, built on `handlebars/runtime` from the specs
 * `Handlebars.precompile` writes for the same files and options, so the bundle carries neither the
 * handlebars compiler (nor the source-map package it loads) nor reads `kql/` at run time.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import Handlebars from 'handlebars';

/** Must equal KQL_TEMPLATE_OPTIONS of src/modules/dataExplorer/kqlTemplates.ts (test/cli/bundle.test.ts compares). */
export const OPTIONS = { noEscape: true, strict: true };
const SUFFIX = '.kql.hbs';

/**
 * The templates: every `kql/*.kql.hbs` (partials are in `kql/partials/`), by name, sorted. The source's
 * KQL_TEMPLATE_NAMES (src/modules/dataExplorer/kqlTemplates.ts) must name the same (test/cli/bundle.test.ts).
 * @param root the repository root
 */
export function templateNames(root) {
  return readdirSync(join(root, 'kql'))
    .filter((f) => f.endsWith(SUFFIX))
    .map((f) => f.slice(0, -SUFFIX.length))
    .sort();
}

/**
 * The module text.
 * @param root the repository root (where `kql/` is)
 */
export function kqlTemplatesModule(root) {
  const spec = (file) => Handlebars.precompile(readFileSync(file, 'utf8'), { ...OPTIONS });
  const partialsDir = join(root, 'kql', 'partials');
  const partials = readdirSync(partialsDir)
    .filter((f) => f.endsWith(SUFFIX))
    .sort()
    .map((f) => `  ${JSON.stringify(f.slice(0, -SUFFIX.length))}: ${spec(join(partialsDir, f))},`);
  const names = templateNames(root);
  const templates = names.map((name) => `  ${name}: ${spec(join(root, 'kql', `${name}${SUFFIX}`))},`);
  return [
    "import Runtime from 'handlebars/runtime';",
    `export const KQL_TEMPLATE_OPTIONS = ${JSON.stringify(OPTIONS)};`,
    `export const KQL_TEMPLATE_NAMES = ${JSON.stringify(names)};`,
    'const PARTIALS = {',
    ...partials,
    '};',
    'const TEMPLATES = {',
    ...templates,
    '};',
    '/** The precompiled templates on a fresh handlebars runtime with the given helpers and every partial. */',
    'export function loadKqlTemplates(registerHelpers) {',
    '  const hb = Runtime.create();',
    '  registerHelpers(hb);',
    '  for (const [name, spec] of Object.entries(PARTIALS)) hb.registerPartial(name, hb.template(spec));',
    `  return { ${names.map((n) => `${n}: hb.template(TEMPLATES.${n})`).join(', ')} };`,
    '}',
    '',
  ].join('\n');
}
