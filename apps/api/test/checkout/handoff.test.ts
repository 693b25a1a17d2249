import { startTestApp, TestApp, uniqueId } from '../support/harness';
import { codeOf, givenJourney, sessionCookie } from './journey-support';
import { pagePath } from './support';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe('a visitor who pays is let in (the handoff after a purchase)', () => {
  it('the new reader: continue carries a one-time code, never a token; the code becomes the cookie session once; reads and checkouts merge', async () => {
    const j = await givenJourney(app);
    const visitor = j.visitor();
    expect(await j.read(visitor.auth, 'a1')).toMatchObject({ status: 'allowed', remaining: 2 });
    expect(await j.read(visitor.auth, 'a2')).toMatchObject({ status: 'allowed', remaining: 1 });
    const email = `${uniqueId('new')}@example.com`;
    const { checkoutId, checkoutUrl } = await j.visitorBuys(email, visitor);
    // An open checkout of the same visitor, to be claimed by the reader.
    const open = await app.http.post('/checkouts').set(visitor.auth).send({ items: [{ sku: 'news' }] });
    expect(open.status).toBe(201);

    const { res, location } = await j.continueFrom(checkoutUrl);
    expect(res.status).toBe(303);
    const target = new URL(location);
    expect(`${target.origin}${target.pathname}`).toBe(`${j.site}/article`);
    expect(target.searchParams.get('id')).toBe('7');
    expect(target.searchParams.get('checkoutId')).toBe(checkoutId);
    const code = codeOf(location)!;
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(location).not.toMatch(/eyJ|access_token/);
    // Stored hashed only.
    const [stored] = await app.runtime.database.db.query(`SELECT * FROM handoff_codes WHERE checkout_id = $1`, [checkoutId]);
    expect(stored.code_hash).not.toBe(code);
    expect(stored).toMatchObject({ vendor_id: j.vendorId, client_id: j.client.clientId, visitor_id: visitor.visitorId, used_at: null });

    const redeemed = await j.handoff(code);
    expect(redeemed.status).toBe(200);
    const [payer] = await app.runtime.database.db.query(`SELECT id FROM users WHERE vendor_id = $1 AND email = $2`, [j.vendorId, email]);
    expect(redeemed.body).toEqual({ authenticated: true, sub: payer.id, exp: expect.any(Number), scope: 'openid profile email' });
    expect(redeemed.headers['cache-control']).toBe('no-store');
    const cookie = sessionCookie(redeemed)!;
    expect(cookie).toBeTruthy();

    // The session answers a token at once, and it reads what was bought.
    const token = await app.http.post(`/auth/${j.client.clientId}/token`).set({ cookie, origin: j.site });
    expect(token.status).toBe(200);
    const bearer = { authorization: `Bearer ${token.body.access_token}` };
    const entitlements = await app.http.get('/entitlements').set(bearer);
    expect(entitlements.body).toEqual([expect.objectContaining({ sku: 'book', hasAccess: true })]);
    const info = await app.http.get('/auth/userinfo').set({ cookie });
    expect(info.body).toMatchObject({ authenticated: true, sub: payer.id });

    // The visitor's two reads went with them: one free article left for the reader.
    expect(await j.read(bearer, 'a3')).toMatchObject({ status: 'allowed', remaining: 0 });
    expect(await j.read(bearer, 'a4')).toMatchObject({ status: 'blocked' });
    // The visitor's open checkout is the reader's now.
    expect((await app.http.get(`/checkouts/${open.body.id}`).set(bearer)).status).toBe(200);
    expect((await app.http.get(`/checkouts/${open.body.id}`).set(visitor.auth)).status).toBe(404);

    // Single use: the replay is refused and sets nothing.
    const replay = await j.handoff(code);
    expect(replay.status).toBe(400);
    expect(replay.headers['content-type']).toContain('application/problem+json');
    expect(replay.body.code).toBe('AUTH.INVALID_HANDOFF');
    expect(sessionCookie(replay)).toBeNull();
  });

  it('a code expires after about a minute (the clock), and a garbage code or body is a 400 that sets nothing', async () => {
    const j = await givenJourney(app);
    const { checkoutUrl } = await j.visitorBuys(`${uniqueId('late')}@example.com`);
    const { location } = await j.continueFrom(checkoutUrl);
    app.clock.advance(61_000);
    const late = await j.handoff(codeOf(location)!);
    expect(late.status).toBe(400);
    expect(late.body.code).toBe('AUTH.INVALID_HANDOFF');
    expect(sessionCookie(late)).toBeNull();

    // Still within the hour after paying, "Continue" mints a fresh one that works.
    const again = await j.continueFrom(checkoutUrl);
    expect((await j.handoff(codeOf(again.location)!)).status).toBe(200);

    for (const code of ['garbage', 'A'.repeat(43), '']) {
      const res = await j.handoff(code);
      expect(res.status).toBe(400);
      expect(sessionCookie(res)).toBeNull();
    }
    const noBody = await app.http.post(`/auth/${j.client.clientId}/handoff`).set({ origin: j.site }).send({});
    expect(noBody.status).toBe(400);
    expect(noBody.headers['content-type']).toContain('application/problem+json');
  });

  it('a code works only at its own browser client, from one of its origins', async () => {
    const j = await givenJourney(app);
    const other = await givenJourney(app);
    const { checkoutUrl } = await j.visitorBuys(`${uniqueId('bound')}@example.com`);
    const code = codeOf((await j.continueFrom(checkoutUrl)).location)!;

    const foreignClient = await other.handoff(code);
    expect(foreignClient.status).toBe(400);
    const foreignOrigin = await j.handoff(code, 'https://evil.example.com');
    expect(foreignOrigin.status).toBe(403);
    const noOrigin = await app.http.post(`/auth/${j.client.clientId}/handoff`).send({ code });
    expect(noOrigin.status).toBe(403);
    const unknownClient = await j.handoff(code, j.site, 'bc_nobody_here');
    expect(unknownClient.status).toBe(404);
    for (const res of [foreignClient, foreignOrigin, noOrigin, unknownClient]) expect(sessionCookie(res)).toBeNull();
    // None of that spent it.
    expect((await j.handoff(code)).status).toBe(200);
  });

  it('an e-mail that already had an account: the purchase is on it, but continue signs nobody in', async () => {
    const j = await givenJourney(app);
    const email = `${uniqueId('known')}@example.com`;
    const user = await j.existingUser(email);
    const { checkoutUrl, checkoutId } = await j.visitorBuys(email);
    const { res, location } = await j.continueFrom(checkoutUrl);
    expect(res.status).toBe(303);
    expect(codeOf(location)).toBeNull();
    expect(new URL(location).searchParams.get('checkoutId')).toBe(checkoutId);
    expect(await app.runtime.database.db.query(`SELECT 1 FROM handoff_codes WHERE checkout_id = $1`, [checkoutId])).toEqual([]);
    const contracts = await app.runtime.database.db.query(`SELECT user_id FROM contracts WHERE vendor_id = $1 AND snapshot->'origin'->>'id' = $2`, [j.vendorId, checkoutId]);
    expect(contracts).toEqual([{ user_id: user.id }]);
  });

  it("a signed-in reader's checkout keeps its plain way back", async () => {
    const j = await givenJourney(app);
    const r = await j.reader();
    const created = await app.http.post('/checkouts').set(r.auth).send({ items: [{ sku: 'book' }], redirectUrl: `${j.site}/article` });
    await app.http.post(pagePath(created.body.checkoutUrl, '/pay')).type('form').send({ payment: 'embedded:card', cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' });
    const receipt = await app.http.get(pagePath(created.body.checkoutUrl, '/receipt'));
    expect(receipt.text).toContain(`${j.site}/article?checkoutId=${created.body.id}`);
    expect(receipt.text).not.toContain('/continue');
  });
});
