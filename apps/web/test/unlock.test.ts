import { authApi } from '../src/auth';
import { lockedSelector, serviceTokenOf, unlockContent, UnlockDeps, unlockSources, usableSignedLink } from '../src/unlock';

describe('content.unlock: where the real content comes from', () => {
  const origin = 'https://daily.example.com';
  const link = `${origin}/harbour?service_token=eyJ.abc.def`;

  it('tries the manifest in the page, then a same-origin signed link, then the proxy for signed-in readers', () => {
    expect(unlockSources({ hasManifest: true, signedLink: link, pageOrigin: origin, signedIn: true })).toEqual(['capsule', 'signed-link', 'proxy']);
    expect(unlockSources({ hasManifest: false, signedLink: null, pageOrigin: origin, signedIn: false })).toEqual([]);
    expect(unlockSources({ hasManifest: false, signedLink: link, pageOrigin: origin, signedIn: false })).toEqual(['signed-link']);
    expect(unlockSources({ hasManifest: true, signedLink: link, pageOrigin: origin, signedIn: true }, 'proxy')).toEqual(['proxy']);
  });

  it('never fetches a signed link of another site or scheme with this page', () => {
    expect(usableSignedLink(link, origin)).toBe(link);
    expect(usableSignedLink('https://evil.example.net/x?service_token=t', origin)).toBeNull();
    expect(usableSignedLink('javascript:alert(1)', origin)).toBeNull();
    expect(usableSignedLink('not a url', origin)).toBeNull();
    expect(usableSignedLink(undefined, origin)).toBeNull();
  });

  it("hands the signed link's token to the capsule unlock, and names the locked part safely", () => {
    expect(serviceTokenOf(link)).toBe('eyJ.abc.def');
    expect(serviceTokenOf(`${origin}/x`)).toBeNull();
    expect(serviceTokenOf('::')).toBeNull();
    expect(lockedSelector('harbour')).toBe('[data-service-paywall="harbour"] [service-premium]');
    expect(lockedSelector('a"] , body [x="')).toBe('[data-service-paywall="a\\"] , body [x=\\""] [service-premium]');
  });
});

describe('content.unlock with a manifest in the page', () => {
  const deps = (overrides: Partial<UnlockDeps>): UnlockDeps => ({
    document: { querySelector: (selector: string) => (selector === 'script.dca-manifest' ? {} : null) } as unknown as Document,
    pageUrl: 'https://daily.example.com/archive',
    signedIn: async () => false,
    access: async () => ({ status: 'allowed', signedLink: 'https://daily.example.com/archive?service_token=tok' }),
    capsules: async () => [{ contentName: 'bodytext', opened: true }],
    proxy: async () => {
      throw new Error('the proxy is not asked');
    },
    fetch: (async () => {
      throw new Error('nothing is fetched');
    }) as typeof fetch,
    ...overrides,
  });

  it("opens the capsule with the signed link's token and stops there", async () => {
    const tokens: (string | null)[] = [];
    const result = await unlockContent('archive', deps({ capsules: async (token) => (tokens.push(token), [{ contentName: 'bodytext', opened: true }]) }));
    expect(result).toEqual({ contentId: 'archive', unlocked: true, source: 'capsule' });
    expect(tokens).toEqual(['tok']);
  });

  it('reports why when nothing opens, and a refused access leaves only the sources that need no grant', async () => {
    const locked = await unlockContent(
      'archive',
      deps({ access: async () => ({ status: 'blocked' }), capsules: async () => [{ contentName: 'bodytext', opened: false, reason: 'NO_KEY' }] }),
    );
    expect(locked).toEqual({ contentId: 'archive', unlocked: false, source: null, reason: 'NO_KEY' });
    const failing = await unlockContent('archive', deps({ access: async () => Promise.reject(new Error('offline')), capsules: async () => [] }));
    expect(failing.unlocked).toBe(false);
  });
});

describe('auth.getTokenSilently', () => {
  const realFetch = global.fetch;
  afterEach(() => {
    global.fetch = realFetch;
  });

  const auth = () =>
    authApi({ vendorId: 'daily', apiUrl: 'https://kiosk.example.com/', clientId: 'bc_daily' }, (async () => ({})) as never, { assign: () => undefined, href: () => 'https://daily.example.com/' }, new EventTarget());

  it('posts to the token route with the cookie session, and keeps the token until shortly before it expires', async () => {
    const calls: [string, RequestInit][] = [];
    global.fetch = (async (url: string, init: RequestInit) => {
      calls.push([url, init]);
      return new Response(JSON.stringify({ access_token: `t${calls.length}`, token_type: 'Bearer', expires_in: 3600, scope: 'openid' }), {
        headers: { 'content-type': 'application/json' },
      });
    }) as typeof fetch;
    const a = auth();
    expect(await a.getTokenSilently()).toBe('t1');
    expect(await a.getTokenSilently()).toBe('t1');
    expect(calls).toHaveLength(1);
    expect(calls[0][0]).toBe('https://kiosk.example.com/auth/bc_daily/token');
    expect(calls[0][1]).toMatchObject({ method: 'POST', credentials: 'include' });
    expect(await a.getTokenSilently({ cacheMode: 'off' })).toBe('t2');
    expect(await a.getTokenSilently({ detailedResponse: true })).toEqual({ access_token: 't2', expires_in: expect.any(Number), scope: 'openid' });
  });

  it('rejects with the problem when nobody is signed in', async () => {
    global.fetch = (async () =>
      new Response(JSON.stringify({ status: 401, code: 'AUTH.NO_SESSION', detail: 'this browser is not signed in at this site' }), {
        status: 401,
        headers: { 'content-type': 'application/problem+json' },
      })) as typeof fetch;
    await expect(auth().getTokenSilently()).rejects.toMatchObject({ status: 401, code: 'AUTH.NO_SESSION' });
  });
});
