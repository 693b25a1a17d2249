import i18next from 'i18next';
import { EN, MessageKey } from './messages-en';
import { SV } from './messages-sv';

/** The languages the service itself speaks; a vendor's catalogue may add more. */
export const CATALOGUE: Readonly<Record<string, Readonly<Record<string, string>>>> = { en: EN, sv: SV };
export const DEFAULT_LANGUAGE = 'en';

/** A vendor's own sentences: language → message key → text. */
export type MessageOverrides = Record<string, Record<string, string>>;

/** What the reader asked for: OpenID `ui_locales` (space-separated, in order) and the browser's Accept-Language. */
export interface LanguageWish {
  uiLocales?: string | null;
  acceptLanguage?: string | null;
}

const primary = (tag: string) => tag.trim().toLowerCase().split(/[-_]/)[0];

/** Accept-Language's tags, best first (RFC 9110 12.5.4); `*` and q=0 are dropped. */
function acceptedLanguages(header: string): string[] {
  return header
    .split(',')
    .slice(0, 30)
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/i.exec(p)).find(Boolean);
      return { tag: tag.trim(), q: q ? Number(q[1]) : 1, index };
    })
    .filter((l) => l.tag && l.tag !== '*' && l.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((l) => l.tag);
}

/**
 * The page's language: the first of `ui_locales` the pages speak, else the
 * best of Accept-Language, else English. Matched on the primary subtag, so
 * `sv-SE` and `sv-FI` get Swedish.
 */
export function negotiateLanguage(wish: LanguageWish, available: readonly string[]): string {
  const candidates = [...(wish.uiLocales ?? '').split(/\s+/).slice(0, 10), ...acceptedLanguages(wish.acceptLanguage ?? '')];
  return candidates.map(primary).find((lang) => lang && available.includes(lang)) ?? DEFAULT_LANGUAGE;
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
