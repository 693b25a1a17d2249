import { OutgoingMail } from './invoice';
import { Receipt } from './receipt';
import { factLine, receiptText, receiptWord } from './receipt-text';
import { accountMailWord } from '../mail/account-mails';
import { brandedMail } from '../mail/branded-mail';
import { mailLanguage } from '../mail/mail-language';

/** Where the receipt e-mail leads and how it looks: the receipt itself, the vendor's sign-in, its name and colour. */
export interface ReceiptMailLinks {
  readonly receiptUrl: string;
  readonly signInUrl: string;
  readonly vendorName: string;
  /** `#rrggbb`; anything else is shown in the service's neutral colour. */
  readonly color: string;
}

/**
 * The e-mail after a payment: a receipt (what was paid, when, how, the
 * invoice it settles, the seller), a link to the receipt page and a sign-in
 * link to the vendor's site, in the receipt's language, as text and HTML.
 * Never a request to pay.
 */
export function receiptMail(receipt: Receipt, to: string, links: ReceiptMailLinks): OutgoingMail {
  const t = receiptText(receipt);
  const w = (key: Parameters<typeof receiptWord>[1]) => receiptWord(t.lang, key, { vendor: links.vendorName });
  const brand = { vendorName: links.vendorName, color: links.color, siteUrl: null };
  const mail = brandedMail(brand, {
    lang: t.lang,
    subject: w('subject'),
    heading: t.title,
    paragraphs: [w('thanks'), t.amount],
    rows: [...t.facts, ...t.lines, ...t.totals],
    button: { label: w('signIn'), url: links.signInUrl },
    links: [{ label: w('view'), url: links.receiptUrl }],
    notes: [...t.notes, ...t.seller.map(factLine)],
    footer: accountMailWord(mailLanguage(t.lang), brand, 'receipt.footer'),
  });
  return { vendorId: receipt.vendorId, to, subject: mail.subject, body: mail.text, html: mail.html };
}
