import type { OutgoingMail } from '../mail/ports';
import { fillPlaceholders } from '../shared/fill-placeholders';
import { chooseLanguage } from '../shared/language';
import { formatMoney } from '../shared/money-format';
import { InvoiceDocument, InvoiceParty, lastDayOfPeriod, netUnitPrice } from './invoice';
import { PostalAddress } from './invoicing-facts';
import { PlaceOfSupply } from './tax/place-of-supply';
import { vatNumberCheckLine } from './tax/vat-number-check';
import { OUTSIDE_SCOPE_NOTE, REVERSE_CHARGE_NOTE } from './tax/treatment';
import { formatRate } from './tax/rates';

/**
 * An invoice or credit note as words (the e-mail body, the PDF, the
 * invoice page): invoice.ts composes the document, this file writes it.
 */

const day = (d: Date) => d.toISOString().slice(0, 10);
const who = (p: InvoiceParty) => [p.name, p.email].filter(Boolean).join(', ');
const addressLine = (a: PostalAddress | null) => (a ? [a.street, [a.zip, a.city].filter(Boolean).join(' '), a.country].filter(Boolean).join(', ') : null);

/** The words of invoices and credit notes in each language the service writes them in; `{name}` marks a value. */
export const INVOICE_WORDS = {
  en: {
    invoice: 'Invoice', creditNote: 'Credit note', seller: 'Seller: {v}', address: 'Address: {v}', vatNumber: 'VAT number: {v}', notSet: '(not set)',
    billTo: 'Bill to: {v}', company: 'Company: {v}', customerVat: 'Customer VAT number: {v}', onBehalfOf: 'On behalf of: {v}',
    numberInvoice: 'Invoice number: {v}', numberCredit: 'Credit note number: {v}', issued: 'Issue date: {v}', paid: 'Paid: {v}', due: 'Due date: {v}', period: 'Period: {v}', periodTo: '{from} to {to}',
    currency: 'Currency: {v}', credits: 'Credits invoice: {v}', yourRef: 'Your reference: {v}', ourRef: 'Our reference: {v}', edi: 'E-invoice number: {v}',
    description: 'Description', qty: 'Qty', unitPrice: 'Unit price', exclVat: '(excl. VAT)', vatRate: 'VAT rate', vat: 'VAT', amountExcl: 'Amount excl. VAT',
    less: '{line}, less {amount}', vatOn: 'VAT {rate} % on {net}: {tax}', totalExcl: 'Total excl. VAT: {v}', totalVat: 'Total VAT: {v}',
    credited: 'Amount credited: {v}', totalPaid: 'Total paid: {v}', toPay: 'Total to pay: {v}',
    creditNothing: 'Nothing to pay: this credit note cancels the invoice above.', paidInFull: 'Paid in full on {date}. Nothing to pay.',
    payBy: 'Pay {amount} by {date}, marked with invoice number {number}.', payTo: 'Pay to: {v}', instructions: 'Payment instructions: {v}',
    stamp: 'PAID {date}', mailLine: 'Quantity: {qty}, unit price: {unit}, VAT {rate}: {tax}, amount excl. VAT: {net}',
    subject: '{kind} {number} from {seller}', subjectDue: '{kind} {number} from {seller}, due {date}', file: 'invoice', creditFile: 'credit-note',
    placeOfSupply: 'Place of supply: {country} ({evidence})', PAYMENT_COUNTRY: 'payment country', BILLING_ADDRESS: 'billing address',
    CHECKOUT_COUNTRY: 'checkout country', DEFAULT: "the seller's default market, no other evidence", DEFAULT_BESIDE: "the seller's default market",
    RESIDENCE_CONFIRMED: 'residence confirmed by the buyer', CARD_COUNTRY: 'card issuing country',
    reverseChargeNote: REVERSE_CHARGE_NOTE, outsideScopeNote: OUTSIDE_SCOPE_NOTE,
  },
  sv: {
    invoice: 'Faktura', creditNote: 'Kreditnota', seller: 'Säljare: {v}', address: 'Adress: {v}', vatNumber: 'Momsregistreringsnummer: {v}', notSet: '(inte angivet)',
    billTo: 'Faktureras: {v}', company: 'Företag: {v}', customerVat: 'Kundens momsregistreringsnummer: {v}', onBehalfOf: 'För: {v}',
    numberInvoice: 'Fakturanummer: {v}', numberCredit: 'Kreditnotans nummer: {v}', issued: 'Fakturadatum: {v}', paid: 'Betald: {v}', due: 'Förfallodag: {v}', period: 'Period: {v}', periodTo: '{from} till {to}',
    currency: 'Valuta: {v}', credits: 'Krediterar faktura: {v}', yourRef: 'Er referens: {v}', ourRef: 'Vår referens: {v}', edi: 'E-fakturanummer: {v}',
    description: 'Beskrivning', qty: 'Antal', unitPrice: 'À-pris', exclVat: '(exkl. moms)', vatRate: 'Momssats', vat: 'Moms', amountExcl: 'Belopp exkl. moms',
    less: '{line}, avdrag {amount}', vatOn: 'Moms {rate} % på {net}: {tax}', totalExcl: 'Summa exkl. moms: {v}', totalVat: 'Summa moms: {v}',
    credited: 'Krediterat belopp: {v}', totalPaid: 'Summa betalt: {v}', toPay: 'Att betala: {v}',
    creditNothing: 'Inget att betala: den här kreditnotan makulerar fakturan ovan.', paidInFull: 'Betald i sin helhet {date}. Inget att betala.',
    payBy: 'Betala {amount} senast {date} och ange fakturanummer {number}.', payTo: 'Betala till: {v}', instructions: 'Betalningsinstruktioner: {v}',
    stamp: 'BETALD {date}', mailLine: 'Antal: {qty}, à-pris: {unit}, moms {rate}: {tax}, belopp exkl. moms: {net}',
    subject: '{kind} {number} från {seller}', subjectDue: '{kind} {number} från {seller}, förfaller {date}', file: 'faktura', creditFile: 'kreditnota',
    placeOfSupply: 'Beskattningsland: {country} ({evidence})', PAYMENT_COUNTRY: 'betalningsland', BILLING_ADDRESS: 'faktureringsadress',
    CHECKOUT_COUNTRY: 'land i kassan', DEFAULT: 'säljarens hemmamarknad, inget annat underlag', DEFAULT_BESIDE: 'säljarens hemmamarknad',
    RESIDENCE_CONFIRMED: 'hemvist bekräftad av köparen', CARD_COUNTRY: 'kortets utgivningsland',
    reverseChargeNote: 'Omvänd betalningsskyldighet: köparen redovisar momsen (artikel 196 i rådets direktiv 2006/112/EG).',
    outsideScopeNote:
      'Utanför EU:s mervärdesskatteområde: omsättningen sker utanför EU (artiklarna 44 och 58 i rådets direktiv 2006/112/EG); ingen moms tas ut.',
  },
} as const satisfies Record<string, Record<string, string>>;

export type InvoiceWord = keyof (typeof INVOICE_WORDS)['en'];
const INVOICE_LANGUAGES = Object.keys(INVOICE_WORDS);

/** The language an invoice is written in: its own (`language`), else English (documents stored before it existed). */
export const invoiceLanguageOf = (invoice: Pick<InvoiceDocument, 'language'>) => chooseLanguage({ pageLanguage: [invoice.language] }, INVOICE_LANGUAGES) as keyof typeof INVOICE_WORDS;

/** A sentence of an invoice in `lang`, `{name}` filled in. */
export function invoiceWord(lang: keyof typeof INVOICE_WORDS, key: InvoiceWord, values: Record<string, string> = {}): string {
  return fillPlaceholders(INVOICE_WORDS[lang][key], values);
}

/**
 * A legal note in the invoice's language. Documents store the note as tax wrote it (English); the known notes are
 * said in the document's language when it is rendered, any other is kept as it was stored.
 */
const legalNote = (note: string, lang: keyof typeof INVOICE_WORDS) =>
  note === REVERSE_CHARGE_NOTE ? invoiceWord(lang, 'reverseChargeNote') : note === OUTSIDE_SCOPE_NOTE ? invoiceWord(lang, 'outsideScopeNote') : note;

/** "Place of supply: DE (billing address DE)": the country the VAT is due in and the evidence it rests on, in the invoice's language. */
export const placeOfSupplyLine = (p: PlaceOfSupply, lang: keyof typeof INVOICE_WORDS = 'en') =>
  invoiceWord(lang, 'placeOfSupply', {
    country: p.country,
    // The default market alone says no other evidence was there; beside other pieces (a card's country) it is only named.
    evidence: p.evidence
      .map((e) => (e.source !== 'DEFAULT' ? `${invoiceWord(lang, e.source)} ${e.country}` : invoiceWord(lang, p.evidence.length === 1 ? 'DEFAULT' : 'DEFAULT_BESIDE')))
      .join(', '),
  });

/** The invoice as labelled text blocks: what the e-mail body, the PDF and the tests read. */
export interface InvoiceText {
  readonly language: string;
  readonly title: string;
  readonly seller: readonly string[];
  readonly buyer: readonly string[];
  readonly facts: readonly string[];
  /** Description, quantity, unit price (its own words and "(excl. VAT)" below), VAT rate, VAT, amount. */
  readonly lineHeader: readonly string[];
  readonly unitPriceHeader: readonly [string, string];
  readonly lines: readonly (readonly string[])[];
  readonly totals: readonly string[];
  readonly payment: readonly string[];
  readonly notes: readonly string[];
  /** "PAID 2026-11-28" on the invoice of a paid bill; null otherwise. */
  readonly paidStamp: string | null;
}

/** The words of an invoice in its language, money written by formatMoney in that language: shared by the e-mail and the PDF. */
export function invoiceText(invoice: InvoiceDocument): InvoiceText {
  const lang = invoiceLanguageOf(invoice);
  const w = (key: InvoiceWord, values: Record<string, string> = {}) => invoiceWord(lang, key, values);
  const c = invoice.currency;
  const amount = (minor: number) => formatMoney(minor, c, lang);
  const seller = [
    w('seller', { v: invoice.seller.name }),
    w('address', { v: addressLine(invoice.seller.address) ?? '' }),
    w('vatNumber', { v: invoice.seller.vatNumber ?? w('notSet') }),
  ];
  const b = invoice.billedTo;
  const buyer = [w('billTo', { v: who(b) })];
  if (b.companyName) buyer.push(w('company', { v: b.companyName }));
  const buyerAddress = addressLine(b.address);
  if (buyerAddress) buyer.push(w('address', { v: buyerAddress }));
  if (b.vatNumber) buyer.push(w('customerVat', { v: b.vatNumber }));
  if (invoice.onBehalfOf) buyer.push(w('onBehalfOf', { v: who(invoice.onBehalfOf) }));
  const paidAt = invoice.kind === 'INVOICE' && invoice.paidAt ? invoice.paidAt : null;
  const credit = invoice.kind === 'CREDIT_NOTE';
  const kind = credit ? w('creditNote') : w('invoice');
  const lastDay = lastDayOfPeriod(invoice);
  const facts = [
    w(credit ? 'numberCredit' : 'numberInvoice', { v: invoice.number }),
    w('issued', { v: day(invoice.issuedAt) }),
    // A paid invoice asks for nothing: the date it was paid stands where the due date was; a credit note has neither.
    ...(credit ? [] : [paidAt ? w('paid', { v: day(paidAt) }) : w('due', { v: day(invoice.dueAt) })]),
    w('period', { v: lastDay ? w('periodTo', { from: day(invoice.periodStart), to: day(lastDay) }) : day(invoice.periodStart) }),
    w('currency', { v: c }),
  ];
  if (invoice.creditedInvoiceNumber) facts.push(w('credits', { v: invoice.creditedInvoiceNumber }));
  if (invoice.customerReference) facts.push(w('yourRef', { v: invoice.customerReference }));
  if (invoice.vendorReference) facts.push(w('ourRef', { v: invoice.vendorReference }));
  if (invoice.ediNumber) facts.push(w('edi', { v: invoice.ediNumber }));
  if (invoice.placeOfSupply) facts.push(placeOfSupplyLine(invoice.placeOfSupply, lang));
  if (invoice.vatNumberCheck) facts.push(vatNumberCheckLine(invoice.vatNumberCheck, lang));
  // Art. 226(8): the unit price exclusive of VAT, whatever the price mode.
  const lineHeader = [w('description'), w('qty'), `${w('unitPrice')} ${w('exclVat')}`, w('vatRate'), w('vat'), w('amountExcl')];
  const lines = invoice.lines.map((l) => [
    l.allowance ? w('less', { line: `${l.title} (${l.sku})`, amount: amount(l.allowance) }) : `${l.title} (${l.sku})`,
    String(l.quantity),
    amount(netUnitPrice(invoice.priceMode, l)),
    `${formatRate(l.rate)} %`,
    amount(l.tax),
    amount(l.net),
  ]);
  const totals = [
    ...invoice.taxTotals.map((t) => w('vatOn', { rate: formatRate(t.rate), net: amount(t.net), tax: amount(t.tax) })),
    w('totalExcl', { v: amount(invoice.net) }),
    w('totalVat', { v: amount(invoice.tax) }),
    credit ? w('credited', { v: amount(Math.abs(invoice.total.minor)) }) : paidAt ? w('totalPaid', { v: amount(invoice.total.minor) }) : w('toPay', { v: amount(invoice.total.minor) }),
  ];
  const payment = [
    credit
      ? w('creditNothing')
      : paidAt
        ? w('paidInFull', { date: day(paidAt) })
        : w('payBy', { amount: amount(invoice.total.minor), date: day(invoice.dueAt), number: invoice.number }),
  ];
  const a = invoice.payeeAccount;
  const account = a ? [a.iban && `IBAN ${a.iban}`, a.bic && `BIC ${a.bic}`, a.bankgiro && `Bankgiro ${a.bankgiro}`, a.plusgiro && `Plusgiro ${a.plusgiro}`].filter(Boolean) : [];
  if (account.length && !credit && !paidAt) payment.push(w('payTo', { v: account.join(', ') }));
  if (invoice.paymentInstructions && !credit && !paidAt) payment.push(w('instructions', { v: invoice.paymentInstructions }));
  return {
    language: lang,
    title: `${kind} ${invoice.number}`,
    seller,
    buyer,
    facts,
    lineHeader,
    unitPriceHeader: [w('unitPrice'), w('exclVat')],
    lines,
    totals,
    payment,
    notes: invoice.notes.map((note) => legalNote(note, lang)),
    paidStamp: paidAt ? w('stamp', { date: day(paidAt) }) : null,
  };
}

/** The invoice as plain text: the body of the e-mail that carries it. */
export function renderInvoice(invoice: InvoiceDocument): string {
  const t = invoiceText(invoice);
  const out = [t.title, ...(t.paidStamp ? [t.paidStamp] : []), '', ...t.seller, '', ...t.buyer, '', ...t.facts, ''];
  const lang = invoiceLanguageOf(invoice);
  for (const l of t.lines) {
    out.push(`- ${l[0]}`, `  ${invoiceWord(lang, 'mailLine', { qty: l[1], unit: l[2], rate: l[3], tax: l[4], net: l[5] })}`);
  }
  out.push('', ...t.totals, '', ...t.payment);
  if (t.notes.length) out.push('', ...t.notes);
  return out.join('\n');
}

/** The e-mail that sends the invoice to `invoice.email`, its PDF attached (rendered on delivery). */
export function invoiceMail(invoice: InvoiceDocument): OutgoingMail {
  const lang = invoiceLanguageOf(invoice);
  const credit = invoice.kind === 'CREDIT_NOTE';
  const values = { kind: invoiceWord(lang, credit ? 'creditNote' : 'invoice'), number: invoice.number, seller: invoice.seller.name, date: day(invoice.dueAt) };
  return {
    vendorId: invoice.vendorId,
    to: invoice.email,
    subject: invoiceWord(lang, credit ? 'subject' : 'subjectDue', values),
    body: renderInvoice(invoice),
    attachments: [
      {
        filename: `${invoiceWord(lang, credit ? 'creditFile' : 'file')}-${invoice.number}.pdf`,
        contentType: 'application/pdf',
        invoicePdf: { billId: invoice.billId, kind: invoice.kind },
      },
    ],
  };
}

