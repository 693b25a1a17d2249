/**
 * The one way the service chooses a reader's language, for every page,
 * e-mail, receipt and component: the first of, in this order,
 *
 *   1. `ui_locales` (OpenID; the link's or the configuration's wish, in order),
 *   2. the page's `lang` (the web components' element or ancestor; a
 *      checkout's stored `language`, which the vendor's page asked for),
 *   3. the browser's Accept-Language (best q first; `navigator.languages`
 *      in the browser),
 *   4. the vendor's default language (its checkout settings),
 *
 * that the caller speaks, matched on the primary subtag (`sv-SE`, `sv-FI`
 * → `sv`); else English.
 *
 * No imports: the browser components bundle this file as it is.
 */
export const SERVICE_LANGUAGES = ['en', 'sv'] as const;
export type ServiceLanguage = (typeof SERVICE_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: ServiceLanguage = 'en';

/** What is known of the reader's wish; each part optional, each a list of tags in order of preference. */
export interface LanguageWish {
  /** Space-separated tags (OpenID `ui_locales`); may also be a list. */
  uiLocales?: string | readonly (string | null | undefined)[] | null;
  /** The page's (or the stored checkout's, or the reader's profile's) language tag. */
  pageLanguage?: string | readonly (string | null | undefined)[] | null;
  /** The Accept-Language header, or the browser's `navigator.languages`. */
  acceptLanguage?: string | readonly string[] | null;
  /** The vendor's default language, from its checkout settings. */
  vendorDefault?: string | null;
}

/** "sv-SE" → "sv"; "" for nothing. */
export const primaryLanguage = (tag: string | null | undefined): string => (typeof tag === 'string' ? tag.trim().toLowerCase().split(/[-_]/)[0] : '');

const MAX_TAGS = 30;
const text = (v: unknown) => (typeof v === 'string' ? v.slice(0, 500) : '');

const tagsOf = (v: string | readonly (string | null | undefined)[] | null | undefined): string[] =>
  typeof v === 'string' ? v.split(/\s+/).slice(0, MAX_TAGS) : Array.isArray(v) ? v.slice(0, MAX_TAGS).map(text) : [];

/** Accept-Language's tags, best first (RFC 9110 12.5.4); `*` and q=0 are dropped. */
export function acceptedLanguages(header: string | readonly string[] | null | undefined): string[] {
  if (Array.isArray(header)) return header.slice(0, MAX_TAGS).map(text);
  return text(header)
    .split(',')
    .slice(0, MAX_TAGS)
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/i.exec(p)).find(Boolean);
      return { tag: tag.trim(), q: q ? Number(q[1]) : 1, index };
    })
    .filter((l) => l.tag && l.tag !== '*' && l.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((l) => l.tag);
}

/** The reader's language among `available` (the service's by default); see the file's comment for the order. */
export function chooseLanguage(wish: LanguageWish, available: readonly string[] = SERVICE_LANGUAGES): string {
  const candidates = [
    ...tagsOf(wish.uiLocales),
    ...tagsOf(wish.pageLanguage),
    ...acceptedLanguages(wish.acceptLanguage),
    text(wish.vendorDefault),
  ];
  return candidates.map(primaryLanguage).find((lang) => lang !== '' && available.includes(lang)) ?? DEFAULT_LANGUAGE;
}

/** A vendor's default language as stored: a language the service speaks, or null (refused otherwise by the settings). */
export const isServiceLanguage = (tag: unknown): tag is ServiceLanguage => typeof tag === 'string' && (SERVICE_LANGUAGES as readonly string[]).includes(tag);
