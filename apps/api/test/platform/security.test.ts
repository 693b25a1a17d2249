import { Writable } from 'node:stream';
import { RegisterBrowserClient } from '@kiosk/domain/identity';
import pino from 'pino';
import supertest from 'supertest';
import { loadConfig } from '../../src/config';
import { redactUrl } from '../../src/platform/http/log-redaction';
import { createRuntime } from '../../src/runtime';
import { givenVendor, openTestDatabase, startTestApp, TestApp } from '../support/harness';

// Issue 10, "Security".

const ENV = { NODE_ENV: 'test', BASE_URL: 'http://kiosk.test', SECRETS_KEY: Buffer.alloc(32, 'kiosk-test-secrets-key').toString('base64') };

describe('the embedded OpenID provider names only its configured address', () => {
  let app: TestApp;
  let trusting: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
    trusting = await startTestApp({ TRUST_PROXY: 'loopback' });
  });
  afterAll(async () => {
    await app.close();
    await trusting.close();
  });

  const discovery = (a: TestApp, headers: Record<string, string>) =>
    a.http.get('/oidc/.well-known/openid-configuration').set(headers);

  it('ignores Host, X-Forwarded-Host and X-Forwarded-Proto when TRUST_PROXY is unset', async () => {
    const hostile: Record<string, string>[] = [
      { Host: 'evil.example' },
      { 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'https' },
      { Host: 'evil.example:8443', 'X-Forwarded-Host': 'evil.example, kiosk.test', Forwarded: 'host=evil.example;proto=https' },
    ];
    for (const headers of hostile) {
      const res = await discovery(app, headers);
      expect(res.status).toBe(200);
      expect(res.body.issuer).toBe('http://kiosk.test/oidc');
      const addresses = Object.entries(res.body as Record<string, unknown>).filter(
        ([, v]) => typeof v === 'string' && /^https?:/.test(v as string),
      );
      expect(addresses.length).toBeGreaterThan(4);
      for (const [name, address] of addresses) expect([name, address]).toEqual([name, expect.stringMatching(/^http:\/\/kiosk\.test\/oidc(\/|$)/)]);
      expect(JSON.stringify(res.body)).not.toContain('evil');
    }
  });

  it('follows the proxy only when TRUST_PROXY says there is one', async () => {
    const res = await discovery(trusting, { 'X-Forwarded-Host': 'auth.example.com', 'X-Forwarded-Proto': 'https' });
    expect(res.body.issuer).toBe('http://kiosk.test/oidc');
    expect(res.body.authorization_endpoint).toBe('https://auth.example.com/oidc/authorize');
  });
});

describe('credentials in query strings never reach the request log', () => {
  it('redacts reset tokens, codes, states and signatures and keeps the rest', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const database = await openTestDatabase();
    const config = loadConfig(ENV);
    const runtime = await createRuntime(config, database, pino({ level: 'info' }, sink));
    try {
      const http = supertest(runtime.app);
      await http.get('/oidc/reset/some-client?token=RESET-SECRET-1&lang=sv');
      await http.get('/auth/some-client/callback?code=CODE-SECRET-2&state=STATE-SECRET-3&iss=x');
      await http.get('/proxy?url=https%3A%2F%2Fa.example%2F&signature=SIG-SECRET-4&access_token=AT-SECRET-5');
      await http.get('/oidc/session/end?id_token_hint=IDT-SECRET-6').set('Referer', 'https://site.example/?token=REF-SECRET-7');
      await http.get('/checkout/demo/0190-some-checkout/receipt?t=PAGE-SECRET-8');
      await http.get('/auth/invitations/INVITE-SECRET-9').set('Accept', 'text/html');
      await http.get('/demo/?checkoutId=x&kiosk_handoff=HANDOFF-SECRET-10');
      const log = lines.join('');
      expect(log).toContain('/oidc/reset/some-client?token=[redacted]&lang=sv');
      expect(log).toContain('code=[redacted]&state=[redacted]&iss=x');
      expect(log).toContain('/checkout/demo/0190-some-checkout/receipt?t=[redacted]');
      expect(log).toContain('/auth/invitations/[redacted]');
      for (let i = 1; i <= 10; i += 1) expect(log).not.toMatch(new RegExp(`SECRET-${i}\\b`));
    } finally {
      await database.close();
    }
  });

  it.each([
    ['/a?token=x&b=1', '/a?token=[redacted]&b=1'],
    ['/a?Client_Secret=x', '/a?Client_Secret=[redacted]'],
    ['/a?share%5Ftoken=x', '/a?share%5Ftoken=[redacted]'],
    ['/a?password', '/a?password'],
    ['/a', '/a'],
    ['/a?q=token', '/a?q=token'],
    ['/checkout/v/c/pay?t=abc&x=1', '/checkout/v/c/pay?t=[redacted]&x=1'],
    ['/auth/invitations/abc?x=1', '/auth/invitations/[redacted]?x=1'],
    ['/auth/invitations/abc/accept', '/auth/invitations/[redacted]/accept'],
    ['/auth/c/login?return_to=http%3A%2F%2Fk.test%2Fauth%2Finvitations%2Fabc', `/auth/c/login?return_to=${encodeURIComponent('http://k.test/auth/invitations/[redacted]')}`],
    ['https://s.example/a?id=7&kiosk_handoff=abc', 'https://s.example/a?id=7&kiosk_handoff=[redacted]'],
    ['/x?next=%2Fcheckout%2Fv%2Fc%3Ft%3Dabc&y=1', `/x?next=${encodeURIComponent('/checkout/v/c?t=[redacted]')}&y=1`],
  ])('redactUrl(%s) is %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});

describe('the sign-in, sign-up and reset pages cannot be framed', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  const expectPageHeaders = (res: { headers: Record<string, string> }) => {
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  };

  it('sends CSP, X-Frame-Options and Referrer-Policy on every page route, errors included', async () => {
    const v = await givenVendor(app);
    const client = await app.runtime.container.get(RegisterBrowserClient).execute({
      vendorId: v.vendorId,
      name: 'Site',
      redirectUris: ['https://site.example/after'],
      accessSyncUrl: 'https://site.example/sync',
    });
    const reset = await app.http.get(`/oidc/reset/${client.clientId}?token=abc`);
    expect(reset.status).toBe(200);
    expectPageHeaders(reset);
    for (const path of ['/oidc/interaction/nope', '/oidc/interaction/nope/signup', '/oidc/interaction/nope/forgot']) {
      const res = await app.http.get(path);
      expect([path, res.status]).toEqual([path, 400]);
      expectPageHeaders(res);
    }
    const posted = await app.http.post('/oidc/interaction/nope/login').type('form').send({ email: 'a@b.example', password: 'x' });
    expectPageHeaders(posted);
  });
});
