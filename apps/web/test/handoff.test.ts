import { SERVICE_EVENTS } from '../src/events';
import { startService } from '../src/service';

/**
 * The return from a paid checkout that made the reader (DESIGN.md 6, "From
 * payment to reading"): the library exchanges `kiosk_handoff` for the
 * cookie session before anything else, takes it out of the address bar,
 * and the page starts signed in.
 */
describe('the handoff after a purchase', () => {
  const realFetch = global.fetch;
  afterEach(() => {
    global.fetch = realFetch;
  });

  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  function browser(href: string) {
    const target = new EventTarget();
    const events: { type: string; detail: unknown }[] = [];
    for (const type of [SERVICE_EVENTS.authenticated, SERVICE_EVENTS.purchase]) {
      target.addEventListener(type, (e) => events.push({ type, detail: (e as CustomEvent).detail }));
    }
    const location = { href, assign: (url: string) => void (location.href = url) };
    const replaced: string[] = [];
    const document = { querySelector: () => null, querySelectorAll: () => [] } as unknown as Document;
    return {
      events,
      replaced,
      location,
      surface: {
        window: target,
        document,
        location,
        history: { replaceState: (_d: unknown, _u: string, url: string) => void (replaced.push(url), (location.href = url)) },
        randomId: () => 'visitor-0123456789',
      },
    };
  }

  const config = { vendorId: 'daily', apiUrl: 'https://kiosk.example.com', clientId: 'bc_daily' };

  it('posts the code once, removes it from the address, starts signed in, and getTokenSilently answers at once', async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    let signedIn = false;
    global.fetch = (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      const path = new URL(url).pathname;
      if (path === '/auth/bc_daily/handoff') {
        signedIn = true;
        return json({ authenticated: true, sub: 'u-1', exp: 2_000_000_000, scope: 'openid profile email' });
      }
      if (path === '/auth/userinfo') return json(signedIn ? { authenticated: true, sub: 'u-1' } : { authenticated: false });
      if (path === '/auth/bc_daily/token') return signedIn ? json({ access_token: 'at-1', token_type: 'Bearer', expires_in: 3600, scope: 'openid' }) : json({ status: 401 }, 401);
      if (path === '/checkouts/co-1') {
        // The purchase's checkout is the visitor's: asked with the visitor's Basic credentials.
        const auth = (init.headers as Record<string, string>).authorization ?? '';
        return auth.startsWith('Basic ') ? json({ id: 'co-1', status: 'COMPLETED', createdAt: '2026-01-01T00:00:00Z' }) : json({ status: 404 }, 404);
      }
      if (path === '/entitlements') return json([{ sku: 'book', hasAccess: true }]);
      return json({ status: 404 }, 404);
    }) as typeof fetch;

    const b = browser('https://daily.example.com/article?id=7&checkoutId=co-1&kiosk_handoff=abcDEF123_-');
    const service = await startService(config, b.surface);

    const handoffs = calls.filter((c) => c.url === 'https://kiosk.example.com/auth/bc_daily/handoff');
    expect(handoffs).toHaveLength(1);
    expect(handoffs[0].init).toMatchObject({ method: 'POST', credentials: 'include', body: JSON.stringify({ code: 'abcDEF123_-' }) });
    expect(b.replaced[0]).toBe('https://daily.example.com/article?id=7&checkoutId=co-1');
    expect(b.location.href).toBe('https://daily.example.com/article?id=7');
    expect(calls.some((c) => c.url.includes('kiosk_handoff') || String(c.init.body ?? '').includes('kiosk_handoff'))).toBe(false);
    expect(b.events.filter((e) => e.type === SERVICE_EVENTS.authenticated)).toEqual([{ type: SERVICE_EVENTS.authenticated, detail: { sub: 'u-1' } }]);
    expect(b.events.some((e) => e.type === SERVICE_EVENTS.purchase)).toBe(true);
    // The page waits for the purchase's entitlement made at or after the checkout's creation: a test-mode
    // vendor's test clock may stand still, giving both the same time, and "strictly after" would never come.
    const waits = calls.filter((c) => new URL(c.url).pathname === '/entitlements').map((c) => new URL(c.url).searchParams.get('wait-for-entitlement-after'));
    expect(waits).toEqual(['2025-12-31T23:59:59.999Z']);
    expect(await service.auth.isAuthenticated()).toBe(true);
    expect(await service.auth.getTokenSilently()).toBe('at-1');
  });

  it('a refused code leaves the page signed out, without the code in the address', async () => {
    global.fetch = (async (url: string) => {
      const path = new URL(url).pathname;
      if (path === '/auth/bc_daily/handoff') return json({ status: 400, code: 'AUTH.INVALID_HANDOFF' }, 400);
      if (path === '/auth/userinfo') return json({ authenticated: false });
      return json({ status: 404 }, 404);
    }) as typeof fetch;
    const b = browser('https://daily.example.com/article?kiosk_handoff=used-already');
    const service = await startService(config, b.surface);
    expect(b.location.href).toBe('https://daily.example.com/article');
    expect(await service.auth.isAuthenticated()).toBe(false);
    expect(b.events.filter((e) => e.type === SERVICE_EVENTS.authenticated)).toEqual([]);
  });
});
