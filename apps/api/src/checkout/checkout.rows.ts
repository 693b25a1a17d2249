import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('checkouts')
export class CheckoutRow {
  @PrimaryColumn('text', { name: 'vendor_id' }) vendorId!: string;
  @PrimaryColumn('text') id!: string;
  /** `user` or `visitor`; with `owner_id` it says whose checkout it is (tenancy below the vendor). */
  @Column('text', { name: 'owner_kind' }) ownerKind!: string;
  @Column('text', { name: 'owner_id' }) ownerId!: string;
  @Column('text') status!: string;
  @Column('jsonb') snapshot!: object;
  @Column('timestamptz', { name: 'expires_at' }) expiresAt!: Date;
  @Column('timestamptz', { name: 'created_at' }) createdAt!: Date;
  @Column('timestamptz', { name: 'updated_at' }) updatedAt!: Date;
}

@Entity('checkout_settings')
export class CheckoutSettingsRow {
  @PrimaryColumn('text', { name: 'vendor_id' }) vendorId!: string;
  @Column('jsonb') settings!: object;
  @Column('timestamptz', { name: 'updated_at' }) updatedAt!: Date;
}

export const CHECKOUT_ROWS = [CheckoutRow, CheckoutSettingsRow];
