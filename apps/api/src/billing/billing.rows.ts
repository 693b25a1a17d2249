import { TaxBreakdown } from '@kiosk/domain/billing';
import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('bills')
export class BillRow {
  @PrimaryColumn('text', { name: 'vendor_id' }) vendorId!: string;
  @PrimaryColumn('text') id!: string;
  @Column('text', { name: 'contract_id' }) contractId!: string;
  @Column('text', { name: 'user_id' }) userId!: string;
  @Column('text', { name: 'payer_id', nullable: true }) payerId!: string | null;
  @Column('jsonb') items!: { sku: string; title: string; purchaseOptionId: string }[];
  @Column('bigint', { name: 'price_minor' }) priceMinor!: string;
  @Column('char', { length: 3 }) currency!: string;
  /** The bill's VAT (TaxBreakdown of the domain); null on bills recorded before tax was computed. */
  @Column('jsonb', { nullable: true }) tax!: TaxBreakdown | null;
  @Column('text') status!: string;
  @Column('timestamptz', { name: 'due_at' }) dueAt!: Date;
  @Column('timestamptz', { name: 'period_start' }) periodStart!: Date;
  @Column('timestamptz', { name: 'period_end', nullable: true }) periodEnd!: Date | null;
  @Column('text', { name: 'payment_provider' }) paymentProvider!: string;
  @Column('text', { name: 'payment_method' }) paymentMethod!: string;
  @Column('text', { name: 'receipt_url', nullable: true }) receiptUrl!: string | null;
  @Column('text', { name: 'invoice_number', nullable: true }) invoiceNumber!: string | null;
  @Column('timestamptz', { name: 'paid_at', nullable: true }) paidAt!: Date | null;
  /** The provider's reference of the payment that paid the bill (a stripe PaymentIntent): what a refund reverses. */
  @Column('text', { name: 'payment_reference', nullable: true }) paymentReference!: string | null;
  @Column('timestamptz', { name: 'created_at' }) createdAt!: Date;
  @Column('timestamptz', { name: 'updated_at' }) updatedAt!: Date;
}

@Entity('invoice_number_sequences')
export class InvoiceNumberSequenceRow {
  @PrimaryColumn('text', { name: 'vendor_id' }) vendorId!: string;
  @Column('bigint', { name: 'last_number' }) lastNumber!: string;
}

@Entity('invoice_documents')
export class InvoiceDocumentRow {
  @PrimaryColumn('text', { name: 'vendor_id' }) vendorId!: string;
  @PrimaryColumn('text') id!: string;
  @Column('text', { name: 'bill_id' }) billId!: string;
  @Column('text', { name: 'contract_id' }) contractId!: string;
  @Column('text', { name: 'invoice_number' }) invoiceNumber!: string;
  /** INVOICE, or CREDIT_NOTE for a voided or refunded bill's invoice. */
  @Column('text', { default: 'INVOICE' }) kind!: string;
  @Column('text', { name: 'billed_user_id' }) billedUserId!: string;
  @Column('text', { name: 'on_behalf_of_user_id', nullable: true }) onBehalfOfUserId!: string | null;
  @Column('text') email!: string;
  @Column('text', { name: 'customer_reference', nullable: true }) customerReference!: string | null;
  @Column('text', { name: 'vendor_reference', nullable: true }) vendorReference!: string | null;
  @Column('text', { name: 'edi_number', nullable: true }) ediNumber!: string | null;
  @Column('text') delivery!: string;
  @Column('bigint', { name: 'total_minor' }) totalMinor!: string;
  @Column('char', { length: 3 }) currency!: string;
  /** The whole document as composed (dates as ISO strings). */
  @Column('jsonb') document!: Record<string, unknown>;
  @Column('timestamptz', { name: 'issued_at' }) issuedAt!: Date;
  @Column('timestamptz', { name: 'due_at' }) dueAt!: Date;
}

@Entity('transactions')
export class TransactionRow {
  @PrimaryColumn('text', { name: 'vendor_id' }) vendorId!: string;
  @PrimaryColumn('text') id!: string;
  @Column('bigint', { name: 'amount_minor' }) amountMinor!: string;
  @Column('char', { length: 3 }) currency!: string;
  @Column('text', { name: 'contract_id' }) contractId!: string;
  @Column('boolean', { name: 'is_refund' }) isRefund!: boolean;
  @Column('text', { name: 'user_id' }) userId!: string;
  @Column('text', { name: 'bill_id' }) billId!: string;
  @Column('timestamptz', { name: 'created_at' }) createdAt!: Date;
  @Column('timestamptz', { name: 'updated_at' }) updatedAt!: Date;
}

/** A vendor's billing settings: the seller on its invoices (docs/invoices.md). */
@Entity('vendor_billing_settings')
export class VendorBillingSettingsRow {
  @PrimaryColumn('text', { name: 'vendor_id' }) vendorId!: string;
  @Column('text', { name: 'legal_name', nullable: true }) legalName!: string | null;
  @Column('text', { nullable: true }) street!: string | null;
  @Column('text', { nullable: true }) zip!: string | null;
  @Column('text', { nullable: true }) city!: string | null;
  @Column('char', { length: 2, nullable: true }) country!: string | null;
  @Column('text', { name: 'vat_number', nullable: true }) vatNumber!: string | null;
  @Column('text', { name: 'payment_instructions', nullable: true }) paymentInstructions!: string | null;
  @Column('text', { name: 'organisation_number', nullable: true }) organisationNumber!: string | null;
  @Column('text', { nullable: true }) gln!: string | null;
  @Column('text', { nullable: true }) iban!: string | null;
  @Column('text', { nullable: true }) bic!: string | null;
  @Column('text', { nullable: true }) bankgiro!: string | null;
  @Column('text', { nullable: true }) plusgiro!: string | null;
  @Column('jsonb', { name: 'rate_overrides' }) rateOverrides!: { country: string; category: string; rate: number }[];
  @Column('timestamptz', { name: 'updated_at' }) updatedAt!: Date;
}

/** The e-invoice (UBL 2.1, Peppol BIS Billing 3.0) of an invoice or credit note, kept with it. */
@Entity('e_invoices')
export class EInvoiceRow {
  @PrimaryColumn('text', { name: 'vendor_id' }) vendorId!: string;
  @PrimaryColumn('text', { name: 'invoice_id' }) invoiceId!: string;
  @Column('text', { name: 'bill_id' }) billId!: string;
  @Column('text') kind!: string;
  @Column('text', { name: 'invoice_number' }) invoiceNumber!: string;
  @Column('text') xml!: string;
  @Column('timestamptz', { name: 'created_at' }) createdAt!: Date;
}

export const BILLING_ROWS = [
  BillRow,
  InvoiceNumberSequenceRow,
  InvoiceDocumentRow,
  TransactionRow,
  VendorBillingSettingsRow,
  EInvoiceRow,
];
