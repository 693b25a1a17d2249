import { applyVendorColour } from './shared';

/**
 * `<service-paywall paywall-id="..." content-id="...">`: renders the public paywall shape
 * (interface 2.9) in shadow DOM: headline, description, subscriptions with
 * price and features, the login button and the leaky counter. A choice
 * dispatches `serviceJsPurchase` and, when `window.service` is ready, opens
 * the hosted checkout. Vendor HTML is shown as text (never injected), so a
 * paywall cannot run script on the publisher's page.
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

interface ServiceLike {
  paywalls?: {
    get(id: string): Promise<unknown>;
    check(id: string, body: { publisherContentId: string; url: string }): Promise<unknown>;
  };
  checkouts?: { create(body: Record<string, unknown>): Promise<unknown> };
  auth?: { loginWithRedirect(options?: Record<string, unknown>): void };
}

const plain = (html: string | undefined) => (html ?? '').replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
const money = (amount: number, currency: string) => `${amount.toFixed(2)} ${currency}`;

const STYLE = `
:host([hidden]) { display: none; }
:host { display: block; font: 16px/1.5 system-ui, sans-serif; color: #1a1a1a; --service-color: #1d4ed8; }
.box { border: 1px solid #d4d4d8; border-radius: 12px; padding: 20px; background: #fff; max-width: 640px; margin: 0 auto; }
h2 { margin: 0 0 8px; font-size: 1.35rem; }
ul.options { list-style: none; padding: 0; margin: 16px 0 0; display: grid; gap: 12px; }
li.option { border: 1px solid #e4e4e7; border-radius: 10px; padding: 14px; }
.price { font-weight: 700; }
button { font: inherit; cursor: pointer; border-radius: 8px; padding: 10px 16px; border: 2px solid var(--service-color); }
button.buy { background: var(--service-color); color: var(--service-on-color, #fff); width: 100%; margin-top: 10px; }
button.login { background: #fff; color: var(--service-color); margin-top: 14px; }
button:focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
.remaining { color: #52525b; font-size: .9rem; }
`;

export class ServicePaywall extends HTMLElement {
  static get observedAttributes() {
    return ['paywall-id', 'content-id', 'remaining'];
  }

  private paywall: PaywallShape | undefined;

  connectedCallback() {
    if (!this.shadowRoot) this.attachShadow({ mode: 'open' });
    void this.load();
  }

  attributeChangedCallback() {
    if (this.isConnected) void this.load();
  }

  private service(): ServiceLike | undefined {
    return (window as unknown as { service?: ServiceLike }).service;
  }

  private async load() {
    const id = this.getAttribute('paywall-id');
    const service = this.service();
    if (!id || !service?.paywalls) return this.render();
    try {
      // Visitors may check access (which answers the paywall) but not read a paywall by id (readers only).
      const contentId = this.getAttribute('content-id');
      const checked = contentId
        ? ((await service.paywalls.check(id, { publisherContentId: contentId, url: window.location.href })) as { paywall?: PaywallShape; remaining?: number })
        : undefined;
      if (checked?.remaining !== undefined && !this.hasAttribute('remaining')) this.setAttribute('remaining', String(checked.remaining));
      this.paywall = checked?.paywall ?? ((await service.paywalls.get(id)) as PaywallShape);
    } catch {
      this.paywall = undefined;
    }
    this.render();
  }

  private render() {
    const root = this.shadowRoot;
    if (!root) return;
    root.replaceChildren();
    const style = document.createElement('style');
    style.textContent = STYLE;
    root.append(style);
    const box = element('section', 'box');
    box.setAttribute('aria-label', 'Subscribe to keep reading');
    root.append(box);
    const paywall = this.paywall;
    if (!paywall) {
      box.append(element('p', '', 'This article is for subscribers.'));
      return;
    }
    applyVendorColour(this, paywall.mainColor ?? (window as unknown as { service?: { config?: { theme?: { color?: string } } } }).service?.config?.theme?.color);
    box.append(element('h2', '', paywall.headline || 'Keep reading'));
    if (paywall.description) box.append(element('p', '', plain(paywall.description)));
    const remaining = this.getAttribute('remaining');
    if (remaining !== null) box.append(element('p', 'remaining', `Free articles left: ${remaining}`));
    const options = element('ul', 'options');
    for (const option of paywall.subscriptions ?? []) options.append(this.option(option, paywall.currency));
    box.append(options);
    if (paywall.showLoginButton) {
      const login = element('button', 'login', 'Already a subscriber? Sign in') as HTMLButtonElement;
      login.type = 'button';
      login.addEventListener('click', () => this.service()?.auth?.loginWithRedirect());
      box.append(login);
    }
  }

  private option(option: PaywallSubscription, currency: string) {
    const item = element('li', 'option');
    item.append(element('strong', '', option.title));
    const price = option.discountPrice ?? option.price;
    item.append(element('div', 'price', `${money(price, currency)}${option.periodText ? ` ${option.periodText}` : ''}`));
    if (option.description) item.append(element('p', '', plain(option.description)));
    for (const feature of option.features ?? []) item.append(element('div', '', `✓ ${feature.join(' ')}`));
    const buy = element('button', 'buy', option.buttonText || 'Choose') as HTMLButtonElement;
    buy.type = 'button';
    buy.setAttribute('aria-label', `${option.buttonText || 'Choose'}: ${option.title}, ${money(price, currency)}`);
    buy.addEventListener('click', () => void this.buy(option));
    item.append(buy);
    return item;
  }

  private async buy(option: PaywallSubscription) {
    window.dispatchEvent(new CustomEvent('serviceJsPurchase', { detail: { source: 'paywall', sku: option.sku, purchaseOptionId: option.poId } }));
    const checkouts = this.service()?.checkouts;
    if (!checkouts) return;
    const checkout = (await checkouts.create({ items: [{ sku: option.sku, purchaseOptionId: option.poId }], redirectUrl: window.location.href })) as {
      checkoutUrl?: string;
    };
    if (checkout.checkoutUrl) window.location.assign(checkout.checkoutUrl);
  }
}

function element(tag: string, className: string, text?: string): HTMLElement {
  const made = document.createElement(tag);
  if (className) made.className = className;
  if (text !== undefined) made.textContent = text;
  return made;
}
