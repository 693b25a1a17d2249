import { fillPlaceholders as fill } from '@kiosk/domain';
import { escapeAttr } from '../platform/http/page-shell';
import { negotiateLanguage } from '../identity/identity.module';
import { CHECKOUT_EN, CheckoutMessageKey } from './checkout-messages-en';
import { CHECKOUT_SV } from './checkout-messages-sv';

/** The languages the hosted checkout speaks, by catalogue. */
export const CHECKOUT_CATALOGUE: Readonly<Record<string, Readonly<Record<CheckoutMessageKey, string>>>> = { en: CHECKOUT_EN, sv: CHECKOUT_SV };

/**
 * The checkout page's language, as the sign-in pages choose theirs
 * (identity/pages/page-language.ts): the link's `ui_locales`, then the
 * checkout's own `language` (what the vendor asked for), then the browser's
 * Accept-Language, then English.
 */
export function checkoutLanguage(wish: { uiLocales?: unknown; checkoutLanguage?: string | null; acceptLanguage?: unknown }): string {
  const text = (v: unknown) => (typeof v === 'string' ? v.slice(0, 200) : '');
  return negotiateLanguage(
    { uiLocales: `${text(wish.uiLocales)} ${text(wish.checkoutLanguage)}`, acceptLanguage: text(wish.acceptLanguage) },
    Object.keys(CHECKOUT_CATALOGUE),
  );
}

/** A sentence as HTML: the catalogue's text escaped, `{name}` filled with `values` (HTML the caller escaped). */
export type CheckoutText = (key: CheckoutMessageKey, values?: Record<string, string>) => string;

const wordsOf = (lang: string | null | undefined) => (lang && Object.hasOwn(CHECKOUT_CATALOGUE, lang) ? CHECKOUT_CATALOGUE[lang] : CHECKOUT_EN);

export function checkoutText(lang: string | null | undefined): CheckoutText {
  const words = wordsOf(lang);
  return (key, values = {}) => fill(escapeAttr(words[key]), values);
}

/** A sentence as plain text (for a title or a text the page escapes itself), values plain too. */
export function checkoutPlainText(lang: string | null | undefined): CheckoutText {
  const words = wordsOf(lang);
  return (key, values = {}) => fill(words[key], values);
}

export type { CheckoutMessageKey } from './checkout-messages-en';
