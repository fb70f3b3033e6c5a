/**
 * The helpers the KQL templates under `kql/` call (`{{str}}`, `{{columnList}}`, `{{projectList}}`,
 * `{{mappingJson}}`, `{{projectItems}}`, `{{join}}`, `{{updatePolicyJson}}`, `{{firstColumn}}`): KQL string
 * literals, column names as KQL writes them, column lists wrapped at about 110 characters, ingestion mappings
 * and update policies as JSON.
 */
import type { HelperRegistry } from './kqlTemplates.js';
import type { KqlColumn } from './kql/tables.js';
import type { UpdatePolicy } from './kql/policies.js';

/** A KQL string literal (single quotes, backslash escapes). */
export function kqlString(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;
}

/** Column name as written in KQL: plain for the hub's own columns, bracket-quoted for the user's. */
function ident(column: KqlColumn): string {
  return column.quoted || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(column.name) ? `[${kqlString(column.name)}]` : column.name;
}

type Columns = readonly KqlColumn[];

/** Items of a list joined with commas, in lines of at most about 110 characters, each after `indent`. */
function wrapped(items: readonly string[], indent: string): string {
  const lines: string[] = [];
  let line = '';
  for (const n of items) {
    if (line && line.length + n.length + 2 > 110) {
      lines.push(`${line},`);
      line = '';
    }
    line = line ? `${line}, ${n}` : n;
  }
  lines.push(line);
  return lines.map((l) => `${indent}${l}`).join('\n');
}

/** A `project` of columns or expressions (`A`, `B = todecimal(B)`) inside a parenthesized union branch. */
function projectItems(items: readonly (string | KqlColumn)[]): string {
  return `        | project\n${wrapped(
    items.map((i) => (typeof i === 'string' ? i : ident(i))),
    '            ',
  )}`;
}

/** Registers the helpers the templates call: KQL strings, column lists, mappings, update policies. */
export function registerHelpers(hb: HelperRegistry): void {
  hb.registerHelper('str', (value: unknown) => kqlString(String(value)));
  hb.registerHelper('columnList', (columns: Columns) => columns.map((c) => `    ${ident(c)}: ${c.type}`).join(',\n'));
  hb.registerHelper(
    'projectList',
    (columns: Columns) =>
      `    | project\n${wrapped(
        columns.map((c) => ident(c)),
        '        ',
      )}`,
  );
  hb.registerHelper('mappingJson', (columns: Columns) => {
    const entries = columns.map((c) => `    { "Column": ${JSON.stringify(c.name)}, "Properties": { "Field": ${JSON.stringify(c.field)} } }`);
    return `[\n${entries.join(',\n')}\n]`;
  });
  hb.registerHelper('projectItems', (items: readonly (string | KqlColumn)[]) => projectItems(items));
  hb.registerHelper('join', (items: readonly string[]) => items.join(', '));
  hb.registerHelper('updatePolicyJson', (policy: UpdatePolicy) => {
    const objects = policy.entries.map((e) =>
      [
        `    "IsEnabled": ${policy.enabled},`,
        `    "Source": ${JSON.stringify(e.source)},`,
        `    "Query": ${JSON.stringify(`${e.query}()`)},`,
        '    "IsTransactional": true,',
        '    "PropagateIngestionProperties": true',
      ].join('\n'),
    );
    return `[{\n${objects.join('\n}, {\n')}\n}]`;
  });
  hb.registerHelper('firstColumn', (columns: Columns) => columns.slice(0, 1));
}
