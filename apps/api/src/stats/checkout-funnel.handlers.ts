import { DomainEvent } from '@kiosk/domain';
import { funnelFactsOf } from '@kiosk/domain/checkout';
import { DataSource } from 'typeorm';
import { sqlRows } from '../platform/database/sql';
import { EventHandler } from '../platform/outbox/worker';

/**
 * The paywall funnel from the outbox (docs/stats.md): a checkout whose
 * events carry `funnel` (started from a paywall, checkout-funnel.ts) is a
 * row of `stats_checkout_funnel`, counted as started on its start day and as
 * a conversion on the day it completed. The statistics read only this table
 * for the funnel, never the checkout module's. Idempotent (delivery is at
 * least once): the row is keyed by the checkout, the start is the
 * checkout's own `createdAt`, and a completion is kept once written.
 */

/** `checkout.created` and `checkout.changed`: the checkout as started (a change may add, move or drop the paywall). */
export class CountCheckoutStarted implements EventHandler {
  constructor(
    readonly eventType: 'checkout.created' | 'checkout.changed',
    private readonly db: DataSource,
  ) {}

  async handle(event: DomainEvent & { id: string }): Promise<void> {
    const funnel = funnelFactsOf(event.payload);
    if (!funnel) {
      // No longer from a paywall (a change dropped the attribution): not a started checkout of any paywall.
      if (this.eventType === 'checkout.changed') {
        await sqlRows(this.db, `DELETE FROM stats_checkout_funnel WHERE vendor_id = $1 AND checkout_id = $2 AND completed_at IS NULL`, [
          event.vendorId,
          event.aggregateId,
        ]);
      }
      return;
    }
    await sqlRows(
      this.db,
      `INSERT INTO stats_checkout_funnel AS f (vendor_id, checkout_id, paywall_id, publisher_content_id, strategy_node_id, sku, started_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (vendor_id, checkout_id) DO UPDATE
          SET paywall_id = EXCLUDED.paywall_id, publisher_content_id = EXCLUDED.publisher_content_id,
              strategy_node_id = EXCLUDED.strategy_node_id, sku = EXCLUDED.sku
        WHERE f.completed_at IS NULL`,
      [event.vendorId, event.aggregateId, funnel.paywallId, funnel.publisherContentId, funnel.strategyNodeId, funnel.sku, funnel.startedAt],
    );
  }
}

/** `checkout.completed`: the conversion, on the day it was paid (the first completion counts). */
export class CountCheckoutConverted implements EventHandler {
  readonly eventType = 'checkout.completed';

  constructor(private readonly db: DataSource) {}

  async handle(event: DomainEvent & { id: string }): Promise<void> {
    const funnel = funnelFactsOf(event.payload);
    if (!funnel) return;
    await sqlRows(
      this.db,
      `INSERT INTO stats_checkout_funnel AS f (vendor_id, checkout_id, paywall_id, publisher_content_id, strategy_node_id, sku, started_at, completed_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (vendor_id, checkout_id) DO UPDATE
          SET paywall_id = EXCLUDED.paywall_id, publisher_content_id = EXCLUDED.publisher_content_id,
              strategy_node_id = EXCLUDED.strategy_node_id, sku = EXCLUDED.sku, completed_at = EXCLUDED.completed_at
        WHERE f.completed_at IS NULL`,
      [event.vendorId, event.aggregateId, funnel.paywallId, funnel.publisherContentId, funnel.strategyNodeId, funnel.sku, funnel.startedAt, event.occurredAt],
    );
  }
}
