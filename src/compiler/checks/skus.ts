/**
 * SKU checks (spec, "Template parameters" and "Limits"):
 * - HUB202: Data Explorer capacity must fit the tier (Basic: 1 node; Standard: 2-1000);
 * - HUB203: the tier must fit the SKU (Dev(No SLA) SKUs run in Basic, the others in Standard);
 * - HUB204: a default SKU must be among the SKUs the form offers.
 * A tier or capacity hub.yaml does not write is derived from the SKU (see `resolve.ts`), so only values the
 * user wrote are checked against each other.
 */
import type { Check } from './types.js';

/** True for the Dev (no SLA) Data Explorer SKUs, which run in the Basic tier on one node. */
export const isDevSku = (name: string): boolean => name.startsWith('Dev(No SLA)_');

/** Tier a Data Explorer SKU runs in. */
export const tierOfSku = (name: string): 'Basic' | 'Standard' => (isDevSku(name) ? 'Basic' : 'Standard');

export const dataExplorerSkuCheck: Check = {
  codes: ['HUB202', 'HUB203', 'HUB204'],
  run(ctx) {
    const de = ctx.data.dataExplorer;
    const name = ['dataExplorer', 'sku', 'name'];
    const tier = ['dataExplorer', 'sku', 'tier'];
    const capacity = ['dataExplorer', 'sku', 'capacity'];
    if (!ctx.valid(name)) return;
    const skuTier = ctx.written(tier) && ctx.valid(tier) ? (de.sku.tier as string) : tierOfSku(de.sku.name);
    if (ctx.written(tier) && ctx.valid(tier) && skuTier !== tierOfSku(de.sku.name)) {
      ctx.report(
        'HUB203',
        tier,
        `dataExplorer.sku.tier ${skuTier} does not match SKU ${de.sku.name}`,
        isDevSku(de.sku.name) ? 'Dev(No SLA) SKUs run in the Basic tier; leave tier out to derive it.' : 'Production SKUs run in the Standard tier; Basic is for Dev(No SLA) SKUs. Leave tier out to derive it.',
      );
    }
    if (ctx.written(capacity) && ctx.valid(capacity)) {
      const n = de.sku.capacity as number;
      if (skuTier === 'Standard' && n < 2) ctx.report('HUB202', capacity, 'dataExplorer.sku.capacity must be 2-1000 with the Standard tier', 'Set capacity to 2 or more, or use a Dev(No SLA) SKU (Basic tier).');
      if (skuTier === 'Basic' && n !== 1) ctx.report('HUB202', capacity, 'dataExplorer.sku.capacity must be 1 with the Basic tier', 'Set capacity to 1, or use a production SKU (Standard tier).');
    }
    const allowed = ['dataExplorer', 'allowedSkuNames'];
    if (ctx.valid(allowed) && de.allowedSkuNames && !de.allowedSkuNames.includes(de.sku.name)) {
      ctx.report('HUB204', name, `default SKU ${de.sku.name} is not in dataExplorer.allowedSkuNames`, 'Add it to allowedSkuNames or pick one of them.');
    }
  },
};

export const storageSkuCheck: Check = {
  codes: ['HUB204'],
  run(ctx) {
    const sku = ['storage', 'sku'];
    if (!ctx.valid(sku) || !ctx.valid(['storage', 'allowedSkus'])) return;
    const s = ctx.data.storage;
    if (!s.allowedSkus.includes(s.sku)) ctx.report('HUB204', sku, `default storage SKU ${s.sku} is not in storage.allowedSkus`, 'Add it to allowedSkus or pick one of them.');
  },
};
