/**
 * SKU checks (spec, "Template parameters" and "Limits"):
 * - HUB202: Data Explorer capacity must fit the tier (Basic: 1 node; Standard: 2-1000);
 * - HUB203: the tier must fit the SKU (Dev(No SLA) SKUs run in Basic, the others in Standard);
 * - HUB204: a default SKU must be among the SKUs the form offers.
 * A tier or capacity hub.yaml does not write is derived from the SKU (see `resolve.ts`), so only values the
 * user wrote are checked against each other.
 */
import { codes } from '../../diagnostics/index.js';
import type { Check } from './types.js';

/** True for the Dev (no SLA) Data Explorer SKUs, which run in the Basic tier on one node. */
export const isDevSku = (name: string): boolean => name.startsWith('Dev(No SLA)_');

/** Tier a Data Explorer SKU runs in. */
export const tierOfSku = (name: string): 'Basic' | 'Standard' => (isDevSku(name) ? 'Basic' : 'Standard');

export const dataExplorerSkuCheck: Check = {
  codes: [codes.HUB202, codes.HUB203, codes.HUB204],
  run(ctx) {
    const de = ctx.data.dataExplorer;
    const name = ['dataExplorer', 'sku', 'name'];
    const tier = ['dataExplorer', 'sku', 'tier'];
    const capacity = ['dataExplorer', 'sku', 'capacity'];
    if (!ctx.valid(name)) return;
    const skuTier = ctx.written(tier) && ctx.valid(tier) ? (de.sku.tier as string) : tierOfSku(de.sku.name);
    if (ctx.written(tier) && ctx.valid(tier) && skuTier !== tierOfSku(de.sku.name)) {
      ctx.report(codes.HUB203.raise({ tier: skuTier, sku: de.sku.name, dev: isDevSku(de.sku.name) }), tier);
    }
    if (ctx.written(capacity) && ctx.valid(capacity)) {
      const n = de.sku.capacity as number;
      if (skuTier === 'Standard' && n < 2) ctx.report(codes.HUB202.standard(), capacity);
      if (skuTier === 'Basic' && n !== 1) ctx.report(codes.HUB202.basic(), capacity);
    }
    const allowed = ['dataExplorer', 'allowedSkuNames'];
    if (ctx.valid(allowed) && de.allowedSkuNames && !de.allowedSkuNames.includes(de.sku.name)) {
      ctx.report(codes.HUB204.dataExplorer({ sku: de.sku.name }), name);
    }
  },
};

export const storageSkuCheck: Check = {
  codes: [codes.HUB204],
  run(ctx) {
    const sku = ['storage', 'sku'];
    if (!ctx.valid(sku) || !ctx.valid(['storage', 'allowedSkus'])) return;
    const s = ctx.data.storage;
    if (!s.allowedSkus.includes(s.sku)) ctx.report(codes.HUB204.storage({ sku: s.sku }), sku);
  },
};
