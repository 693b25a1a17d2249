import { CreateVendor } from '@kiosk/domain/catalog';
import { CreateManagedUser, IssueUserToken, RegisterBrowserClient } from '@kiosk/domain/identity';
import { decodeJwt } from 'jose';
import { IDENTITY } from '../../src/identity/identity.module';
import { TOKENS } from '../../src/platform/tokens';
import { startListeningApp } from '../support/harness';
import { CookieJar } from './cookie-jar';

let app: Awaited<ReturnType<typeof startListeningApp>>;
beforeAll(async () => {
  app = await startListeningApp();
});
afterAll(() => app.close());

const SITE = 'https://token.example.com';

/** A vendor with a browser client for SITE, and a browser holding that client's cookie session. */
async function givenSignedInBrowser() {
  const c = app.runtime.container;
  const v = { vendorId: `tok${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}` };
  await c.get(CreateVendor).execute({ id: v.vendorId, name: 'Token vendor', domains: ['token.example.com'] });
  const client = await c
    .get(RegisterBrowserClient)
    .execute({ vendorId: v.vendorId, name: 'Token site', redirectUris: [`${SITE}/after`], allowedOrigins: [SITE] });
  const readers = new CreateManagedUser(c.get(IDENTITY.Users), c.get(TOKENS.Ids), c.get(TOKENS.Clock));
  const user = await readers.execute({ vendorId: v.vendorId, email: `reader-${Date.now()}@token.example.com` });
  const token = (await c.get(IssueUserToken).execute({ vendorId: v.vendorId, userId: user.id })).accessToken;
  const jar = new CookieJar();
  const made = await jar.fetch(`${app.baseUrl}/auth/${client.clientId}/session`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  expect(made.status).toBe(200);
  return { ...v, clientId: client.clientId, userId: user.id, token, jar };
}

describe('POST /auth/{clientId}/token: the bearer token of the cookie session (auth.getTokenSilently)', () => {
  it("answers the session's access token, uncached, to the site's own origin and to a request without Origin", async () => {
    const site = await givenSignedInBrowser();
    for (const headers of [{ origin: SITE }, {}] as Record<string, string>[]) {
      const res = await site.jar.fetch(`${app.baseUrl}/auth/${site.clientId}/token`, { method: 'POST', headers });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const body = (await res.json()) as { access_token: string; token_type: string; expires_in: number; scope: string };
      expect(body).toEqual({ access_token: site.token, token_type: 'Bearer', expires_in: expect.any(Number), scope: 'openid profile email' });
      const exp = decodeJwt(site.token).exp!;
      expect(body.expires_in).toBeGreaterThan(0);
      expect(body.expires_in).toBeLessThanOrEqual(exp - Math.floor(app.clock.now().getTime() / 1000));
    }
    // The token works as a bearer token on the reader routes.
    const profile = await fetch(`${app.baseUrl}/vendor`, { headers: { authorization: `Bearer ${site.token}` } });
    expect(profile.status).toBe(200);
  });

  it('refuses another origin with 403, no session or another client with 401, an unknown client with 404: all problem+json, never cached', async () => {
    const site = await givenSignedInBrowser();
    const ask = (clientId: string, jar: CookieJar | null, headers: Record<string, string> = {}) =>
      (jar ? jar.fetch.bind(jar) : fetch)(`${app.baseUrl}/auth/${clientId}/token`, { method: 'POST', headers: { accept: 'application/json', ...headers } });

    const foreign = await ask(site.clientId, site.jar, { origin: 'https://evil.example.net' });
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get('content-type')).toContain('application/problem+json');
    expect(foreign.headers.get('cache-control')).toBe('no-store');
    const foreignBody = (await foreign.json()) as { code: string; access_token?: string };
    expect(foreignBody.code).toBe('AUTH.ORIGIN_NOT_ALLOWED');
    expect(JSON.stringify(foreignBody)).not.toContain(site.token);

    const anonymous = await ask(site.clientId, null, { origin: SITE });
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as { code: string }).code).toBe('AUTH.NO_SESSION');
    expect(anonymous.headers.get('cache-control')).toBe('no-store');

    // The same vendor's other site: the session belongs to the first client.
    const other = await app.runtime.container
      .get(RegisterBrowserClient)
      .execute({ vendorId: site.vendorId, name: 'Other site', redirectUris: [`${SITE}/other`], allowedOrigins: [SITE] });
    const otherClient = await ask(other.clientId, site.jar, { origin: SITE });
    expect(otherClient.status).toBe(401);

    const unknown = await ask('no-such-client', site.jar);
    expect(unknown.status).toBe(404);
    const hostile = await ask('%00%2F..', site.jar);
    expect([400, 404]).toContain(hostile.status);

    // A GET is not the route (a link or image cannot fetch the token).
    const get = await site.jar.fetch(`${app.baseUrl}/auth/${site.clientId}/token`);
    expect(get.status).toBe(404);
  });
});
