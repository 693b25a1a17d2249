import { Column, Entity, PrimaryColumn } from 'typeorm';

/** What one product of a vendor grants in the capsule: its scopes, in the order they were given. */
@Entity('capsule_product_scopes')
export class CapsuleProductScopeRow {
  @PrimaryColumn('text', { name: 'vendor_id' }) vendorId!: string;
  @PrimaryColumn('text') sku!: string;
  @Column('text', { array: true }) scopes!: string[];
  @Column('timestamptz', { name: 'created_at' }) createdAt!: Date;
  @Column('timestamptz', { name: 'updated_at' }) updatedAt!: Date;
}

export const PRODUCT_SCOPE_ROWS = [CapsuleProductScopeRow];
