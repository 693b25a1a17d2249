import { formatMoney, moneyLocale } from '@kiosk/domain/shared/money-format';

/**
 * What the components share: a tiny element helper (text only: vendor
 * strings are never parsed as HTML), the theme (CSS custom properties and
 * the vendor colour with a readable text colour on it), and the way to reach
 * `window.service` and follow its events.
 */
export function element<K extends keyof HTMLElementTagNameMap>(tag: K, className = '', text?: string): HTMLElementTagNameMap[K] {
  const made = document.createElement(tag);
  if (className) made.className = className;
  if (text !== undefined) made.textContent = text;
  return made;
}

export function button(className: string, text: string, onClick: () => void, label?: string): HTMLButtonElement {
  const made = element('button', className, text);
  made.type = 'button';
  if (label) made.setAttribute('aria-label', label);
  made.addEventListener('click', onClick);
  return made;
}

/** Vendor text with any markup dropped (shown as text, never injected). */
export const plain = (html: string | undefined | null) => (html ?? '').replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** A vendor colour the components accept: `#rgb` or `#rrggbb`; anything else is ignored (it goes into CSS). */
export function safeColour(value: unknown): string | null {
  return typeof value === 'string' && HEX.test(value.trim()) ? value.trim().toLowerCase() : null;
}

function luminance(hex: string): number {
  const full = hex.length === 4 ? `#${hex[1]}${hex[1]}${hex[2]}${hex[2]}${hex[3]}${hex[3]}` : hex;
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(full.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two colours. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** Text on the vendor colour: white or near-black, whichever reads better (WCAG contrast). */
export function textOn(colour: string): string {
  return contrast(colour, '#ffffff') >= contrast(colour, '#111111') ? '#ffffff' : '#111111';
}

/** Sets the vendor colour on a component (`--service-color`, `--service-on-color`), unless the page set its own. */
export function applyVendorColour(host: HTMLElement, colour: unknown): void {
  const safe = safeColour(colour);
  if (!safe || host.style.getPropertyValue('--service-color')) return;
  host.style.setProperty('--service-color', safe);
  host.style.setProperty('--service-on-color', textOn(safe));
}

/**
 * The base style of every component: themable through custom properties a
 * page may set on the element or an ancestor (`--service-color`,
 * `--service-on-color`, `--service-text`, `--service-muted`,
 * `--service-background`, `--service-border`, `--service-font`,
 * `--service-radius`, `--service-focus`). Defaults meet WCAG AA contrast.
 */
export const BASE_STYLE = `
:host([hidden]) { display: none !important; }
:host { display: block; font: 16px/1.5 var(--service-font, system-ui, sans-serif); color: var(--service-text, #1a1a1a); }
* { box-sizing: border-box; }
.box { border: 1px solid var(--service-border, #d4d4d8); border-radius: var(--service-radius, 12px); padding: 16px; background: var(--service-background, #fff); max-width: 640px; margin: 0 auto; overflow-wrap: anywhere; }
h2 { margin: 0 0 8px; font-size: 1.25rem; }
h3 { margin: 16px 0 8px; font-size: 1.05rem; }
button, a.action { font: inherit; cursor: pointer; border-radius: 8px; padding: 10px 16px; min-height: 44px; border: 2px solid var(--service-color, #1d4ed8); display: inline-flex; align-items: center; justify-content: center; text-decoration: none; }
button.primary { background: var(--service-color, #1d4ed8); color: var(--service-on-color, #fff); }
button.secondary, a.action { background: var(--service-background, #fff); color: var(--service-text, #1a1a1a); }
button:disabled { opacity: .6; cursor: progress; }
button:focus-visible, a:focus-visible, select:focus-visible, input:focus-visible { outline: 3px solid var(--service-focus, #b45309); outline-offset: 2px; }
a { color: var(--service-link, #1d4ed8); }
.muted { color: var(--service-muted, #52525b); font-size: .9rem; }
.error { color: #b91c1c; }
.sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
`;

export function styleElement(extra = ''): HTMLStyleElement {
  return element('style', '', BASE_STYLE + extra);
}

/** The part of `window.service` the components use (all optional: the library may not be loaded yet). */
export interface ServiceLike {
  isReady?: () => boolean;
  config?: { paywallId?: string; theme?: { color?: string }; [extra: string]: unknown };
  auth?: {
    isAuthenticated(): Promise<boolean>;
    getUser(): Promise<unknown>;
    loginWithRedirect(options?: Record<string, unknown>): void;
    logout(options?: Record<string, unknown>): void;
    refresh?: () => Promise<unknown>;
  };
  content?: { access?(contentId: string): Promise<{ status: string; remaining?: number; signedLink?: string | null }> };
  contracts?: { list(): Promise<unknown>; cancel(id: string, body: { reason: string; comment?: string }): Promise<unknown> };
  bills?: { list(): Promise<unknown> };
  profile?: { get(): Promise<unknown> };
  paywalls?: { get(id: string): Promise<unknown>; check(id: string, body: { publisherContentId: string; url: string }): Promise<unknown> };
  checkouts?: { create(body: Record<string, unknown>): Promise<unknown> };
}

export function service(): ServiceLike | undefined {
  return (window as unknown as { service?: ServiceLike }).service;
}

/** Whether the library has started (its API is complete). */
export const serviceReady = () => service()?.isReady?.() === true;

/**
 * Calls `refresh` now if the library is ready, and again on each of the
 * named events of `window`; answers a function that stops listening.
 */
export function follow(events: readonly string[], refresh: () => void): () => void {
  const handler = () => refresh();
  for (const name of ['serviceJsReady', ...events]) window.addEventListener(name, handler);
  if (serviceReady()) refresh();
  return () => {
    for (const name of ['serviceJsReady', ...events]) window.removeEventListener(name, handler);
  };
}

/** An amount in major units the one way the service writes money (the domain's formatMoney): "SEK 1,188.00", in Swedish "1 188,00 kr". */
export const money = (amount: number, currency: string, locale = 'en') => formatMoney(Math.round(amount * 100), currency, locale);

/** A date as the reader's language writes it (the browser's own way without one); the raw text when it is not a date. */
export function day(value: unknown, lang?: string): string {
  if (typeof value !== 'string' || value === '') return '';
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? value : at.toLocaleDateString(lang ? moneyLocale(lang) : undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}
