/**
 * The one way the service writes an amount of money, on every page, e-mail,
 * receipt and component: Intl currency style in the reader's language, two
 * decimals, plain spaces (every font, PDF and mail reader shows them) and a
 * hyphen for minus. English is en-GB ("SEK 1,188.00"), Swedish sv-SE
 * ("1 188,00 kr"); any other language is written as English.
 *
 * No imports: the browser components bundle this file as it is.
 */
const INTL_LOCALES: Record<string, string> = { en: 'en-GB', sv: 'sv-SE' };

/** The Intl locale for a language tag ("sv", "sv-SE", "SV_fi", "en-US", ""): matched on the primary subtag, else en-GB. */
export function moneyLocale(locale: string | null | undefined): string {
  const primary = (locale ?? '').trim().toLowerCase().split(/[-_]/)[0];
  return INTL_LOCALES[primary] ?? INTL_LOCALES.en;
}

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ').replace(/\u2212/g, '-');

/**
 * `minor` units of `currency` (an ISO 4217 code) in `locale`'s way:
 * formatMoney(118800, 'SEK', 'en') is "SEK 1,188.00", in 'sv' "1 188,00 kr".
 * A code Intl refuses is written after the figure ("5.00 NOPE").
 */
export function formatMoney(minor: number, currency: string, locale: string | null | undefined): string {
  const major = minor / 100;
  try {
    return plain(currencyFormat(moneyLocale(locale), currency).format(major));
  } catch {
    return `${major.toFixed(2)} ${currency}`;
  }
}

/**
 * Making an Intl.NumberFormat costs some hundred times what formatting with
 * it does (an invoice e-mail formats a dozen amounts), so one is kept per
 * locale and currency; the few hundred ISO 4217 codes bound the map, and a
 * code Intl refuses is never kept.
 */
const FORMATS = new Map<string, Intl.NumberFormat>();
const MOST_FORMATS_KEPT = 512;
function currencyFormat(intlLocale: string, currency: string): Intl.NumberFormat {
  const key = `${intlLocale} ${currency}`;
  let format = FORMATS.get(key);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale, { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 });
    if (FORMATS.size >= MOST_FORMATS_KEPT) FORMATS.clear();
    FORMATS.set(key, format);
  }
  return format;
}
