import { decodeProtectedHeader, jwtVerify } from 'jose';
import { loadConfig } from '../../src/config';
import { startTestApp, TestApp } from '../support/harness';
import { givenEngagementVendor } from './support';

const SECRET = 'a-test-support-session-secret-of-enough-length';
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ SUPPORT_SESSION_SECRET: SECRET });
});
afterAll(() => app.close());

describe('GET /support-session', () => {
  it('answers a 5-minute HS256 token with the user id, vendor id and e-mail, signed with SUPPORT_SESSION_SECRET', async () => {
    const v = await givenEngagementVendor(app);
    const r = await v.reader('helpme');
    const res = await app.http.get('/support-session').set(r.auth);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['token']);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(decodeProtectedHeader(res.body.token)).toEqual({ alg: 'HS256', typ: 'JWT' });
    const { payload } = await jwtVerify(res.body.token, new TextEncoder().encode(SECRET), {
      algorithms: ['HS256'],
      issuer: 'http://kiosk.test',
      audience: 'urn:service:support-messenger',
      currentDate: app.clock.now(),
    });
    const iat = Math.floor(app.clock.now().getTime() / 1000);
    expect(payload).toEqual({
      sub: r.userId,
      vendorId: v.vendorId,
      email: `helpme@${v.vendorId}.example.com`,
      iss: 'http://kiosk.test',
      aud: 'urn:service:support-messenger',
      iat,
      exp: iat + 300,
      jti: expect.any(String),
    });
    await expect(jwtVerify(res.body.token, new TextEncoder().encode('another-secret-another-secret-another'))).rejects.toThrow();
  });

  it('is for signed-in readers only', async () => {
    const v = await givenEngagementVendor(app);
    expect((await app.http.get('/support-session')).status).toBe(401);
    expect((await app.http.get('/support-session').set(v.visitor().auth)).status).toBe(401);
    expect((await app.http.get('/support-session').set('Authorization', 'Bearer forged.token.here')).status).toBe(401);
    const apiToken = await v.apiToken('full');
    expect((await app.http.get('/support-session').set('Authorization', `Bearer ${apiToken}`)).status).toBe(403);
  });
});

describe('SUPPORT_SESSION_SECRET', () => {
  const base = { SECRETS_KEY: Buffer.alloc(32, 'k').toString('base64') };
  it('is required in production, at least 32 characters, with a development default otherwise', () => {
    expect(() => loadConfig({ ...base, NODE_ENV: 'production' })).toThrow(/SUPPORT_SESSION_SECRET is required in production/);
    expect(() => loadConfig({ ...base, NODE_ENV: 'production', SUPPORT_SESSION_SECRET: 'short' })).toThrow(/at least 32 characters/);
    expect(loadConfig({ ...base, NODE_ENV: 'production', SUPPORT_SESSION_SECRET: SECRET }).supportSessionSecret.toString()).toBe(SECRET);
    expect(loadConfig({ NODE_ENV: 'development' }).supportSessionSecret.length).toBeGreaterThanOrEqual(32);
  });
});
