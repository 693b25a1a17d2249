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

export const CONTRACT_ROWS = [ContractRow, DiscountCodeRow];
