/**
 * hubc's own output of every release passes the failure catalogue with no suppression (issue #33): the
 * default and the custom hub.yaml of each release fixture, every entry that needs no Kusto language service
 * (hubc validate runs that one over the same scripts). `hubc build` runs the same entries in its quick
 * output checks, so a build that failed here would not be written.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { compile } from '../../src/compiler/compile.js';
import { validateOutput } from '../../src/compiler/validateOutput.js';
import { fromCompile } from '../../src/build/index.js';
import { QUICK_ENTRIES, runCatalogue } from '../../src/catalogue/index.js';
import { RELEASE_VERSIONS } from '../../src/model/releases.js';
import { formatDiagnostic } from '../../src/diagnostics/diagnostic.js';

for (const release of RELEASE_VERSIONS) {
  test(`${release}: the default and the custom hub pass every quick entry, and the build's quick checks run them`, () => {
    for (const kind of ['default', 'custom']) {
      const file = `test/fixtures/${release}/${kind}/hub.yaml`;
      const result = compile(readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8'), { file, release });
      assert.ok(result.release, `${file} compiles`);
      const found = runCatalogue({ written: fromCompile(result) }, QUICK_ENTRIES);
      assert.equal(found.map(formatDiagnostic), [], file);
      assert.equal(
        validateOutput(result)
          .filter((d) => d.code.startsWith('HUB7'))
          .map(formatDiagnostic),
        [],
        file,
      );
    }
  });
}

test.run();
