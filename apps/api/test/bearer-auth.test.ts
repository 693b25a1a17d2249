import { decodeJwt, decodeProtectedHeader, generateKeyPair, SignJWT, UnsecuredJWT } from 'jose';
import { bearer, givenVendor, startTestApp, TestApp } from './support/harness';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

async function forge(claims: Record<string, unknown>, header: Record<string, unknown>, lifetime = 3600) {
  const { privateKey } = await generateKeyPair('ES256');
  const now = Math.floor(app.clock.now().getTime() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', ...header })
    .setIssuedAt(now)
    .setExpirationTime(now + lifetime)
    .sign(privateKey);
}

describe('bearer tokens on management routes', () => {
  it('answers 401 problems for a missing, malformed or unparseable Authorization header', async () => {
    const cases: [Record<string, string>, string][] = [
      [{}, 'AUTH.MISSING_TOKEN'],
      [{ Authorization: 'Token abc' }, 'AUTH.MALFORMED_HEADER'],
      [{ Authorization: 'Bearer' }, 'AUTH.MALFORMED_HEADER'],
      [{ Authorization: 'Bearer two words' }, 'AUTH.MALFORMED_HEADER'],
      [{ Authorization: `Bearer ${'a'.repeat(9000)}` }, 'AUTH.MALFORMED_HEADER'],
      [{ Authorization: 'Bearer not.a.jwt' }, 'AUTH.INVALID_TOKEN'],
    ];
    for (const [headers, code] of cases) {
      const res = await app.http.get('/management/products').set(headers);
      expect(res.status).toBe(401);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.headers['www-authenticate']).toMatch(/^Bearer realm="kiosk"/);
      expect(res.body).toMatchObject({ status: 401, code });
    }
  });

  it('refuses forged, alg none, wrong-audience, wrong-issuer and expired tokens', async () => {
    const v = await givenVendor(app);
    const real = await v.apiToken('read');
    const claims = decodeJwt(real);
    const { kid } = decodeProtectedHeader(real);
    const base = { ...claims, iat: undefined, exp: undefined };

    const forged = await forge(base, { kid });
    const none = new UnsecuredJWT(base).setIssuedAt().setExpirationTime('1h').encode();
    const wrongAudience = await forge({ ...base, aud: 'urn:other' }, { kid });
    const [headerPart, , signaturePart] = real.split('.');
    const tamperedPayload = Buffer.from(JSON.stringify({ ...claims, scope: `${claims.scope} products:write` })).toString(
      'base64url',
    );
    const tampered = `${headerPart}.${tamperedPayload}.${signaturePart}`;
    // HS256 "signed" with the public key, the classic algorithm confusion.
    const jwks = (await app.http.get('/oidc/.well-known/jwks.json')).body;
    const publicJwk = JSON.stringify(jwks.keys[0]);
    const confused = await new SignJWT(base)
      .setProtectedHeader({ alg: 'HS256', kid })
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(publicJwk));

    for (const token of [forged, none, wrongAudience, tampered, confused]) {
      const res = await app.http.get('/management/products').set(bearer(token));
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('AUTH.INVALID_TOKEN');
    }

    const otherIssuer = await startTestApp({ AUTH_URL: 'http://elsewhere.test/oidc' });
    try {
      const foreignToken = await givenVendor(otherIssuer).then((o) => o.apiToken('read'));
      const res = await app.http.get('/management/products').set(bearer(foreignToken));
      expect(res.status).toBe(401);
    } finally {
      await otherIssuer.close();
    }

    expect((await app.http.get('/management/products').set(bearer(real))).status).toBe(200);
    app.clock.advance(86_401_000);
    const expired = await app.http.get('/management/products').set(bearer(real));
    expect(expired.status).toBe(401);
    expect(expired.body.detail).toMatch(/expired/);
  });

  it("never lets one vendor's token reach another vendor's data", async () => {
    const a = await givenVendor(app);
    const b = await givenVendor(app);
    await a.product('shared-sku');
    await b.product('shared-sku');
    await b.product('only-b');
    const tokenA = await a.apiToken('full');

    const list = await app.http.get('/management/products').set(bearer(tokenA));
    expect(list.body.map((p: { sku: string }) => p.sku)).toEqual(['shared-sku']);
    expect(list.body[0].title).toBe('Product shared-sku');

    const patch = await app.http.patch('/management/products/only-b').set(bearer(tokenA)).send({ title: 'mine now' });
    expect(patch.status).toBe(404);
    const bList = await app.http.get('/management/products').set(bearer(await b.apiToken('read')));
    expect(bList.body.find((p: { sku: string }) => p.sku === 'only-b').title).toBe('Product only-b');
  });
});
