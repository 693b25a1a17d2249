import { SCOPE_PRESETS } from '@kiosk/domain/identity';
import { createLocalJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose';
import { SigningKeyStore } from '../src/identity/signing-keys';
import { runInVendorTime } from '../src/platform/vendor-time';
import { bearer, givenVendor, startTestApp, TestApp } from './support/harness';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const basic = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;

describe('client credentials at the tenant address', () => {
  it('answers exactly {access_token, token_type, expires_in} with a JWT the JWKS verifies', async () => {
    const v = await givenVendor(app);
    const key = await v.apiKey('read');
    const res = await v.exchange(key);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['access_token', 'expires_in', 'token_type']);
    expect(res.body).toMatchObject({ token_type: 'Bearer', expires_in: 86400 });
    expect(res.headers['cache-control']).toBe('no-store');

    const jwks = await app.http.get('/oidc/.well-known/jwks.json');
    expect(jwks.status).toBe(200);
    expect(jwks.body.keys.every((k: { d?: string }) => k.d === undefined)).toBe(true);
    const { payload, protectedHeader } = await jwtVerify(res.body.access_token, createLocalJWKSet(jwks.body), {
      issuer: 'http://kiosk.test/oidc',
      audience: 'urn:service',
      currentDate: app.clock.now(),
    });
    expect(protectedHeader).toMatchObject({ alg: 'ES256', typ: 'at+jwt' });
    expect(payload).toMatchObject({ sub: key.clientId, client_id: key.clientId, vendor_id: v.vendorId });
    expect(payload.exp! - payload.iat!).toBe(86400);
    expect(String(payload.scope).split(' ')).toEqual(SCOPE_PRESETS.read);
  });

  it('accepts the credentials in HTTP Basic', async () => {
    const v = await givenVendor(app);
    const key = await v.apiKey('read');
    const res = await app.http
      .post(v.tokenPath)
      .set('Authorization', basic(key.clientId, key.clientSecret))
      .type('form')
      .send({ grant_type: 'client_credentials', audience: 'urn:service' });
    expect(res.status).toBe(200);
    expect(decodeJwt(res.body.access_token).sub).toBe(key.clientId);
  });

  it('narrows to the requested scopes, and a narrowed token is refused where it lacks the scope', async () => {
    const v = await givenVendor(app);
    const res = await v.exchange(await v.apiKey('full'), { scope: 'bills:read  products:write' });
    expect(res.status).toBe(200);
    expect(decodeJwt(res.body.access_token).scope).toBe('bills:read products:write');
    const list = await app.http.get('/management/products').set(bearer(res.body.access_token));
    expect(list.status).toBe(403);
    expect(list.body).toMatchObject({ code: 'AUTH.INSUFFICIENT_SCOPE', scope: 'products:read' });
    expect(list.headers['www-authenticate']).toContain('insufficient_scope');
  });

  it('adds contracts:write to the whole preset only for a key granted it', async () => {
    const v = await givenVendor(app);
    const granted = await v.exchange(await v.apiKey('full', ['contracts:write']));
    expect(String(decodeJwt(granted.body.access_token).scope).split(' ')).toEqual([
      ...SCOPE_PRESETS.full,
      'contracts:write',
    ]);
    const plain = await v.exchange(await v.apiKey('full'), { scope: 'contracts:write' });
    expect(plain.status).toBe(400);
    expect(plain.body).toEqual({ error: 'access_denied', error_description: expect.any(String) });
  });

  it('answers access_denied for a scope outside the preset', async () => {
    const v = await givenVendor(app);
    const res = await v.exchange(await v.apiKey('read'), { scope: 'products:read products:write' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('access_denied');
  });
});

describe('invalid_client', () => {
  const cases: [string, (k: { clientId: string; clientSecret: string }) => Record<string, string>][] = [
    ['a wrong secret', (k) => ({ client_id: k.clientId, client_secret: `${k.clientSecret}x` })],
    ['a whitespace-padded secret', (k) => ({ client_id: k.clientId, client_secret: ` ${k.clientSecret} ` })],
    ['a secret with a trailing newline', (k) => ({ client_id: k.clientId, client_secret: `${k.clientSecret}\n` })],
    ['a whitespace-padded client id', (k) => ({ client_id: ` ${k.clientId}`, client_secret: k.clientSecret })],
    ['an unknown client', () => ({ client_id: 'apikey_000000000000000000000000', client_secret: 'nope' })],
    ['no secret', (k) => ({ client_id: k.clientId })],
  ];

  it.each(cases)('for %s at the tenant address', async (_name, credentials) => {
    const v = await givenVendor(app);
    const key = await v.apiKey('read');
    const res = await app.http
      .post(v.tokenPath)
      .type('form')
      .send({ grant_type: 'client_credentials', audience: 'urn:service', ...credentials(key) });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'invalid_client', error_description: expect.any(String) });
  });

  it('for a valid key at the shared address', async () => {
    const v = await givenVendor(app);
    const key = await v.apiKey('read');
    const res = await app.http.post('/oidc/oauth/token').type('form').send({
      grant_type: 'client_credentials',
      client_id: key.clientId,
      client_secret: key.clientSecret,
      audience: 'urn:service',
    });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('invalid_client');
  });

  it("for a valid key at another vendor's tenant address", async () => {
    const v = await givenVendor(app);
    const other = await givenVendor(app);
    const key = await v.apiKey('read');
    const res = await other.exchange(key);
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('invalid_client');
  });

  it('for malformed Basic credentials, with a Basic challenge', async () => {
    const v = await givenVendor(app);
    const res = await app.http
      .post(v.tokenPath)
      .set('Authorization', 'Basic %%%')
      .type('form')
      .send({ grant_type: 'client_credentials' });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('invalid_client');
  });
});

describe('malformed token requests', () => {
  it.each([
    ['no grant_type', { client_id: 'a', client_secret: 'b' }, 'invalid_request'],
    ['another grant type', { grant_type: 'password', client_id: 'a', client_secret: 'b' }, 'unsupported_grant_type'],
  ])('%s', async (_name, form, error) => {
    const v = await givenVendor(app);
    const key = await v.apiKey();
    const res = await app.http
      .post(v.tokenPath)
      .type('form')
      .send({ ...form, client_id: key.clientId, client_secret: key.clientSecret });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(error);
  });

  it('refuses another media type, repeated parameters, two authentication methods and a foreign audience', async () => {
    const v = await givenVendor(app);
    const key = await v.apiKey();
    const text = await app.http
      .post(v.tokenPath)
      .set('Content-Type', 'text/plain')
      .send(`grant_type=client_credentials&client_id=${key.clientId}&client_secret=${key.clientSecret}`);
    expect(text.status).toBe(400);
    expect(text.body.error).toBe('invalid_request');

    const repeated = await app.http
      .post(v.tokenPath)
      .type('form')
      .send(`grant_type=client_credentials&client_id=${key.clientId}&client_secret=${key.clientSecret}&scope=a&scope=b`);
    expect(repeated.status).toBe(400);
    expect(repeated.body.error).toBe('invalid_request');

    const both = await app.http
      .post(v.tokenPath)
      .set('Authorization', basic(key.clientId, key.clientSecret))
      .type('form')
      .send({ grant_type: 'client_credentials', client_id: key.clientId, client_secret: key.clientSecret });
    expect(both.status).toBe(400);
    expect(both.body.error).toBe('invalid_request');

    const audience = await v.exchange(key, { audience: 'urn:other' });
    expect(audience.status).toBe(400);
    expect(audience.body.error).toBe('invalid_target');
  });
});

describe('a JSON body at the token endpoint (issue 10, real clients)', () => {
  it('is taken like the form: the same fields, the same answer', async () => {
    const v = await givenVendor(app);
    const key = await v.apiKey();
    const res = await app.http
      .post(v.tokenPath)
      .send({ grant_type: 'client_credentials', client_id: key.clientId, client_secret: key.clientSecret, audience: 'urn:service' });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['access_token', 'expires_in', 'token_type']);
    expect(res.body).toMatchObject({ token_type: 'Bearer', expires_in: 86400 });
    expect(res.headers['cache-control']).toBe('no-store');
    const withBasic = await app.http
      .post(v.tokenPath)
      .set('Authorization', basic(key.clientId, key.clientSecret))
      .set('Content-Type', 'application/json; charset=utf-8')
      .send(JSON.stringify({ grant_type: 'client_credentials', scope: 'products:read' }));
    expect(withBasic.status).toBe(200);
    expect(decodeJwt(withBasic.body.access_token).scope).toBe('products:read');
  });

  it('with the same rules: RFC 6749 errors, never problem+json', async () => {
    const v = await givenVendor(app);
    const key = await v.apiKey();
    const post = (body: string) => app.http.post(v.tokenPath).set('Content-Type', 'application/json').send(body);
    const cases: [string, number, string][] = [
      [JSON.stringify({ grant_type: 'password', client_id: key.clientId, client_secret: key.clientSecret }), 400, 'unsupported_grant_type'],
      [JSON.stringify({ client_id: key.clientId, client_secret: key.clientSecret }), 400, 'invalid_request'],
      [JSON.stringify({ grant_type: 'client_credentials', client_id: key.clientId, client_secret: 'wrong' }), 401, 'invalid_client'],
      [JSON.stringify({ grant_type: 'client_credentials', client_id: key.clientId, client_secret: key.clientSecret, scope: ['a'] }), 400, 'invalid_request'],
      [JSON.stringify({ grant_type: 'client_credentials', client_id: key.clientId, client_secret: key.clientSecret, audience: 'urn:other' }), 400, 'invalid_target'],
      [JSON.stringify(['client_credentials']), 400, 'invalid_request'],
      ['"client_credentials"', 400, 'invalid_request'],
      ['{"grant_type":', 400, 'invalid_request'],
    ];
    for (const [body, status, error] of cases) {
      const res = await post(body);
      expect([body, res.status, res.headers['content-type'], res.body.error]).toEqual([body, status, expect.stringMatching(/^application\/json/), error]);
      expect(typeof res.body.error_description).toBe('string');
    }
  });

  it('is documented beside the form body', async () => {
    const doc = (await app.http.get('/openapi.json')).body;
    const content = doc.paths['/oidc/t/{vendorId}/oauth/token'].post.requestBody.content;
    expect(Object.keys(content)).toEqual(['application/x-www-form-urlencoded', 'application/json']);
  });
});

describe('signing key rotation', () => {
  it('rotates after the period, keeps the old key published, and tokens it signed keep working', async () => {
    const DAY = 86_400_000;
    // Far ahead of every other test file's clock, and a rotation period past the newest key any of them made: the
    // files of a jest worker share the signing_keys table, and one moves its clock 200 years ahead (dev-mailbox).
    const [{ newest }] = await app.runtime.database.db.query(`SELECT max(created_at) AS newest FROM signing_keys`);
    const t0 = Math.max(Date.now() + 10 * 365 * DAY, newest ? new Date(newest).getTime() + 31 * DAY : 0);
    app.clock.set(new Date(t0));
    const v = await givenVendor(app);
    const key = await v.apiKey('read');
    const first = (await v.exchange(key)).body.access_token;

    app.clock.set(new Date(t0 + 29.5 * DAY));
    const before = (await v.exchange(key)).body.access_token;
    expect(decodeProtectedHeader(before).kid).toBe(decodeProtectedHeader(first).kid);

    app.clock.set(new Date(t0 + 30.2 * DAY));
    const after = (await v.exchange(key)).body.access_token;
    const oldKid = decodeProtectedHeader(before).kid;
    const newKid = decodeProtectedHeader(after).kid;
    expect(newKid).not.toBe(oldKid);

    const kids = (await app.http.get('/oidc/.well-known/jwks.json')).body.keys.map((k: { kid: string }) => k.kid);
    expect(kids).toEqual(expect.arrayContaining([oldKid, newKid]));
    // Signed by the retired key and not yet expired: still accepted.
    expect((await app.http.get('/management/products').set(bearer(before))).status).toBe(200);
    expect((await app.http.get('/management/products').set(bearer(after))).status).toBe(200);
  });

  it('keeps process time inside a test vendor\'s time: a clock 40 days ahead neither rotates nor dates a key', async () => {
    app.clock.set(new Date());
    const keys = app.runtime.container.get(SigningKeyStore);
    const now = await keys.signingKey();
    const ahead = new Date(app.clock.now().getTime() + 40 * 86_400_000);
    const inVendorTime = await runInVendorTime('v-ahead', ahead, () => keys.signingKey());
    expect(inVendorTime.kid).toBe(now.kid);
    expect(await keys.rotateIfDue()).toBe(false);
  });
});
