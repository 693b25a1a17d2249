/**
 * A checkout started from a paywall, as its events tell the vendor's
 * statistics (docs/stats.md): the browser library's paywall component sets
 * the attribution `source: "paywall"`, `sourceId` the paywall,
 * `publisherContentId` the article and the service's own `strategyNodeId`.
 * The checkout's `checkout.created`, `checkout.changed` and
 * `checkout.completed` events carry these facts as `funnel` (null when the
 * checkout did not come from a paywall), so the statistics count the funnel
 * from the outbox without reading the checkout module's tables.
 */
export interface CheckoutFunnelFacts {
  readonly paywallId: string;
  readonly publisherContentId: string | null;
  readonly strategyNodeId: string | null;
  /** The first item's product ('' when it has none yet). */
  readonly sku: string;
  /** When the checkout was started (ISO 8601). */
  readonly startedAt: string;
}

export function checkoutFunnelOf(
  attribution: Readonly<Record<string, string>>,
  items: readonly { readonly sku: string }[],
  createdAt: Date,
): CheckoutFunnelFacts | null {
  const paywallId = attribution.source === 'paywall' ? (attribution.sourceId ?? '').trim() : '';
  if (paywallId === '') return null;
  return {
    paywallId,
    publisherContentId: attribution.publisherContentId || null,
    strategyNodeId: attribution.strategyNodeId || null,
    sku: items[0]?.sku ?? '',
    startedAt: createdAt.toISOString(),
  };
}

/** The `funnel` of an event's payload, when it is one (the statistics' handlers read events written by any version). */
export function funnelFactsOf(payload: Record<string, unknown>): CheckoutFunnelFacts | null {
  const f = payload.funnel as Record<string, unknown> | null | undefined;
  if (!f || typeof f !== 'object' || typeof f.paywallId !== 'string' || f.paywallId === '' || typeof f.startedAt !== 'string') return null;
  const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
  return {
    paywallId: f.paywallId,
    publisherContentId: text(f.publisherContentId),
    strategyNodeId: text(f.strategyNodeId),
    sku: typeof f.sku === 'string' ? f.sku : '',
    startedAt: f.startedAt,
  };
}
