import { startTestApp, TestApp } from '../support/harness';
import { givenEngagementVendor, rows } from './support';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const JWT = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U';

const record = (overrides: object = {}) => ({
  userId: 'forged-user-id',
  fallbackId: 'fb-1',
  timestamp: '2026-01-02T03:04:05.000Z',
  pageUrl: 'https://news.example.com/a/1',
  pageTitle: 'An article',
  profile: { email: 'reader@example.com', nested: { deep: [1, 2, 3] } },
  entitlements: [{ sku: 'news', hasAccess: true }],
  contracts: [{ id: 'c1', status: 'ACTIVE' }],
  tags: ['vip'],
  tallies: { seen: ['a', 'b'] },
  browser: {
    userAgent: 'Mozilla/5.0',
    platform: 'Linux',
    language: 'sv-SE',
    languages: ['sv-SE', 'en'],
    cookiesEnabled: true,
    onLine: true,
    hardwareConcurrency: 8,
    deviceMemory: 8,
    maxTouchPoints: 0,
    viewportWidth: 1280,
    viewportHeight: 720,
    screenWidth: 1920,
    screenHeight: 1080,
    pixelRatio: 1.5,
    colorDepth: 24,
    timezoneOffset: -60,
    vendor: 'Google Inc.',
    timezone: 'Europe/Stockholm',
  },
  detection: { adBlockEnabled: false, incognitoMode: false, inAppBrowser: false },
  localStorage: [
    { key: 'theme', value: 'dark', redacted: false },
    { key: 'flagged', value: 'private note', redacted: true },
    { key: 'access_token', value: 'short', redacted: false },
    { key: 'cache', value: `{"jwt":"${JWT}"}`, redacted: false },
    { key: 'hdr', value: 'Bearer abcdefghijklmnop', redacted: false },
    { key: 'hex', value: 'a3f9'.repeat(10), redacted: false },
    { key: 'blob', value: 'Zm9vYmFyQmF6UXV4MTIzNDU2Nzg5MGFiY2RlZkdISUpL', redacted: false },
    { key: 'lang', value: 'sv' },
  ],
  sessionStorage: [
    { key: 'sessionId', value: 'abc', redacted: false },
    { key: 'scroll', value: '420', redacted: false },
  ],
  sdkVersion: '3.1.0',
  clientId: 'forged-client',
  errors: ['TypeError: x is undefined'],
  ...overrides,
});

describe('POST /diagnostics', () => {
  it('stores the record from a signed-in reader with credentials redacted, and answers {success, id, timestamp}', async () => {
    const v = await givenEngagementVendor(app);
    const r = await v.reader();
    const res = await app.http.post('/diagnostics').set(r.auth).send(record());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, id: expect.any(String), timestamp: app.clock.now().toISOString() });
    const [row] = await rows<{ sender_kind: string; sender_id: string; client_id: string | null; record: Record<string, unknown> }>(
      app,
      `SELECT sender_kind, sender_id, client_id, record FROM diagnostics WHERE vendor_id = $1 AND id = $2`,
      [v.vendorId, res.body.id],
    );
    // The sender is the authenticated reader, not the ids the record names.
    expect(row).toMatchObject({ sender_kind: 'user', sender_id: r.userId, client_id: null });
    const R = '[REDACTED]';
    expect(row.record.localStorage).toEqual([
      { key: 'theme', value: 'dark', redacted: false },
      { key: 'flagged', value: R, redacted: true },
      { key: 'access_token', value: R, redacted: true },
      { key: 'cache', value: R, redacted: true },
      { key: 'hdr', value: R, redacted: true },
      { key: 'hex', value: R, redacted: true },
      { key: 'blob', value: R, redacted: true },
      { key: 'lang', value: 'sv', redacted: false },
    ]);
    expect(row.record.sessionStorage).toEqual([
      { key: 'sessionId', value: R, redacted: true },
      { key: 'scroll', value: '420', redacted: false },
    ]);
    expect(JSON.stringify(row.record)).not.toContain(JWT);
    expect(row.record).toMatchObject({ userId: 'forged-user-id', browser: { timezone: 'Europe/Stockholm' }, tallies: { seen: ['a', 'b'] } });
  });

  it('takes anonymous visitors with Basic credentials, and an empty record', async () => {
    const v = await givenEngagementVendor(app);
    const visitor = v.visitor();
    const res = await app.http.post('/diagnostics').set(visitor.auth).send({});
    expect(res.status).toBe(200);
    const [row] = await rows<{ sender_kind: string; sender_id: string; client_id: string }>(
      app,
      `SELECT sender_kind, sender_id, client_id FROM diagnostics WHERE vendor_id = $1 AND id = $2`,
      [v.vendorId, res.body.id],
    );
    expect(row).toEqual({ sender_kind: 'visitor', sender_id: visitor.visitorId, client_id: v.client.clientId });
  });

  it('refuses malformed records with 400 and stores nothing', async () => {
    const v = await givenEngagementVendor(app);
    const r = await v.reader();
    const bad: object[] = [
      { browser: { hardwareConcurrency: 'eight' } },
      { browser: { screenWidth: 1, secretField: 1 } },
      { browser: 'chrome' },
      { detection: { adBlockEnabled: 'yes' } },
      { localStorage: [{ key: 'a' }] },
      { localStorage: [{ key: 'a', value: 1, redacted: false }] },
      { localStorage: [{ key: 'a', value: 'b', redacted: 'no' }] },
      { localStorage: 'a=b' },
      { tags: [1] },
      { profile: 'me' },
      { entitlements: ['x'] },
      { errors: 'boom' },
      { pageUrl: 'u'.repeat(4097) },
      { unknownField: 1 },
    ];
    for (const body of bad) {
      const res = await app.http.post('/diagnostics').set(r.auth).send(body);
      expect([JSON.stringify(body), res.status, res.body.code]).toEqual([JSON.stringify(body), 400, 'REQUEST.INVALID']);
    }
    const array = await app.http.post('/diagnostics').set(r.auth).send([1, 2]);
    expect(array.status).toBe(400);
    const malformed = await app.http.post('/diagnostics').set(r.auth).set('Content-Type', 'application/json').send('{"a":');
    expect([malformed.status, malformed.body.code]).toEqual([400, 'REQUEST.MALFORMED_BODY']);
    const text = await app.http.post('/diagnostics').set(r.auth).set('Content-Type', 'text/plain').send('hello');
    expect(text.status).toBe(415);
    // Nested far deeper than JSON.stringify or class-transformer could walk: refused before either sees it.
    const json = (text: string) => app.http.post('/diagnostics').set(r.auth).set('Content-Type', 'application/json').send(text);
    for (const text of [
      `{"profile":${'{"d":'.repeat(20000)}1${'}'.repeat(20000)}}`,
      `{"profile":{"x":${'['.repeat(100000)}${']'.repeat(100000)}}}`,
      `{"profile":${'{"d":'.repeat(16)}1${'}'.repeat(16)}}`,
    ]) {
      const tooDeep = await json(text);
      expect([tooDeep.status, tooDeep.body.code]).toEqual([400, 'DIAGNOSTICS.TOO_DEEP']);
    }
    expect((await json(`{"profile":${'{"d":'.repeat(15)}1${'}'.repeat(15)}}`)).status).toBe(200);
    await rows(app, `DELETE FROM diagnostics WHERE vendor_id = $1`, [v.vendorId]);
    expect(await rows(app, `SELECT id FROM diagnostics WHERE vendor_id = $1`, [v.vendorId])).toEqual([]);
  });

  it('refuses a record over 128 KiB with 413 (and one over the 256 KiB body limit too)', async () => {
    const v = await givenEngagementVendor(app);
    const r = await v.reader();
    const big = await app.http.post('/diagnostics').set(r.auth).send({ errors: Array(40).fill('e'.repeat(4000)) });
    expect(big.status).toBe(413);
    expect(big.body).toMatchObject({ code: 'DIAGNOSTICS.TOO_LARGE', limit: 131072 });
    const huge = await app.http.post('/diagnostics').set(r.auth).send({ errors: Array(80).fill('e'.repeat(4000)) });
    expect([huge.status, huge.body.code]).toEqual([413, 'REQUEST.TOO_LARGE']);
    const fits = await app.http.post('/diagnostics').set(r.auth).send({ errors: Array(30).fill('e'.repeat(4000)) });
    expect(fits.status).toBe(200);
    expect(await rows(app, `SELECT id FROM diagnostics WHERE vendor_id = $1`, [v.vendorId])).toHaveLength(1);
  });

  it('refuses callers without reader credentials', async () => {
    const v = await givenEngagementVendor(app);
    expect((await app.http.post('/diagnostics').send({})).status).toBe(401);
    expect((await app.http.post('/diagnostics').set('Authorization', 'Basic !!!').send({})).status).toBe(401);
    const apiToken = await v.apiToken('full');
    expect((await app.http.post('/diagnostics').set('Authorization', `Bearer ${apiToken}`).send({})).status).toBe(403);
  });
});
