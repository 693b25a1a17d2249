import { CreateStaffUser, IssueUserToken } from '@kiosk/domain/identity';
import { SCOPE_PRESETS } from '@kiosk/domain/identity';
import { bearer, givenVendor, startTestApp, TestApp } from './support/harness';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe('POST /management/api-keys', () => {
  it('creates a read key by default, with its secret, tenant token address and audience', async () => {
    const v = await givenVendor(app);
    const res = await app.http.post('/management/api-keys').set(bearer(v.staffToken)).send({ name: 'CMS sync' });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(
      ['audience', 'clientId', 'clientSecret', 'createdAt', 'name', 'role', 'scopes', 'tokenUrl'].sort(),
    );
    expect(res.body).toMatchObject({
      name: 'CMS sync',
      role: 'read',
      scopes: SCOPE_PRESETS.read,
      tokenUrl: `http://kiosk.test/oidc/t/${v.vendorId}/oauth/token`,
      audience: 'urn:service',
    });
    expect(res.body.clientId).toMatch(/^apikey_[0-9a-f]{24}$/);
    expect(res.body.clientSecret.length).toBeGreaterThanOrEqual(40);
    expect(new Date(res.body.createdAt).toISOString()).toBe(res.body.createdAt);
    expect(res.headers['cache-control']).toBe('no-store');

    // Stored only as a hash: the secret appears nowhere in the row.
    const [row] = await app.runtime.database.db.query('SELECT * FROM api_keys WHERE client_id = $1', [res.body.clientId]);
    expect(JSON.stringify(row)).not.toContain(res.body.clientSecret);
  });

  it('gives a full key the full preset', async () => {
    const v = await givenVendor(app);
    const res = await app.http.post('/management/api-keys').set(bearer(v.staffToken)).send({ name: 'all', role: 'full' });
    expect(res.status).toBe(201);
    expect(res.body.scopes).toEqual(SCOPE_PRESETS.full);
    expect(res.body.scopes).not.toContain('contracts:write');
  });

  it.each([
    [{}, 'name'],
    [{ name: '' }, 'name'],
    [{ name: 42 }, 'name'],
    [{ name: 'x'.repeat(201) }, 'name'],
    [{ name: 'k', role: 'admin' }, 'role'],
    [{ name: 'k', role: 'full', scopes: ['contracts:write'] }, 'scopes'],
  ])('refuses the body %j with 400 naming %s', async (body, field) => {
    const v = await givenVendor(app);
    const res = await app.http.post('/management/api-keys').set(bearer(v.staffToken)).send(body);
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body).toMatchObject({ status: 400, code: 'REQUEST.INVALID' });
    expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
  });

  it('answers malformed JSON, a non-object body, a wrong media type and a huge body with 4xx problems', async () => {
    const v = await givenVendor(app);
    const post = () => app.http.post('/management/api-keys').set(bearer(v.staffToken));
    const malformed = await post().set('Content-Type', 'application/json').send('{"name": ');
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe('REQUEST.MALFORMED_BODY');
    const array = await post().set('Content-Type', 'application/json').send('["name"]');
    expect(array.status).toBe(400);
    const text = await post().set('Content-Type', 'text/plain').send('name=x');
    expect(text.status).toBe(415);
    const deep = await post().set('Content-Type', 'application/json').send(`{"name":"k","role":${'['.repeat(50_000)}${']'.repeat(50_000)}}`);
    expect(deep.status).toBe(400);
    expect(deep.body.code).toBe('REQUEST.TOO_DEEP');
    const huge = await post().send({ name: 'x'.repeat(300_000) });
    expect(huge.status).toBe(413);
    expect(huge.body.code).toBe('REQUEST.TOO_LARGE');
    // Nothing was half-written.
    const list = await app.http.get('/management/api-keys').set(bearer(v.staffToken));
    expect(list.body).toEqual([]);
  });

  it('may not be called with an API key token, a reader token, or no token', async () => {
    const v = await givenVendor(app);
    const fullToken = await v.apiToken('full');
    const withKey = await app.http.post('/management/api-keys').set(bearer(fullToken)).send({ name: 'x' });
    expect(withKey.status).toBe(403);
    expect(withKey.body.code).toBe('AUTH.INSUFFICIENT_SCOPE');

    const c = app.runtime.container;
    const reader = await c.get(CreateStaffUser).execute({ vendorId: v.vendorId, email: 'someone@example.com' });
    await app.runtime.database.db.query('DELETE FROM staff_memberships WHERE vendor_id = $1 AND user_id = $2', [
      v.vendorId,
      reader.id,
    ]);
    const readerToken = (await c.get(IssueUserToken).execute({ vendorId: v.vendorId, userId: reader.id })).accessToken;
    expect((await app.http.get('/management/api-keys').set(bearer(readerToken))).status).toBe(403);
    expect((await app.http.get('/management/api-keys')).status).toBe(401);
  });
});

describe('GET and DELETE /management/api-keys', () => {
  it('lists the vendor keys newest first without secrets, and only that vendor', async () => {
    const v = await givenVendor(app);
    const other = await givenVendor(app);
    await app.http.post('/management/api-keys').set(bearer(other.staffToken)).send({ name: 'theirs' });
    for (const name of ['first', 'second', 'third']) {
      const res = await app.http.post('/management/api-keys').set(bearer(v.staffToken)).send({ name });
      expect(res.status).toBe(201);
      app.clock.advance(1000);
    }
    const res = await app.http.get('/management/api-keys').set(bearer(v.staffToken));
    expect(res.status).toBe(200);
    expect(res.body.map((k: { name: string }) => k.name)).toEqual(['third', 'second', 'first']);
    // Interface 2.1: the same fields as the create answer, without the secret (issue 10).
    for (const key of res.body) {
      expect(Object.keys(key).sort()).toEqual(['audience', 'clientId', 'createdAt', 'name', 'role', 'scopes', 'tokenUrl']);
      expect(key.audience).toBe('urn:service');
      expect(key.tokenUrl).toBe(`http://kiosk.test/oidc/t/${v.vendorId}/oauth/token`);
    }
  });

  it('revokes with 204; the key is gone from the list, mints nothing new, and its earlier token still works', async () => {
    const v = await givenVendor(app);
    const created = await app.http.post('/management/api-keys').set(bearer(v.staffToken)).send({ name: 'k' });
    const key = { clientId: created.body.clientId, clientSecret: created.body.clientSecret };
    const before = await v.exchange(key);
    expect(before.status).toBe(200);

    const del = await app.http.delete(`/management/api-keys/${key.clientId}`).set(bearer(v.staffToken));
    expect(del.status).toBe(204);
    expect(del.text).toBe('');
    expect((await app.http.get('/management/api-keys').set(bearer(v.staffToken))).body).toEqual([]);

    const after = await v.exchange(key);
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ error: 'invalid_client', error_description: expect.any(String) });
    const earlier = await app.http.get('/management/products').set(bearer(before.body.access_token));
    expect(earlier.status).toBe(200);

    const again = await app.http.delete(`/management/api-keys/${key.clientId}`).set(bearer(v.staffToken));
    expect(again.status).toBe(404);
  });

  it("answers 404 for another vendor's key and leaves it working", async () => {
    const v = await givenVendor(app);
    const other = await givenVendor(app);
    const theirs = await other.apiKey('read');
    const res = await app.http.delete(`/management/api-keys/${theirs.clientId}`).set(bearer(v.staffToken));
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('API_KEY.NOT_FOUND');
    expect((await other.exchange(theirs)).status).toBe(200);
  });
});
