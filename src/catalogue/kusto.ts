/**
 * Catalogue entries for the Kusto script resources (`Microsoft.Kusto/clusters/databases/scripts`) of a
 * deployment: a script that uses a table or function only another script creates, without waiting for it
 * (HUB730), or that nothing before it creates (HUB731); and the Kusto language service over every script in
 * deployment order (the validator of `hubc validate`, HUB310-HUB314: slow, left out by `hubc check --quick`;
 * the caller gives it, `CatalogueInput.validateKql`, so that `hubc build` does not load the language service).
 *
 * Order is ARM's: a script runs after what it depends on (`dependsOn`, through the nested deployments that
 * declare it, and a serial copy loop's earlier instances); scripts nothing orders may run at the same time.
 * A script with `continueOnErrors` fails nothing. What a command creates comes from its text
 * (src/validators/kql/predict.ts); what it uses are the names of its text that some script creates
 * (a table, or a function when called), outside comments and string literals, plus an update policy's
 * `Source` table and `Query`. Sources: "Kusto script" resource (learn.microsoft.com/azure/data-explorer/
 * database-script), "Define the order for deploying resources in ARM templates" (resource-dependency).
 */
import { codes } from '../diagnostics/index.js';
import { forEachArmNode, type ArmExpr } from '../expressions/arm/ast.js';
import { foldArm, isArmKnown, type ArmValue } from '../expressions/arm/evaluate.js';
import { valueToExpr } from '../expressions/arm/functions.js';
import { parseArmExpression } from '../expressions/arm/parser.js';
import { isArmExpressionString, resourceIdTarget, resourceKey, templateResourceKey, unescapeArmLiteral } from '../expressions/arm/semantics.js';
import type { TemplateResource } from '../build/index.js';
import { isCommentOnly, splitKqlCommands } from '../model/kqlScript.js';
import { predictSchemaEffects } from '../validators/kql/predict.js';
import type { KqlScript } from '../validators/kql/types.js';
import { isObject, member } from '../util/json.js';
import type { CheckContext } from './context.js';
import type { CatalogueEntry, CatalogueFinding } from './types.js';

const SCRIPT_TYPE = 'microsoft.kusto/clusters/databases/scripts';
const SCRIPT_DOC = 'https://learn.microsoft.com/azure/data-explorer/database-script';

/** One script instance of the deployment. */
interface Script {
  resource: TemplateResource;
  /** `cluster/database/script`. */
  name: string;
  database: string;
  text: string;
  /** True when parts of the text are known only at deployment and stand-ins fill them (`00000000-...`). */
  standIns: boolean;
  continueOnErrors: boolean;
  /** Where it is declared, and its copy index. */
  node?: TemplateResource;
  copyIndex?: number;
}

/** Text put for what only the deployment knows (a principal ID in a script): any text parses where a value goes. */
const STAND_IN = '00000000-0000-0000-0000-000000000000';

/** An expression folded with a stand-in text for each part known only at deployment. */
function foldWithStandIns(e: ArmExpr): ArmValue {
  const f = foldArm(e);
  if (isArmKnown(f)) return f.value;
  if (e.kind !== 'call') return STAND_IN;
  const args = e.args.map((a) => valueToExpr(foldWithStandIns(a)));
  try {
    const g = foldArm({ ...e, args });
    return isArmKnown(g) ? g.value : STAND_IN;
  } catch {
    return STAND_IN;
  }
}

/** A script's content: the text, with stand-ins where the deployment fills it in (then `standIns`). */
function scriptText(value: unknown): { text: string; standIns: boolean } | undefined {
  if (typeof value !== 'string') return undefined;
  if (!isArmExpressionString(value)) return { text: unescapeArmLiteral(value), standIns: false };
  try {
    const v = foldWithStandIns(parseArmExpression(value.slice(1, -1)));
    return typeof v === 'string' ? { text: v, standIns: true } : undefined;
  } catch {
    return undefined;
  }
}

/** The Kusto scripts the deployment runs. */
function scriptsOf(ctx: CheckContext): Script[] {
  const evaluation = ctx.flat ? ctx.deployed.template.evaluate({ parameters: ctx.parameters }) : undefined;
  return ctx.deployed.template.resources.flatMap((r) => {
    if (r.type.toLowerCase() !== SCRIPT_TYPE) return [];
    const props = isObject(r.json.properties) ? r.json.properties : {};
    const fold = (v: unknown) => (evaluation ? evaluation.fold(v) : v);
    const name = fold(r.json.name);
    const content = scriptText(fold(props.scriptContent));
    if (typeof name !== 'string' || content === undefined) return [];
    const origin = ctx.origin(r);
    return [
      {
        resource: r,
        name,
        database: name.split('/')[1] ?? '',
        ...content,
        continueOnErrors: fold(props.continueOnErrors) === true,
        ...(origin ? { node: origin.resource, ...(origin.copyIndex !== undefined ? { copyIndex: origin.copyIndex } : {}) } : {}),
      },
    ];
  });
}

/** The resources of the same template as `n` (ARM resolves `dependsOn` there). */
function sameTemplate(all: readonly TemplateResource[], n: TemplateResource): TemplateResource[] {
  return all.filter((x) => x.deployment === n.deployment);
}

/** The resources a `dependsOn` entry of `n` names: by symbolic name, copy loop name, name or `resourceId()`. */
function dependencies(all: readonly TemplateResource[], n: TemplateResource): TemplateResource[] {
  const list = member(n.json, 'dependsOn');
  if (!Array.isArray(list)) return [];
  const siblings = sameTemplate(all, n);
  return list.flatMap((entry) => {
    if (typeof entry !== 'string') return [];
    if (!isArmExpressionString(entry)) {
      const lower = entry.toLowerCase();
      return siblings.filter(
        (s) =>
          s.symbolicName?.toLowerCase() === lower ||
          (isObject(s.json.copy) && String(s.json.copy.name).toLowerCase() === lower) ||
          (typeof s.json.name === 'string' && s.json.name.toLowerCase() === lower),
      );
    }
    let keys: string[] = [];
    try {
      forEachArmNode(parseArmExpression(entry.slice(1, -1)), (node) => {
        const t = node.kind === 'call' ? resourceIdTarget(node) : undefined;
        if (t && t.names.length === t.levels) keys.push(resourceKey(t.type, t.names));
      });
    } catch {
      keys = [];
    }
    return siblings.filter((s) => keys.includes(templateResourceKey(s.json.type, s.json.name) ?? ''));
  });
}

/** Every resource a resource waits for (its own dependencies and those of the deployments around it, with what they contain). */
function predecessors(all: readonly TemplateResource[], n: TemplateResource): Set<TemplateResource> {
  const out = new Set<TemplateResource>();
  const add = (x: TemplateResource) => {
    if (out.has(x)) return;
    out.add(x);
    for (const d of dependencies(all, x)) add(d);
    for (const inner of all) if (inner.deployment === x || inner.parent === x) add(inner);
  };
  for (let at: TemplateResource | undefined = n; at; at = at.deployment ?? at.parent) for (const d of dependencies(all, at)) add(d);
  return out;
}

/** True when ARM runs script `a` before script `b` starts. */
function runsBefore(a: Script, b: Script, before: Map<TemplateResource, Set<TemplateResource>>): boolean {
  if (!a.node || !b.node) return false;
  if (a.node === b.node) {
    const copy = isObject(a.node.json.copy) ? a.node.json.copy : {};
    const size = String(copy.mode).toLowerCase() === 'serial' ? (typeof copy.batchSize === 'number' ? copy.batchSize : 1) : Infinity;
    return a.copyIndex !== undefined && b.copyIndex !== undefined && size !== Infinity && Math.floor(a.copyIndex / size) < Math.floor(b.copyIndex / size);
  }
  return before.get(b.node)?.has(a.node) ?? false;
}

/**
 * A command's text without comments and string literals (their places kept as spaces), and its update
 * policies' names: the `Source` table and the functions the `Query` calls.
 */
function codeOf(text: string): { code: string; policyNames: { name: string; kind: 'table' | 'function' }[] } {
  const policyNames: { name: string; kind: 'table' | 'function' }[] = [];
  for (const m of text.matchAll(/"(Source|Query)"\s*:\s*"((?:[^"\\]|\\.)*)"/gi)) {
    if (m[1].toLowerCase() === 'source') policyNames.push({ name: m[2], kind: 'table' });
    else for (const x of m[2].matchAll(/([A-Za-z_][\w]*)\s*\(/g)) policyNames.push({ name: x[1], kind: 'function' });
  }
  const code = text.replace(/```[\s\S]*?```|@'[^']*'|@"[^"]*"|'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|\/\/[^\n]*/g, (s) => ' '.repeat(s.length));
  return { code, policyNames };
}

/**
 * The names a command uses: called functions, other names (tables), and what it must find: the tables its
 * policies, mappings and alterations name, and the functions its update policy's query calls.
 */
function usesOf(text: string): { calls: Set<string>; names: Set<string>; required: Map<string, 'table' | 'function'> } {
  const { code, policyNames } = codeOf(text);
  const calls = new Set<string>();
  const names = new Set<string>();
  const skipBody = /skipvalidation\s*=\s*["']?true/i.test(text);
  const body = skipBody ? code.slice(0, code.indexOf('{') < 0 ? code.length : code.indexOf('{')) : code;
  for (const m of body.matchAll(/(?<![.\w$])([A-Za-z_][\w]*)(\s*\()?/g)) (m[2] ? calls : names).add(m[1]);
  const required = new Map(policyNames.map((p) => [p.name, p.kind] as const));
  const target = /^\s*\.(?:alter|alter-merge|delete|create|create-or-alter)\s+table\s+([\w]+)\s+(?:policy|ingestion|column-docstrings|docstring|folder)/im.exec(code);
  if (target && !required.has(target[1])) required.set(target[1], 'table');
  return { calls, names, required };
}

/** What each script creates, by lower-case name: tables and functions, per database. */
function createdBy(script: Script): { tables: Set<string>; functions: Set<string>; commands: { text: string; tables: string[]; functions: string[] }[] } {
  const tables = new Set<string>();
  const functions = new Set<string>();
  const commands = splitKqlCommands(script.text)
    .filter((b) => !isCommentOnly(b.text))
    .map((b) => {
      const effects = predictSchemaEffects(b.text);
      const t = effects.flatMap((e) => (e.type === 'table' ? [e.table.name.toLowerCase()] : e.type === 'renameTable' ? [e.to.toLowerCase()] : []));
      const f = effects.flatMap((e) => (e.type === 'function' ? [e.def.name.toLowerCase()] : []));
      t.forEach((x) => tables.add(x));
      f.forEach((x) => functions.add(x));
      return { text: b.text, tables: t, functions: f };
    });
  return { tables, functions, commands };
}

/** The findings of one script's commands against what the scripts before it created. */
function scriptFindings(
  ctx: CheckContext,
  s: Script,
  scripts: Script[],
  made: Map<Script, ReturnType<typeof createdBy>>,
  before: Map<TemplateResource, Set<TemplateResource>>,
): CatalogueFinding[] {
  const same = scripts.filter((t) => t.database.toLowerCase() === s.database.toLowerCase());
  const earlier = same.filter((t) => t !== s && runsBefore(t, s, before));
  const known = { tables: new Set(earlier.flatMap((t) => [...made.get(t)!.tables])), functions: new Set(earlier.flatMap((t) => [...made.get(t)!.functions])) };
  const out: CatalogueFinding[] = [];
  const reported = new Set<string>();
  const at = ctx.placeOf(s.resource, ['properties', 'scriptContent']);
  for (const c of made.get(s)!.commands) {
    const uses = usesOf(c.text);
    const check = (name: string, kind: 'table' | 'function', required: boolean) => {
      const lower = name.toLowerCase();
      if ((kind === 'table' ? known.tables : known.functions).has(lower) || c.tables.includes(lower) || c.functions.includes(lower) || reported.has(lower)) return;
      const creator = same.find((t) => t !== s && (kind === 'table' ? made.get(t)!.tables : made.get(t)!.functions).has(lower));
      if (creator) {
        reported.add(lower);
        out.push({ raised: codes.HUB730.raise({ script: s.name, name, kind, creator: creator.name }), at, where: `Kusto script ${s.name}` });
      } else if (required) {
        reported.add(lower);
        out.push({ raised: codes.HUB731.raise({ script: s.name, name, kind }), at, where: `Kusto script ${s.name}` });
      }
    };
    for (const [name, kind] of uses.required)
      check(name, kind === 'function' || made.get(s)!.functions.has(name.toLowerCase()) || uses.calls.has(name) ? 'function' : 'table', true);
    for (const name of uses.calls) if (same.some((t) => made.get(t)!.functions.has(name.toLowerCase()))) check(name, 'function', false);
    for (const name of uses.names) if (same.some((t) => made.get(t)!.tables.has(name.toLowerCase()))) check(name, 'table', false);
    c.tables.forEach((t) => known.tables.add(t));
    c.functions.forEach((f) => known.functions.add(f));
  }
  return out;
}

export const scriptOrder: CatalogueEntry = {
  name: 'kusto/script-order',
  codes: [codes.HUB730.code, codes.HUB731.code],
  area: 'kusto',
  azure:
    'Data Explorer fails a script command that uses a table or function that does not exist yet ("Failed to execute script on database"), and the script resource fails the deployment.',
  source: SCRIPT_DOC,
  issues: [1474, 1777],
  check(ctx) {
    const scripts = scriptsOf(ctx).filter((s) => !s.continueOnErrors);
    if (!scripts.length) return [];
    const all = ctx.written.template.allResources;
    const before = new Map<TemplateResource, Set<TemplateResource>>();
    for (const s of scripts) if (s.node && !before.has(s.node)) before.set(s.node, predecessors(all, s.node));
    const made = new Map(scripts.map((s) => [s, createdBy(s)]));
    return scripts.flatMap((s) => scriptFindings(ctx, s, scripts, made, before));
  },
};

/** The scripts in an order ARM may run them in: each after every script it waits for. */
function deploymentOrder(scripts: Script[], before: Map<TemplateResource, Set<TemplateResource>>): Script[] {
  const out: Script[] = [];
  const left = [...scripts];
  while (left.length) {
    const i = left.findIndex((s) => !left.some((t) => t !== s && runsBefore(t, s, before)));
    out.push(...left.splice(i < 0 ? 0 : i, 1));
  }
  return out;
}

export const scriptContent: CatalogueEntry = {
  name: 'kusto/script-content',
  codes: [codes.HUB310.code, codes.HUB311.code, codes.HUB312.code, codes.HUB313.code, codes.HUB314.code],
  area: 'kusto',
  azure:
    'Data Explorer fails a script whose command does not parse or does not fit the schema before it, and the script resource fails the deployment. Scripts whose text the deployment fills in (a principal ID) are analysed but not judged.',
  source: SCRIPT_DOC,
  issues: [1474, 1654],
  slow: true,
  check(ctx) {
    const validate = ctx.validateKql;
    const scripts = validate ? scriptsOf(ctx) : [];
    if (!scripts.length) return [];
    const all = ctx.written.template.allResources;
    const before = new Map<TemplateResource, Set<TemplateResource>>();
    for (const s of scripts) if (s.node && !before.has(s.node)) before.set(s.node, predecessors(all, s.node));
    const ordered = deploymentOrder(scripts, before);
    const input: KqlScript[] = ordered.map((s) => ({ file: s.name, database: s.database, text: s.text }));
    const byName = new Map(ordered.map((s) => [s.name, s]));
    // A script with stand-ins is analysed (what it creates counts for the scripts after it) but not judged:
    // a stand-in may not fit where the deployment's value goes.
    return validate!(input).diagnostics.flatMap((d) => {
      const s = byName.get(d.file);
      if (s?.standIns) return [];
      const place = s ? ctx.placeOf(s.resource, ['properties', 'scriptContent']) : undefined;
      const start = place && ctx.written.locate(place.file, place.path);
      return [
        {
          diagnostic: {
            ...d,
            message: `Kusto script ${d.file}${d.start ? ` (line ${d.start.line})` : ''}: ${d.message}`,
            ...(place ? { file: place.file } : {}),
            ...(start ? { start } : {}),
            path: `Kusto script ${d.file}`,
          },
        },
      ];
    });
  },
};
