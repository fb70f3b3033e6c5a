/**
 * The public FinOps hub templates (`finops-hub-<v>.json`) for tests: read from `HUBC_SHARED_DIR`, else
 * `shared/` beside the checkout (`<repository>/../shared`, or in `HUBC_CHECKOUT_PARENT`; folder
 * `reference/public-templates/`); never copied into the repository. A missing folder throws
 * {@link MissingTestData}: the test that asks is skipped (fails under `HUBC_REQUIRE_TEST_DATA`), with one
 * message saying where it looked. Ask inside a test, never at a test file's top level.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getRelease } from '../../src/model/releases.js';
import { CHECKOUT_PARENT_VARIABLE } from '../../src/validators/armSchema/locate.js';
import { MissingTestData } from './testData.js';
import type { FlattenContext } from '../../src/expressions/arm/flatten.js';

const REPOSITORY = fileURLToPath(new URL('../../', import.meta.url));

/** The folder of public templates. @throws MissingTestData naming the places looked at */
export function publicTemplatesDir(): string {
  const beside = resolve(process.env[CHECKOUT_PARENT_VARIABLE] || join(REPOSITORY, '..'), 'shared');
  const candidates = [process.env.HUBC_SHARED_DIR, beside].filter((d): d is string => !!d).map((d) => join(d, 'reference', 'public-templates'));
  const hit = candidates.find((d) => existsSync(join(d, 'finops-hub-0.7.json')));
  if (!hit)
    throw new MissingTestData(
      '../shared/reference/public-templates',
      `the public hub templates: looked in ${candidates.join(', ')} (set HUBC_SHARED_DIR to a folder laid out like ../shared)`,
    );
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
