/**
 * `tagsByResource` keys must name a resource type the hub tags (src/model/tags.ts, held to the compiled
 * templates by test/compiler/features.test.ts); the hub looks each type up with ARM's `contains()`, which
 * ignores case, so a key in another case is fine:
 * - HUB218 (error): a type no release tags, e.g. `Microsoft.Storage/storageAccount` without the s: its
 *   tags would never be applied; the hint names the nearest types;
 * - HUB222 (warning): a type other releases tag but the release being built does not deploy.
 */
import { codes } from '../../diagnostics/index.js';
import { RELEASE_VERSIONS, getRelease } from '../../model/releases.js';
import { ALL_TAGGED_TYPES, taggedResourceTypes } from '../../model/tags.js';
import { nearestAll } from '../../util/nearest.js';
import type { Check } from './types.js';

export const tagsByResourceCheck: Check = {
  codes: [codes.HUB218, codes.HUB222],
  run(ctx) {
    const written = ctx.data.tagsByResource;
    if (typeof written !== 'object' || written === null || Array.isArray(written)) return;
    const types = taggedResourceTypes(ctx.release).map((t) => t.toLowerCase());
    for (const key of Object.keys(written)) {
      const path = ['tagsByResource', key];
      if (!ctx.valid(path) || types.includes(key.toLowerCase())) continue;
      const known = ALL_TAGGED_TYPES.find((t) => t.toLowerCase() === key.toLowerCase());
      if (known) {
        const releases = RELEASE_VERSIONS.filter((v) => taggedResourceTypes(getRelease(v)).includes(known));
        ctx.report(codes.HUB222.raise({ type: known, release: ctx.release.version, releases }), path, { key: true });
      } else {
        ctx.report(
          codes.HUB218.raise({ type: key, nearest: nearestAll(key, ALL_TAGGED_TYPES).slice(0, 3), release: ctx.release.version, types: taggedResourceTypes(ctx.release) }),
          path,
          { key: true },
        );
      }
    }
  },
};
