/**
 * The library's configuration: what the script host embeds in the bundle
 * (the vendor's settings) merged with what a page adds in
 * `<script type="application/json" id="service-js">`. Pure, so it is tested
 * without a browser.
 */
export interface ContentSelectors {
  article?: string;
  title?: string;
  image?: string;
  excerpt?: string;
  price?: string;
  id?: string;
  pass?: string;
}

export interface TransformRule {
  action: 'insert' | 'replace' | 'remove' | 'wrap' | 'gradient';
  selector: string;
  html?: string | null;
  position?: 'before' | 'after' | 'prepend' | 'append' | null;
  pathPattern?: string | null;
  /** Applies only to readers holding (true) or lacking (false) an entitlement for this sku. */
  entitlement?: { sku: string; has: boolean } | null;
  signedIn?: boolean | null;
}

export interface ServiceConfig {
  vendorId: string;
  /** Address of the Kiosk API (`{base_url}`). */
  apiUrl: string;
  /** The site's browser client (`/auth/{clientId}/...` and Basic visitor credentials). */
  clientId?: string;
  /** The paywall whose leaky allowance protects `data-service-paywall` content. */
  paywallId?: string;
  /** The components' look: the vendor colour (`#rgb` or `#rrggbb`); pages may also set the CSS custom properties. */
  theme?: { color?: string };
  /** The reader's language as the page's configuration asks for it (`en`, `sv`, `sv-SE`), after the page's `lang`. */
  locale?: string;
  /** The vendor's default reader language (its checkout settings): the components' last choice before English. */
  defaultLanguage?: string;
  contentSelectors?: ContentSelectors;
  transforms?: TransformRule[];
  analytics?: { dataLayer?: string; pageViews?: boolean; scrollDepth?: boolean; activeTime?: boolean };
  plugins?: { name: string; url: string }[];
  /** The configuration's version, as saved by the vendor. */
  version?: number;
  [extra: string]: unknown;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Deep-merges the page's object over the bundle's: objects merge member by
 * member, anything else (arrays included) is replaced; `vendorId` and
 * `apiUrl` stay the bundle's, since a page cannot move itself to another
 * vendor or service.
 */
export function mergeConfig(bundle: Partial<ServiceConfig> | undefined, page: Record<string, unknown> | undefined): Partial<ServiceConfig> {
  const merged = deepMerge(bundle ?? {}, page ?? {}) as Partial<ServiceConfig>;
  if (bundle?.vendorId) merged.vendorId = bundle.vendorId;
  if (bundle?.apiUrl) merged.apiUrl = bundle.apiUrl;
  return merged;
}

function deepMerge(base: Record<string, unknown>, over: Record<string, unknown>): Record<string, unknown> {
  const result: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(over)) {
    if (key === '__proto__' || key === 'constructor' || key === 'prototype') continue;
    result[key] = isObject(value) && isObject(result[key]) ? deepMerge(result[key] as Record<string, unknown>, value) : value;
  }
  return result;
}

/** A configuration the library can start with: a vendor and an API address. */
export function isComplete(config: Partial<ServiceConfig>): config is ServiceConfig {
  return typeof config.vendorId === 'string' && config.vendorId !== '' && typeof config.apiUrl === 'string' && config.apiUrl !== '';
}

/** The page's JSON configuration element, or undefined when absent or not an object (a broken one is reported, not thrown). */
export function parsePageConfig(text: string | null | undefined, warn: (message: string) => void = () => undefined): Record<string, unknown> | undefined {
  if (text === null || text === undefined || text.trim() === '') return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    if (isObject(parsed)) return parsed;
    warn('service-js: the #service-js element must hold a JSON object; it was ignored');
  } catch {
    warn('service-js: the #service-js element is not valid JSON; it was ignored');
  }
  return undefined;
}
