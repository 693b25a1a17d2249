import { startTestApp, TestApp } from '../support/harness';
import { expectProblem, publicClient } from './public-client';
import { givenEngagementVendor, rows } from './support';

// Compatibility routes POST /tallies and DELETE /tallies/{id} (issue 31): the public client's calls, with its exact
// request shape, under the rules of the other tally routes; effects read back through GET/PUT /tallies/{id}.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ TRUST_PROXY: 'loopback' });
});
afterAll(() => app.close());

const SECOND = 1000;
const DEFAULTS = { ttl: null, maxItems: 100, unique: false, overflow: 'fifo', ipSessionSharing: false };

describe('POST /tallies', () => {
  it('creates the tally from a string, a number or an array of them (numbers as decimal strings); 201 with the Tally', async () => {
    const v = await givenEngagementVendor(app);
    const r = await v.reader();
    const client = publicClient(app, r.auth);
    const now = app.clock.now();
    const res = await client.post('/tallies', { id: 'read', value: ['a1', 42, 1.5, -0], policies: { ttl: 60, maxItems: 10 } });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: 'read',
      value: ['a1', '42', '1.5', '0'],
      policies: { ...DEFAULTS, ttl: 60, maxItems: 10 },
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + 60 * SECOND).toISOString(),
    });
    expect((await client.get('/tallies/read')).body).toEqual(['a1', '42', '1.5', '0']);
    expect((await client.post('/tallies', { id: 'n', value: 7 })).body).toMatchObject({ id: 'n', value: ['7'], policies: DEFAULTS });
    expect((await client.post('/tallies', { id: 's', value: 'x' })).body).toMatchObject({ id: 's', value: ['x'], expiresAt: null });
    expect((await client.get('/tallies')).body).toEqual({ n: ['7'], read: ['a1', '42', '1.5', '0'], s: ['x'] });
    // Canonical routes carry on from there.
    expect((await client.post('/tallies/read/push', { value: 'b2' })).body).toEqual(['a1', '42', '1.5', '0', 'b2']);
  });

  it('replaces an existing tally as PUT does, keeping its policies when none are sent; takes a whole Tally sent back', async () => {
    const v = await givenEngagementVendor(app);
    const r = await v.reader();
    const client = publicClient(app, r.auth);
    await client.put('/tallies/seen', { value: 'old', policies: { maxItems: 3, unique: true } });
    const res = await client.post('/tallies', { id: 'seen', value: ['a', 'a', 'b', 'c', 'd'] });
    expect(res.status).toBe(201);
    // unique skips the repeat; past maxItems 3 fifo keeps the newest.
    expect(res.body).toMatchObject({ value: ['b', 'c', 'd'], policies: { maxItems: 3, unique: true } });
    const read = await client.put('/tallies/echo', { value: 'e' });
    const echoed = await client.post('/tallies', { ...read.body, value: [...read.body.value, 'f'] });
    expect(echoed.status).toBe(201);
    expect(echoed.body).toMatchObject({ id: 'echo', value: ['e', 'f'], policies: DEFAULTS, expiresAt: null });
    expect((await client.get('/tallies/echo')).body).toEqual(['e', 'f']);
  });

  it('refuses more values than maxItems with overflow block (409 TALLY.FULL), storing nothing', async () => {
    const v = await givenEngagementVendor(app);
    const r = await v.reader();
    const client = publicClient(app, r.auth);
    const res = await client.post('/tallies', { id: 'full', value: ['1', '2', '3'], policies: { maxItems: 2, overflow: 'block' } });
    expectProblem(res, 409);
    expect(res.body.code).toBe('TALLY.FULL');
    expect((await client.get('/tallies')).body).toEqual({});
  });

  it('works for a visitor with Basic credentials, and keeps visitors and vendors apart', async () => {
    const v = await givenEngagementVendor(app);
    const w = await givenEngagementVendor(app);
    const visitor = v.visitor();
    const client = publicClient(app, visitor.auth);
    const res = await client.post('/tallies', { id: 'offers', value: ['spring'] });
    expect(res.status).toBe(201);
    expect((await client.get('/tallies/offers')).body).toEqual(['spring']);
    expect((await publicClient(app, v.visitor().auth).get('/tallies/offers')).body).toEqual([]);
    expect((await publicClient(app, w.visitor(visitor.visitorId).auth).get('/tallies/offers')).body).toEqual([]);
  });

  it('has the credentials of the tally routes: none 401, an unknown browser client 401, a vendor API token 403', async () => {
    const v = await givenEngagementVendor(app);
    expectProblem(await publicClient(app).post('/tallies', { id: 'a', value: 'x' }), 401);
    const unknown = { Authorization: `Basic ${Buffer.from('client_unknown:visitor-123456').toString('base64')}` };
    expectProblem(await publicClient(app, unknown).post('/tallies', { id: 'a', value: 'x' }), 401);
    const token = await v.apiToken('full');
    const res = await publicClient(app, { Authorization: `Bearer ${token}` }).post('/tallies', { id: 'a', value: 'x' });
    expectProblem(res, 403);
    expect(res.body.code).toBe('AUTH.READER_ONLY');
  });

  it('counts against the quota of 100 live tallies (413)', async () => {
    const v = await givenEngagementVendor(app);
    const r = await v.reader();
    const client = publicClient(app, r.auth);
    for (let i = 0; i < 100; i += 1) expect((await client.put(`/tallies/t${i}`, { value: 'x' })).status).toBe(200);
    const over = await client.post('/tallies', { id: 't100', value: ['x'] });
    expectProblem(over, 413);
    expect(over.body).toMatchObject({ code: 'TALLY.QUOTA_EXCEEDED', limit: 100 });
    expect((await client.post('/tallies', { id: 't5', value: ['y'] })).status).toBe(201);
    expect((await client.delete('/tallies/t6')).body).toEqual({ success: true });
    expect((await client.post('/tallies', { id: 't100', value: ['x'] })).status).toBe(201);
  });

  it('answers hostile bodies with 4xx problem+json, never 500, and stores nothing', async () => {
    const v = await givenEngagementVendor(app);
    const r = await v.reader();
    const client = publicClient(app, r.auth);
    const bad: unknown[] = [
      { id: 'a', value: 'x', owner: 'someone-else' },
      { id: 'a', value: 'x', userId: 'u-1' },
      { id: 'a\u0000b', value: 'x' },
      { id: 'a', value: 'x\u0000y' },
      { id: 'a', value: 'x'.repeat(513) },
      { id: 'a', value: Array.from({ length: 1001 }, () => 'v') },
      { id: 'a', value: [['nested']] },
      { id: 'a', value: [{ v: 1 }] },
      { id: 'a', value: null },
      { id: 'a', value: true },
      { id: 'a' },
      { value: 'x' },
      { id: 'x'.repeat(65), value: 'x' },
      { id: 'bad id', value: 'x' },
      { id: 'a', value: 'x', policies: { ttl: 0 } },
      { id: 'a', value: 'x', policies: { maxItems: 1e9 } },
      { id: 'a', value: 'x', policies: { overflow: 'explode' } },
      { id: 'a', value: 'x', policies: { evil: true } },
      [],
      'x',
    ];
    for (const body of bad) {
      const res = await client.post('/tallies', body);
      expectProblem(res);
    }
    expectProblem(await client.raw('post', '/tallies', '{"id":"a","value":1e999}'));
    expectProblem(await client.raw('post', '/tallies', '{"id":'), 400);
    expectProblem(await client.raw('post', '/tallies', JSON.stringify({ id: 'a', value: 'x'.repeat(300_000) })), 413);
    expect((await client.get('/tallies')).body).toEqual({});
  });
});

describe('DELETE /tallies/{id}', () => {
  it("removes the reader's tally; GET then answers [] and the map leaves it out; the same answer when there was none", async () => {
    const v = await givenEngagementVendor(app);
    const r = await v.reader();
    const other = await v.reader();
    const client = publicClient(app, r.auth);
    await client.put('/tallies/keep', { value: 'k' });
    await client.post('/tallies', { id: 'gone', value: ['1', '2'] });
    await publicClient(app, other.auth).put('/tallies/gone', { value: 'theirs' });
    const res = await client.delete('/tallies/gone');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect((await client.get('/tallies/gone')).body).toEqual([]);
    expect((await client.get('/tallies')).body).toEqual({ keep: ['k'] });
    // Another reader's tally of the same id is untouched.
    expect((await publicClient(app, other.auth).get('/tallies/gone')).body).toEqual(['theirs']);
    const again = await client.delete('/tallies/gone');
    expect([again.status, again.body]).toEqual([200, { success: true }]);
    expect((await client.delete('/tallies/never-was')).body).toEqual({ success: true });
    // A new tally under the id starts afresh.
    expect((await client.put('/tallies/gone', { value: 'new' })).body).toMatchObject({ value: ['new'], policies: DEFAULTS });
    const stored = await rows(app, `SELECT 1 FROM tallies WHERE vendor_id = $1 AND owner_id = $2`, [v.vendorId, r.userId]);
    expect(stored).toHaveLength(2);
  });

  it("removes a visitor's own tally and the one visitors behind the IP share", async () => {
    const v = await givenEngagementVendor(app);
    const one = v.visitor();
    const two = v.visitor();
    const ip = { 'X-Forwarded-For': '203.0.113.9' };
    const first = publicClient(app, { ...one.auth, ...ip });
    const second = publicClient(app, { ...two.auth, ...ip });
    await first.post('/tallies', { id: 'shared', value: ['a'], policies: { ipSessionSharing: true } });
    expect((await second.get('/tallies/shared')).body).toEqual(['a']);
    expect((await second.delete('/tallies/shared')).body).toEqual({ success: true });
    expect((await first.get('/tallies/shared')).body).toEqual([]);
    await first.put('/tallies/own', { value: 'mine' });
    expect((await second.delete('/tallies/own')).body).toEqual({ success: true });
    expect((await first.get('/tallies/own')).body).toEqual(['mine']);
    expect((await first.delete('/tallies/own')).body).toEqual({ success: true });
    expect((await first.get('/tallies')).body).toEqual({});
  });

  it('needs reader credentials and a well-formed id: 401, 403, and 4xx problem+json for hostile ids', async () => {
    const v = await givenEngagementVendor(app);
    const r = await v.reader();
    const client = publicClient(app, r.auth);
    await client.put('/tallies/safe', { value: 'x' });
    expectProblem(await publicClient(app).delete('/tallies/safe'), 401);
    const token = await v.apiToken('full');
    expectProblem(await publicClient(app, { Authorization: `Bearer ${token}` }).delete('/tallies/safe'), 403);
    for (const id of ['%00', 'a%00b', 'x'.repeat(65), '%FF', 'bad%20id', '..%2Fsafe', "'%20OR%201=1"]) {
      expectProblem(await client.delete(`/tallies/${id}`));
    }
    expect((await client.get('/tallies/safe')).body).toEqual(['x']);
  });
});
