import { CookieJar } from '../identity/cookie-jar';
import { startListeningApp } from '../support/harness';
import { givenShop } from './support';

let app: Awaited<ReturnType<typeof startListeningApp>>;
beforeAll(async () => {
  app = await startListeningApp();
});
afterAll(() => app.close());

describe('a visitor checkout becomes the reader\'s on sign-in', () => {
  it('Basic visitor makes a checkout; after sign-in with that visitor id the cookie session reads it and the visitor no longer can', async () => {
    const v = await givenShop(app);
    const visitor = v.visitor('visitor-checkout-42');
    const json = { 'content-type': 'application/json' };
    const created = await fetch(`${app.baseUrl}/checkouts`, {
      method: 'POST',
      headers: { ...visitor.auth, ...json },
      body: JSON.stringify({ items: [{ sku: 'book' }] }),
    });
    expect(created.status).toBe(201);
    const checkout = (await created.json()) as { id: string; anonymousUserId: string };
    expect(checkout.anonymousUserId).toBe('visitor-checkout-42');

    const jar = new CookieJar();
    const start = await jar.follow(`${app.baseUrl}/auth/${v.client.clientId}/login?visitor_id=${visitor.visitorId}`);
    const signUp = await jar.fetch(`${start.url}/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: 'buyer@example.com', password: 'correct horse battery' }).toString(),
    });
    // Sign-up answers "check your e-mail" either way; the mailed link finishes it in this browser.
    expect(signUp.status).toBe(200);
    const [mail] = await app.runtime.database.db.query(
      `SELECT body FROM mail_messages WHERE to_address = $1 ORDER BY created_at DESC, id DESC LIMIT 1`,
      ['buyer@example.com'],
    );
    const link = /(http\S+\/oidc\/interaction\/\S+\/confirm\?token=\S+)/.exec(mail.body)![1];
    const confirmed = await jar.fetch(link, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' });
    expect(confirmed.status).toBe(303);
    await jar.follow(new URL(confirmed.headers.get('location')!, link).href, (url) => url.startsWith(`https://${v.vendorId}.example.com`));

    const asReader = await jar.fetch(`${app.baseUrl}/checkouts/${checkout.id}`);
    expect(asReader.status).toBe(200);
    expect(((await asReader.json()) as { anonymousUserId: string }).anonymousUserId).toBe('visitor-checkout-42');
    const asVisitor = await fetch(`${app.baseUrl}/checkouts/${checkout.id}`, { headers: visitor.auth });
    expect(asVisitor.status).toBe(404);
  });
});
