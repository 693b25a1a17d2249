import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('contracts')
export class ContractRow {
  @PrimaryColumn('text', { name: 'vendor_id' }) vendorId!: string;
  @PrimaryColumn('text') id!: string;
  @Column('text', { name: 'user_id' }) userId!: string;
  @Column('text') status!: string;
  @Column('jsonb') snapshot!: object;
  @Column('timestamptz', { name: 'next_check_at', nullable: true }) nextCheckAt!: Date | null;
  @Column('timestamptz', { name: 'created_at' }) createdAt!: Date;
  @Column('timestamptz', { name: 'updated_at' }) updatedAt!: Date;
}

@Entity('discount_codes')
export class DiscountCodeRow {
  @PrimaryColumn('text', { name: 'vendor_id' }) vendorId!: string;
  @PrimaryColumn('text') id!: string;
  @Column('text') code!: string;
  @Column('jsonb') definition!: object;
  @Column('integer', { name: 'max_redemptions', nullable: true }) maxRedemptions!: number | null;
  @Column('integer') redemptions!: number;
  @Column('timestamptz', { name: 'created_at' }) createdAt!: Date;
}

@Entity('idempotency_keys')
export class IdempotencyKeyRow {
  @PrimaryColumn('text') scope!: string;
  @PrimaryColumn('text') key!: string;
  @Column('text', { name: 'request_hash' }) requestHash!: string;
  @Column('integer', { nullable: true }) status!: number | null;
  @Column('jsonb', { nullable: true }) headers!: Record<string, string> | null;
  @Column('text', { nullable: true }) body!: string | null;
  @Column('timestamptz', { name: 'created_at' }) createdAt!: Date;
}

export const CONTRACT_ROWS = [ContractRow, DiscountCodeRow, IdempotencyKeyRow];
