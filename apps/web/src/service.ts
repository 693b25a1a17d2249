import { resourceApi } from './api';
import { startAnalytics } from './analytics';
import { unlockCapsules } from './capsule';
import { authApi } from './auth';
import { ServiceConfig } from './config';
import { AccessAnswer, applyVisibility, protectContent } from './content';
import { detectArticles } from './detect';
import { emit, SERVICE_EVENTS } from './events';
import { makeCall } from './http';
import { applyTransforms } from './transforms';
import { readTriggers, Trigger, withoutTriggers } from './triggers';
import { unlockContent, UnlockSource } from './unlock';
import { visitorAuthorization, visitorId } from './visitor';

/** What the library needs of the browser, so the start-up can be driven in a test. */
export interface BrowserSurface {
  window: EventTarget;
  document: Document;
  location: { href: string; assign(url: string): void };
  history?: { replaceState(data: unknown, unused: string, url: string): void };
  storage?: { getItem(key: string): string | null; setItem(key: string, value: string): void };
  randomId: () => string;
}

/** The started library: the resource namespaces, `auth`, `content`, and the visitor. */
export async function startService(config: ServiceConfig, browser: BrowserSurface) {
  const visitor = visitorId(browser.storage, browser.randomId);
  const visitorHeader = () => (config.clientId && !auth.current()?.authenticated ? visitorAuthorization(config.clientId, visitor) : undefined);
  const call = makeCall(config.apiUrl, visitorHeader);
  const visitorCall: typeof call = (method, path, options = {}) => call(method, path, { ...options, asVisitor: true });
  const auth = authApi(config, call, { assign: (url) => browser.location.assign(url), href: () => browser.location.href }, browser.window, visitor);
  const resources = resourceApi(call, visitorCall);

  // Back from a paid checkout that made this reader: the one-time code becomes the cookie session.
  const handoff = takeHandoffCode(browser);
  if (handoff && config.clientId) await auth.redeemHandoff(handoff);
  const signedIn = await auth.isAuthenticated();
  if (signedIn) emit(browser.window, SERVICE_EVENTS.authenticated, { sub: auth.current()?.sub });
  // The purchase's checkout is the visitor's (it was paid before the sign-in): its wait is asked as the visitor.
  const purchaseCall: typeof call = config.clientId ? makeCall(config.apiUrl, () => visitorAuthorization(config.clientId!, visitor)) : visitorCall;
  await runTriggers(readTriggers(browser.location.href), auth, browser, visitor, resources, (path) => purchaseCall('GET', path, { asVisitor: true }));
  applyVisibility(browser.document, signedIn);
  const content = {
    /** Asks again for every protected element of the page (after a sign-in or purchase). */
    refresh: () => protectContent(browser.document, config.paywallId, resources.paywalls, browser.location.href),
    /** Opens the page's encrypted articles the reader may read (capsule manifests); a signed link's token grants its article. */
    unlockCapsules: (shareToken: string | null = null) => unlockCapsules(browser.document, config.apiUrl, fetch, shareToken),
    hasAccess: async (contentId: string) => {
      if (!config.paywallId) return false;
      const answer = (await resources.paywalls.check(config.paywallId, { publisherContentId: contentId, url: browser.location.href })) as { status: string };
      return answer.status === 'allowed';
    },
    /** The access answer for a content id (`POST /paywalls/{id}/access`: records a read as the paywall says). */
    access: async (contentId: string): Promise<AccessAnswer> => {
      if (!config.paywallId) return { status: 'blocked' };
      return (await resources.paywalls.access(config.paywallId, { publisherContentId: contentId, url: browser.location.href })) as AccessAnswer;
    },
    /** The articles of the page, found with the vendor's content selectors. */
    detect: () => detectArticles(browser.document, config.contentSelectors),
    /** Replaces the locked part of an article by the real content (capsule manifest, signed link, or the proxy). */
    unlock: (contentId: string, options: { source?: UnlockSource } = {}) =>
      unlockContent(
        contentId,
        {
          document: browser.document,
          pageUrl: browser.location.href,
          signedIn: () => auth.isAuthenticated(),
          access: (id) => content.access(id),
          capsules: (shareToken) => content.unlockCapsules(shareToken),
          proxy: (url, selector) => resources.proxy(url, selector),
          fetch: (input, init) => fetch(input, init),
        },
        options.source,
      ),
  };
  await content.refresh();
  if (config.transforms?.length) {
    applyTransforms(browser.document, config.transforms, {
      path: new URL(browser.location.href).pathname,
      signedIn,
      skus: new Set(await entitledSkus(signedIn, config.transforms, resources.entitlements)),
    });
  }
  startAnalytics(browser.window as Window, config.analytics, config.vendorId);
  if (browser.document.querySelector('script.dca-manifest')) await content.unlockCapsules();
  wireLinks(browser.document, auth, visitor);
  return { ...resources, auth: { ...auth, login: auth.loginWithRedirect }, content, visitorId: () => visitor, config };
}

export type StartedService = Awaited<ReturnType<typeof startService>>;

/**
 * Back from a completed checkout: hold the start-up until the purchase's
 * entitlement exists (the service answers as soon as it is granted, at most
 * its wait limit), so the page shows what was just bought.
 */
async function awaitPurchase(checkoutId: string, resources: ReturnType<typeof resourceApi>, target: EventTarget, asVisitor: (path: string) => Promise<unknown>) {
  type Seen = { status?: string; createdAt?: string } | null;
  const checkout = ((await resources.checkouts.get(checkoutId).catch(() => null)) ??
    (await asVisitor(`/checkouts/${encodeURIComponent(checkoutId)}`).catch(() => null))) as Seen;
  if (checkout?.status !== 'COMPLETED' || !checkout.createdAt) return;
  await resources.entitlements.list({ 'wait-for-entitlement-after': justBefore(checkout.createdAt) }).catch(() => undefined);
  emit(target, SERVICE_EVENTS.purchase, { source: 'checkout', checkoutId });
}

/**
 * A millisecond before `moment`: the purchase's entitlement is made at or after
 * its checkout's creation, and the service waits for one strictly after the
 * time it is given. On a test-mode vendor whose test clock stands still both
 * carry the same time, and asking "after the checkout" would hold the page
 * for the service's whole wait limit.
 */
function justBefore(moment: string): string {
  const time = Date.parse(moment);
  return Number.isNaN(time) ? moment : new Date(time - 1).toISOString();
}

/** The skus a signed-in reader holds, read only when a transform asks about entitlements. */
async function entitledSkus(signedIn: boolean, rules: NonNullable<ServiceConfig['transforms']>, entitlements: ReturnType<typeof resourceApi>['entitlements']) {
  if (!signedIn || !rules.some((rule) => rule.entitlement)) return [];
  const held = (await entitlements.list().catch(() => [])) as { sku?: string }[];
  return held.map((e) => e.sku).filter((sku): sku is string => typeof sku === 'string');
}

/** The handoff code of the address (`kiosk_handoff`), taken out of the address bar at once (it must not linger in history or referrers). */
export const HANDOFF_PARAMETER = 'kiosk_handoff';
function takeHandoffCode(browser: BrowserSurface): string | null {
  let url: URL;
  try {
    url = new URL(browser.location.href);
  } catch {
    return null;
  }
  const code = url.searchParams.get(HANDOFF_PARAMETER);
  if (code === null) return null;
  url.searchParams.delete(HANDOFF_PARAMETER);
  browser.history?.replaceState(null, '', url.toString());
  return code.length > 0 && code.length <= 128 ? code : null;
}

async function runTriggers(
  triggers: Trigger[],
  auth: ReturnType<typeof authApi>,
  browser: BrowserSurface,
  visitor: string,
  resources: ReturnType<typeof resourceApi>,
  asVisitor: (path: string) => Promise<unknown>,
) {
  if (triggers.length === 0) return;
  browser.history?.replaceState(null, '', withoutTriggers(browser.location.href));
  for (const trigger of triggers) {
    if (trigger.kind === 'access-token') await auth.setToken(trigger.value).catch(() => undefined);
    if (trigger.kind === 'refresh') emit(browser.window, SERVICE_EVENTS.clearCache);
    if (trigger.kind === 'login' && !(await auth.isAuthenticated())) auth.loginWithRedirect({ visitorId: visitor });
    if (trigger.kind === 'checkout-return') await awaitPurchase(trigger.checkoutId, resources, browser.window, asVisitor);
    if (trigger.kind === 'purchase') emit(browser.window, SERVICE_EVENTS.purchase, { source: 'trigger', sku: trigger.sku, purchaseOptionId: trigger.purchaseOptionId });
  }
}

/** `service-link="login"|"logout"|"account"` elements act on click (and keep working as links without script). */
function wireLinks(document: Document, auth: ReturnType<typeof authApi>, visitor: string) {
  for (const element of document.querySelectorAll<HTMLElement>('[service-link]')) {
    const kind = element.getAttribute('service-link');
    element.addEventListener('click', (event) => {
      if (kind === 'login') {
        event.preventDefault();
        auth.loginWithRedirect({ visitorId: visitor });
      } else if (kind === 'logout') {
        event.preventDefault();
        auth.logout();
      }
    });
  }
}
