import { chooseLanguage, fillPlaceholders as fill } from '@kiosk/domain';
import { escapeAttr } from '../platform/http/page-shell';
import { CHECKOUT_EN, CheckoutMessageKey } from './checkout-messages-en';
import { CHECKOUT_SV } from './checkout-messages-sv';

/** The languages the hosted checkout speaks, by catalogue. */
export const CHECKOUT_CATALOGUE: Readonly<Record<string, Readonly<Record<CheckoutMessageKey, string>>>> = { en: CHECKOUT_EN, sv: CHECKOUT_SV };

/**
 * The checkout page's language, by the service's one choice (domain
 * shared/language.ts, as the sign-in pages and mails): the link's
 * `ui_locales`, then the checkout's own `language` (what the vendor's page
 * asked for), then the browser's Accept-Language, then the vendor's default
 * (its checkout settings), then English.
 */
export function checkoutLanguage(wish: { uiLocales?: unknown; checkoutLanguage?: string | null; acceptLanguage?: unknown; vendorDefault?: string | null }): string {
  const text = (v: unknown) => (typeof v === 'string' ? v.slice(0, 200) : null);
  return chooseLanguage(
    { uiLocales: text(wish.uiLocales), pageLanguage: wish.checkoutLanguage ?? null, acceptLanguage: text(wish.acceptLanguage), vendorDefault: wish.vendorDefault ?? null },
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
