import { ContractSnapshot } from '../contracts';
import { User } from '../identity/user';
import { chooseLanguage, money, Money } from '../shared';
import { BillRecord } from './bill-record';
import { BuyerDetails, PostalAddress, SellerFacts } from './invoicing-facts';
import { PriceMode } from './tax/line-tax';
import { divideRoundingHalfAwayFromZero } from './tax/rounding';
import { RateBasisPoints } from './tax/rates';
import { RateTotal, TaxBreakdown } from './tax/bill-tax';
import { TaxCategory } from './tax/categories';
import { PlaceOfSupply } from './tax/place-of-supply';
import { VatNumberCheck } from './tax/vat-number-check';
import { VatCategoryCode } from './tax/treatment';
import { DEFAULT_SELLER_COUNTRY } from './vendor-billing';
import { hasPayeeAccount, organisationNumberFromVat, PayeeAccount } from './payee-account';

/** Someone named on an invoice: the billed person (buyer or payer) or the user they pay for. */
export interface InvoiceParty {
  readonly userId: string;
  readonly email: string;
  readonly name: string | null;
  readonly companyName: string | null;
  /** The buyer's VAT number as they gave it (normalised when it has a valid form). */
  readonly vatNumber: string | null;
  readonly address: PostalAddress | null;
}

/** The supplier: what an EU invoice must say of the seller. */
export interface InvoiceSeller {
  readonly name: string;
  readonly vatNumber: string | null;
  readonly address: PostalAddress;
  /** National registration number (EN 16931 BT-30); absent on documents issued before it was kept. */
  readonly organisationNumber?: string | null;
  /** GLN, the seller's e-invoice address when set. */
  readonly gln?: string | null;
}

/** One invoice line; amounts in minor units of the invoice's currency. */
export interface InvoiceLine {
  readonly sku: string;
  readonly title: string;
  readonly purchaseOptionId: string;
  readonly quantity: number;
  /** Price of one unit, as stated in the price mode (gross when tax is included, net when excluded). */
  readonly unitPrice: number;
  /** Taken off quantity x unit price (discount, unused part of a prorated period); negative for a charge. */
  readonly allowance: number;
  readonly category: TaxCategory;
  readonly vatCategory: VatCategoryCode;
  readonly rate: RateBasisPoints;
  readonly net: number;
  readonly tax: number;
  readonly gross: number;
}

export type InvoiceKind = 'INVOICE' | 'CREDIT_NOTE';

/**
 * The invoice document the embedded invoicing provider produces for an OPEN
 * bill: everything an EU invoice must carry (Directive 2006/112/EC art. 226).
 * It is addressed to whoever is billed: the payer, on behalf of the user,
 * when the contract has one; otherwise the user. Amounts are minor units of
 * `currency`; `total` is what the buyer pays (the gross).
 */
export interface InvoiceDocument {
  readonly id: string;
  readonly kind: InvoiceKind;
  readonly vendorId: string;
  readonly billId: string;
  readonly contractId: string;
  readonly number: string;
  /** For a credit note: the number of the invoice it credits. */
  readonly creditedInvoiceNumber: string | null;
  readonly seller: InvoiceSeller;
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
  readonly currency: string;
  readonly priceMode: PriceMode;
  readonly lines: readonly InvoiceLine[];
  readonly taxTotals: readonly RateTotal[];
  readonly net: number;
  readonly tax: number;
  readonly total: Money;
  /** Kept for older readers of the document: whether the contract's prices include VAT. */
  readonly taxIncluded: boolean;
  /** Where the VAT is due (the market) and whether the buyer accounts for it. */
  readonly taxCountry: string;
  /** Why `taxCountry`: the evidence of where the buyer is (absent on documents issued before it was kept). */
  readonly placeOfSupply?: PlaceOfSupply;
  /** How the buyer's VAT number was checked (VIES or format only) and when; absent without a number or on older documents. */
  readonly vatNumberCheck?: VatNumberCheck;
  readonly reverseCharge: boolean;
  /** Legal notes: reverse charge, outside the scope of VAT. */
  readonly notes: readonly string[];
  readonly paymentInstructions: string | null;
  /** The account the buyer pays to (IBAN/BIC, bankgiro, plusgiro); absent on documents issued before it was kept. */
  readonly payeeAccount?: PayeeAccount | null;
  readonly periodStart: Date;
  readonly periodEnd: Date | null;
  readonly paymentTerms: { readonly provider: string; readonly method: string; readonly country: string };
  readonly issuedAt: Date;
  readonly dueAt: Date;
  /**
   * When the bill it asks for was paid: set when the document is read (never
   * stored), so a paid invoice says PAID with the date and asks for nothing.
   */
  readonly paidAt?: Date | null;
  /**
   * The language it is written in (`en`, `sv`): the buyer's (their profile),
   * else the vendor's default; documents stored before it existed are English.
   */
  readonly language?: string;
}

// The mail a billing use case queues: the mail module's types (re-exported here so billing's imports keep working).
export type { MailAttachment, OutgoingMail } from '../mail/ports';

function party(user: User | null, fallback: { id: string; email: string }, details: BuyerDetails | null, vatNumber: string | null): InvoiceParty {
  const name = [user?.firstName, user?.lastName].filter(Boolean).join(' ');
  return {
    userId: fallback.id,
    email: user?.email ?? fallback.email,
    name: name || null,
    companyName: details?.companyName ?? null,
    vatNumber: vatNumber ?? details?.vatNumber ?? null,
    address: details?.address ? { ...details.address } : null,
  };
}

export interface InvoiceInput {
  readonly id: string;
  readonly number: string;
  readonly bill: BillRecord & { readonly tax: TaxBreakdown };
  readonly contract: Pick<ContractSnapshot, 'userId' | 'payer' | 'invoice' | 'payment' | 'taxIncluded'> & Partial<Pick<ContractSnapshot, 'contractType'>>;
  /** The contract user as the identity module knows them. */
  readonly user: User;
  /** The payer as the identity module knows them, when the contract has one. */
  readonly payer: User | null;
  readonly seller: SellerFacts;
  /** The billed person's company and address (the payer's when there is one). */
  readonly buyer: BuyerDetails | null;
  readonly now: Date;
}

/** Composes the invoice of an OPEN bill: seller, addressee, lines with VAT, totals per rate, references and delivery. */
export function composeInvoice(input: InvoiceInput): InvoiceDocument {
  const { bill, contract, seller } = input;
  const tax = bill.tax;
  const user = party(input.user, { id: contract.userId, email: input.user.email }, contract.payer ? null : input.buyer, contract.payer ? null : tax.buyerVatNumber);
  const billedTo = contract.payer ? party(input.payer, contract.payer, input.buyer, tax.buyerVatNumber) : user;
  // E-invoices go to business buyers who asked for one (an e-invoice address); a consumer gets the PDF by e-mail.
  const business = !!(billedTo.companyName || billedTo.vatNumber || contract.contractType === 'BUSINESS');
  const ediNumber = (business && contract.invoice.ediNumber) || null;
  const s = seller.settings;
  const sellerCountry = s.country ?? DEFAULT_SELLER_COUNTRY;
  const account = { iban: s.iban ?? null, bic: s.bic ?? null, bankgiro: s.bankgiro ?? null, plusgiro: s.plusgiro ?? null };
  return {
    id: input.id,
    kind: 'INVOICE',
    language: chooseLanguage({ pageLanguage: [input.buyer?.language], vendorDefault: seller.defaultLanguage ?? null }),
    vendorId: bill.vendorId,
    billId: bill.id,
    contractId: bill.contractId,
    number: input.number,
    creditedInvoiceNumber: null,
    seller: {
      name: s.legalName ?? seller.vendorName,
      vatNumber: s.vatNumber,
      address: { street: s.street, zip: s.zip, city: s.city, country: sellerCountry },
      organisationNumber: s.organisationNumber ?? organisationNumberFromVat(s.vatNumber, sellerCountry),
      gln: s.gln ?? null,
    },
    billedTo,
    onBehalfOf: contract.payer ? user : null,
    // invoice.email applies to whoever is billed (the payer when there is one).
    email: contract.invoice.email || billedTo.email,
    customerReference: contract.invoice.customerReference || null,
    vendorReference: contract.invoice.vendorReference || null,
    ediNumber,
    delivery: ediNumber ? 'E_INVOICE' : 'EMAIL',
    currency: bill.price.currency,
    priceMode: tax.mode,
    lines: tax.lines.map((l, i) => ({
      sku: l.sku,
      title: l.title,
      purchaseOptionId: bill.items[i]?.purchaseOptionId ?? '',
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      allowance: l.allowance,
      category: l.category,
      vatCategory: l.code,
      rate: l.rate,
      net: l.net,
      tax: l.tax,
      gross: l.gross,
    })),
    taxTotals: tax.totals.map((t) => ({ ...t })),
    net: tax.net,
    tax: tax.tax,
    total: money(tax.gross, bill.price.currency),
    taxIncluded: contract.taxIncluded,
    taxCountry: tax.country,
    ...(tax.placeOfSupply ? { placeOfSupply: tax.placeOfSupply } : {}),
    ...(tax.vatNumberCheck ? { vatNumberCheck: tax.vatNumberCheck } : {}),
    reverseCharge: tax.reverseCharge,
    notes: tax.note ? [tax.note] : [],
    paymentInstructions: s.paymentInstructions,
    payeeAccount: hasPayeeAccount(account) ? account : null,
    periodStart: bill.periodStart,
    periodEnd: bill.periodEnd,
    paymentTerms: { ...contract.payment },
    issuedAt: input.now,
    dueAt: bill.dueAt,
  };
}

/** Minor units as major with two decimals ("1200.00", "-0.05"): the machine form of e-invoices; people read formatMoney. */
export function formatMinor(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  const major = Math.floor(abs / 100);
  return `${sign}${major}.${String(abs - major * 100).padStart(2, '0')}`;
}


/** The last day of the service period: the period's end is the next period's first instant, so the day before (never before the start). */
export function lastDayOfPeriod(invoice: Pick<InvoiceDocument, 'periodStart' | 'periodEnd'>): Date | null {
  if (!invoice.periodEnd) return null;
  const before = new Date(invoice.periodEnd.getTime() - 24 * 60 * 60 * 1000);
  return before < invoice.periodStart ? invoice.periodStart : before;
}

/** A line's unit price without VAT: the stated one when prices exclude VAT, else carved out at the line's rate (rounded half away from zero). */
export function netUnitPrice(mode: PriceMode, line: Pick<InvoiceLine, 'unitPrice' | 'rate'>): number {
  if (mode === 'TAX_EXCLUDED' || line.rate === 0) return line.unitPrice;
  return Number(divideRoundingHalfAwayFromZero(BigInt(line.unitPrice) * 10_000n, BigInt(10_000 + line.rate)));
}
/** Invoice numbers are an increasing sequence per vendor (see InvoiceNumbers), shown zero-padded. */
export function formatInvoiceNumber(sequence: number): string {
  return String(sequence).padStart(6, '0');
}
