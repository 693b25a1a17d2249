import { readerLanguage } from './reader-language';
import { money } from './shared';

/**
 * What `<service-paywall>` says, in English and Swedish: the meter ("2 of 3
 * free articles left today"), when a spent allowance renews, and the
 * paywall's own words. Numbers, prices and dates are written with `Intl` for
 * the reader's locale. Pure, so it is tested without a browser.
 */
export type PaywallLocale = 'en' | 'sv';

export interface PaywallStrings {
  region: string;
  forSubscribers: string;
  keepReading: string;
  signIn: string;
  choose: string;
  /** The window's words ("today") by its length in hours; other lengths say nothing. */
  periods: Record<number, string>;
  meter: (left: string, of: string, period: string) => string;
  renews: (when: string) => string;
}

export const PAYWALL_STRINGS: Record<PaywallLocale, PaywallStrings> = {
  en: {
    region: 'Subscribe to keep reading',
    forSubscribers: 'This article is for subscribers.',
    keepReading: 'Keep reading',
    signIn: 'Already a subscriber? Sign in',
    choose: 'Choose',
    periods: { 24: 'today', 168: 'this week', 720: 'this month', 744: 'this month' },
    meter: (left, of, period) => `${left} of ${of} free articles left${period ? ` ${period}` : ''}`,
    renews: (when) => `Your next free article is available ${when}.`,
  },
  sv: {
    region: 'Prenumerera för att läsa vidare',
    forSubscribers: 'Den här artikeln är för prenumeranter.',
    keepReading: 'Läs vidare',
    signIn: 'Redan prenumerant? Logga in',
    choose: 'Välj',
    periods: { 24: 'i dag', 168: 'den här veckan', 720: 'den här månaden', 744: 'den här månaden' },
    meter: (left, of, period) => `${left} av ${of} gratisartiklar kvar${period ? ` ${period}` : ''}`,
    renews: (when) => `Nästa gratisartikel blir tillgänglig ${when}.`,
  },
};

/**
 * The reader's language (reader-language.ts, the service's one choice): the
 * page's `lang`, the configuration's `locale`, the browser's languages, the
 * vendor's default; Swedish for `sv`/`sv-*`, else English.
 */
export function paywallLocale(pageLang: string | null | undefined, configLocale?: unknown, browserLanguages?: readonly string[] | null, vendorDefault?: unknown): PaywallLocale {
  return readerLanguage(pageLang, configLocale, browserLanguages, vendorDefault);
}

const INTL_LOCALE: Record<PaywallLocale, string> = { en: 'en-GB', sv: 'sv-SE' };

const count = (n: number, locale: PaywallLocale) => new Intl.NumberFormat(INTL_LOCALE[locale]).format(n);

/** The leaky allowance a paywall shows (2.9 `settings.leaky`), when it is on and its figures are numbers. */
export interface MeterSettings {
  enabled?: boolean;
  count?: number;
  periodInHours?: number;
}

/**
 * "2 of 3 free articles left today": the free reads left of the allowance;
 * null when the allowance is off or unknown (nothing to count).
 */
export function meterText(remaining: number | null | undefined, leaky: MeterSettings | null | undefined, locale: PaywallLocale): string | null {
  if (typeof remaining !== 'number' || !Number.isFinite(remaining) || !leaky?.enabled) return null;
  const total = typeof leaky.count === 'number' && Number.isFinite(leaky.count) ? leaky.count : null;
  if (total === null || total <= 0) return null;
  const strings = PAYWALL_STRINGS[locale];
  const period = typeof leaky.periodInHours === 'number' ? (strings.periods[leaky.periodInHours] ?? '') : '';
  return strings.meter(count(Math.max(0, Math.min(remaining, total)), locale), count(total, locale), period);
}

/**
 * When a spent allowance gives a free read back, as the reader's locale
 * writes a date and time ("Your next free article is available 29 Nov
 * 2026, 14:05."); null without a valid instant. `timeZone` is the reader's
 * (the browser's by default; tests fix it).
 */
export function renewalText(renewsAt: string | null | undefined, locale: PaywallLocale, timeZone?: string): string | null {
  if (typeof renewsAt !== 'string' || renewsAt === '') return null;
  const at = new Date(renewsAt);
  if (Number.isNaN(at.getTime())) return null;
  const when = new Intl.DateTimeFormat(INTL_LOCALE[locale], { dateStyle: 'medium', timeStyle: 'short', ...(timeZone ? { timeZone } : {}) }).format(at);
  return PAYWALL_STRINGS[locale].renews(when);
}

/** A price in major units, the one way the service writes money ("SEK 99.00", "99,00 kr"); the figure and the code when Intl does not know the currency. */
export const priceText = (amount: number, currency: string, locale: PaywallLocale): string => money(amount, currency, locale);
