/**
 * The shared test data locator (test/support/sharedData.ts): HUBC_SHARED_DIR, then shared/ beside the
 * checkout, then the public source through a cache (served here by a local HTTP server on 127.0.0.1);
 * when none works, one message saying where it looked.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sharedArmSchemas, sharedText } from './sharedData.js';
import { MissingTestData } from './testData.js';
import { closedPort } from './armMirror.js';

const work = mkdtempSync(join(tmpdir(), 'hubc-shared-data-'));
const nowhere = join(work, 'parent-without-shared');
mkdirSync(nowhere);

/** A server answering the public repository's raw paths from `files`, logging requests. */
async function rawServer(files: Record<string, string>) {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    const path = decodeURIComponent(req.url ?? '');
    requests.push(path);
    if (path in files) res.end(files[path]);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    requests,
    close: () => new Promise<void>((resolve) => (server.close(() => resolve()), server.closeAllConnections())),
  };
}

test('HUBC_SHARED_DIR comes first, then shared/ beside the checkout', async () => {
  const mine = join(work, 'mine');
  mkdirSync(join(mine, 'reference/data/open-data'), { recursive: true });
  writeFileSync(join(mine, 'reference/data/open-data/Regions.csv'), 'OriginalValue,RegionId,RegionName\n');
  assert.is(
    await sharedText('reference/data/open-data/Regions.csv', { sharedDir: mine, checkoutParent: nowhere, publicBase: 'http://127.0.0.1:9/' }),
    'OriginalValue,RegionId,RegionName\n',
  );
  const parent = join(work, 'parent');
  mkdirSync(join(parent, 'shared/reference/data/open-data'), { recursive: true });
  writeFileSync(join(parent, 'shared/reference/data/open-data/Regions.csv'), 'beside\n');
  assert.is(await sharedText('reference/data/open-data/Regions.csv', { sharedDir: null, checkoutParent: parent }), 'beside\n');
});

test('without a local copy the public v0.7 file is fetched once into the cache', async () => {
  const server = await rawServer({
    '/src/open-data/Services.csv': 'ConsumedService,ResourceType\n',
    '/src/templates/finops-hub/schemas/focuscost_1.0-preview(v1).json': '{}\n',
  });
  try {
    const o = { sharedDir: null, checkoutParent: nowhere, publicBase: server.url, cacheDir: join(work, 'cache') };
    assert.is(await sharedText('reference/data/open-data/Services.csv', o), 'ConsumedService,ResourceType\n');
    assert.is(await sharedText('reference/data/schemas/focuscost_1.0-preview(v1).json', o), '{}\n');
    assert.equal(server.requests, ['/src/open-data/Services.csv', '/src/templates/finops-hub/schemas/focuscost_1.0-preview(v1).json']);
    assert.is(await sharedText('reference/data/open-data/Services.csv', o), 'ConsumedService,ResourceType\n');
    assert.is(server.requests.length, 2, 'the second read comes from the cache');
  } finally {
    await server.close();
  }
});

test('when nothing works: one message naming every place looked at', async () => {
  const url = `http://127.0.0.1:${await closedPort()}/`;
  const o = { sharedDir: null, checkoutParent: nowhere, publicBase: url, cacheDir: join(work, 'cache-offline') };
  try {
    await sharedText('reference/data/open-data/Regions.csv', o);
    assert.unreachable('should have failed');
  } catch (e) {
    const message = (e as Error).message;
    assert.instance(e, MissingTestData);
    assert.is((e as MissingTestData).need, '../shared/reference/data/open-data');
    assert.not.match(message, '\n');
    assert.match(message, 'test data reference/data/open-data/Regions.csv not found; looked in HUBC_SHARED_DIR (not set), ');
    assert.match(message, join(nowhere, 'shared', 'reference/data/open-data/Regions.csv'));
    assert.match(message, `${url}src/open-data/Regions.csv (`);
  }
  try {
    await sharedArmSchemas([{ resources: [] }], { ...o, baseUrl: url, armCacheDir: join(work, 'arm-cache-offline') });
    assert.unreachable('should have failed');
  } catch (e) {
    const message = (e as Error).message;
    assert.is((e as MissingTestData).need, '../shared/arm-schemas');
    assert.match(message, `ARM JSON schemas not found; looked in HUBC_SHARED_DIR (not set), ${join(nowhere, 'shared', 'arm-schemas')}, and the cache `);
    assert.match(message, `GET ${url}schemas/2019-04-01/deploymentTemplate.json failed`);
  }
});

test.after(() => rmSync(work, { recursive: true, force: true }));

test.run();
