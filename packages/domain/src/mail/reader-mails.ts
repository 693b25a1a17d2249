import { fillPlaceholders as fill } from '../shared/fill-placeholders';
import { Money } from '../shared';
import { formatMoney } from '../shared/money-format';
import { brandedMail, MailBrand, RenderedMail } from './branded-mail';
import { MailLanguage } from './mail-language';

/** The sentences of the reader mails; `{name}` marks a value. Every language has every key. */
export const READER_MAIL_MESSAGES = {
  en: {
    footer: 'You get this e-mail because you have a subscription with {vendor}.',
    'renewal.subject': 'Your {product} subscription renews on {date}',
    'renewal.heading': 'Your subscription renews soon',
    'renewal.body': 'Your yearly subscription to {product} renews on {date}. The next payment, {amount}, falls due then.',
    'renewal.change': 'To change or cancel it, do so before then on your account page.',
    'renewal.button': 'Manage subscription',
    'paymentFailed.subject': 'Your payment to {vendor} did not go through',
    'paymentFailed.heading': 'We could not collect your payment',
    'paymentFailed.body': 'The payment for {product} was due on {date} and has not come in.',
    'paymentFailed.keep': 'You keep access for now. Update your payment details to keep it.',
    'paymentFailed.button': 'Fix your payment',
    'canceled.subject': 'Your {product} subscription is cancelled',
    'canceled.heading': 'Cancellation confirmed',
    'canceled.body': 'Your subscription to {product} is cancelled.',
    'canceled.until': 'You keep access until {date}.',
    'canceled.ended': 'Your access ended on {date}.',
    'canceled.button': 'Go to {vendor}',
  },
  sv: {
    footer: 'Du får det här mejlet eftersom du har en prenumeration hos {vendor}.',
    'renewal.subject': 'Din prenumeration på {product} förnyas den {date}',
    'renewal.heading': 'Din prenumeration förnyas snart',
    'renewal.body': 'Din årsprenumeration på {product} förnyas den {date}. Då förfaller nästa betalning, {amount}.',
    'renewal.change': 'Vill du ändra eller säga upp den gör du det före dess på din kontosida.',
    'renewal.button': 'Hantera prenumerationen',
    'paymentFailed.subject': 'Din betalning till {vendor} gick inte igenom',
    'paymentFailed.heading': 'Vi kunde inte ta betalt',
    'paymentFailed.body': 'Betalningen för {product} skulle ha kommit in den {date}, men den har inte kommit.',
    'paymentFailed.keep': 'Du har kvar din tillgång så länge. Uppdatera dina betaluppgifter för att behålla den.',
    'paymentFailed.button': 'Åtgärda betalningen',
    'canceled.subject': 'Din prenumeration på {product} är uppsagd',
    'canceled.heading': 'Uppsägningen är bekräftad',
    'canceled.body': 'Din prenumeration på {product} är uppsagd.',
    'canceled.until': 'Du har tillgång till och med {date}.',
    'canceled.ended': 'Din tillgång upphörde den {date}.',
    'canceled.button': 'Gå till {vendor}',
  },
} as const satisfies Record<MailLanguage, Record<string, string>>;

export type ReaderMailKey = keyof (typeof READER_MAIL_MESSAGES)['en'];

/** A date as the reader's language writes it (the day in UTC). */
export const mailDate = (lang: MailLanguage, date: Date): string => new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' }).format(date);

/** An amount as the reader's language writes it. */
export const mailMoney = (lang: MailLanguage, amount: Money): string => formatMoney(amount.minor, amount.currency, lang);

/** Who gets a reader mail and in what words. */
export interface ReaderMailContext {
  readonly lang: MailLanguage;
  readonly brand: MailBrand;
  /** The product (the contract's name). */
  readonly product: string;
  /** The reader's account page on the vendor's side (where the subscription is managed and payment fixed). */
  readonly accountUrl: string;
}

function compose(c: ReaderMailContext, prefix: 'renewal' | 'paymentFailed' | 'canceled', paragraphs: string[], values: Record<string, string>, buttonUrl: string): RenderedMail {
  const t = (key: ReaderMailKey) => fill(READER_MAIL_MESSAGES[c.lang][key], { vendor: c.brand.vendorName, product: c.product, ...values });
  return brandedMail(c.brand, {
    lang: c.lang,
    subject: t(`${prefix}.subject`),
    heading: t(`${prefix}.heading`),
    paragraphs: paragraphs.map((key) => t(key as ReaderMailKey)),
    button: { label: t(`${prefix}.button`), url: buttonUrl },
    footer: t('footer'),
  });
}

/** Before a yearly renewal: when, and what it costs. */
export function renewalReminderMail(c: ReaderMailContext, renewsAt: Date, amount: Money): RenderedMail {
  return compose(c, 'renewal', ['renewal.body', 'renewal.change'], { date: mailDate(c.lang, renewsAt), amount: mailMoney(c.lang, amount) }, c.accountUrl);
}

/** A bill went past its due date unpaid: where to fix it. */
export function paymentFailedMail(c: ReaderMailContext, dueAt: Date): RenderedMail {
  return compose(c, 'paymentFailed', ['paymentFailed.body', 'paymentFailed.keep'], { date: mailDate(c.lang, dueAt) }, c.accountUrl);
}

/** A cancellation: access until `endsAt` (a future date), or ended then. */
export function cancellationMail(c: ReaderMailContext, endsAt: Date, now: Date): RenderedMail {
  const paragraph = endsAt.getTime() > now.getTime() ? 'canceled.until' : 'canceled.ended';
  return compose(c, 'canceled', ['canceled.body', paragraph], { date: mailDate(c.lang, endsAt) }, c.brand.siteUrl ?? c.accountUrl);
}
