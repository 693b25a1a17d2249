import { startTestApp, TestApp } from './support/harness';

describe('GET / (the front door)', () => {
  let dev: TestApp;
  let prod: TestApp;
  beforeAll(async () => {
    dev = await startTestApp({ NODE_ENV: 'development', LOG_LEVEL: 'silent' });
  });
  afterAll(async () => {
    await dev?.close();
    await prod?.close();
  });

  it('in development is a page linking the demo, the portal, the reference, the mailbox and naming the getting-started guide', async () => {
    const res = await dev.http.get('/').set('Accept', 'application/json');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    const hrefs = [...res.text.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
    expect(hrefs).toEqual(['data:,', '/demo/', '/portal', '/docs', '/dev/mail']);
    expect(res.text).toContain('<code>docs/getting-started.md</code>');
    expect(res.text).toContain('<html lang="en">');
    // Each link leads somewhere that answers a page (the mailbox is another module's; it may not be here yet).
    expect((await dev.http.get('/docs')).status).toBe(200);
    expect((await dev.http.get('/portal')).status).toBe(200);
  });

  it('in production is a short page naming the service, with no links into it', async () => {
    prod = await startTestApp({ NODE_ENV: 'production', LOG_LEVEL: 'silent', SUPPORT_SESSION_SECRET: 'a support-session secret of 32+ characters' });
    const res = await prod.http.get('/');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.text).toContain('<h1>Kiosk</h1>');
    expect(res.text).not.toMatch(/\/demo|\/portal|\/docs|\/dev\/mail/);
  });
});
