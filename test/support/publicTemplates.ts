/**
 * The public FinOps hub templates (`finops-hub-<v>.json`) for tests: read from `HUBC_SHARED_DIR`, else
 * `../shared` beside the checkout (`reference/public-templates/`); never copied into the repository. A
 * missing folder fails the test that asks, with one message saying where it looked.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getRelease } from '../../src/model/releases.js';
import type { FlattenContext } from '../../src/expressions/arm/flatten.js';

const REPOSITORY = fileURLToPath(new URL('../../', import.meta.url));

/**
 * The `test` to declare a test that needs the public templates with: uvu's `test`, or `test.skip` (with one
 * line on stderr saying why) when they are not available, so the test counts as skipped, not failed.
 */
export function withPublicTemplates<T extends { skip: unknown }>(test: T, file: string): T | T['skip'] {
  try {
    publicTemplatesDir();
    return test;
  } catch (e) {
    process.stderr.write(`${file}: skipped: ${(e as Error).message}\n`);
    return test.skip;
  }
}

/** The folder of public templates. @throws Error naming the places looked at */
export function publicTemplatesDir(): string {
  const candidates = [process.env.HUBC_SHARED_DIR, resolve(REPOSITORY, '..', 'shared')].filter((d): d is string => !!d).map((d) => join(d, 'reference', 'public-templates'));
  const hit = candidates.find((d) => existsSync(join(d, 'finops-hub-0.7.json')));
  if (!hit) throw new Error(`the public hub templates are not available: looked in ${candidates.join(', ')} (set HUBC_SHARED_DIR to a folder laid out like ../shared)`);
  return hit;
}

const cache = new Map<string, unknown>();

/** The public template of a hubc release number (0.1 -> finops-hub-0.1.1.json, 0.2 -> 0.2.1), parsed once per process. */
export function publicTemplate(release: string): any {
  const file = join(publicTemplatesDir(), `finops-hub-${getRelease(release).publicRelease.template}.json`);
  if (!cache.has(file)) cache.set(file, JSON.parse(readFileSync(file, 'utf8')));
  return cache.get(file);
}

/** The subscription, tenant and resource group every comparison deploys into. */
export const SUBSCRIPTION = '00000000-0000-0000-0000-0000000000a1';
export const RESOURCE_GROUP = { name: 'finops-rg', location: 'westeurope', id: `/subscriptions/${SUBSCRIPTION}/resourceGroups/finops-rg` };

/** An evaluation context for a deployment of `parameters` into {@link RESOURCE_GROUP} (parameter defaults apply). */
export function deploymentContext(parameters: Record<string, unknown>, extra: Partial<FlattenContext> = {}): FlattenContext {
  return {
    parameters: parameters as FlattenContext['parameters'],
    useDefaults: true,
    subscriptionId: SUBSCRIPTION,
    tenantId: '00000000-0000-0000-0000-0000000000aa',
    resourceGroup: RESOURCE_GROUP,
    deploymentName: 'hub-deployment',
    environment: 'AzureCloud',
    ...extra,
  };
}
