import type { OutgoingMail } from '../mail/ports';
import { formatMoney } from '../shared/money-format';
import { InvoiceDocument, InvoiceParty, lastDayOfPeriod, netUnitPrice } from './invoice';
import { PostalAddress } from './invoicing-facts';
import { PlaceOfSupply } from './tax/place-of-supply';
import { formatRate } from './tax/rates';

/**
 * An invoice or credit note as words (the e-mail body, the PDF, the
 * invoice page): invoice.ts composes the document, this file writes it.
 */

const day = (d: Date) => d.toISOString().slice(0, 10);
const who = (p: InvoiceParty) => [p.name, p.email].filter(Boolean).join(', ');
const addressLine = (a: PostalAddress | null) => (a ? [a.street, [a.zip, a.city].filter(Boolean).join(' '), a.country].filter(Boolean).join(', ') : null);

const EVIDENCE_WORDS = { PAYMENT_COUNTRY: 'payment country', BILLING_ADDRESS: 'billing address', CHECKOUT_COUNTRY: 'checkout country', DEFAULT: "the seller's default market, no other evidence" } as const;

/** "Place of supply: DE (billing address DE)": the country the VAT is due in and the evidence it rests on. */
export const placeOfSupplyLine = (p: PlaceOfSupply) =>
  `Place of supply: ${p.country} (${p.evidence.map((e) => (e.source === 'DEFAULT' ? EVIDENCE_WORDS.DEFAULT : `${EVIDENCE_WORDS[e.source]} ${e.country}`)).join(', ')})`;

/** The invoice as labelled text blocks: what the e-mail body, the PDF and the tests read. */
export interface InvoiceText {
  readonly title: string;
  readonly seller: readonly string[];
  readonly buyer: readonly string[];
  readonly facts: readonly string[];
  readonly lineHeader: readonly string[];
  readonly lines: readonly (readonly string[])[];
  readonly totals: readonly string[];
  readonly payment: readonly string[];
  readonly notes: readonly string[];
  /** "PAID 2026-11-28" on the invoice of a paid bill; null otherwise. */
  readonly paidStamp: string | null;
}

/**
 * The language invoices are written in: English. Their words (and the tax
 * module's legal notes) have no other catalogue yet; their money is written
 * the one way (formatMoney) in that language, as receipts write theirs.
 */
export const INVOICE_LANGUAGE = 'en';

/** The words of an invoice, in English, with amounts written by formatMoney: shared by the e-mail and the PDF. */
export function invoiceText(invoice: InvoiceDocument): InvoiceText {
  const c = invoice.currency;
  const amount = (minor: number) => formatMoney(minor, c, INVOICE_LANGUAGE);
  const seller = [
    `Seller: ${invoice.seller.name}`,
    `Address: ${addressLine(invoice.seller.address)}`,
    invoice.seller.vatNumber ? `VAT number: ${invoice.seller.vatNumber}` : 'VAT number: (not set)',
  ];
  const b = invoice.billedTo;
  const buyer = [`Bill to: ${who(b)}`];
  if (b.companyName) buyer.push(`Company: ${b.companyName}`);
  const buyerAddress = addressLine(b.address);
  if (buyerAddress) buyer.push(`Address: ${buyerAddress}`);
  if (b.vatNumber) buyer.push(`Customer VAT number: ${b.vatNumber}`);
  if (invoice.onBehalfOf) buyer.push(`On behalf of: ${who(invoice.onBehalfOf)}`);
  const paidAt = invoice.kind === 'INVOICE' && invoice.paidAt ? invoice.paidAt : null;
  const credit = invoice.kind === 'CREDIT_NOTE';
  const lastDay = lastDayOfPeriod(invoice);
  const facts = [
    `${credit ? 'Credit note' : 'Invoice'} number: ${invoice.number}`,
    `Issue date: ${day(invoice.issuedAt)}`,
    // A paid invoice asks for nothing: the date it was paid stands where the due date was; a credit note has neither.
    ...(credit ? [] : [paidAt ? `Paid: ${day(paidAt)}` : `Due date: ${day(invoice.dueAt)}`]),
    `Period: ${day(invoice.periodStart)}${lastDay ? ` to ${day(lastDay)}` : ''}`,
    `Currency: ${c}`,
  ];
  if (invoice.creditedInvoiceNumber) facts.push(`Credits invoice: ${invoice.creditedInvoiceNumber}`);
  if (invoice.customerReference) facts.push(`Your reference: ${invoice.customerReference}`);
  if (invoice.vendorReference) facts.push(`Our reference: ${invoice.vendorReference}`);
  if (invoice.ediNumber) facts.push(`E-invoice number: ${invoice.ediNumber}`);
  if (invoice.placeOfSupply) facts.push(placeOfSupplyLine(invoice.placeOfSupply));
  // Art. 226(8): the unit price exclusive of VAT, whatever the price mode.
  const lineHeader = ['Description', 'Qty', 'Unit price (excl. VAT)', 'VAT rate', 'VAT', 'Amount excl. VAT'];
  const lines = invoice.lines.map((l) => [
    `${l.title} (${l.sku})${l.allowance ? `, less ${amount(l.allowance)}` : ''}`,
    String(l.quantity),
    amount(netUnitPrice(invoice.priceMode, l)),
    `${formatRate(l.rate)} %`,
    amount(l.tax),
    amount(l.net),
  ]);
  const totals = [
    ...invoice.taxTotals.map((t) => `VAT ${formatRate(t.rate)} % on ${amount(t.net)}: ${amount(t.tax)}`),
    `Total excl. VAT: ${amount(invoice.net)}`,
    `Total VAT: ${amount(invoice.tax)}`,
    credit
      ? `Amount credited: ${amount(Math.abs(invoice.total.minor))}`
      : paidAt
        ? `Total paid: ${amount(invoice.total.minor)}`
        : `Total to pay: ${amount(invoice.total.minor)}`,
  ];
  const payment = [
    invoice.kind === 'CREDIT_NOTE'
      ? 'Nothing to pay: this credit note cancels the invoice above.'
      : paidAt
        ? `Paid in full on ${day(paidAt)}. Nothing to pay.`
        : `Pay ${amount(invoice.total.minor)} by ${day(invoice.dueAt)}, marked with invoice number ${invoice.number}.`,
  ];
  const a = invoice.payeeAccount;
  const account = a ? [a.iban && `IBAN ${a.iban}`, a.bic && `BIC ${a.bic}`, a.bankgiro && `Bankgiro ${a.bankgiro}`, a.plusgiro && `Plusgiro ${a.plusgiro}`].filter(Boolean) : [];
  if (account.length && !credit && !paidAt) payment.push(`Pay to: ${account.join(', ')}`);
  if (invoice.paymentInstructions && !credit && !paidAt) payment.push(`Payment instructions: ${invoice.paymentInstructions}`);
  return {
    title: `${invoice.kind === 'CREDIT_NOTE' ? 'Credit note' : 'Invoice'} ${invoice.number}`,
    seller,
    buyer,
    facts,
    lineHeader,
    lines,
    totals,
    payment,
    notes: [...invoice.notes],
    paidStamp: paidAt ? `PAID ${day(paidAt)}` : null,
  };
}

/** The invoice as plain text: the body of the e-mail that carries it. */
export function renderInvoice(invoice: InvoiceDocument): string {
  const t = invoiceText(invoice);
  const out = [t.title, ...(t.paidStamp ? [t.paidStamp] : []), '', ...t.seller, '', ...t.buyer, '', ...t.facts, ''];
  for (const l of t.lines) {
    out.push(`- ${l[0]}`, `  Quantity: ${l[1]}, unit price: ${l[2]}, VAT ${l[3]}: ${l[4]}, amount excl. VAT: ${l[5]}`);
  }
  out.push('', ...t.totals, '', ...t.payment);
  if (t.notes.length) out.push('', ...t.notes);
  return out.join('\n');
}

/** The e-mail that sends the invoice to `invoice.email`, its PDF attached (rendered on delivery). */
export function invoiceMail(invoice: InvoiceDocument): OutgoingMail {
  const kind = invoice.kind === 'CREDIT_NOTE' ? 'Credit note' : 'Invoice';
  return {
    vendorId: invoice.vendorId,
    to: invoice.email,
    subject: `${kind} ${invoice.number} from ${invoice.seller.name}${invoice.kind === 'INVOICE' ? `, due ${day(invoice.dueAt)}` : ''}`,
    body: renderInvoice(invoice),
    attachments: [
      {
        filename: `${kind.toLowerCase().replace(' ', '-')}-${invoice.number}.pdf`,
        contentType: 'application/pdf',
        invoicePdf: { billId: invoice.billId, kind: invoice.kind },
      },
    ],
  };
}

