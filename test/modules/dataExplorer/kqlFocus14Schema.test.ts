/**
 * Offline proof of the Data Explorer scripts of release 14 (Resource Graph recommendations, subscription IDs in
 * parse_resourceid) with the Kusto language service, as kqlFocus12Schema.test.ts proves 12's. Costs ~70 s.
 */
import { test } from 'uvu';
import { assertFocus12Proven, deployedScripts, focus12Model } from '../../support/focus12.js';
import { validateKqlScripts } from '../../../src/validators/kql.js';

test('release 14: zero diagnostics, every transform returns its final table, Hub functions by version', () => {
  const m14 = focus12Model('14');
  assertFocus12Proven(m14, validateKqlScripts(deployedScripts(m14)));
});

test.run();
