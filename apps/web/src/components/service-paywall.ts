import { paywallAttribution } from './paywall-attribution';
import { meterText as meterTextOf, PAYWALL_STRINGS, PaywallLocale, priceText, renewalText } from './paywall-text';
import { languageOf } from './reader-language';
import { applyVendorColour } from './shared';

/**
 * `<service-paywall paywall-id="..." content-id="..." [strategy-node-id="..."]>`:
 * renders the public paywall shape (interface 2.9) in shadow DOM: headline,
 * description, subscriptions with price and features, the login button, the
 * meter of free reads and when they renew, in the page's language (English
 * or Swedish, paywall-text.ts). A choice dispatches `serviceJsPurchase` and,
 * when `window.service` is ready, opens the hosted checkout with the
 * paywall, the article and the strategy node as attribution (the vendor's
 * funnel statistics count it). Vendor HTML is shown as text (never
 * injected), so a paywall cannot run script on the publisher's page.
 */
interface PaywallSubscription {
  id: string;
  sku: string;
  poId: string;
  title: string;
  description?: string;
  price: number;
  discountPrice?: number | null;
  periodText?: string;
  buttonText?: string;
  features?: string[][];
}

interface PaywallShape {
  id: string;
  currency: string;
  headline?: string;
  description?: string;
  mainColor?: string;
  showLoginButton?: boolean;
  subscriptions?: PaywallSubscription[];
}

interface LeakySettings {
  enabled?: boolean;
  count?: number;
  periodInHours?: number;
}

interface ServiceLike {
  config?: { locale?: unknown; defaultLanguage?: unknown; theme?: { color?: string } };
  paywalls?: {
    get(id: string): Promise<unknown>;
    check(id: string, body: { publisherContentId: string; url: string }): Promise<unknown>;
  };
  checkouts?: { create(body: Record<string, unknown>): Promise<unknown> };
  auth?: { loginWithRedirect(options?: Record<string, unknown>): void };
}

/** The check answer (interface 4.3) with the service's `renewsAt`. */
interface CheckAnswer {
  status?: string;
  remaining?: number;
  renewsAt?: string | null;
  paywall?: PaywallShape & { settings?: { leaky?: LeakySettings } };
}

const plain = (html: string | undefined) => (html ?? '').replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();

const STYLE = `
:host([hidden]) { display: none; }
:host { display: block; font: 16px/1.5 system-ui, sans-serif; color: #1a1a1a; --service-color: #1d4ed8; }
* { box-sizing: border-box; }
.box { border: 1px solid #d4d4d8; border-radius: 12px; padding: 16px; background: #fff; max-width: 640px; margin: 0 auto; overflow-wrap: anywhere; }
.box.meter-only { padding: 8px 14px; border-radius: 8px; }
h2 { margin: 0 0 8px; font-size: 1.35rem; }
ul.options { list-style: none; padding: 0; margin: 16px 0 0; display: grid; gap: 12px; }
li.option { border: 1px solid #e4e4e7; border-radius: 10px; padding: 14px; }
.price { font-weight: 700; }
button { font: inherit; cursor: pointer; border-radius: 8px; padding: 10px 16px; min-height: 44px; border: 2px solid var(--service-color); }
button.buy { background: var(--service-color); color: var(--service-on-color, #fff); width: 100%; margin-top: 10px; }
button.login { background: #fff; color: #1a1a1a; margin-top: 14px; }
button:focus-visible { outline: 3px solid #b45309; outline-offset: 2px; }
.meter { color: #3f3f46; font-size: .95rem; margin: 0; }
.meter:empty { display: none; }
.renews { color: #3f3f46; margin: 8px 0 0; }
`;

/**
 * The meter and the paywall. On an article the reader may open (status
 * `allowed`) it shows only the meter ("2 of 3 free articles left today");
 * when access is refused, the paywall with the meter and, once the free
 * reads are spent, when the next one comes back. The meter is a live region,
 * kept across renders, so a screen reader hears it change.
 */
export class ServicePaywall extends HTMLElement {
  static get observedAttributes() {
    return ['paywall-id', 'content-id', 'remaining', 'lang'];
  }

  private answer: CheckAnswer | undefined;
  private paywall: PaywallShape | undefined;
  private readonly meter = element('p', 'meter');

  connectedCallback() {
    if (!this.shadowRoot) this.attachShadow({ mode: 'open' });
    this.meter.setAttribute('role', 'status');
    this.meter.setAttribute('aria-live', 'polite');
    void this.load();
  }

  attributeChangedCallback() {
    if (this.isConnected) void this.load();
  }

  private service(): ServiceLike | undefined {
    return (window as unknown as { service?: ServiceLike }).service;
  }

  /** The reader's language: the page's `lang` (this element's or an ancestor's), the configuration's `locale`, the browser's, the vendor's default. */
  locale(): PaywallLocale {
    return languageOf(this, this.service()?.config);
  }

  private async load() {
    const id = this.getAttribute('paywall-id');
    const service = this.service();
    if (!id || !service?.paywalls) return this.render();
    try {
      // Visitors may check access (which answers the paywall) but not read a paywall by id (readers only).
      const contentId = this.getAttribute('content-id');
      this.answer = contentId ? ((await service.paywalls.check(id, { publisherContentId: contentId, url: window.location.href })) as CheckAnswer) : undefined;
      this.paywall = this.answer?.paywall ?? ((await service.paywalls.get(id)) as PaywallShape);
    } catch {
      this.answer = undefined;
      this.paywall = undefined;
    }
    this.render();
  }

  /** Free reads left: the page's `remaining` attribute, else the check answer's. */
  private remaining(): number | null {
    const attribute = this.getAttribute('remaining');
    if (attribute !== null && attribute.trim() !== '' && Number.isFinite(Number(attribute))) return Number(attribute);
    return typeof this.answer?.remaining === 'number' ? this.answer.remaining : null;
  }

  private render() {
    const root = this.shadowRoot;
    if (!root) return;
    const locale = this.locale();
    const words = PAYWALL_STRINGS[locale];
    root.replaceChildren();
    const style = document.createElement('style');
    style.textContent = STYLE;
    root.append(style);
    const paywall = this.paywall;
    const leaky = (paywall as CheckAnswer['paywall'])?.settings?.leaky;
    const meterText = meterTextOf(this.remaining(), leaky, locale) ?? '';
    if (this.meter.textContent !== meterText) this.meter.textContent = meterText;
    this.setAttribute('data-remaining', String(this.remaining() ?? ''));
    const open = this.answer?.status === 'allowed';
    const box = element('section', open ? 'box meter-only' : 'box');
    box.setAttribute('aria-label', open ? meterText || words.keepReading : words.region);
    root.append(box);
    if (open) {
      box.hidden = meterText === '';
      box.append(this.meter);
      return;
    }
    if (!paywall) {
      box.append(element('p', '', words.forSubscribers));
      return;
    }
    applyVendorColour(this, paywall.mainColor ?? this.service()?.config?.theme?.color);
    box.append(element('h2', '', paywall.headline || words.keepReading));
    box.append(this.meter);
    const renews = renewalText(this.answer?.renewsAt, locale);
    if (renews && this.remaining() === 0) box.append(element('p', 'renews', renews));
    if (paywall.description) box.append(element('p', '', plain(paywall.description)));
    const options = element('ul', 'options');
    for (const option of paywall.subscriptions ?? []) options.append(this.option(option, paywall.currency, locale));
    box.append(options);
    if (paywall.showLoginButton) {
      const login = element('button', 'login', words.signIn) as HTMLButtonElement;
      login.type = 'button';
      login.addEventListener('click', () => this.service()?.auth?.loginWithRedirect());
      box.append(login);
    }
  }

  private option(option: PaywallSubscription, currency: string, locale: PaywallLocale) {
    const words = PAYWALL_STRINGS[locale];
    const item = element('li', 'option');
    item.append(element('strong', '', option.title));
    const price = priceText(option.discountPrice ?? option.price, currency, locale);
    item.append(element('div', 'price', `${price}${option.periodText ? ` ${option.periodText}` : ''}`));
    if (option.description) item.append(element('p', '', plain(option.description)));
    for (const feature of option.features ?? []) item.append(element('div', '', `✓ ${feature.join(' ')}`));
    const label = option.buttonText || words.choose;
    const buy = element('button', 'buy', label) as HTMLButtonElement;
    buy.type = 'button';
    buy.setAttribute('aria-label', `${label}: ${option.title}, ${price}`);
    buy.addEventListener('click', () => void this.buy(option));
    item.append(buy);
    return item;
  }

  private async buy(option: PaywallSubscription) {
    window.dispatchEvent(new CustomEvent('serviceJsPurchase', { detail: { source: 'paywall', sku: option.sku, purchaseOptionId: option.poId } }));
    const checkouts = this.service()?.checkouts;
    if (!checkouts) return;
    const attribution = paywallAttribution(this.paywall?.id ?? this.getAttribute('paywall-id'), this.getAttribute('content-id'), this.getAttribute('strategy-node-id'));
    const checkout = (await checkouts.create({
      items: [{ sku: option.sku, purchaseOptionId: option.poId }],
      redirectUrl: window.location.href,
      ...(attribution ? { attribution } : {}),
    })) as { checkoutUrl?: string };
    if (checkout.checkoutUrl) window.location.assign(checkout.checkoutUrl);
  }
}

function element(tag: string, className: string, text?: string): HTMLElement {
  const made = document.createElement(tag);
  if (className) made.className = className;
  if (text !== undefined) made.textContent = text;
  return made;
}
