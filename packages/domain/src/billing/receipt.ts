import { Money } from '../shared';
import { BillRecord } from './bill-record';
import { InvoiceDocument, InvoiceParty, InvoiceSeller } from './invoice';
import { SellerFacts } from './invoicing-facts';
import { DEFAULT_SELLER_COUNTRY } from './vendor-billing';

/**
 * How a bill was paid, as a receipt names it: the provider's method, the
 * card's brand and its last four digits (never more of the card).
 */
export interface ReceiptPayment {
  readonly provider: string;
  readonly method: string;
  readonly brand: string | null;
  readonly last4: string | null;
}

/** One paid line: what it was, how many, and its amount with VAT (minor units). */
export interface ReceiptLine {
  readonly title: string;
  readonly quantity: number;
  readonly gross: number;
}

/** The VAT of one rate inside the amount paid (minor units; rate in basis points). */
export interface ReceiptVat {
  readonly rate: number;
  readonly net: number;
  readonly tax: number;
}

/**
 * The receipt of a paid bill (DESIGN.md 6, "Receipt versus invoice"): proof
 * that money was received, unlike an invoice, which asks for it. Numbered in
 * its own gap-free sequence per vendor; amounts in minor units of `amount`.
 */
export interface Receipt {
  readonly id: string;
  readonly vendorId: string;
  readonly billId: string;
  readonly contractId: string;
  /** As shown: `R-000001`. */
  readonly number: string;
  /** The place in the vendor's receipt sequence (1, 2, 3 ... without gaps). */
  readonly sequence: number;
  readonly paidAt: Date;
  /** What was paid, VAT included. */
  readonly amount: Money;
  /** The VAT in it per rate; empty when the bill was recorded before VAT was computed. */
  readonly vat: readonly ReceiptVat[];
  readonly net: number | null;
  readonly tax: number | null;
  readonly reverseCharge: boolean;
  readonly lines: readonly ReceiptLine[];
  readonly payment: ReceiptPayment;
  /** The number of the invoice this payment settles; null when the bill had none. */
  readonly invoiceNumber: string | null;
  readonly seller: InvoiceSeller;
  readonly buyer: InvoiceParty;
  /** The language the receipt speaks (`en`, `sv`). */
  readonly language: string;
  readonly issuedAt: Date;
}

/** Receipt numbers are a sequence per vendor of their own, shown with an `R-` before the zero-padded number. */
export function formatReceiptNumber(sequence: number): string {
  return `R-${String(sequence).padStart(6, '0')}`;
}

const FOUR_DIGITS = /^\d{4}$/;

/**
 * The last four digits of the card a payment used: what the provider gave
 * (`last4`), else what its description shows (`•••• 4242`, older payments).
 * Anything else is null: a receipt never shows more of a card.
 */
export function cardLastFour(payment: { readonly last4?: string | null; readonly description?: string | null }): string | null {
  if (payment.last4 && FOUR_DIGITS.test(payment.last4)) return payment.last4;
  const shown = /^(?:[•*xX]\s*){2,}(\d{4})$/.exec((payment.description ?? '').trim());
  return shown ? shown[1] : null;
}

/** A bill is paid by invoice when its method says so (`INVOICE`, `invoice`); a card or a provider's charge is not. */
export const paysByInvoice = (method: string): boolean => method.toUpperCase() === 'INVOICE';

export interface ReceiptInput {
  readonly id: string;
  readonly sequence: number;
  readonly bill: BillRecord;
  /** The invoice the payment settles, when the bill has one: its buyer is the receipt's. */
  readonly invoice: InvoiceDocument | null;
  readonly seller: SellerFacts;
  /** Who paid, when the bill has no invoice to say it. */
  readonly buyer: InvoiceParty;
  readonly payment: ReceiptPayment;
  readonly language: string;
  readonly now: Date;
}

/** The receipt of a PAID bill: the bill's amount and VAT, how it was paid, the invoice it settles, seller and buyer. */
export function composeReceipt(input: ReceiptInput): Receipt {
  const { bill, seller } = input;
  if (bill.status !== 'PAID' || !bill.paidAt) throw new Error(`bill ${bill.id} is not paid`);
  const s = seller.settings;
  const tax = bill.tax;
  return {
    id: input.id,
    vendorId: bill.vendorId,
    billId: bill.id,
    contractId: bill.contractId,
    number: formatReceiptNumber(input.sequence),
    sequence: input.sequence,
    paidAt: bill.paidAt,
    amount: bill.price,
    vat: tax ? tax.totals.map((t) => ({ rate: t.rate, net: t.net, tax: t.tax })) : [],
    net: tax ? tax.net : null,
    tax: tax ? tax.tax : null,
    reverseCharge: tax?.reverseCharge ?? false,
    lines: tax
      ? tax.lines.map((l) => ({ title: l.title, quantity: l.quantity, gross: l.gross }))
      : bill.items.map((i, n) => ({ title: i.title, quantity: 1, gross: n === 0 ? bill.price.minor : 0 })),
    payment: { ...input.payment, last4: input.payment.last4 && FOUR_DIGITS.test(input.payment.last4) ? input.payment.last4 : null },
    invoiceNumber: input.invoice?.number ?? bill.invoiceNumber,
    seller: {
      name: s.legalName ?? seller.vendorName,
      vatNumber: s.vatNumber,
      address: { street: s.street, zip: s.zip, city: s.city, country: s.country ?? DEFAULT_SELLER_COUNTRY },
    },
    buyer: input.invoice ? { ...input.invoice.billedTo } : input.buyer,
    language: input.language,
    issuedAt: input.now,
  };
}
