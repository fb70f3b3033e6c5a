/**
 * dist/THIRD_PARTY_NOTICES (issue #30, item 20): the bundle copies MIT, ISC, BSD, BlueOak and Apache code
 * into dist/, so the build writes their notices, from esbuild's metafile (scripts/notices.mjs). Checked on
 * the metafile of the real bundle: every package with bytes in an output is listed with its version,
 * licence and licence text; Apache-2.0 packages' NOTICE files are passed on.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { BUILD_BUNDLE_OPTIONS, BUNDLE_OPTIONS } from '../../scripts/bundle.mjs';
import { bundledPackageFolders, packageFolderOf, thirdPartyNotices } from '../../scripts/notices.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

test('the package folder of a metafile input', () => {
  assert.is(packageFolderOf('node_modules/commander/lib/command.js'), 'node_modules/commander');
  assert.is(packageFolderOf('node_modules/@azure/core-util/dist/esm/index.js'), 'node_modules/@azure/core-util');
  assert.is(packageFolderOf('node_modules/minipass-flush/node_modules/minipass/index.js'), 'node_modules/minipass-flush/node_modules/minipass');
  assert.is(packageFolderOf('src/cli/main.ts'), undefined);
});

test('every package whose code is in the bundle has its notice, with its licence text', async () => {
  const [esm, cjs] = await Promise.all([
    build({ ...BUNDLE_OPTIONS, write: false, metafile: true, outdir: join(ROOT, 'dist') }),
    build({ ...BUILD_BUNDLE_OPTIONS, write: false, metafile: true, outfile: join(ROOT, 'dist', 'hubc-build.cjs') }),
  ]);
  const folders = bundledPackageFolders([esm.metafile, cjs.metafile]);
  for (const name of ['node_modules/commander', 'node_modules/yaml', 'node_modules/ajv', 'node_modules/@azure/identity']) assert.ok(folders.includes(name), `${name} is bundled`);
  const { text, packages } = thirdPartyNotices(ROOT, [esm.metafile, cjs.metafile], ['@kusto/language-service-next']);
  const listed = new Set(packages.map((p) => `${p.name}@${p.version}`));
  for (const folder of folders) {
    const pkg = JSON.parse(readFileSync(join(ROOT, folder, 'package.json'), 'utf8'));
    assert.ok(listed.has(`${pkg.name}@${pkg.version}`), `${pkg.name}@${pkg.version} listed`);
    assert.match(text, `${pkg.name} ${pkg.version}\nLicense: `);
    for (const f of readdirSync(join(ROOT, folder)).filter((f) => /^(licen[sc]e|notice)/i.test(f))) {
      const first = readFileSync(join(ROOT, folder, f), 'utf8')
        .replace(/\r\n/g, '\n')
        .trim()
        .split('\n')[0];
      assert.ok(text.includes(first), `${pkg.name}: the text of ${f}`);
    }
  }
  assert.ok(listed.has('@kusto/language-service-next@12.4.1'), 'the bundled dependency too');
  assert.not.ok(
    [...listed].some((p) => p.startsWith('@duckdb/')),
    'DuckDB is not redistributed',
  );
  assert.match(text, 'Permission is hereby granted, free of charge');
  const apache = packages.filter((p) => p.license === 'Apache-2.0');
  assert.ok(apache.length > 0);
  for (const p of apache) assert.ok(p.files.length > 0, `${p.name}: its licence file is passed on`);
  assert.ok(existsSync(join(ROOT, 'dist', 'THIRD_PARTY_NOTICES')), 'npm run build wrote dist/THIRD_PARTY_NOTICES');
});

test.run();
