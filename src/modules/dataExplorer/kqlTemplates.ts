/**
 * Loads the handlebars templates of the Data Explorer scripts (`kql/*.kql.hbs`, partials in
 * `kql/partials/`), compiled with `noEscape` (KQL is not HTML) and `strict` (a name the context lacks is
 * an error, not an empty string).
 *
 * Run from source (tsx, tests), the templates are read and compiled here with the full handlebars package.
 * In the `dist/` bundle this module is replaced by the same templates precompiled at build time
 * (scripts/kqlTemplatesCode.mjs) on the handlebars runtime, so a cold `hubc build` neither loads the
 * handlebars compiler nor reads the template files; test/cli/bundle.test.ts checks the bundle builds
 * every release byte for byte as the source does.
 */
import { readFileSync, readdirSync } from 'node:fs';
import Handlebars from 'handlebars';
import { packagePath } from '../../util/packageRoot.js';

/** The compile options of every template and partial (handlebars adds to the object it is given: pass a copy). */
export const KQL_TEMPLATE_OPTIONS = { noEscape: true, strict: true } as const;

/** The names of the top-level templates, `kql/<name>.kql.hbs`. */
export type KqlTemplateName = (typeof KQL_TEMPLATE_NAMES)[number];

/** The top-level templates, `kql/<name>.kql.hbs` (scripts/kqlTemplatesCode.mjs lists the same for the bundle). */
export const KQL_TEMPLATE_NAMES = [
  'Common',
  'IngestionSetup',
  'IngestionSetup_HubInfra',
  'IngestionSetup_RawTables',
  'IngestionSetup_v1_0',
  'HubSetup',
  'RawTableRetype',
  'IngestionSetup_v1_2',
  'HubSetup_OpenData',
  'HubSetup_v1_0',
  'HubSetup_v1_2',
  'HubSetup_Latest',
] as const;

/** A compiled template: context in, text out. */
export type KqlTemplate = (context: unknown) => string;

/** What the scripts need of a handlebars environment: helpers to register before the templates run. */
export type HelperRegistry = Pick<typeof Handlebars, 'registerHelper'>;

/**
 * A handlebars environment with the helpers `registerHelpers` adds, every partial, and every
 * top-level template compiled.
 * @throws Error when a template file is missing or does not parse
 */
export function loadKqlTemplates(registerHelpers: (hb: HelperRegistry) => void): Record<KqlTemplateName, KqlTemplate> {
  const hb = Handlebars.create();
  registerHelpers(hb);
  const partialsDir = packagePath('kql', 'partials');
  for (const file of readdirSync(partialsDir).sort()) {
    if (!file.endsWith('.kql.hbs')) continue;
    hb.registerPartial(file.slice(0, -'.kql.hbs'.length), hb.compile(readFileSync(`${partialsDir}/${file}`, 'utf8'), { ...KQL_TEMPLATE_OPTIONS }));
  }
  const load = (name: KqlTemplateName): KqlTemplate => hb.compile(readFileSync(packagePath('kql', `${name}.kql.hbs`), 'utf8'), { ...KQL_TEMPLATE_OPTIONS });
  return Object.fromEntries(KQL_TEMPLATE_NAMES.map((name) => [name, load(name)])) as Record<KqlTemplateName, KqlTemplate>;
}
