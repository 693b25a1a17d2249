import { BillItem, ContractSnapshot } from '../contracts';
import { User } from '../identity/user';
import { Money } from '../shared';
import { BillRecord } from './bill-record';

/** Someone named on an invoice. */
export interface InvoiceParty {
  readonly userId: string;
  readonly email: string;
  readonly name: string | null;
}

/**
 * The invoice document the embedded invoicing provider produces for an OPEN
 * bill. It is addressed to whoever is billed: the payer, on behalf of the
 * user, when the contract has one; otherwise the user.
 */
export interface InvoiceDocument {
  readonly id: string;
  readonly vendorId: string;
  readonly billId: string;
  readonly contractId: string;
  readonly number: string;
  readonly billedTo: InvoiceParty;
  /** The user the service is for, when someone else (the payer) is billed. */
  readonly onBehalfOf: InvoiceParty | null;
  /** Where the invoice e-mail goes: `invoice.email`, else the billed person's e-mail. */
  readonly email: string;
  readonly customerReference: string | null;
  readonly vendorReference: string | null;
  /** Set when the invoice is also delivered as an e-invoice to this number. */
  readonly ediNumber: string | null;
  readonly delivery: 'EMAIL' | 'E_INVOICE';
  readonly lines: readonly BillItem[];
  readonly total: Money;
  readonly taxIncluded: boolean;
  readonly periodStart: Date;
  readonly periodEnd: Date | null;
  readonly paymentTerms: { readonly provider: string; readonly method: string; readonly country: string };
  readonly issuedAt: Date;
  readonly dueAt: Date;
}

/** An e-mail to queue through the Mailer port. */
export interface OutgoingMail {
  readonly vendorId: string;
  readonly to: string;
  readonly subject: string;
  readonly body: string;
}

function party(user: User | null, fallback: { id: string; email: string }): InvoiceParty {
  const name = [user?.firstName, user?.lastName].filter(Boolean).join(' ');
  return { userId: fallback.id, email: user?.email ?? fallback.email, name: name || null };
}

export interface InvoiceInput {
  readonly id: string;
  readonly number: string;
  readonly bill: BillRecord;
  readonly contract: Pick<ContractSnapshot, 'userId' | 'payer' | 'invoice' | 'payment' | 'taxIncluded'>;
  /** The contract user as the identity module knows them. */
  readonly user: User;
  /** The payer as the identity module knows them, when the contract has one. */
  readonly payer: User | null;
  readonly now: Date;
}

/** Composes the invoice of an OPEN bill: addressee, references and delivery (interface 4.1 create body). */
export function composeInvoice(input: InvoiceInput): InvoiceDocument {
  const { bill, contract } = input;
  const user = party(input.user, { id: contract.userId, email: input.user.email });
  const billedTo = contract.payer ? party(input.payer, contract.payer) : user;
  const ediNumber = contract.invoice.ediNumber || null;
  return {
    id: input.id,
    vendorId: bill.vendorId,
    billId: bill.id,
    contractId: bill.contractId,
    number: input.number,
    billedTo,
    onBehalfOf: contract.payer ? user : null,
    // invoice.email applies to whoever is billed (the payer when there is one).
    email: contract.invoice.email || billedTo.email,
    customerReference: contract.invoice.customerReference || null,
    vendorReference: contract.invoice.vendorReference || null,
    ediNumber,
    delivery: ediNumber ? 'E_INVOICE' : 'EMAIL',
    lines: bill.items.map((i) => ({ ...i })),
    total: bill.price,
    taxIncluded: contract.taxIncluded,
    periodStart: bill.periodStart,
    periodEnd: bill.periodEnd,
    paymentTerms: { ...contract.payment },
    issuedAt: input.now,
    dueAt: bill.dueAt,
  };
}

/** Major units with two decimals, from integer minor units without floating-point arithmetic. */
export function formatAmount(amount: Money): string {
  const sign = amount.minor < 0 ? '-' : '';
  const minor = Math.abs(amount.minor);
  const major = Math.floor(minor / 100);
  return `${sign}${major}.${String(minor - major * 100).padStart(2, '0')} ${amount.currency}`;
}

const day = (d: Date) => d.toISOString().slice(0, 10);
const who = (p: InvoiceParty) => [p.name, p.email].filter(Boolean).join(', ');

/** The invoice as plain text: the document body and the e-mail that carries it. */
export function renderInvoice(invoice: InvoiceDocument): string {
  const lines = [
    `Invoice ${invoice.number}`,
    `Issued: ${day(invoice.issuedAt)}`,
    `Due: ${day(invoice.dueAt)}`,
    `Bill to: ${who(invoice.billedTo)}`,
  ];
  if (invoice.onBehalfOf) lines.push(`On behalf of: ${who(invoice.onBehalfOf)}`);
  if (invoice.customerReference) lines.push(`Your reference: ${invoice.customerReference}`);
  if (invoice.vendorReference) lines.push(`Our reference: ${invoice.vendorReference}`);
  if (invoice.ediNumber) lines.push(`E-invoice number: ${invoice.ediNumber}`);
  lines.push(`Period: ${day(invoice.periodStart)}${invoice.periodEnd ? ` to ${day(invoice.periodEnd)}` : ''}`, '');
  for (const line of invoice.lines) lines.push(`- ${line.title} (${line.sku})`);
  lines.push('', `Total: ${formatAmount(invoice.total)} (${invoice.taxIncluded ? 'tax included' : 'tax excluded'})`);
  lines.push(`Payment: ${invoice.paymentTerms.method} via ${invoice.paymentTerms.provider}`);
  return lines.join('\n');
}

/** The e-mail that sends the invoice to `invoice.email`. */
export function invoiceMail(invoice: InvoiceDocument): OutgoingMail {
  return {
    vendorId: invoice.vendorId,
    to: invoice.email,
    subject: `Invoice ${invoice.number}, due ${day(invoice.dueAt)}`,
    body: renderInvoice(invoice),
  };
}

/** Invoice numbers are an increasing sequence per vendor (see InvoiceNumbers), shown zero-padded. */
export function formatInvoiceNumber(sequence: number): string {
  return String(sequence).padStart(6, '0');
}
