/**
 * `dist/THIRD_PARTY_NOTICES`: the licence notices of the third-party code hubc's package redistributes
 * (issue #30, item 20), written by scripts/build.mjs at every build.
 *
 * Which packages: those esbuild copied code of into the bundle (the inputs below `node_modules/` of each
 * output file in esbuild's metafile, counted only when some of their bytes are in the output), plus the
 * `bundleDependencies` the tarball carries as they are. For each: name, version, the `license` of its
 * package.json, its repository, and the text of its licence files (LICENSE, LICENCE, COPYING, with any
 * extension) and NOTICE files (Apache-2.0 asks for them to be passed on). Sorted by name, so the same
 * inputs give the same file.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The package folder (relative to `root`, `/`-separated) an input path of esbuild's metafile belongs to,
 * e.g. `node_modules/@azure/core-util/dist/esm/index.js` -> `node_modules/@azure/core-util`
 * (nested `node_modules` kept); undefined for hubc's own sources.
 */
export function packageFolderOf(input) {
  const path = input.split('\\').join('/');
  const at = path.lastIndexOf('node_modules/');
  if (at < 0) return undefined;
  const rest = path.slice(at + 'node_modules/'.length).split('/');
  const name = rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  return `${path.slice(0, at)}node_modules/${name}`;
}

/**
 * The package folders whose code is in the outputs of the given metafiles (bytes in the output > 0).
 * @param metafiles esbuild metafiles (`{ outputs: { [file]: { inputs: { [path]: { bytesInOutput } } } } }`)
 */
export function bundledPackageFolders(metafiles) {
  const folders = new Set();
  for (const meta of metafiles) {
    for (const output of Object.values(meta.outputs)) {
      for (const [input, { bytesInOutput }] of Object.entries(output.inputs ?? {})) {
        const folder = bytesInOutput > 0 ? packageFolderOf(input) : undefined;
        if (folder) folders.add(folder);
      }
    }
  }
  return [...folders];
}

const LICENCE_FILE = /^(licen[sc]e|copying|notice)([.-].*)?$/i;

/** The package.json at the root of a package folder. */
function manifestOf(root, folder) {
  return JSON.parse(readFileSync(join(root, folder, 'package.json'), 'utf8'));
}

/** One package's notice block. */
function noticeOf(root, folder, how) {
  const pkg = manifestOf(root, folder);
  const license = typeof pkg.license === 'string' ? pkg.license : (pkg.license?.type ?? (pkg.licenses ?? []).map((l) => l.type).join(' OR ')) || 'not stated';
  const repository = typeof pkg.repository === 'string' ? pkg.repository : pkg.repository?.url;
  const files = readdirSync(join(root, folder), { withFileTypes: true })
    .filter((e) => e.isFile() && LICENCE_FILE.test(e.name))
    .map((e) => e.name)
    .sort();
  const head = [`${pkg.name} ${pkg.version}`, `License: ${license}`, ...(repository ? [`Source: ${repository.replace(/^git\+/, '')}`] : []), `In hubc: ${how}`];
  const texts = files.map(
    (f) =>
      `--- ${f} ---\n${readFileSync(join(root, folder, f), 'utf8')
        .replace(/\r\n/g, '\n')
        .trimEnd()}`,
  );
  if (!texts.length)
    texts.push(
      `(the package holds no licence file; its package.json states the licence ${license}${pkg.author ? `, author ${typeof pkg.author === 'string' ? pkg.author : pkg.author.name}` : ''})`,
    );
  return { name: pkg.name, version: pkg.version, license, files, text: `${head.join('\n')}\n\n${texts.join('\n\n')}\n` };
}

/**
 * The notices text, and what it lists.
 * @param root the repository root (where `node_modules/` is)
 * @param metafiles esbuild metafiles of the bundle's builds
 * @param bundleDependencies names the package carries in its own node_modules
 * @returns `{ text, packages: [{ name, version, license, files }] }`
 * @throws Error when a bundled package's package.json cannot be read
 */
export function thirdPartyNotices(root, metafiles, bundleDependencies = []) {
  const entries = [
    ...bundledPackageFolders(metafiles).map((f) => noticeOf(root, f, 'code bundled into dist/')),
    ...bundleDependencies
      .filter((d) => existsSync(join(root, 'node_modules', d)))
      .map((d) => noticeOf(root, `node_modules/${d}`, 'shipped as it is in node_modules/ (bundleDependencies)')),
  ];
  const byKey = new Map();
  for (const e of entries) if (!byKey.has(`${e.name}@${e.version}`)) byKey.set(`${e.name}@${e.version}`, e);
  const packages = [...byKey.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.version < b.version ? -1 : 1));
  const text =
    'THIRD-PARTY NOTICES\n\n' +
    'hubc redistributes the code of the packages below: bundled into dist/ by esbuild, or shipped as they are.\n' +
    'Each is listed with its version, licence, source and the licence and notice files it carries.\n' +
    'DuckDB (@duckdb/node-api), an optional dependency, is not redistributed: npm installs it from its own package.\n\n' +
    packages.map((p) => `${'='.repeat(78)}\n${p.text}`).join('\n');
  return { text, packages: packages.map(({ name, version, license, files }) => ({ name, version, license, files })) };
}

/** Writes `<dist>/THIRD_PARTY_NOTICES` (see {@link thirdPartyNotices}); returns what it lists. */
export function writeThirdPartyNotices(root, dist, metafiles, bundleDependencies) {
  const notices = thirdPartyNotices(root, metafiles, bundleDependencies);
  writeFileSync(join(dist, 'THIRD_PARTY_NOTICES'), notices.text);
  return notices.packages;
}
