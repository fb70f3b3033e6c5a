/**
 * The published feed page in a real browser (issue #21): Debian's Chromium, driven headless by puppeteer-core
 * (no browser download), opens `index.html` of a feed served over HTTP and checks that every Deploy to Azure
 * link is the portal URL of its cloud (Azure, Azure US Government, Azure China) for that release's template
 * and portal form, that the page logs no console error and fails no request, and that the release notes
 * are rendered (no raw markdown), visible, legible and not cut at a desktop or a phone width, and that each
 * release's data flow picture (issue #30 item 19) renders, fits a phone's width, and draws exactly the
 * release's pipelines and triggers (the release table's, with the naming the build used).
 *
 * Runs where a Chromium is found: `CHROME_PATH`, else `chromium` (or `chromium-browser`) on PATH; skipped
 * when none is (test/support/testData.ts), a failure under `HUBC_REQUIRE_TEST_DATA` (.ci/run sets it and
 * installs Debian's chromium).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { createReadStream, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize, sep } from 'node:path';
import { publishFeed } from '../../src/publish/publish.js';
import { previousOf07, releaseBuildOf } from '../support/releaseBuilds.js';
import { MissingTestData } from '../support/testData.js';
import { compile } from '../../src/compiler/compile.js';
import { DEFAULT_HUB_YAML } from '../support/hubs.js';
import type { Page } from 'puppeteer-core';
import type { Build } from '../../src/build/index.js';

/** The pipelines and triggers of a release's build, from the release table (the row the compile used). */
function releaseObjects(release: string): { pipelines: string[]; triggers: string[] } {
  const row = compile(DEFAULT_HUB_YAML, { release }).model!.release;
  return { pipelines: Object.values(row.pipelines).sort() as string[], triggers: Object.values(row.triggers).sort() as string[] };
}

/**
 * Each release's data flow picture: opened on the page it renders with a size, fits the phone width without
 * sideways scrolling, and its node groups are the release's pipelines and triggers.
 */
async function checkFlowPictures(page: Page, base: string): Promise<void> {
  await page.goto(`${base}index.html`, { waitUntil: 'networkidle0' });
  await page.$$eval('details.flow', (list) => list.forEach((d) => ((d as HTMLDetailsElement).open = true)));
  for (const width of [1280, 390]) {
    await page.setViewport({ width, height: 900 });
    const pictures = await page.$$eval('section.release', (sections) =>
      sections.map((s) => {
        const svg = s.querySelector('details.flow svg');
        const box = svg?.getBoundingClientRect();
        // (no named functions in here: the test runner's transform would wrap them in a helper the page lacks)
        const [pipelines, triggers] = ['pipeline', 'trigger'].map((cls) =>
          [...(svg?.querySelectorAll(`g.node.${cls} > title`) ?? [])].map((t) => (t.textContent ?? '').replace(/^[^/]+\//, '')).sort(),
        );
        return { id: s.id, width: box?.width ?? 0, height: box?.height ?? 0, pipelines, triggers, link: s.querySelector('details.flow a')?.getAttribute('href') };
      }),
    );
    assert.equal(
      pictures.map((p) => p.id),
      ['release-0.7', 'release-0.6'],
    );
    for (const p of pictures) {
      const v = p.id.replace('release-', '');
      assert.ok(p.width > 200 && p.height > 100, `${v}: the picture renders at ${width}px (${p.width}x${p.height})`);
      assert.equal({ pipelines: p.pipelines, triggers: p.triggers }, releaseObjects(v), `${v}: the release's pipelines and triggers`);
      assert.is(p.link, `finops-hub-${v}.flow.svg`);
    }
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1), `the open pictures do not make the page scroll sideways at ${width}px`);
  }
}

/**
 * The picture files the page links: served, and each an SVG document with the release's triggers. (Opened
 * on their own, a browser asks the host for /favicon.ico, which an SVG cannot point elsewhere: run after the
 * page's check for failed requests.)
 */
async function checkFlowFiles(page: Page, base: string): Promise<void> {
  for (const v of ['0.6', '0.7']) {
    const response = await page.goto(`${base}finops-hub-${v}.flow.svg`, { waitUntil: 'load' });
    assert.is(response?.status(), 200);
    const doc = await page.evaluate(() => ({ root: document.documentElement.tagName, triggers: document.querySelectorAll('g.node.trigger').length }));
    assert.equal(doc, { root: 'svg', triggers: releaseObjects(v).triggers.length }, `finops-hub-${v}.flow.svg`);
  }
}

/** The Chromium to drive: CHROME_PATH, else the first of chromium / chromium-browser on PATH. */
function findChromium(): string | undefined {
  if (process.env.CHROME_PATH) return existsSync(process.env.CHROME_PATH) ? process.env.CHROME_PATH : undefined;
  for (const name of ['chromium', 'chromium-browser']) {
    const r = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
    if (r.status === 0 && r.stdout.trim()) return r.stdout.trim();
  }
  return undefined;
}

/** Serves the files of `dir` read-only on 127.0.0.1 (any other path: 404). */
function serve(dir: string): Promise<Server> {
  const types: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.json': 'application/json', '.xml': 'application/atom+xml', '.svg': 'image/svg+xml' };
  const server = createServer((req, res) => {
    const path = normalize(join(dir, decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)));
    const file = path.endsWith(sep) ? join(path, 'index.html') : path;
    if (!file.startsWith(dir) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const chromium = findChromium();
const PORTALS = { 'Deploy to Azure': 'https://portal.azure.com/', 'Deploy to Azure Government': 'https://portal.azure.us/', 'Deploy to Azure China': 'https://portal.azure.cn/' };

if (!chromium) {
  // Skipped, and counted so (test/support/testData.ts); under HUBC_REQUIRE_TEST_DATA (CI, whose .ci/run installs Debian's chromium) a failure.
  test('the feed page in headless Chromium', () => {
    throw new MissingTestData('a Chromium', "set CHROME_PATH, or install Debian's chromium: apt-get install chromium");
  });
} else {
  test('the feed page in headless Chromium: Deploy to Azure links per cloud, no console error, readable release notes', async () => {
    const { launch } = await import('puppeteer-core');
    const work = mkdtempSync(join(tmpdir(), 'hubc-browser-'));
    const feed = join(work, 'site');
    const server = await serve(feed);
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    const releases: Build[] = [previousOf07().build, releaseBuildOf('0.7')];
    publishFeed({ feedDir: feed, releases, baseUrl: base, date: '2025-01-31' });
    const browser = await launch({
      executablePath: chromium,
      headless: true,
      userDataDir: join(work, 'profile'),
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    try {
      const page = await browser.newPage();
      const problems: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error' || m.type() === 'warn') problems.push(`console ${m.type()}: ${m.text()}`);
      });
      page.on('pageerror', (e) => problems.push(`page error: ${(e as Error).message}`));
      page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()} ${r.failure()?.errorText}`));
      page.on('response', (r) => {
        if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`);
      });
      await page.setViewport({ width: 1280, height: 900 });
      const response = await page.goto(`${base}index.html`, { waitUntil: 'networkidle0' });
      assert.is(response?.status(), 200);

      // Every Deploy to Azure link: the cloud's portal, custom deployment of this release's template and form.
      const links = await page.$$eval('section.release', (sections) =>
        sections.map((s) => ({ id: s.id, links: [...s.querySelectorAll('.deploy a')].map((a) => ({ text: a.textContent, href: a.getAttribute('href') })) })),
      );
      assert.equal(
        links.map((s) => s.id),
        ['release-0.7', 'release-0.6'],
      );
      for (const { id, links: list } of links) {
        const v = id.replace('release-', '');
        const expected = Object.entries(PORTALS).map(([text, portal]) => ({
          text,
          href: `${portal}#create/Microsoft.Template/uri/${encodeURIComponent(`${base}finops-hub-${v}.json`)}/createUIDefinitionUri/${encodeURIComponent(`${base}finops-hub-${v}.ui.json`)}`,
        }));
        assert.equal(list, expected, id);
      }
      // The files the links name are served where the portal would fetch them.
      for (const v of ['0.6', '0.7']) for (const f of [`finops-hub-${v}.json`, `finops-hub-${v}.ui.json`]) assert.is((await fetch(`${base}${f}`)).status, 200, f);

      // Release notes: rendered, visible, legible, not cut, at a desktop and a phone width.
      for (const width of [1280, 390]) {
        await page.setViewport({ width, height: 900 });
        const notes = await page.$$eval('section.release .notes', (list) =>
          list.map((n) => {
            const el = n as HTMLElement;
            const style = getComputedStyle(el);
            const fontPx = Math.min(...[el, ...el.querySelectorAll('*')].filter((x) => (x as HTMLElement).innerText?.trim()).map((x) => parseFloat(getComputedStyle(x).fontSize)));
            return {
              text: el.innerText,
              height: el.getBoundingClientRect().height,
              visible: style.display !== 'none' && style.visibility !== 'hidden',
              fontPx,
              color: style.color,
              cut: el.scrollWidth > el.clientWidth + 1,
            };
          }),
        );
        assert.is(notes.length, 2);
        for (const n of notes) {
          assert.ok(n.visible && n.height > 20, `notes shown at ${width}px`);
          assert.ok(n.fontPx >= 12, `notes text at least 12px at ${width}px (smallest ${n.fontPx}px)`);
          assert.not.ok(n.cut, `notes not cut at ${width}px`);
          assert.not.match(n.text, /^#{1,6} |\*\*|`/m, 'no raw markdown');
        }
        assert.match(notes[0].text, 'Upgrading from 0.6 to 0.7');
        assert.match(notes[0].text, 'What you must do');
        assert.match(notes[0].text, 'dataExplorerName');
        // The machine-level changes are folded below the words, closed.
        const folded = await page.$$eval('section.release details.changes', (list) =>
          list.map((d) => ({ open: (d as HTMLDetailsElement).open, summary: d.querySelector('summary')?.textContent ?? '' })),
        );
        assert.equal(folded, [{ open: false, summary: 'All changes from 0.6 to 0.7, file by file' }]);
        assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1), `the page does not scroll sideways at ${width}px`);
      }
      await checkFlowPictures(page, base);
      assert.equal(problems, []);
      await checkFlowFiles(page, base);
    } finally {
      await browser.close();
      await new Promise((resolve) => server.close(resolve));
      rmSync(work, { recursive: true, force: true });
    }
  });
}

test.run();
