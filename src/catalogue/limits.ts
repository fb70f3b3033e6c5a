/**
 * Catalogue entries for ARM's documented template limits ("Template limits" in ARM template best practices,
 * https://learn.microsoft.com/azure/azure-resource-manager/templates/best-practices#template-limits, and
 * "Resolve errors for job size exceeded", .../troubleshooting/error-job-size-exceeded): the template size
 * (HUB720) and one resource definition's (HUB721), the counts of parameters, variables, resources and
 * outputs of each template (HUB722) and the length of one expression (HUB723).
 *
 * How sizes are measured, and why: the sources disagree on what is measured (learn.microsoft.com: "the final
 * state of the template after it has been expanded"; the docs.azure.cn copy: "after compression"), and the
 * 4 MB limit is also met as the size of the request (RequestContentTooLarge, #2215). hubc measures UTF-8
 * bytes of compact JSON (no whitespace: the least a client can send), uncompressed, both as written (the
 * request: template and parameter values) and as expanded (the template evaluated for the deployment:
 * variables and parameters replaced, copies expanded), and reports the request when it is over the limit,
 * else the expanded template when that is. Uncompressed bytes are never
 * fewer than compressed ones, so no template ARM rejects passes; a template between the compressed and the
 * uncompressed limit is reported although ARM may accept it under the docs.azure.cn reading. MB is read as
 * 2^20 bytes. A resource definition is measured as written and as expanded (the larger counts), without the
 * inline template of a nested deployment (whose resources are definitions of their own): the public
 * 12.0-14.0 templates deploy although their `hub` deployment, inline template included, is 1.2-1.8 MB.
 */
import { codes } from '../diagnostics/index.js';
import { TEMPLATE_FILE, type TemplateResource } from '../build/index.js';
import { forEachArmNode } from '../expressions/arm/ast.js';
import { parseArmExpression } from '../expressions/arm/parser.js';
import { isArmExpressionString } from '../expressions/arm/semantics.js';
import { isObject, walkJson, type JsonObject, type JsonPath } from '../util/json.js';
import type { CheckContext } from './context.js';
import type { CatalogueEntry, CatalogueFinding } from './types.js';

const LIMITS_DOC = 'https://learn.microsoft.com/azure/azure-resource-manager/templates/best-practices#template-limits';
const MiB = 1024 * 1024;

/** ARM's limits (best practices, "Template limits"). */
export const ARM_LIMITS = {
  templateBytes: 4 * MiB,
  resourceBytes: 1 * MiB,
  parameters: 256,
  /** The current English page says 512 (older copies and translations: 256). */
  variables: 512,
  resources: 800,
  outputs: 64,
  expressionCharacters: 24576,
} as const;

/** UTF-8 bytes of a value as compact JSON. */
function compactBytes(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value) ?? '', 'utf8');
}

/**
 * The whole-template measures of {@link templateSize}: the request (compact template and parameter values)
 * and the template expanded for the deployment (the request again for a hubc build, flat already).
 */
function wholeTemplateBytes(ctx: CheckContext): { request: number; expanded: number } {
  const request = compactBytes(ctx.written.template.json) + compactBytes(ctx.parameters);
  return { request, expanded: ctx.flat ? request : compactBytes(ctx.deployed.template.json) };
}

export const templateSize: CatalogueEntry = {
  name: 'arm/template-size',
  codes: [codes.HUB720.code],
  area: 'template',
  azure: 'ARM rejects the whole deployment before creating anything (RequestContentTooLarge, JobSizeExceeded).',
  source: 'https://learn.microsoft.com/azure/azure-resource-manager/troubleshooting/error-job-size-exceeded',
  issues: [2215],
  check(ctx) {
    if (!ctx.written.template.json) return [];
    const { request, expanded } = wholeTemplateBytes(ctx);
    // The request as sent first (what RequestContentTooLarge measures), else the template as ARM expands it.
    const [bytes, measure] =
      request > ARM_LIMITS.templateBytes
        ? [request, 'as the deployment request carries it (compact JSON, with the parameter values)']
        : [expanded, 'expanded for this deployment (compact JSON)'];
    if (bytes <= ARM_LIMITS.templateBytes) return [];
    return [{ raised: codes.HUB720.raise({ bytes, limit: ARM_LIMITS.templateBytes, measure }), at: { file: TEMPLATE_FILE, path: [] } }];
  },
};

/** A resource's definition without the inline template of a nested deployment. */
function ownDefinition(r: TemplateResource): unknown {
  const props = r.json.properties;
  if (!isObject(props) || !isObject(props.template)) return r.json;
  const { template: _inline, ...rest } = props;
  return { ...r.json, properties: rest };
}

/** Per lower-case variable name, the most bytes it can add where it is read: its own, with the variables it reads. */
function variableSizes(template: JsonObject | undefined): Map<string, number> {
  const vars = isObject(template?.variables) ? template.variables : {};
  const own = new Map(Object.entries(vars).map(([k, v]) => [k.toLowerCase(), v]));
  const out = new Map<string, number>();
  const size = (name: string, stack: Set<string>): number => {
    if (out.has(name)) return out.get(name)!;
    if (stack.has(name) || !own.has(name)) return 0;
    stack.add(name);
    const v = own.get(name);
    const total = compactBytes(v) + variablesRead(v, undefined, (n) => size(n, stack));
    stack.delete(name);
    out.set(name, total);
    return total;
  };
  for (const name of own.keys()) size(name, new Set());
  return out;
}

/** The bytes the variables a value reads can add (each read counted). */
function variablesRead(value: unknown, sizes?: Map<string, number>, sizeOf: (name: string) => number = (n) => sizes?.get(n) ?? 0): number {
  let total = 0;
  for (const m of (JSON.stringify(value) ?? '').matchAll(/variables\('((?:[^']|'')*)'\)/gi)) total += sizeOf(m[1].replace(/''/g, "'").toLowerCase());
  return total;
}

/**
 * The size of every resource definition of the written template: compact bytes as written and as expanded
 * for the deployment, the larger. A hubc build's resources are folded with the template's variables only when
 * the variables they read could bring them over `expandAbove` bytes (0: always), another template's resources
 * are measured as the deployment evaluates them (ctx.deployed).
 */
function resourceSizes(ctx: CheckContext, expandAbove: number): Map<TemplateResource, number> {
  const evaluation = ctx.flat ? ctx.written.template.evaluate({ parameters: ctx.parameters }) : undefined;
  const variableBytes = variableSizes(ctx.written.template.json);
  const sizes = new Map<TemplateResource, number>();
  for (const r of ctx.written.template.allResources) sizes.set(r, compactBytes(ownDefinition(r)));
  for (const r of ctx.deployed.template.resources) {
    const written = ctx.origin(r)?.resource;
    if (!written) continue;
    const own = ownDefinition(r);
    if (evaluation && (r.innerScope || (sizes.get(written) ?? 0) + variablesRead(own, variableBytes) <= expandAbove)) continue;
    const expanded = compactBytes(evaluation ? evaluation.fold(own) : own);
    if (expanded > (sizes.get(written) ?? 0)) sizes.set(written, expanded);
  }
  return sizes;
}

export const resourceSize: CatalogueEntry = {
  name: 'arm/resource-size',
  codes: [codes.HUB721.code],
  area: 'template',
  azure: 'ARM rejects the deployment when one resource definition is larger than 1 MB (JobSizeExceeded).',
  source: 'https://learn.microsoft.com/azure/azure-resource-manager/troubleshooting/error-job-size-exceeded',
  issues: [2215],
  check(ctx) {
    return [...resourceSizes(ctx, ARM_LIMITS.resourceBytes)].flatMap(([r, bytes]) =>
      bytes > ARM_LIMITS.resourceBytes
        ? [{ raised: codes.HUB721.raise({ resource: r.label, bytes, limit: ARM_LIMITS.resourceBytes }), at: { file: TEMPLATE_FILE, path: r.path } }]
        : [],
    );
  },
};

/** What {@link templateSizes} reports: the measures HUB720 and HUB721 judge, in bytes. */
export interface TemplateSizes {
  /** The template and the parameter values as the deployment request carries them (compact JSON). */
  requestBytes: number;
  /** The template expanded for the deployment (compact JSON; the request for a hubc build). */
  expandedBytes: number;
  /** The largest resource definition, as written or expanded (the larger), and its label; undefined without resources. */
  largestResource?: { label: string; bytes: number };
}

/**
 * The sizes the catalogue judges a template by (HUB720, HUB721), measured as they measure them, for reports:
 * `npm run bench` prints them for every release from 0.7 on, beside the public template of the same release,
 * and the size tests hold hubc's builds to their budget. Every resource is expanded here (the checks expand
 * only those that could pass ARM's limit).
 */
export function templateSizes(ctx: CheckContext): TemplateSizes {
  const { request, expanded } = wholeTemplateBytes(ctx);
  let largest: TemplateSizes['largestResource'];
  for (const [r, bytes] of resourceSizes(ctx, 0)) if (!largest || bytes > largest.bytes) largest = { label: r.label, bytes };
  return { requestBytes: request, expandedBytes: expanded, ...(largest ? { largestResource: largest } : {}) };
}

/** The main template and every inline template of a nested deployment, with their paths. */
function templatesOf(ctx: CheckContext): { template: JsonObject; path: JsonPath; where: string }[] {
  const main = ctx.written.template.json;
  if (!main) return [];
  const out = [{ template: main, path: [] as JsonPath, where: 'the template' }];
  for (const r of ctx.written.template.allResources) {
    const inline = isObject(r.json.properties) ? r.json.properties.template : undefined;
    if (isObject(inline)) out.push({ template: inline, path: [...r.path, 'properties', 'template'], where: `the inline template of ${r.label}` });
  }
  return out;
}

/** The number of resources a template deploys at its own level: each declaration, times its copy count when that is a number. */
function resourceCount(template: JsonObject): number {
  const list = Array.isArray(template.resources) ? template.resources : isObject(template.resources) ? Object.values(template.resources) : [];
  let n = 0;
  const count = (r: unknown) => {
    if (!isObject(r)) return;
    const copy = isObject(r.copy) ? r.copy.count : undefined;
    n += typeof copy === 'number' ? copy : 1;
    if (Array.isArray(r.resources)) r.resources.forEach(count);
  };
  list.forEach(count);
  return n;
}

export const templateCounts: CatalogueEntry = {
  name: 'arm/template-counts',
  codes: [codes.HUB722.code],
  area: 'template',
  azure: "ARM fails the deployment's validation when one template has more than 256 parameters, 512 variables, 800 resources (copies counted) or 64 outputs.",
  source: LIMITS_DOC,
  issues: [],
  check(ctx) {
    const out: CatalogueFinding[] = [];
    for (const { template, path, where } of templatesOf(ctx)) {
      const size = (key: string) => (isObject(template[key]) ? Object.keys(template[key] as object).length : 0);
      const counts: [string, string, number, number][] = [
        ['parameters', 'parameters', size('parameters'), ARM_LIMITS.parameters],
        ['variables', 'variables', size('variables'), ARM_LIMITS.variables],
        ['resources', 'resources (copies counted)', resourceCount(template), ARM_LIMITS.resources],
        ['outputs', 'outputs', size('outputs'), ARM_LIMITS.outputs],
      ];
      for (const [key, what, count, limit] of counts) {
        if (count > limit) out.push({ raised: codes.HUB722.raise({ what, count, limit, where }), at: { file: TEMPLATE_FILE, path: [...path, key] } });
      }
    }
    return out;
  },
};

/**
 * The length ARM counts of an expression string: its text without the text of its string literals. The
 * public 0.8 template deploys with a 111,292-character `replace()` expression that is almost all one
 * string literal (its KQL setup script), so literal text cannot count toward the limit.
 */
function expressionLength(text: string): number {
  try {
    let literal = 0;
    forEachArmNode(parseArmExpression(text.slice(1, -1)), (n) => {
      if (n.kind === 'string') literal += n.value.length;
    });
    return text.length - literal;
  } catch {
    return 0;
  }
}

export const expressionLengths: CatalogueEntry = {
  name: 'arm/expression-length',
  codes: [codes.HUB723.code],
  area: 'template',
  azure: "ARM fails the deployment's validation when one template expression is longer than 24,576 characters.",
  source: LIMITS_DOC,
  issues: [],
  check(ctx) {
    const out: CatalogueFinding[] = [];
    walkJson(ctx.written.template.json, (v, path) => {
      if (typeof v !== 'string' || v.length <= ARM_LIMITS.expressionCharacters || !isArmExpressionString(v)) return;
      const length = expressionLength(v);
      if (length > ARM_LIMITS.expressionCharacters) out.push({ raised: codes.HUB723.raise({ length, limit: ARM_LIMITS.expressionCharacters }), at: { file: TEMPLATE_FILE, path } });
    });
    return out;
  },
};
