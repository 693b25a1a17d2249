import { chooseLanguage, DEFAULT_LANGUAGE, LanguageWish as DomainLanguageWish } from '@kiosk/domain';
import i18next from 'i18next';
import { EN, MessageKey } from './messages-en';
import { SV } from './messages-sv';

/** The languages the service itself speaks; a vendor's catalogue may add more. */
export const CATALOGUE: Readonly<Record<string, Readonly<Record<string, string>>>> = { en: EN, sv: SV };
export { DEFAULT_LANGUAGE };

/** A vendor's own sentences: language → message key → text. */
export type MessageOverrides = Record<string, Record<string, string>>;

/** What the reader asked for: OpenID `ui_locales`, the page's language, Accept-Language, the vendor's default (domain shared/language.ts). */
export type LanguageWish = DomainLanguageWish;

/** The page's language among `available`: the domain's one choice (chooseLanguage), in its order. */
export function negotiateLanguage(wish: LanguageWish, available: readonly string[]): string {
  return chooseLanguage(wish, available);
}

export interface Translator {
  readonly lang: string;
  t(key: MessageKey, values?: Record<string, string | number>): string;
}

/**
 * i18next with the service's catalogue and the vendor's sentences laid over
 * it language by language, so a vendor's English never wins over the
 * service's Swedish; a sentence missing in the page's language comes in
 * English. Values are escaped by the page, not here (the text is plain).
 */
export function translator(lang: string, overrides: MessageOverrides = {}): Translator {
  // Building an i18next instance takes about a millisecond; pages of one vendor and language share one.
  const key = `${lang}\n${JSON.stringify(overrides)}`;
  const cached = TRANSLATORS.get(key);
  if (cached) return cached;
  const made = makeTranslator(lang, overrides);
  if (TRANSLATORS.size >= MAX_CACHED) TRANSLATORS.delete(TRANSLATORS.keys().next().value!);
  TRANSLATORS.set(key, made);
  return made;
}

const MAX_CACHED = 500;
const TRANSLATORS = new Map<string, Translator>();

function makeTranslator(lang: string, overrides: MessageOverrides): Translator {
  const languages = new Set([...Object.keys(CATALOGUE), ...Object.keys(overrides)]);
  const resources = Object.fromEntries(
    [...languages].map((l) => [l, { translation: { ...CATALOGUE[l], ...overrides[l] } }]),
  );
  const i18n = i18next.createInstance();
  void i18n.init({
    lng: lang,
    fallbackLng: DEFAULT_LANGUAGE,
    resources,
    initAsync: false,
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  const t = i18n.getFixedT(lang);
  return { lang, t: (key, values) => t(key, values ?? {}) };
}

/** The page's translator: the reader's language among the service's and the vendor's. */
export function translatorFor(wish: LanguageWish, overrides: MessageOverrides = {}): Translator {
  const available = [...new Set([...Object.keys(CATALOGUE), ...Object.keys(overrides)])];
  return translator(negotiateLanguage(wish, available), overrides);
}
