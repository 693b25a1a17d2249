import { chooseLanguage } from '@kiosk/domain/shared/language';

/** The languages the components speak. */
export type ReaderLanguage = 'en' | 'sv';

const text = (value: unknown) => (typeof value === 'string' ? value : null);

/**
 * The reader's language for a component, by the service's one choice
 * (domain shared/language.ts): the page's `lang` (the element's or the
 * nearest ancestor's), then the configuration's `locale`, then the
 * browser's languages (what it sends as Accept-Language), then the vendor's
 * default (the bundle's `defaultLanguage`), else English.
 */
export function readerLanguage(pageLang: unknown, configLocale?: unknown, browserLanguages?: readonly string[] | null, vendorDefault?: unknown): ReaderLanguage {
  return chooseLanguage({
    pageLanguage: [text(pageLang), text(configLocale)],
    acceptLanguage: Array.isArray(browserLanguages) ? browserLanguages.filter((l) => typeof l === 'string') : null,
    vendorDefault: text(vendorDefault),
  }) as ReaderLanguage;
}

/** A component's language: its page's, its configuration's, its browser's, its vendor's. */
export function languageOf(host: Element, config: { locale?: unknown; defaultLanguage?: unknown } | undefined): ReaderLanguage {
  const browser = typeof navigator !== 'undefined' && Array.isArray(navigator.languages) ? navigator.languages : null;
  return readerLanguage(host.closest('[lang]')?.getAttribute('lang'), config?.locale, browser, config?.defaultLanguage);
}
