import { chooseLanguage } from '../shared/language';

/** The languages the reader mails are written in. */
export const MAIL_LANGUAGES = ['en', 'sv'] as const;
export type MailLanguage = (typeof MAIL_LANGUAGES)[number];

/**
 * A reader mail's language: the first wish the mails speak, in the order
 * given (the reader's stored language, the page's or checkout's language,
 * the vendor's default), else English; the one choice of
 * shared/language.ts (chooseLanguage).
 */
export function mailLanguage(...wishes: (string | null | undefined)[]): MailLanguage {
  return chooseLanguage({ pageLanguage: wishes }, MAIL_LANGUAGES) as MailLanguage;
}
