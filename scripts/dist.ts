/**
 * `npm run dist`: builds the repository's hub.yaml for every release hubc builds into
 * `dist-templates/<release>/` (the committed builds that test/golden.test.ts checks). Each release folder is
 * replaced atomically; warnings for fields a release lacks are expected and not printed.
 */
import { readFileSync } from 'node:fs';
import { compile } from '../src/compiler/compile.js';
import { formatDiagnostic, hasErrors } from '../src/diagnostics/diagnostic.js';
import { RELEASE_VERSIONS } from '../src/model/releases.js';
import { writeRelease } from '../src/compiler/write.js';

const text = readFileSync(new URL('../hub.yaml', import.meta.url), 'utf8');
for (const release of RELEASE_VERSIONS) {
  const r = compile(text, { file: 'hub.yaml', release });
  if (hasErrors(r.diagnostics)) {
    console.error(
      r.diagnostics
        .filter((d) => d.severity === 'error')
        .map(formatDiagnostic)
        .join('\n'),
    );
    process.exit(1);
  }
  const target = await writeRelease(new URL('../dist-templates', import.meta.url).pathname, release, r.artifacts);
  console.log(`wrote ${r.artifacts.size} files to ${target}`);
}
