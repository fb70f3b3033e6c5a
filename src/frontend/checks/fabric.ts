/**
 * The Microsoft Fabric eventhouse (hub.yaml `fabric`, 0.10+) against the rest of the hub:
 * - HUB250: a Data Explorer cluster named too. A hub uses one analytics engine; the template (as the public
 *   0.10's) deploys no cluster when `fabricQueryUri` is set, so the cluster's section would silently do nothing.
 * - HUB251: private storage. The eventhouse loads the ingestion files with the caller's identity
 *   (`;impersonate`), and Fabric cannot pass the data lake's firewall, so every load fails at run time
 *   ("Fabric ingestion vs storage firewall", microsoft/finops-toolkit#2061: "fail 100% of the time").
 * Both only for releases with Fabric (a release without it reports the section itself, HUB220); HUB250 not where
 * the release has one analytics engine (`oneAnalyticsEngine`), whose HUB270 says the same for every engine.
 */
import { codes } from '../../diagnostics/index.js';
import { behaves, has } from '../../model/releases.js';
import type { Check } from './types.js';

export const fabricCheck: Check = {
  codes: [codes.HUB250, codes.HUB251],
  run(ctx) {
    if (!has(ctx.release, 'fabric') || !ctx.valid(['fabric', 'queryUri'])) return;
    const queryUri = String(ctx.data.fabric?.queryUri ?? '');
    if (!queryUri) return;
    const cluster = ctx.valid(['dataExplorer', 'name']) ? String(ctx.data.dataExplorer?.name ?? '') : '';
    if (cluster && !behaves(ctx.release, 'oneAnalyticsEngine')) ctx.report(codes.HUB250.raise({ cluster, queryUri }), ['fabric', 'queryUri']);
    if (has(ctx.release, 'privateNetworking') && ctx.valid(['networking', 'publicAccess']) && ctx.data.networking?.publicAccess === false) {
      ctx.report(codes.HUB251.raise({ queryUri }), ['fabric', 'queryUri']);
    }
  },
};
