import { MergeVisitorReads } from '@kiosk/domain/paywalls';
import { startTestApp, TestApp } from '../support/harness';
import { basic, givenPaywallVendor, publicOf } from './support';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const readsOf = (vendorId: string) =>
  app.runtime.database.db.query(`SELECT reader_key, content_id FROM paywall_reads WHERE vendor_id = $1 ORDER BY read_at, content_id`, [vendorId]);

describe('POST /paywalls/{paywallId}/access and /access/check', () => {
  it('counts distinct contents in a rolling window; re-reads are free; check records nothing', async () => {
    const v = await givenPaywallVendor(app);
    const paywall = await v.leakyPaywall(2, 1);
    const visitor = v.visitor('visitor-window-1');
    const access = (id: string) => app.http.post(`/paywalls/${paywall.id}/access`).set(visitor).send({ publisherContentId: id, url: `https://news.example.com/${id}?a=1#top` });
    const check = (id: string) => app.http.post(`/paywalls/${paywall.id}/access/check`).set(visitor).send({ publisherContentId: id, url: `https://news.example.com/${id}` });

    const first = await access('a1');
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ status: 'allowed', signedLink: expect.any(String), remaining: 1, renewsAt: null });
    const link = new URL(first.body.signedLink);
    expect(`${link.origin}${link.pathname}`).toBe('https://news.example.com/a1');
    expect(link.searchParams.get('a')).toBe('1');
    expect(link.hash).toBe('#top');
    expect(link.searchParams.get('service_token')).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

    expect((await access('a1')).body).toMatchObject({ status: 'allowed', remaining: 1 });
    expect((await check('a2')).body).toEqual({ status: 'allowed', remaining: 0, paywall: expect.objectContaining({ id: paywall.id }), renewsAt: null });
    expect((await check('a2')).body.status).toBe('allowed');
    expect(await readsOf(v.vendorId)).toEqual([{ reader_key: 'visitor:visitor-window-1', content_id: 'a1' }]);
    expect((await access('a2')).body).toMatchObject({ status: 'allowed', remaining: 0 });
    const blocked = await access('a3');
    expect(blocked.status).toBe(200);
    // The allowance renews when the oldest read of the window (a1) is an hour (the window) old.
    const [oldest] = (await app.runtime.database.db.query(`SELECT min(read_at) AS at FROM paywall_reads WHERE vendor_id = $1`, [v.vendorId])) as { at: Date }[];
    const renewsAt = new Date(new Date(oldest.at).getTime() + 3_600_000).toISOString();
    expect(blocked.body).toEqual({ status: 'blocked', remaining: 0, paywall: publicOf(paywall), renewsAt });
    const checked = await check('a3');
    expect(checked.body).toEqual({ status: 'blocked', remaining: 0, paywall: publicOf(paywall), renewsAt });
    expect((await check('a1')).body).toMatchObject({ status: 'allowed', remaining: 0 });
    expect((await access('a2')).body).toMatchObject({ status: 'allowed', remaining: 0 });
    expect(await readsOf(v.vendorId)).toHaveLength(2);

    // Another visitor has its own allowance.
    const other = await app.http.post(`/paywalls/${paywall.id}/access`).set(v.visitor('visitor-window-2')).send({ publisherContentId: 'a3', url: 'https://news.example.com/a3' });
    expect(other.body).toMatchObject({ status: 'allowed', remaining: 1 });

    // A read exactly periodInHours old has expired; one minute short of it has not.
    app.clock.advance(59 * 60_000);
    expect((await access('a3')).body.status).toBe('blocked');
    app.clock.advance(60_000);
    expect((await access('a3')).body).toMatchObject({ status: 'allowed', remaining: 1 });
    expect((await access('a1')).body).toMatchObject({ status: 'allowed', remaining: 0 });
    expect((await access('a2')).body.status).toBe('blocked');
  });

  it('counts a signed-in reader under its user id, apart from visitors', async () => {
    const v = await givenPaywallVendor(app);
    const paywall = await v.leakyPaywall(1);
    const reader = await v.reader();
    const res = await app.http.post(`/paywalls/${paywall.id}/access`).set(reader.auth).send({ publisherContentId: 'x1', url: 'https://news.example.com/x1' });
    expect(res.body).toMatchObject({ status: 'allowed', remaining: 0 });
    expect(await readsOf(v.vendorId)).toEqual([{ reader_key: `user:${reader.userId}`, content_id: 'x1' }]);
    const token = new URL(res.body.signedLink).searchParams.get('service_token');
    const verified = await app.http.post(`/capsule/vendors/${v.vendorId}/verify`).send({ token });
    expect(verified.body.payload).toMatchObject({ userId: reader.userId, contentId: 'x1' });
  });

  it("merges a visitor's reads into the user on sign-in (the ledger's mergeReader), idempotently", async () => {
    const v = await givenPaywallVendor(app);
    const paywall = await v.leakyPaywall(3);
    const reader = await v.reader();
    const visitor = v.visitor('visitor-merge-1');
    for (const id of ['m1', 'm2']) {
      await app.http.post(`/paywalls/${paywall.id}/access`).set(visitor).send({ publisherContentId: id, url: `https://n.example.com/${id}` });
    }
    await app.http.post(`/paywalls/${paywall.id}/access`).set(reader.auth).send({ publisherContentId: 'm2', url: 'https://n.example.com/m2' });
    const merge = app.runtime.container.get(MergeVisitorReads);
    await merge.execute({ vendorId: v.vendorId, visitorId: 'visitor-merge-1', userId: reader.userId });
    await merge.execute({ vendorId: v.vendorId, visitorId: 'visitor-merge-1', userId: reader.userId });
    const access = (id: string) => app.http.post(`/paywalls/${paywall.id}/access`).set(reader.auth).send({ publisherContentId: id, url: `https://n.example.com/${id}` });
    expect((await access('m1')).body).toMatchObject({ status: 'allowed', remaining: 1 });
    expect((await access('m3')).body).toMatchObject({ status: 'allowed', remaining: 0 });
    expect((await access('m4')).body.status).toBe('blocked');
    // The visitor keeps its own reads.
    expect((await app.http.post(`/paywalls/${paywall.id}/access/check`).set(visitor).send({ publisherContentId: 'm5', url: 'https://n.example.com/m5' })).body).toMatchObject({ status: 'allowed', remaining: 0 });
  });

  it('answers a signed link the capsule verify route accepts, with the vendor tier per grant', async () => {
    const v = await givenPaywallVendor(app);
    const paywall = await v.leakyPaywall(3);
    expect((await app.http.get('/management/paywall-link-tiers').set(v.read)).body).toEqual({ metered: 'premium', entitled: 'premium' });
    const url = 'https://news.example.com/story?x=1';
    const res = await app.http.post(`/paywalls/${paywall.id}/access`).set(v.visitor('visitor-link-1')).send({ publisherContentId: 'story-1', url });
    const token = new URL(res.body.signedLink).searchParams.get('service_token');
    const verified = await app.http.post(`/capsule/vendors/${v.vendorId}/verify`).send({ token });
    expect(verified.status).toBe(200);
    const iat = Math.floor(app.clock.now().getTime() / 1000);
    expect(verified.body).toEqual({
      valid: true,
      message: 'token is valid',
      payload: {
        iss: v.vendorId,
        tier: 'premium',
        contentId: 'story-1',
        tid: expect.any(String),
        url,
        userId: '',
        iat,
        exp: iat + 3600,
        maxUses: 10,
        meta: { paywallId: paywall.id, reason: 'free_read', grant: 'metered', reader: 'visitor' },
      },
    });
    // Another vendor's verify route does not accept it: a vendor without keys is unknown, one with keys refuses the kid.
    const other = await givenPaywallVendor(app);
    expect((await app.http.post(`/capsule/vendors/${other.vendorId}/verify`).send({ token })).body).toMatchObject({ status: 404, code: 'CAPSULE.VENDOR_NOT_FOUND' });
    const otherPaywall = await other.leakyPaywall(1);
    await app.http.post(`/paywalls/${otherPaywall.id}/access`).set(other.visitor()).send({ publisherContentId: 'o', url });
    expect((await app.http.post(`/capsule/vendors/${other.vendorId}/verify`).send({ token })).body).toEqual({
      valid: false,
      message: 'token is signed by an unknown key',
      payload: null,
    });

    const tiers = await app.http.put('/management/paywall-link-tiers').set(v.write).send({ metered: 'metered-read' });
    expect(tiers.body).toEqual({ metered: 'metered-read', entitled: 'premium' });
    expect((await app.http.put('/management/paywall-link-tiers').set(v.write).send({ entitled: 'bad tier!' })).body).toMatchObject({ status: 400, code: 'PAYWALL.BAD_LINK_TIER' });
    expect((await app.http.put('/management/paywall-link-tiers').set(v.read).send({ entitled: 'x' })).status).toBe(403);
    const again = await app.http.post(`/paywalls/${paywall.id}/access`).set(v.visitor('visitor-link-1')).send({ publisherContentId: 'story-1', url });
    const second = await app.http.post(`/capsule/vendors/${v.vendorId}/verify`).send({ token: new URL(again.body.signedLink).searchParams.get('service_token') });
    expect(second.body.payload).toMatchObject({ tier: 'metered-read', meta: { reason: 'already_read' } });
  });

  it('allows an entitled reader without spending a read, with the entitled tier', async () => {
    const v = await givenPaywallVendor(app);
    const paywall = await v.leakyPaywall(1);
    await app.http.put('/management/paywall-link-tiers').set(v.write).send({ entitled: 'subscriber' });
    const reader = await v.entitledReader('bought-article');
    const access = (id: string) => app.http.post(`/paywalls/${paywall.id}/access`).set(reader.auth).send({ publisherContentId: id, url: `https://news.example.com/${id}` });
    for (let i = 0; i < 3; i += 1) {
      const res = await access('bought-article');
      expect(res.body).toEqual({ status: 'allowed', signedLink: expect.any(String), remaining: 1, renewsAt: null });
      const token = new URL(res.body.signedLink).searchParams.get('service_token');
      const verified = await app.http.post(`/capsule/vendors/${v.vendorId}/verify`).send({ token });
      expect(verified.body.payload).toMatchObject({ tier: 'subscriber', userId: reader.userId, meta: { grant: 'entitled', reason: 'entitled' } });
    }
    expect(await readsOf(v.vendorId)).toEqual([]);
    expect((await app.http.post(`/paywalls/${paywall.id}/access/check`).set(reader.auth).send({ publisherContentId: 'bought-article', url: 'https://n.example.com/' })).body).toMatchObject({ status: 'allowed', remaining: 1 });
    // Other content still costs a read.
    expect((await access('free-one')).body).toMatchObject({ status: 'allowed', remaining: 0 });
    expect((await access('free-two')).body).toMatchObject({ status: 'blocked', remaining: 0 });
    expect((await access('bought-article')).body).toMatchObject({ status: 'allowed', remaining: 0 });
  });

  it('blocks everyone but entitled readers when the allowance is off', async () => {
    const v = await givenPaywallVendor(app);
    const paywall = await v.createPaywall();
    const res = await app.http.post(`/paywalls/${paywall.id}/access`).set(v.visitor()).send({ publisherContentId: 'a', url: 'https://n.example.com/a' });
    // Nothing renews: the allowance is off.
    expect(res.body).toEqual({ status: 'blocked', remaining: 0, paywall: publicOf(paywall), renewsAt: null });
    expect(await readsOf(v.vendorId)).toEqual([]);
  });

  it('refuses malformed bodies and credentials with exact problems, recording nothing', async () => {
    const v = await givenPaywallVendor(app);
    const paywall = await v.leakyPaywall(5);
    const post = (body: unknown, headers: Record<string, string> = v.visitor()) =>
      app.http.post(`/paywalls/${paywall.id}/access`).set(headers).send(body as object);
    for (const [body, code] of [
      [{ publisherContentId: 'a', url: 'ftp://x.example/a' }, 'PAYWALL.BAD_ACCESS_REQUEST'],
      [{ publisherContentId: 'a', url: '/relative' }, 'PAYWALL.BAD_ACCESS_REQUEST'],
      [{ publisherContentId: 'a', url: 'javascript:alert(1)' }, 'PAYWALL.BAD_ACCESS_REQUEST'],
      [{ publisherContentId: '   ', url: 'https://x.example/a' }, 'PAYWALL.BAD_ACCESS_REQUEST'],
      [{ publisherContentId: 'a' }, 'REQUEST.INVALID'],
      [{ url: 'https://x.example/a' }, 'REQUEST.INVALID'],
      [{ publisherContentId: 'a'.repeat(257), url: 'https://x.example/a' }, 'REQUEST.INVALID'],
      [{ publisherContentId: 'a', url: `https://x.example/${'a'.repeat(2048)}` }, 'REQUEST.INVALID'],
      [{ publisherContentId: 7, url: 'https://x.example/a' }, 'REQUEST.INVALID'],
      [{ publisherContentId: 'a', url: 'https://x.example/a', extra: true }, 'REQUEST.INVALID'],
      [[1, 2], 'REQUEST.INVALID'],
    ] as const) {
      const res = await post(body);
      expect([res.status, res.body.code]).toEqual([400, code]);
    }
    const malformed = await app.http.post(`/paywalls/${paywall.id}/access`).set(v.visitor()).set('Content-Type', 'application/json').send('{');
    expect([malformed.status, malformed.body.code]).toEqual([400, 'REQUEST.MALFORMED_BODY']);
    const ok = { publisherContentId: 'a', url: 'https://x.example/a' };
    expect((await post(ok, {})).status).toBe(401);
    expect((await post(ok, basic('client_unknown000000000000000000', 'visitor-12345'))).body.code).toBe('AUTH.BAD_VISITOR');
    expect((await post(ok, { Authorization: 'Basic %%%' })).body.code).toBe('AUTH.BAD_VISITOR');
    expect((await post(ok, { Authorization: 'Bearer not-a-token' })).status).toBe(401);
    expect(await readsOf(v.vendorId)).toEqual([]);
  });
});
