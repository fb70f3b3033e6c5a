/**
 * The `sizes` row of `npm run bench` (scripts/bench.ts): for every release from 0.7 on (whatever rows the
 * release table has), hubc's `azuredeploy.json` for the default hub and the largest configuration, and the
 * public template of the same release, with the ratios to it and the budget of scripts/templateSizes.ts.
 * Figures only: the size tests (test/scripts/templateSizes.test.ts) hold builds to the budget.
 */
import { fileURLToPath } from 'node:url';
import type { compile as Compile } from '../src/compiler/compile.js';
import { getRelease } from '../src/model/releases.js';
import { hubcSizes, largestHubYaml, publicSizes, publicTemplatesFolder, reportedReleases, SIZE_BUDGET, type MeasuredTemplate } from './templateSizes.js';

const ROOT = fileURLToPath(new URL('../', import.meta.url));

/** One release's figures. */
export interface ReleaseSizes {
  release: string;
  default: MeasuredTemplate;
  largest: MeasuredTemplate;
  /** The public template of the same release, or why it was not measured. */
  public: MeasuredTemplate | { notMeasured: string };
}

/** Measures every reported release. @throws Error when a release does not compile */
export function sizeReport(compile: typeof Compile, hub: string): ReleaseSizes[] {
  const folder = publicTemplatesFolder(ROOT);
  return reportedReleases().map((version) => {
    const release = getRelease(version);
    const build = (text: string) => {
      const r = compile(text, { release: version });
      if (!r.release) throw new Error(`release ${version} does not compile: ${r.diagnostics.map((d) => `${d.code} ${d.message}`).join('; ')}`);
      return hubcSizes(r);
    };
    const pub = folder ? publicSizes(release, folder) : undefined;
    return {
      release: version,
      default: build(hub),
      largest: build(largestHubYaml(release, hub)),
      public: pub ?? {
        notMeasured: folder
          ? `no finops-hub-${release.publicRelease.template}.json in ${folder}`
          : 'no public templates (../shared/reference/public-templates, or HUBC_SHARED_DIR)',
      },
    };
  });
}

const kib = (n: number) => `${(n / 1024).toFixed(0)} KiB`;
const pad = (s: string, n: number) => s.padEnd(n);

/** Prints the figures: per release and configuration, the file, the request and the largest resource, with the ratios to the public template. */
export function printSizes(report: readonly ReleaseSizes[]): void {
  console.log(`\ntemplate sizes (file as written; request and largest resource as the catalogue measures, compact JSON)`);
  console.log(
    `budget: every resource <= ${kib(SIZE_BUDGET.resourceBytes)}; release 14: file <= ${(SIZE_BUDGET.publicFraction * 100).toFixed(0)}% of the public 14.0 file (issue #36); ARM: 4 MiB request, 1 MiB per resource`,
  );
  console.log(`${pad('release', 9)} ${pad('template', 10)} ${pad('file', 10)} ${pad('request', 10)} ${pad('largest resource', 18)} ${pad('file / public', 14)} request / public`);
  for (const r of report) {
    const pub = 'notMeasured' in r.public ? undefined : r.public;
    const row = (label: string, m: MeasuredTemplate, ratios: boolean) =>
      console.log(
        `${pad(r.release, 9)} ${pad(label, 10)} ${pad(kib(m.fileBytes), 10)} ${pad(kib(m.requestBytes), 10)} ${pad(m.largestResource ? kib(m.largestResource.bytes) : '-', 18)} ${pad(
          ratios && pub ? (m.fileBytes / pub.fileBytes).toFixed(2) : '',
          14,
        )} ${ratios && pub ? (m.requestBytes / pub.requestBytes).toFixed(2) : ''}`,
      );
    row('default', r.default, true);
    row('largest', r.largest, true);
    if (pub) row('public', pub, false);
    else console.log(`${pad(r.release, 9)} ${pad('public', 10)} not measured: ${(r.public as { notMeasured: string }).notMeasured}`);
    const largest = r.largest.largestResource;
    if (largest) console.log(`${pad('', 9)} largest resource (largest configuration): ${largest.label}`);
  }
}
