/**
 * The attribution of a checkout started from a paywall (interface 2.8
 * `attribution`): `source: "paywall"`, `sourceId` the paywall,
 * `publisherContentId` the article, and the service's own
 * `strategyNodeId`, the strategy leaf that chose the paywall. The vendor's
 * statistics count such a checkout as started from that paywall, and its
 * payment as a conversion (docs/stats.md). Null without a paywall.
 */
export function paywallAttribution(
  paywallId: string | null | undefined,
  contentId: string | null | undefined,
  strategyNodeId: string | null | undefined,
): Record<string, string> | null {
  const clean = (value: string | null | undefined, max: number) => (typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, max) : null);
  const paywall = clean(paywallId, 500);
  if (!paywall) return null;
  const content = clean(contentId, 500);
  const node = clean(strategyNodeId, 500);
  return { source: 'paywall', sourceId: paywall, ...(content ? { publisherContentId: content } : {}), ...(node ? { strategyNodeId: node } : {}) };
}
