import { ContentView, contentView } from './content-view';
import { CONTENT_STRINGS } from './login-content-text';
import { languageOf } from './reader-language';
import { applyVendorColour, element, follow, service, styleElement } from './shared';

const STYLE = `
.paywall { margin-top: 16px; }
`;

/**
 * `<service-content content-id="...">` wraps one piece of protected content:
 *
 * ```html
 * <service-content content-id="harbour">
 *   <p slot="teaser">The first paragraph, free for everyone.</p>
 *   <div slot="premium">The rest of the story.</div>
 * </service-content>
 * ```
 *
 * It asks `window.service.content.access` (entitlement, signed link or the
 * leaky allowance decide) and shows the premium slot when allowed, the
 * teaser and a `<service-paywall>` when blocked. A sign-in or a purchase
 * (`serviceJsAuthenticated`, `serviceJsPurchase`) and a sign-out ask again.
 * The answer is on the element as `access="allowed|blocked"` and in a
 * `service-content-access` event. `paywall-id` overrides the configured
 * paywall.
 */
export class ServiceContent extends HTMLElement {
  static get observedAttributes() {
    return ['content-id', 'paywall-id'];
  }

  private stop: (() => void) | undefined;
  private asking = 0;
  private readonly parts = {
    teaser: element('div', 'teaser'),
    premium: element('div', 'premium'),
    paywall: element('div', 'paywall'),
    status: element('p', 'sr-only'),
  };

  connectedCallback() {
    if (!this.shadowRoot) {
      const root = this.attachShadow({ mode: 'open' });
      const teaserSlot = element('slot');
      teaserSlot.name = 'teaser';
      const premiumSlot = element('slot');
      premiumSlot.name = 'premium';
      this.parts.teaser.append(teaserSlot);
      this.parts.premium.append(premiumSlot, element('slot'));
      this.parts.status.setAttribute('role', 'status');
      root.append(styleElement(STYLE), this.parts.teaser, this.parts.premium, this.parts.paywall, this.parts.status);
    }
    this.show(contentView(null));
    this.stop = follow(['serviceJsAuthenticated', 'serviceJsPurchase', 'serviceJsLogout'], () => void this.load());
  }

  disconnectedCallback() {
    this.stop?.();
  }

  attributeChangedCallback(_name: string, before: string | null, after: string | null) {
    if (this.isConnected && before !== after && this.stop) void this.load();
  }

  /** Asks again (the page may call it after its own changes). */
  async load(): Promise<ContentView> {
    const contentId = this.getAttribute('content-id');
    const content = service()?.content;
    if (!contentId || !content?.access) return this.show(contentView({ status: 'blocked' }));
    applyVendorColour(this, service()?.config?.theme?.color);
    const ask = ++this.asking;
    const answer = await content.access(contentId).catch(() => ({ status: 'blocked' }));
    // A later question (another event meanwhile) wins.
    if (ask !== this.asking) return contentView(answer);
    return this.show(contentView(answer));
  }

  private show(view: ContentView): ContentView {
    this.parts.teaser.hidden = !view.teaser;
    this.parts.premium.hidden = !view.premium;
    this.parts.paywall.hidden = !view.paywall;
    if (view.state === 'loading') this.removeAttribute('access');
    else this.setAttribute('access', view.state);
    if (view.paywall) this.showPaywall(view.remaining);
    else this.parts.paywall.replaceChildren();
    const words = CONTENT_STRINGS[languageOf(this, service()?.config as { locale?: unknown; defaultLanguage?: unknown } | undefined)];
    this.parts.status.textContent = view.state === 'allowed' ? words.allowed : view.state === 'blocked' ? words.blocked : '';
    if (view.state !== 'loading') this.dispatchEvent(new CustomEvent('service-content-access', { detail: view, bubbles: true, composed: true }));
    return view;
  }

  private showPaywall(remaining: number | undefined) {
    const paywallId = this.getAttribute('paywall-id') || service()?.config?.paywallId;
    if (!paywallId) return;
    let wall = this.parts.paywall.querySelector('service-paywall');
    if (!wall) {
      wall = document.createElement('service-paywall');
      this.parts.paywall.append(wall);
    }
    if (remaining !== undefined) wall.setAttribute('remaining', String(remaining));
    wall.setAttribute('content-id', this.getAttribute('content-id') ?? '');
    if (wall.getAttribute('paywall-id') !== paywallId) wall.setAttribute('paywall-id', paywallId);
  }
}
