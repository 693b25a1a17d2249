import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A vendor's receipt counter: the last number drawn (gap-free, see PostgresReceiptNumbers). */
@Entity('receipt_number_sequences')
export class ReceiptNumberSequenceRow {
  @PrimaryColumn('text', { name: 'vendor_id' }) vendorId!: string;
  @Column('bigint', { name: 'last_number' }) lastNumber!: string;
}

/** The receipt of a paid bill (docs/invoices.md "Receipts"). */
@Entity('receipts')
export class ReceiptRow {
  @PrimaryColumn('text', { name: 'vendor_id' }) vendorId!: string;
  @PrimaryColumn('text') id!: string;
  @Column('text', { name: 'bill_id' }) billId!: string;
  @Column('text', { name: 'receipt_number' }) receiptNumber!: string;
  @Column('bigint') sequence!: string;
  /** Who paid (the billed person), for erasure. */
  @Column('text', { name: 'buyer_user_id' }) buyerUserId!: string;
  @Column('timestamptz', { name: 'paid_at' }) paidAt!: Date;
  @Column('bigint', { name: 'total_minor' }) totalMinor!: string;
  @Column('char', { length: 3 }) currency!: string;
  /** The whole receipt as composed (dates as ISO strings). */
  @Column('jsonb') document!: Record<string, unknown>;
  @Column('timestamptz', { name: 'created_at' }) createdAt!: Date;
}

export const RECEIPT_ROWS = [ReceiptNumberSequenceRow, ReceiptRow];
