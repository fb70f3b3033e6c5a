/**
 * The public releases' parameter defaults against hub.yaml's (issue #31): a hub deployed from the public
 * template without a parameter has the public default, and `hubc import` writes it where hub.yaml's differs.
 * For every release and every parameter both have, the public template's `defaultValue` is the one the
 * release table records (`publicRelease.defaults`, only where hub.yaml's differs), else the default of
 * hubc's template built from a hub.yaml that sets nothing. Needs the public templates
 * (`../shared/reference/public-templates`).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compile } from '../../src/compiler/compile.js';
import { getRelease, parameterName, publicParameterName, RELEASE_VERSIONS } from '../../src/model/releases.js';
import { toPublicValue } from '../../src/public/parameters.js';
import { publicTemplate } from '../support/publicTemplates.js';

/** hubc's template of a hub.yaml that sets only what must be set (a cluster, so the Data Explorer parameters exist). */
function hubcParameters(release: string): Record<string, { defaultValue?: unknown }> {
  const r = compile(`release: "${release}"\nnaming: public\nhub:\n  name: contoso-hub\n`, { release });
  if (!r.release) throw new Error(r.diagnostics.map((d) => d.message).join('\n'));
  return JSON.parse(r.artifacts.get('azuredeploy.json')!).parameters;
}

for (const version of RELEASE_VERSIONS) {
  test(`${version}: each public parameter default is hub.yaml's, or the release table records it`, () => {
    const r = getRelease(version);
    const pub = publicTemplate(version).parameters as Record<string, { defaultValue?: unknown }>;
    const hubc = hubcParameters(version);
    const recorded = r.publicRelease.defaults ?? {};
    for (const key of r.parameters) {
      const name = publicParameterName(r, key);
      if (!name || key === 'hubName' || key === 'remoteHubStorageKey') continue;
      const publicDefault = Object.entries(pub).find(([n]) => n.toLowerCase() === name.toLowerCase())?.[1]?.defaultValue;
      const hubcDefault = toPublicValue(key, hubc[parameterName(r, key)]?.defaultValue);
      // The capacity the public template raises to 2 for a Standard SKU is hub.yaml's derived default too.
      if (key in recorded) {
        assert.equal(toPublicValue(key, recorded[key]), publicDefault, `${name}: the recorded public default`);
        assert.not.equal(hubcDefault, publicDefault, `${name}: recorded although hub.yaml's default is the same`);
      } else {
        assert.equal(hubcDefault, publicDefault, `${name}: hub.yaml's default differs from the public one and the table does not say so`);
      }
    }
  });
}

test.run();
