import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('license_pools')
export class LicensePoolRow {
  @PrimaryColumn('text', { name: 'vendor_id' }) vendorId!: string;
  @PrimaryColumn('text') id!: string;
  @Column('text') sku!: string;
  @Column('integer', { name: 'validity_seconds', nullable: true }) validitySeconds!: number | null;
  @Column('timestamptz', { name: 'created_at' }) createdAt!: Date;
}

@Entity('license_keys')
export class LicenseKeyRow {
  @PrimaryColumn('text', { name: 'vendor_id' }) vendorId!: string;
  @PrimaryColumn('text', { name: 'pool_id' }) poolId!: string;
  @PrimaryColumn('text') key!: string;
  @Column({ type: 'bigint', name: 'load_seq', insert: false, update: false }) loadSeq!: string;
  @Column('timestamptz', { name: 'expires_at', nullable: true }) expiresAt!: Date | null;
  @Column('timestamptz', { name: 'loaded_at' }) loadedAt!: Date;
  @Column('text', { name: 'claimed_by', nullable: true }) claimedBy!: string | null;
  @Column('timestamptz', { name: 'claimed_at', nullable: true }) claimedAt!: Date | null;
  @Column('timestamptz', { name: 'claim_expires_at', nullable: true }) claimExpiresAt!: Date | null;
}

@Entity('license_holders')
export class LicenseHolderRow {
  @PrimaryColumn('text', { name: 'vendor_id' }) vendorId!: string;
  @PrimaryColumn('text', { name: 'pool_id' }) poolId!: string;
  @PrimaryColumn('text', { name: 'user_id' }) userId!: string;
  @Column('timestamptz', { name: 'created_at' }) createdAt!: Date;
}

export const LICENSE_ROWS = [LicensePoolRow, LicenseKeyRow, LicenseHolderRow];
