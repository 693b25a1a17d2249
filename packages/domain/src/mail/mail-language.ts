/** The languages the reader mails are written in. */
export const MAIL_LANGUAGES = ['en', 'sv'] as const;
export type MailLanguage = (typeof MAIL_LANGUAGES)[number];

const primary = (tag: string | null | undefined) => (tag ?? '').trim().toLowerCase().split(/[-_]/)[0];
const spoken = (tag: string | null | undefined): MailLanguage | null =>
  (MAIL_LANGUAGES as readonly string[]).includes(primary(tag)) ? (primary(tag) as MailLanguage) : null;

/**
 * A reader mail's language: the first wish the mails speak, in the order
 * given (the reader's stored language, the page's or checkout's language,
 * the vendor's default), else English.
 */
export function mailLanguage(...wishes: (string | null | undefined)[]): MailLanguage {
  for (const wish of wishes) {
    const lang = spoken(wish);
    if (lang) return lang;
  }
  return 'en';
}
