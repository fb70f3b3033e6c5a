/**
 * Assertions on a compiled ARM template, after the AWS CDK's `Template.fromJSON(...)` and `Match.objectLike`:
 * find resources by type and evaluated name, and match them against partial properties, instead of
 * hand-rolled `resources.find(...)` over expression text.
 *
 *   const t = Template.fromJSON(templateOf(compiled()));
 *   t.resource('Microsoft.KeyVault/vaults/secrets')                          // the one of its type
 *   t.resource('Microsoft.DataFactory/factories/pipelines', { name: 'rawexports_ExecuteETL' })
 *   t.hasResourceProperties('Microsoft.Storage/storageAccounts', { properties: { isHnsEnabled: true } })
 *
 * Names are evaluated with the ARM evaluator for the template's defaults in a fixed resource group
 * ({@link TEST_CONTEXT}); a name given as text matches the whole evaluated name or its last segment.
 */
import * as assert from 'uvu/assert';
import { evaluateTemplateString, templateContext, type ArmEvalContext } from '../../src/expressions/arm/evaluate.js';
import { lastNameLiteral } from '../../src/expressions/arm/semantics.js';
import { isObject } from '../../src/util/json.js';

export const TEST_SUBSCRIPTION = '00000000-0000-0000-0000-000000000000';

/** The deployment the names are evaluated for. */
export const TEST_CONTEXT = {
  subscriptionId: TEST_SUBSCRIPTION,
  resourceGroup: { id: `/subscriptions/${TEST_SUBSCRIPTION}/resourceGroups/finops`, name: 'finops', location: 'westeurope' },
  tenantId: '11111111-1111-1111-1111-111111111111',
  environment: 'AzureCloud',
} as const;

/** A partial value: objects match when every key of the pattern matches (others are ignored). */
export type Pattern = unknown;

/** True when `actual` has every member `pattern` has, recursively; arrays and other values compare whole. */
export function objectLike(actual: unknown, pattern: Pattern): boolean {
  if (pattern instanceof RegExp) return typeof actual === 'string' && pattern.test(actual);
  if (isObject(pattern)) return isObject(actual) && Object.entries(pattern).every(([k, p]) => objectLike(actual[k], p));
  if (Array.isArray(pattern)) return Array.isArray(actual) && actual.length === pattern.length && pattern.every((p, i) => objectLike(actual[i], p));
  return Object.is(actual, pattern);
}

/** What resources are looked up by. */
export interface ResourceQuery {
  /** The evaluated name (whole, or its last segment), or a pattern the whole evaluated name matches. */
  name?: string | RegExp;
  /** Partial properties of the resource object ({@link objectLike}). */
  props?: Record<string, unknown>;
}

/** A template under test. */
export class Template {
  readonly context: ArmEvalContext;

  private constructor(
    readonly json: any,
    parameters: Record<string, unknown>,
  ) {
    this.context = templateContext(json, { useDefaults: true, parameters: { location: 'westeurope', ...parameters } as any, ...TEST_CONTEXT });
  }

  /** @param parameters parameter values overriding the template's defaults */
  static fromJSON(json: unknown, parameters: Record<string, unknown> = {}): Template {
    if (!isObject(json) || !Array.isArray(json.resources)) throw new Error('not an ARM template: no resources array');
    return new Template(json, parameters);
  }

  /** The evaluated name of a resource (`factory/pipeline` for children), or its last literal segment when it cannot be evaluated. */
  nameOf(resource: any): string | undefined {
    try {
      return String(evaluateTemplateString(resource.name, this.context));
    } catch {
      return lastNameLiteral(resource.name);
    }
  }

  /** Resources of a type (compared case-insensitively, as ARM does) that match the query, in template order. */
  findResources(type: string, query: ResourceQuery = {}): any[] {
    const lower = type.toLowerCase();
    return this.json.resources.filter((r: any) => {
      if (typeof r.type !== 'string' || r.type.toLowerCase() !== lower) return false;
      if (query.props && !objectLike(r, query.props)) return false;
      if (query.name === undefined) return true;
      const name = this.nameOf(r);
      if (name === undefined) return false;
      return query.name instanceof RegExp ? query.name.test(name) : name === query.name || name.split('/').pop() === query.name;
    });
  }

  /**
   * The one resource of a type that matches the query.
   * @throws Error (failing the test) naming what was found when there is not exactly one
   */
  resource(type: string, query: ResourceQuery = {}): any {
    const found = this.findResources(type, query);
    if (found.length !== 1) {
      const all = this.findResources(type).map((r) => this.nameOf(r) ?? r.name);
      throw new Error(
        `expected one ${type}${query.name ? ` named ${query.name}` : ''}${query.props ? ' with the given properties' : ''}, found ${found.length} (of ${JSON.stringify(all)})`,
      );
    }
    return found[0];
  }

  /** @throws Error (failing the test) unless some resource of the type has the partial properties */
  hasResourceProperties(type: string, props: Record<string, unknown>): void {
    if (!this.findResources(type, { props }).length) throw new Error(`no ${type} matches ${JSON.stringify(props)}`);
  }

  /** Fails unless the template has exactly `count` resources of the type. */
  resourceCountIs(type: string, count: number): void {
    assert.is(this.findResources(type).length, count, `resources of type ${type}`);
  }
}
