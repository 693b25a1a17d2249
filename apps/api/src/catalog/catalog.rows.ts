import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('vendors')
export class VendorRow {
  @PrimaryColumn('text') id!: string;
  @Column('text') name!: string;
  @Column('text', { array: true }) domains!: string[];
  @Column('text', { nullable: true }) logo!: string | null;
  @Column('boolean', { name: 'test_mode' }) testMode!: boolean;
  @Column('timestamptz', { name: 'created_at' }) createdAt!: Date;
}

@Entity('products')
export class ProductRow {
  @PrimaryColumn('text', { name: 'vendor_id' }) vendorId!: string;
  @PrimaryColumn('text') sku!: string;
  @Column('text') title!: string;
  @Column('text', { name: 'product_type' }) productType!: string;
  @Column('text', { nullable: true }) cover!: string | null;
  @Column('text', { nullable: true }) language!: string | null;
  @Column('text', { name: 'publisher_content_id', nullable: true }) publisherContentId!: string | null;
  @Column('text', { name: 'tax_category', default: 'standard' }) taxCategory!: string;
  @Column('timestamptz', { name: 'created_at' }) createdAt!: Date;
  @Column('timestamptz', { name: 'updated_at' }) updatedAt!: Date;
}

@Entity('purchase_options')
export class PurchaseOptionRow {
  @PrimaryColumn('text', { name: 'vendor_id' }) vendorId!: string;
  @PrimaryColumn('text') id!: string;
  @Column('text') sku!: string;
  @Column('text') name!: string;
  @Column('bigint', { name: 'price_minor' }) priceMinor!: string;
  @Column('char', { length: 3 }) currency!: string;
  @Column('boolean', { name: 'tax_included' }) taxIncluded!: boolean;
  @Column('text', { name: 'recurring_interval', nullable: true }) recurringInterval!: string | null;
  @Column('integer', { name: 'recurring_time', nullable: true }) recurringTime!: number | null;
  @Column('integer', { name: 'seats_per_unit' }) seatsPerUnit!: number;
  @Column('integer', { name: 'min_quantity' }) minQuantity!: number;
  @Column('integer', { name: 'max_quantity' }) maxQuantity!: number;
  @Column('timestamptz', { name: 'created_at' }) createdAt!: Date;
}
