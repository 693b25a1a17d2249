import { bearer, givenVendor, startTestApp, TestApp } from '../support/harness';
import { givenReader } from './reader-support';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const tagsOf = (userId: string, token: string) => app.http.get(`/management/users/${userId}/tags`).set(bearer(token));
const talliesOf = (userId: string, token: string) => app.http.get(`/management/users/${userId}/tallies`).set(bearer(token));

describe('GET /management/users/{userId}/tags and /tallies', () => {
  it('answer [] and {} for a reader with none, then what the reader set through the reader routes', async () => {
    const v = await givenVendor(app);
    const read = await v.apiToken('read');
    const r = await givenReader(app, v.vendorId);

    let res = await tagsOf(r.userId, read);
    expect([res.status, res.body]).toEqual([200, []]);
    res = await talliesOf(r.userId, read);
    expect([res.status, res.body]).toEqual([200, {}]);

    expect((await app.http.post('/tags').set(r.auth).type('text/plain').send('  sports ')).body).toBe('sports');
    app.clock.advance(1_000);
    expect((await app.http.post('/tags').set(r.auth).type('text/plain').send('culture')).status).toBe(200);
    expect((await app.http.put('/tallies/read-articles').set(r.auth).send({ value: 'a-1' })).status).toBe(200);
    expect((await app.http.post('/tallies/read-articles/push').set(r.auth).send({ value: 'a-2' })).status).toBe(200);
    expect((await app.http.put('/tallies/offers-seen').set(r.auth).send({ value: 'spring', policies: { ttl: 60 } })).status).toBe(200);

    res = await tagsOf(r.userId, read);
    expect([res.status, res.body]).toEqual([200, ['sports', 'culture']]);
    expect(res.body).toEqual((await app.http.get('/tags').set(r.auth)).body);
    res = await talliesOf(r.userId, read);
    expect([res.status, res.body]).toEqual([200, { 'offers-seen': ['spring'], 'read-articles': ['a-1', 'a-2'] }]);
    expect(res.body).toEqual((await app.http.get('/tallies').set(r.auth)).body);

    // An expired tally is left out, as on the reader's own list; a removed tag is gone.
    app.clock.advance(61_000);
    expect((await talliesOf(r.userId, read)).body).toEqual({ 'read-articles': ['a-1', 'a-2'] });
    expect((await app.http.delete('/tags/sports').set(r.auth)).status).toBe(200);
    expect((await tagsOf(r.userId, read)).body).toEqual(['culture']);

    // Another reader of the same vendor has their own.
    const other = await givenReader(app, v.vendorId);
    expect((await tagsOf(other.userId, read)).body).toEqual([]);
    expect((await talliesOf(other.userId, read)).body).toEqual({});
  });

  it('need users:read (403); another vendor, an unknown id and an erased user are 404 USER.NOT_FOUND', async () => {
    const v = await givenVendor(app);
    const r = await givenReader(app, v.vendorId);
    await app.http.post('/tags').set(r.auth).type('text/plain').send('sports');

    const noScope = await v.apiToken('read', [], 'products:read');
    for (const res of [await tagsOf(r.userId, noScope), await talliesOf(r.userId, noScope)]) {
      expect([res.status, res.body.code]).toEqual([403, 'AUTH.INSUFFICIENT_SCOPE']);
      expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    }
    expect((await app.http.get(`/management/users/${r.userId}/tags`)).status).toBe(401);

    const other = await givenVendor(app);
    const otherRead = await other.apiToken('read');
    const read = await v.apiToken('read');
    for (const res of [
      await tagsOf(r.userId, otherRead),
      await talliesOf(r.userId, otherRead),
      await tagsOf('nobody', read),
      await talliesOf('nobody', read),
    ]) {
      expect([res.status, res.body.code, res.body.userId]).toEqual([404, 'USER.NOT_FOUND', expect.any(String)]);
      expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    }
    // The same answer as the user itself gives (but for the request id).
    const withoutRequestId = ({ requestId, ...body }: Record<string, unknown>) => (expect(requestId).toEqual(expect.any(String)), body);
    const user = await app.http.get(`/management/users/${r.userId}`).set(bearer(otherRead));
    const expected = {
      type: 'urn:kiosk:problem:user.not_found',
      title: 'Not Found',
      status: 404,
      detail: `no user ${r.userId}`,
      code: 'USER.NOT_FOUND',
      userId: r.userId,
    };
    expect(withoutRequestId(user.body)).toEqual(expected);
    expect(withoutRequestId((await tagsOf(r.userId, otherRead)).body)).toEqual(expected);
    expect(withoutRequestId((await talliesOf(r.userId, otherRead)).body)).toEqual(expected);

    const full = await v.apiToken('full');
    expect((await app.http.delete(`/management/users/${r.userId}`).set(bearer(full))).status).toBe(204);
    for (const res of [await tagsOf(r.userId, read), await talliesOf(r.userId, read)]) {
      expect([res.status, res.body.code]).toEqual([404, 'USER.NOT_FOUND']);
    }
  });
});
