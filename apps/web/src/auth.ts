import type { ServiceConfig } from './config';
import { emit, SERVICE_EVENTS } from './events';
import { Call, Problem, ServiceError } from './http';

const now = () => Date.now();
const detailed = (token: { value: string; until: number; scope: string }) => ({
  access_token: token.value,
  expires_in: Math.max(0, Math.floor((token.until - now()) / 1000)),
  scope: token.scope,
});

export interface SessionInfo {
  authenticated: boolean;
  sub?: string;
  exp?: number;
  scope?: string;
}

/**
 * Sign-in through the service's browser routes (interface 4.5): the tokens
 * stay server-side in HttpOnly cookies, so the page only ever learns
 * whether someone is signed in, and who.
 */
export function authApi(
  config: ServiceConfig,
  call: Call,
  page: { assign(url: string): void; href: () => string },
  target: EventTarget,
  /** This browser's visitor: signing in hands its free reads and checkouts to the reader. */
  visitorId?: string,
) {
  let session: SessionInfo | undefined;
  let token: { value: string; until: number; scope: string } | undefined;
  const base = config.apiUrl.replace(/\/+$/, '');
  const clientPath = () => {
    if (!config.clientId) throw new Error('service-js: no clientId is configured for sign-in');
    return `${base}/auth/${encodeURIComponent(config.clientId)}`;
  };
  const refresh = async (): Promise<SessionInfo> => {
    session = await call<SessionInfo>('GET', '/auth/userinfo').catch(() => ({ authenticated: false }));
    return session;
  };
  return {
    refresh,
    isAuthenticated: async () => (session ?? (await refresh())).authenticated,
    /** The signed-in reader's profile, or null. */
    getUser: async () => ((session ?? (await refresh())).authenticated ? call('GET', '/profile') : null),
    loginWithRedirect: (options: { returnTo?: string; uiLocales?: string; loginHint?: string; visitorId?: string } = {}) => {
      const url = new URL(`${clientPath()}/login`);
      url.searchParams.set('return_to', options.returnTo ?? page.href());
      if (options.uiLocales) url.searchParams.set('ui_locales', options.uiLocales);
      if (options.loginHint) url.searchParams.set('login_hint', options.loginHint);
      const visitor = options.visitorId ?? visitorId;
      if (visitor) url.searchParams.set('visitor_id', visitor);
      page.assign(url.toString());
    },
    logout: (options: { returnTo?: string; localOnly?: boolean } = {}) => {
      token = undefined;
      emit(target, SERVICE_EVENTS.logout);
      const url = new URL(`${clientPath()}/logout`);
      url.searchParams.set('return_to', options.returnTo ?? page.href());
      if (options.localOnly) url.searchParams.set('local_only', 'true');
      page.assign(url.toString());
    },
    /** Turns an access token the page holds (from `#access_token=` or the publisher's own sign-in) into the cookie session. */
    setToken: async (accessToken: string) => {
      const answer = await fetch(`${clientPath()}/session`, {
        method: 'POST',
        credentials: 'include',
        headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
      });
      if (!answer.ok) throw new Error(`service-js: the session was refused (${answer.status})`);
      session = (await answer.json()) as SessionInfo;
      if (session.authenticated) emit(target, SERVICE_EVENTS.authenticated, { sub: session.sub });
      return session;
    },
    /**
     * Exchanges the one-time handoff code the return from a paid checkout
     * carried (`kiosk_handoff`) for the cookie session
     * (`POST /auth/{clientId}/handoff`). Answers the session, or null when
     * the code was refused (used, expired, not for this site): the page
     * then stays signed out, as before.
     */
    redeemHandoff: async (code: string): Promise<SessionInfo | null> => {
      const answer = await fetch(`${clientPath()}/handoff`, {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ code }),
      }).catch(() => null);
      const body = answer?.ok ? ((await answer.json().catch(() => null)) as SessionInfo | null) : null;
      if (!body?.authenticated) return null;
      session = body;
      token = undefined;
      return session;
    },
    /**
     * A bearer access token of the cookie session, for pages that call APIs
     * with a token (`POST /auth/{clientId}/token`). Kept until shortly before
     * it expires; `{ cacheMode: 'off' }` asks again. Rejects with the problem
     * (401 when nobody is signed in).
     */
    getTokenSilently: async (options: { cacheMode?: 'on' | 'off'; detailedResponse?: boolean } = {}) => {
      if (options.cacheMode !== 'off' && token && token.until > now()) return options.detailedResponse ? detailed(token) : token.value;
      const answer = await fetch(`${clientPath()}/token`, { method: 'POST', credentials: 'include', headers: { accept: 'application/json' } });
      const body = (await answer.json().catch(() => null)) as { access_token?: string; expires_in?: number; scope?: string } & Partial<Problem>;
      if (!answer.ok || !body?.access_token) {
        token = undefined;
        throw new ServiceError({ ...(body ?? {}), status: answer.status } as Problem);
      }
      // A margin, so a token handed out is not about to expire.
      token = { value: body.access_token, until: now() + Math.max(0, (body.expires_in ?? 0) - 30) * 1000, scope: body.scope ?? '' };
      return options.detailedResponse ? detailed(token) : token.value;
    },
    current: () => session,
  };
}

export type AuthApi = ReturnType<typeof authApi>;
