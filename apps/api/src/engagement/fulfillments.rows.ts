import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('engagement_fulfillments')
export class FulfillmentRow {
  @PrimaryColumn('text', { name: 'vendor_id' }) vendorId!: string;
  @PrimaryColumn('text') id!: string;
  @Column('text', { name: 'user_id' }) userId!: string;
  @Column('text') sku!: string;
  @Column('text') title!: string;
  @Column('text', { nullable: true }) cover!: string | null;
  /** bigint comes back as a string; the sequence stays far below 2^53. */
  @Column('bigint', { name: 'numeric_id' }) numericId!: string;
  @Column('text') status!: string;
  @Column('text', { name: 'delivery_provider', nullable: true }) deliveryProvider!: string | null;
  @Column('text', { name: 'item_id', nullable: true }) itemId!: string | null;
  @Column('integer') copies!: number;
  @Column('timestamptz', { name: 'delivers_at', nullable: true }) deliversAt!: Date | null;
  @Column('timestamptz', { name: 'delivery_requested_at', nullable: true }) deliveryRequestedAt!: Date | null;
  @Column('timestamptz', { name: 'created_at' }) createdAt!: Date;
  @Column('timestamptz', { name: 'updated_at' }) updatedAt!: Date;
}

/** What the embedded delivery provider records of each request (the address as it was sent). */
@Entity('engagement_delivery_requests')
export class DeliveryRequestRow {
  @PrimaryColumn('text', { name: 'vendor_id' }) vendorId!: string;
  @PrimaryColumn('text') id!: string;
  @Column('text', { name: 'fulfillment_id' }) fulfillmentId!: string;
  @Column('text', { name: 'user_id' }) userId!: string;
  @Column('text') provider!: string;
  @Column('jsonb') address!: Record<string, string | null>;
  @Column('timestamptz', { name: 'requested_at' }) requestedAt!: Date;
}
