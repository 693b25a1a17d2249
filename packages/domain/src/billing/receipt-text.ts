import { chooseLanguage } from '../shared/language';
import { formatMoney } from '../shared/money-format';
import { PostalAddress } from './invoicing-facts';
import { InvoiceParty } from './invoice';
import { Receipt, ReceiptPayment } from './receipt';
import { formatRate } from './tax/rates';

/** The words of a receipt and its e-mail, in each language the service speaks. */
export const RECEIPT_WORDS = {
  en: {
    title: 'Receipt',
    number: 'Receipt number',
    paidAt: 'Date paid',
    amountPaid: 'Amount paid',
    method: 'Payment method',
    settles: 'Settles invoice',
    vatIncluded: 'Of which VAT {rate} %',
    net: 'Amount excl. VAT',
    reverseCharge: 'Reverse charge: VAT to be accounted for by the recipient.',
    seller: 'Seller',
    vatNumber: 'VAT number',
    paidBy: 'Paid by',
    company: 'Company',
    card: 'Card',
    endingIn: '{brand} ending in {last4}',
    invoice: 'Invoice',
    paid: 'PAID',
    subject: 'Receipt from {vendor}',
    thanks: 'Thank you for your payment to {vendor}. This is your receipt; there is nothing more to pay.',
    view: 'View or print your receipt',
    signIn: 'Sign in to {vendor} to read',
    print: 'Print or save as PDF',
    pdf: 'Download PDF',
  },
  sv: {
    title: 'Kvitto',
    number: 'Kvittonummer',
    paidAt: 'Betalningsdatum',
    amountPaid: 'Betalt belopp',
    method: 'Betalningssätt',
    settles: 'Avser faktura',
    vatIncluded: 'Varav moms {rate} %',
    net: 'Belopp exkl. moms',
    reverseCharge: 'Omvänd betalningsskyldighet: köparen redovisar momsen.',
    seller: 'Säljare',
    vatNumber: 'Momsregistreringsnummer',
    paidBy: 'Betalat av',
    company: 'Företag',
    card: 'Kort',
    endingIn: '{brand} som slutar på {last4}',
    invoice: 'Faktura',
    paid: 'BETALD',
    subject: 'Kvitto från {vendor}',
    thanks: 'Tack för din betalning till {vendor}. Det här är ditt kvitto; det finns inget mer att betala.',
    view: 'Visa eller skriv ut kvittot',
    signIn: 'Logga in hos {vendor} och läs',
    print: 'Skriv ut eller spara som PDF',
    pdf: 'Ladda ner PDF',
  },
} as const;

export type ReceiptWord = keyof (typeof RECEIPT_WORDS)['en'];
export const RECEIPT_LANGUAGES = Object.keys(RECEIPT_WORDS) as readonly string[];
export const DEFAULT_RECEIPT_LANGUAGE = 'en';

/** The language a receipt speaks: the first wish the service speaks (matched on the primary subtag), else English. */
export function receiptLanguage(...wishes: (string | null | undefined)[]): string {
  return chooseLanguage({ pageLanguage: wishes }, RECEIPT_LANGUAGES);
}

/** A sentence of the receipt in `lang`, with `{name}` values filled in. */
export function receiptWord(lang: string, key: ReceiptWord, values: Record<string, string> = {}): string {
  const words = RECEIPT_WORDS[receiptLanguage(lang) as keyof typeof RECEIPT_WORDS];
  return words[key].replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '');
}

const LOCALES: Record<string, string> = { en: 'en-GB', sv: 'sv-SE' };
const locale = (lang: string) => LOCALES[receiptLanguage(lang)];

/** A date and time of day in the language's own way, in UTC (said so). */
export function formatPaidAt(at: Date, lang: string): string {
  const text = new Intl.DateTimeFormat(locale(lang), { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(at);
  return `${text.replace(/[\u00a0\u202f]/g, ' ')} UTC`;
}

/** A date alone in the language's own way, in UTC. */
export function formatDay(at: Date, lang: string): string {
  return new Intl.DateTimeFormat(locale(lang), { dateStyle: 'long', timeZone: 'UTC' }).format(at).replace(/[\u00a0\u202f]/g, ' ');
}

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  maestro: 'Maestro',
};

/** How the payment is named on a receipt: "Visa ending in 4242", "Card", "Invoice". */
export function paymentLabel(payment: ReceiptPayment, lang: string): string {
  if (payment.method.toUpperCase() === 'INVOICE') return receiptWord(lang, 'invoice');
  const brand = BRANDS[(payment.brand ?? '').toLowerCase()] ?? receiptWord(lang, 'card');
  return payment.last4 ? receiptWord(lang, 'endingIn', { brand, last4: payment.last4 }) : brand;
}

const addressLine = (a: PostalAddress | null) => (a ? [a.street, [a.zip, a.city].filter(Boolean).join(' '), a.country].filter(Boolean).join(', ') : '');
const who = (p: InvoiceParty) => [p.name, p.email].filter(Boolean).join(', ');

/** A label and its value, as the page, the PDF and the e-mail lay them out. */
export interface ReceiptFact {
  readonly label: string;
  readonly value: string;
}

/** The receipt as labelled facts in its language: shared by the page, the PDF and the e-mail. */
export interface ReceiptText {
  readonly lang: string;
  readonly title: string;
  readonly paidStamp: string;
  readonly amount: string;
  readonly facts: readonly ReceiptFact[];
  readonly lines: readonly ReceiptFact[];
  readonly totals: readonly ReceiptFact[];
  readonly notes: readonly string[];
  readonly seller: readonly ReceiptFact[];
  readonly buyer: readonly ReceiptFact[];
}

export function receiptText(receipt: Receipt): ReceiptText {
  const lang = receiptLanguage(receipt.language);
  const w = (key: ReceiptWord, values?: Record<string, string>) => receiptWord(lang, key, values);
  const amount = (minor: number) => formatMoney(minor, receipt.amount.currency, lang);
  const facts: ReceiptFact[] = [
    { label: w('number'), value: receipt.number },
    { label: w('paidAt'), value: formatPaidAt(receipt.paidAt, lang) },
    { label: w('method'), value: paymentLabel(receipt.payment, lang) },
  ];
  if (receipt.invoiceNumber) facts.push({ label: w('settles'), value: receipt.invoiceNumber });
  const totals: ReceiptFact[] = [{ label: w('amountPaid'), value: amount(receipt.amount.minor) }];
  for (const v of receipt.vat) {
    if (v.tax !== 0) totals.push({ label: w('vatIncluded', { rate: formatRate(v.rate) }), value: amount(v.tax) });
  }
  if (receipt.net !== null && receipt.tax) totals.push({ label: w('net'), value: amount(receipt.net) });
  const seller: ReceiptFact[] = [{ label: w('seller'), value: receipt.seller.name }];
  const sellerAddress = addressLine(receipt.seller.address);
  if (sellerAddress) seller.push({ label: '', value: sellerAddress });
  if (receipt.seller.vatNumber) seller.push({ label: w('vatNumber'), value: receipt.seller.vatNumber });
  const buyer: ReceiptFact[] = [{ label: w('paidBy'), value: who(receipt.buyer) }];
  if (receipt.buyer.companyName) buyer.push({ label: w('company'), value: receipt.buyer.companyName });
  if (receipt.buyer.vatNumber) buyer.push({ label: w('vatNumber'), value: receipt.buyer.vatNumber });
  return {
    lang,
    title: `${w('title')} ${receipt.number}`,
    paidStamp: `${w('paid')} ${formatDay(receipt.paidAt, lang)}`,
    amount: amount(receipt.amount.minor),
    facts,
    lines: receipt.lines.map((l) => ({ label: l.quantity > 1 ? `${l.title} × ${l.quantity}` : l.title, value: amount(l.gross) })),
    totals,
    notes: receipt.reverseCharge ? [w('reverseCharge')] : [],
    seller,
    buyer,
  };
}

/** "Label: value" (or the value alone), one a line. */
export const factLine = (f: ReceiptFact) => (f.label ? `${f.label}: ${f.value}` : f.value);
