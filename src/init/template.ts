/**
 * The hub.yaml `hubc init` writes, generated from the hub.yaml JSON Schema (schemas/hub.schema.json: its
 * fields in order, their descriptions and defaults) and the release table (which fields a release has,
 * `fieldApplies` of src/frontend/checks/releaseFields.ts; defaults the schema cannot state,
 * src/frontend/checks/fieldDefaults.ts). So a field added to the schema appears in the file with no edit here.
 *
 * Every field the release has is written: at its default when it has one (the schema's, the release's
 * `datasets`, `[]` for a list), else commented out with an example (`# tier: Basic`, whose default follows
 * the SKU name). A list of mappings that is empty by default is followed by a commented example of one item.
 * Descriptions are `##` comments above their field; commented-out YAML is `# ` at the field's
 * indentation (the convention of Helm's values files). The file compiles with no diagnostic into the same
 * files as a hub.yaml naming only `release` and `hub.name` (test/init/init.test.ts, for every release).
 */
import { readFileSync } from 'node:fs';
import { getRelease, type Release, type ReleaseVersion } from '../model/releases.js';
import { fieldApplies } from '../frontend/checks/releaseFields.js';
import { derivedDefault, FOLLOWING_FIELDS } from '../frontend/checks/fieldDefaults.js';
import { packagePath } from '../util/packageRoot.js';
import { isObject } from '../util/json.js';

/** What the template refers to and records. */
export interface TemplateOptions {
  release: ReleaseVersion;
  /** What the `yaml-language-server` modeline points at: a path relative to the file, an absolute path or a URL. */
  schema: string;
  /** Where the field reference (docs/hub-yaml.md) is, as the file's reader can open it. */
  docs: string;
  /** hubc's version, recorded in the header. */
  hubcVersion: string;
}

/** What the template reads of a JSON Schema node. */
export interface SchemaNode {
  type?: string;
  description?: string;
  default?: unknown;
  examples?: unknown[];
  enum?: unknown[];
  required?: string[];
  minItems?: number;
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
}

/** Longest comment line written (descriptions are wrapped to it). */
const WIDTH = 110;

let schema: SchemaNode | undefined;

/** The installed hub.yaml schema, read once. */
export function hubYamlSchema(): SchemaNode {
  schema ??= JSON.parse(readFileSync(packagePath('schemas', 'hub.schema.json'), 'utf8')) as SchemaNode;
  return schema;
}

/**
 * The text of a new hub.yaml for `options.release`.
 * @returns YAML text with LF line ends and a final newline
 */
export function hubYamlTemplate(options: TemplateOptions): string {
  const r = getRelease(options.release);
  const lines: string[] = [
    `# yaml-language-server: $schema=${options.schema}`,
    '#',
    `# A FinOps hub for hub release ${r.version}, written by hubc init (hubc ${options.hubcVersion}): every field release ${r.version} has,`,
    '# each at the default the Deploy to Azure form starts with; a field commented out has a default that',
    '# follows from other values (uncomment it to set it). Change what you need, then run hubc build',
    `# (writes dist-templates/${r.version}/).`,
    `# Every field, its default and the releases that have it: ${options.docs}`,
    '',
    ...mapping(hubYamlSchema(), [], r, defaultsOf(hubYamlSchema()) as Record<string, unknown>),
  ];
  return `${lines.join('\n').trimEnd()}\n`;
}

/** The fields of an object node the release has, each with its description; top-level fields apart by a blank line. */
function mapping(node: SchemaNode, path: string[], r: Release, defaults: Record<string, unknown>): string[] {
  return Object.entries(node.properties ?? {}).flatMap(([key, child]) => {
    const at = [...path, key];
    if (!fieldApplies(r, at)) return [];
    const lines = field(key, child, at, r, defaults);
    if (!lines.length) return [];
    return [...describe(child.description, at.length - 1), ...lines, ...(path.length ? [] : [''])];
  });
}

/** The lines of one field (without its description). */
function field(key: string, node: SchemaNode, path: string[], r: Release, defaults: Record<string, unknown>): string[] {
  const indent = '  '.repeat(path.length - 1);
  if (node.type === 'object' && node.properties) {
    const inner = mapping(node, path, r, defaults);
    if (!inner.length) return [];
    // A section whose every field is commented out is commented out too: `key:` alone would be null, not a mapping.
    const allCommented = inner.every((l) => l.trimStart().startsWith('#') || !l.trim());
    return [`${indent}${allCommented ? '# ' : ''}${key}:`, ...inner];
  }
  const value = valueOf(node, path, r, defaults);
  if (value.commented) return render(key, value.value).map((l) => `${indent}# ${l}`);
  const lines = render(key, value.value).map((l) => `${indent}${l}`);
  const empty = node.type === 'array' && Array.isArray(value.value) && !value.value.length;
  const shown = empty ? (node.examples?.[0] ?? (node.items?.properties ? [example(node.items)] : undefined)) : undefined;
  if (shown === undefined) return lines;
  return [...lines, `${indent}## For example (in place of the line above):`, ...render(key, shown).map((l) => `${indent}# ${l}`)];
}

/** The schema's defaults as one value: a mapping of every field with a default, nested as the schema nests them. */
function defaultsOf(node: SchemaNode): unknown {
  if (node.type !== 'object' || !node.properties) return node.default;
  const entries = Object.entries(node.properties).map(([k, p]) => [k, defaultsOf(p)] as const);
  return Object.fromEntries(entries.filter(([, v]) => v !== undefined));
}

/** The value a field is written with, and whether it is commented out. */
function valueOf(node: SchemaNode, path: string[], r: Release, defaults: Record<string, unknown>): { value: unknown; commented?: true } {
  if (path.join('.') === 'release') return { value: r.version };
  if (node.default !== undefined) return { value: node.default };
  if (FOLLOWING_FIELDS[path.join('.')]) return { value: derivedDefault(path, r, defaults), commented: true };
  const fromRelease = derivedDefault(path, r, defaults);
  if (fromRelease !== undefined) return { value: fromRelease };
  if (node.examples?.length) return { value: node.examples[0] };
  if (node.type === 'array' && !node.minItems) return { value: [] };
  return { value: example(node), commented: true };
}

/** An example value of a node: its first example, default or allowed value; for a mapping, its required fields and those with a default. */
function example(node: SchemaNode): unknown {
  if (node.examples?.length) return node.examples[0];
  if (node.default !== undefined) return node.default;
  if (node.enum?.length) return node.enum[0];
  if (node.type === 'array') return node.items?.enum ? node.items.enum.slice(0, 2) : [example(node.items ?? {})];
  if (node.type === 'object') {
    const props = Object.entries(node.properties ?? {}).filter(([k, p]) => node.required?.includes(k) || p.default !== undefined);
    return Object.fromEntries(props.map(([k, p]) => [k, example(p)]));
  }
  return node.type === 'integer' || node.type === 'number' ? 0 : node.type === 'boolean' ? false : '';
}

/** A description as `##` comment lines at a depth, wrapped at {@link WIDTH}. */
function describe(text: string | undefined, depth: number): string[] {
  if (!text) return [];
  const indent = `${'  '.repeat(depth)}## `;
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && indent.length + line.length + 1 + word.length > WIDTH) {
      lines.push(indent + line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  return [...lines, indent + line];
}

/** `key: value` as YAML lines: scalars and lists of scalars on the key's line, mappings and lists of mappings below it. */
function render(key: string, value: unknown): string[] {
  if (Array.isArray(value) && value.some(isObject)) return [`${key}:`, ...value.flatMap((item) => block(item as Record<string, unknown>).map((l, i) => (i ? '    ' : '  - ') + l))];
  if (isObject(value) && Object.keys(value).length) return [`${key}:`, ...block(value).map((l) => `  ${l}`)];
  return [`${key}: ${flow(value)}`];
}

/** The lines of a mapping. */
function block(value: Record<string, unknown>): string[] {
  return Object.entries(value).flatMap(([k, v]) => render(k, v));
}

/** Words YAML reads as something other than text when unquoted. */
const YAML_WORDS = /^(true|false|yes|no|on|off|y|n|null|~)$/i;

/** A scalar or a list of scalars in flow style: text unquoted when YAML reads it back as the same text. */
function flow(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(flow).join(', ')}]`;
  if (isObject(value)) return '{}';
  if (typeof value !== 'string') return JSON.stringify(value);
  return /^[A-Za-z/][\w ()+./-]*$/.test(value) && !value.endsWith(' ') && !YAML_WORDS.test(value) ? value : JSON.stringify(value);
}
