import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A checkout started from a paywall, as the statistics record it from the outbox (checkout-funnel.handlers.ts). */
@Entity('stats_checkout_funnel')
export class CheckoutFunnelRow {
  @PrimaryColumn('text', { name: 'vendor_id' }) vendorId!: string;
  @PrimaryColumn('text', { name: 'checkout_id' }) checkoutId!: string;
  @Column('text', { name: 'paywall_id' }) paywallId!: string;
  @Column('text', { name: 'publisher_content_id', nullable: true }) publisherContentId!: string | null;
  @Column('text', { name: 'strategy_node_id', nullable: true }) strategyNodeId!: string | null;
  @Column('text') sku!: string;
  @Column('timestamptz', { name: 'started_at' }) startedAt!: Date;
  @Column('timestamptz', { name: 'completed_at', nullable: true }) completedAt!: Date | null;
}

export const STATS_ROWS = [CheckoutFunnelRow];
