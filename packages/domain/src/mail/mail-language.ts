/** The languages the reader mails are written in. */
export const MAIL_LANGUAGES = ['en', 'sv'] as const;
export type MailLanguage = (typeof MAIL_LANGUAGES)[number];

const primary = (tag: string | null | undefined) => (tag ?? '').trim().toLowerCase().split(/[-_]/)[0];
const spoken = (tag: string | null | undefined): MailLanguage | null =>
  (MAIL_LANGUAGES as readonly string[]).includes(primary(tag)) ? (primary(tag) as MailLanguage) : null;

/** A reader mail's language: the reader's stored language if the mails speak it, else the vendor's default, else English. */
export function mailLanguage(readerLocale: string | null | undefined, vendorDefault?: string | null): MailLanguage {
  return spoken(readerLocale) ?? spoken(vendorDefault) ?? 'en';
}
