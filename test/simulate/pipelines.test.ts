/**
 * Every pipeline of every release runs in the simulator by itself (`--pipeline`), with its parameters
 * empty, against an empty storage folder: runs may fail (there is no data), but the simulation never
 * stops on an activity type, function, dataset or Copy pair it does not support.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compile } from '../../src/compiler/compile.js';
import { RELEASE_VERSIONS } from '../../src/model/releases.js';
import { simulate, factoryFromBuild } from '../../src/simulate/index.js';
import { fromCompile } from '../../src/build/index.js';
import { fullHubYaml } from '../support/hubs.js';
import { cleanStorages, emptyStorage } from '../support/simulate.js';

test.after.each(() => cleanStorages());

for (const release of RELEASE_VERSIONS) {
  const build = compile(fullHubYaml(release));
  if (!build.release) throw new Error(build.diagnostics.map((d) => `${d.code} ${d.message}`).join('\n'));
  const factory = factoryFromBuild(fromCompile(build));
  for (const [name, pipeline] of factory.pipelines) {
    test(`${release} ${name} runs without a simulator error`, async () => {
      const parameters: Record<string, string> = {};
      for (const [p, def] of Object.entries((pipeline.properties.parameters ?? {}) as Record<string, { type?: string; defaultValue?: unknown }>)) {
        if (!def || !('defaultValue' in def)) parameters[p] = def?.type === 'Array' ? '[]' : def?.type === 'Object' ? '{}' : '';
      }
      const result = await simulate({
        artifacts: build.artifacts,
        release,
        storage: emptyStorage(),
        start: { kind: 'pipeline', pipeline: name, parameters },
        now: '2024-05-15T12:00:00Z',
      });
      assert.equal(
        result.diagnostics.filter((d) => d.severity === 'error'),
        [],
      );
      assert.is(result.runs.length, 1);
    });
  }
}

test.run();
