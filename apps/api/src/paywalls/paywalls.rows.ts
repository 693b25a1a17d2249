import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('paywalls')
export class PaywallRow {
  @PrimaryColumn('text', { name: 'vendor_id' }) vendorId!: string;
  @PrimaryColumn('text') id!: string;
  @Column('text') name!: string;
  @Column('text') status!: string;
  @Column('integer') version!: number;
  @Column('jsonb') snapshot!: object;
  @Column('timestamptz', { name: 'created_at' }) createdAt!: Date;
  @Column('timestamptz', { name: 'modified_at' }) modifiedAt!: Date;
}

@Entity('paywall_strategies')
export class StrategyRow {
  @PrimaryColumn('text', { name: 'vendor_id' }) vendorId!: string;
  @PrimaryColumn('text') id!: string;
  @Column('text') name!: string;
  @Column('text') status!: string;
  @Column('integer') version!: number;
  @Column('text') fingerprint!: string;
  @Column('jsonb') snapshot!: object;
  @Column('timestamptz', { name: 'created_at' }) createdAt!: Date;
  @Column('timestamptz', { name: 'modified_at' }) modifiedAt!: Date;
}

/** One saved version of a paywall (its whole snapshot as saved); written with each save, read only by management. */
@Entity('paywall_versions')
export class PaywallVersionRow {
  @PrimaryColumn('text', { name: 'vendor_id' }) vendorId!: string;
  @PrimaryColumn('text', { name: 'paywall_id' }) aggregateId!: string;
  @PrimaryColumn('integer') version!: number;
  @Column('jsonb') snapshot!: object;
  @Column('timestamptz', { name: 'saved_at' }) savedAt!: Date;
  @Column('text', { name: 'saved_by_kind', nullable: true }) savedByKind!: string | null;
  @Column('text', { name: 'saved_by_id', nullable: true }) savedById!: string | null;
}

@Entity('paywall_strategy_versions')
export class StrategyVersionRow {
  @PrimaryColumn('text', { name: 'vendor_id' }) vendorId!: string;
  @PrimaryColumn('text', { name: 'strategy_id' }) aggregateId!: string;
  @PrimaryColumn('integer') version!: number;
  @Column('jsonb') snapshot!: object;
  @Column('timestamptz', { name: 'saved_at' }) savedAt!: Date;
  @Column('text', { name: 'saved_by_kind', nullable: true }) savedByKind!: string | null;
  @Column('text', { name: 'saved_by_id', nullable: true }) savedById!: string | null;
}

@Entity('paywall_link_tiers')
export class LinkTiersRow {
  @PrimaryColumn('text', { name: 'vendor_id' }) vendorId!: string;
  @Column('text', { name: 'metered_tier' }) meteredTier!: string;
  @Column('text', { name: 'entitled_tier' }) entitledTier!: string;
  @Column('timestamptz', { name: 'updated_at' }) updatedAt!: Date;
}

@Entity('paywall_reads')
export class PaywallReadRow {
  @PrimaryColumn('text', { name: 'vendor_id' }) vendorId!: string;
  @PrimaryColumn('text', { name: 'paywall_id' }) paywallId!: string;
  @PrimaryColumn('text', { name: 'reader_key' }) readerKey!: string;
  @PrimaryColumn('text', { name: 'content_id' }) contentId!: string;
  @Column('timestamptz', { name: 'read_at' }) readAt!: Date;
}

export const PAYWALL_ROWS = [PaywallRow, StrategyRow, PaywallVersionRow, StrategyVersionRow, LinkTiersRow, PaywallReadRow];
