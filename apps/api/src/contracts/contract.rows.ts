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

@Entity('contract_amendments')
export class AmendmentRow {
  @PrimaryColumn('text', { name: 'vendor_id' }) vendorId!: string;
  @PrimaryColumn('text') id!: string;
  @Column('text', { name: 'contract_id' }) contractId!: string;
  @Column('text', { name: 'user_id' }) userId!: string;
  @Column('text') type!: string;
  @Column('text') status!: string;
  /** ItemChange with the unit price as `{minor, currency}`. */
  @Column('jsonb', { nullable: true }) change!: Record<string, unknown> | null;
  @Column('text', { name: 'discount_code', nullable: true }) discountCode!: string | null;
  @Column('jsonb', { name: 'applied_discounts' }) appliedDiscounts!: Record<string, unknown>[];
  @Column('bigint', { name: 'next_bill_total_minor', nullable: true }) nextBillTotalMinor!: string | null;
  @Column('char', { name: 'next_bill_currency', length: 3, nullable: true }) nextBillCurrency!: string | null;
  @Column('timestamptz', { name: 'next_bill_date', nullable: true }) nextBillDate!: Date | null;
  @Column('timestamptz', { name: 'created_at' }) createdAt!: Date;
  @Column('timestamptz', { name: 'updated_at' }) updatedAt!: Date;
  @Column('timestamptz', { name: 'confirmed_at', nullable: true }) confirmedAt!: Date | null;
}

export const CONTRACT_ROWS = [ContractRow, DiscountCodeRow, AmendmentRow];
