import { onRealPostgres, startTestApp, TestApp } from '../support/harness';
import { givenEngagementVendor, rows } from './support';

let app: TestApp;
beforeAll(async () => {
  // Behind a proxy on loopback: X-Forwarded-For names the client (how ipSessionSharing finds the IP).
  app = await startTestApp({ TRUST_PROXY: 'loopback' });
});
afterAll(() => app.close());

const itOnPostgres = onRealPostgres() ? it : it.skip;
const SECOND = 1000;

describe('tallies of a signed-in reader', () => {
  it('PUT sets the tally to the one value and answers the Tally; GET and the map show it', async () => {
    const v = await givenEngagementVendor(app);
    const r = await v.reader();
    const now = app.clock.now();
    const put = await app.http.put('/tallies/recent').set(r.auth).send({ value: 'a1', policies: { maxItems: 3, ttl: 60 } });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({
      id: 'recent',
      value: ['a1'],
      policies: { ttl: 60, maxItems: 3, unique: false, overflow: 'fifo', ipSessionSharing: false },
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + 60 * SECOND).toISOString(),
    });
    expect((await app.http.get('/tallies/recent').set(r.auth)).body).toEqual(['a1']);
    const again = await app.http.put('/tallies/recent').set(r.auth).send({ value: 'b2' });
    expect(again.body).toMatchObject({ value: ['b2'], policies: { ttl: 60, maxItems: 3 } });
    const other = await app.http.put('/tallies/other').set(r.auth).send({ value: 'x' });
    expect(other.body).toEqual({
      id: 'other',
      value: ['x'],
      policies: { ttl: null, maxItems: 100, unique: false, overflow: 'fifo', ipSessionSharing: false },
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
      expiresAt: null,
    });
    const map = await app.http.get('/tallies').set(r.auth);
    expect(map.status).toBe(200);
    expect(map.body).toEqual({ other: ['x'], recent: ['b2'] });
  });

  it('an unknown tally is empty, and the map of a new reader is {}', async () => {
    const v = await givenEngagementVendor(app);
    const r = await v.reader();
    expect((await app.http.get('/tallies/nothing').set(r.auth)).body).toEqual([]);
    expect((await app.http.get('/tallies').set(r.auth)).body).toEqual({});
  });

  it('push appends; fifo drops the oldest on a full list', async () => {
    const v = await givenEngagementVendor(app);
    const r = await v.reader();
    const push = (value: string, policies?: object) => app.http.post('/tallies/seen/push').set(r.auth).send({ value, policies });
    expect((await push('1', { maxItems: 3 })).body).toEqual(['1']);
    expect((await push('2')).body).toEqual(['1', '2']);
    expect((await push('3')).body).toEqual(['1', '2', '3']);
    const res = await push('4');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(['2', '3', '4']);
    expect((await app.http.get('/tallies/seen').set(r.auth)).body).toEqual(['2', '3', '4']);
  });

  it('block refuses a push onto a full list with 409 and leaves it as it was', async () => {
    const v = await givenEngagementVendor(app);
    const r = await v.reader();
    await app.http.post('/tallies/b/push').set(r.auth).send({ value: '1', policies: { maxItems: 2, overflow: 'block' } });
    await app.http.post('/tallies/b/push').set(r.auth).send({ value: '2' });
    const res = await app.http.post('/tallies/b/push').set(r.auth).send({ value: '3' });
    expect(res.status).toBe(409);
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(res.body).toMatchObject({ status: 409, code: 'TALLY.FULL', id: 'b', maxItems: 2 });
    expect((await app.http.get('/tallies/b').set(r.auth)).body).toEqual(['1', '2']);
    // PUT always fits: the list becomes the one value.
    expect((await app.http.put('/tallies/b').set(r.auth).send({ value: '9' })).body.value).toEqual(['9']);
  });

  it('unique drops repeats; turning it on later removes repeats already there', async () => {
    const v = await givenEngagementVendor(app);
    const r = await v.reader();
    const push = (value: string, policies?: object) => app.http.post('/tallies/u/push').set(r.auth).send({ value, policies });
    await push('a');
    await push('b');
    expect((await push('a')).body).toEqual(['a', 'b', 'a']);
    expect((await push('c', { unique: true })).body).toEqual(['a', 'b', 'c']);
    expect((await push('b')).body).toEqual(['a', 'b', 'c']);
  });

  it('ttl: the tally expires ttl seconds after its last change; a push restarts the clock; after expiry it is gone and starts afresh', async () => {
    const v = await givenEngagementVendor(app);
    const r = await v.reader();
    const start = app.clock.now();
    await app.http.post('/tallies/t/push').set(r.auth).send({ value: '1', policies: { ttl: 10 } });
    app.clock.set(new Date(start.getTime() + 9 * SECOND));
    expect((await app.http.post('/tallies/t/push').set(r.auth).send({ value: '2' })).body).toEqual(['1', '2']);
    app.clock.set(new Date(start.getTime() + 18 * SECOND));
    expect((await app.http.get('/tallies/t').set(r.auth)).body).toEqual(['1', '2']);
    app.clock.set(new Date(start.getTime() + 19 * SECOND));
    expect((await app.http.get('/tallies/t').set(r.auth)).body).toEqual([]);
    expect((await app.http.get('/tallies').set(r.auth)).body).toEqual({});
    // Expired: the policies went with it; a new push starts a new tally with the defaults.
    const put = await app.http.put('/tallies/t').set(r.auth).send({ value: '3' });
    expect(put.body).toEqual({
      id: 't',
      value: ['3'],
      policies: { ttl: null, maxItems: 100, unique: false, overflow: 'fifo', ipSessionSharing: false },
      createdAt: app.clock.now().toISOString(),
      updatedAt: app.clock.now().toISOString(),
      expiresAt: null,
    });
    app.clock.set(start);
  });

  it("never shows another reader's tallies, nor another vendor's", async () => {
    const v = await givenEngagementVendor(app);
    const a = await v.reader();
    const b = await v.reader();
    await app.http.put('/tallies/mine').set(a.auth).send({ value: 'secret-of-a' });
    expect((await app.http.get('/tallies/mine').set(b.auth)).body).toEqual([]);
    expect((await app.http.get('/tallies').set(b.auth)).body).toEqual({});
    expect((await app.http.post('/tallies/mine/push').set(b.auth).send({ value: 'b' })).body).toEqual(['b']);
    expect((await app.http.get('/tallies/mine').set(a.auth)).body).toEqual(['secret-of-a']);

    const w = await givenEngagementVendor(app);
    const visitorA = v.visitor('visitor-same-id');
    const visitorW = w.visitor('visitor-same-id');
    await app.http.put('/tallies/x').set(visitorA.auth).send({ value: 'vendor-v' });
    expect((await app.http.get('/tallies/x').set(visitorW.auth)).body).toEqual([]);
    expect((await app.http.get('/tallies/x').set(visitorA.auth)).body).toEqual(['vendor-v']);
  });
});

describe('tallies of anonymous visitors (Basic credentials)', () => {
  it('keeps each visitor apart, and apart from signed-in users', async () => {
    const v = await givenEngagementVendor(app);
    const one = v.visitor();
    const two = v.visitor();
    const r = await v.reader();
    const put = await app.http.put('/tallies/read').set(one.auth).send({ value: 'p1' });
    expect(put.status).toBe(200);
    expect((await app.http.post('/tallies/read/push').set(one.auth).send({ value: 'p2' })).body).toEqual(['p1', 'p2']);
    expect((await app.http.get('/tallies/read').set(two.auth)).body).toEqual([]);
    expect((await app.http.get('/tallies').set(one.auth)).body).toEqual({ read: ['p1', 'p2'] });
    expect((await app.http.get('/tallies').set(r.auth)).body).toEqual({});
  });

  it('ipSessionSharing: visitors behind one IP share the tally; another IP does not see it; users ignore it', async () => {
    const v = await givenEngagementVendor(app);
    const one = v.visitor();
    const two = v.visitor();
    const ip = (n: string) => ({ 'X-Forwarded-For': n });
    const put = await app.http
      .put('/tallies/shared')
      .set(one.auth)
      .set(ip('203.0.113.7'))
      .send({ value: 'first', policies: { ipSessionSharing: true } });
    expect(put.body).toMatchObject({ value: ['first'], policies: { ipSessionSharing: true } });
    // The second visitor behind the same address pushes without policies: onto the shared tally.
    const pushed = await app.http.post('/tallies/shared/push').set(two.auth).set(ip('203.0.113.7')).send({ value: 'second' });
    expect(pushed.body).toEqual(['first', 'second']);
    expect((await app.http.get('/tallies/shared').set(one.auth).set(ip('203.0.113.7'))).body).toEqual(['first', 'second']);
    expect((await app.http.get('/tallies').set(two.auth).set(ip('203.0.113.7'))).body).toEqual({ shared: ['first', 'second'] });
    // Elsewhere the same visitor sees only their own tallies.
    expect((await app.http.get('/tallies/shared').set(one.auth).set(ip('198.51.100.1'))).body).toEqual([]);
    // The table holds a keyed hash, never the address.
    const stored = await rows<{ owner_kind: string; owner_id: string }>(
      app,
      `SELECT owner_kind, owner_id FROM tallies WHERE vendor_id = $1 AND tally_id = 'shared'`,
      [v.vendorId],
    );
    expect(stored).toHaveLength(1);
    expect(stored[0].owner_kind).toBe('shared');
    expect(stored[0].owner_id).not.toContain('203.0.113.7');
    // A signed-in user's tally is always their own.
    const r = await v.reader();
    await app.http.put('/tallies/shared').set(r.auth).set(ip('203.0.113.7')).send({ value: 'user', policies: { ipSessionSharing: true } });
    expect((await app.http.get('/tallies/shared').set(two.auth).set(ip('203.0.113.7'))).body).toEqual(['first', 'second']);
    expect((await app.http.get('/tallies/shared').set(r.auth)).body).toEqual(['user']);
  });
});

describe('tally limits and hostile input', () => {
  it('refuses bad ids, long values and out-of-range policies with 400, writing nothing', async () => {
    const v = await givenEngagementVendor(app);
    const r = await v.reader();
    const cases: [string, string, object, string][] = [
      ['put', `/tallies/${'x'.repeat(65)}`, { value: 'a' }, 'TALLY.BAD_ID'],
      ['put', '/tallies/bad%20id', { value: 'a' }, 'TALLY.BAD_ID'],
      ['post', '/tallies/bad%2Fid/push', { value: 'a' }, 'TALLY.BAD_ID'],
      ['put', '/tallies/ok', { value: 'v'.repeat(513) }, 'REQUEST.INVALID'],
      ['put', '/tallies/ok', { value: 5 }, 'REQUEST.INVALID'],
      ['put', '/tallies/ok', {}, 'REQUEST.INVALID'],
      ['put', '/tallies/ok', { value: 'a', policies: { maxItems: 0 } }, 'REQUEST.INVALID'],
      ['put', '/tallies/ok', { value: 'a', policies: { maxItems: 1001 } }, 'REQUEST.INVALID'],
      ['put', '/tallies/ok', { value: 'a', policies: { maxItems: 2.5 } }, 'REQUEST.INVALID'],
      ['put', '/tallies/ok', { value: 'a', policies: { ttl: 0 } }, 'REQUEST.INVALID'],
      ['put', '/tallies/ok', { value: 'a', policies: { ttl: 31_536_001 } }, 'REQUEST.INVALID'],
      ['post', '/tallies/ok/push', { value: 'a', policies: { overflow: 'lifo' } }, 'REQUEST.INVALID'],
      ['post', '/tallies/ok/push', { value: 'a', policies: { unique: 'yes' } }, 'REQUEST.INVALID'],
      ['post', '/tallies/ok/push', { value: 'a', policies: { colour: 'red' } }, 'REQUEST.INVALID'],
      ['post', '/tallies/ok/push', { value: 'a', policies: 7 }, 'REQUEST.INVALID'],
      ['post', '/tallies/ok/push', { value: 'a', extra: true }, 'REQUEST.INVALID'],
    ];
    for (const [method, path, body, code] of cases) {
      const res = await (method === 'put' ? app.http.put(path) : app.http.post(path)).set(r.auth).send(body);
      expect([path, JSON.stringify(body), res.status, res.body.code]).toEqual([path, JSON.stringify(body), 400, code]);
    }
    expect((await app.http.get(`/tallies/${'y'.repeat(65)}`).set(r.auth)).body.code).toBe('TALLY.BAD_ID');
    const malformed = await app.http.put('/tallies/ok').set(r.auth).set('Content-Type', 'application/json').send('{"value":');
    expect([malformed.status, malformed.body.code]).toEqual([400, 'REQUEST.MALFORMED_BODY']);
    const text = await app.http.put('/tallies/ok').set(r.auth).set('Content-Type', 'text/plain').send('value');
    expect(text.status).toBe(415);
    expect((await app.http.get('/tallies').set(r.auth)).body).toEqual({});
    // The longest id and value are fine.
    const longest = await app.http.put(`/tallies/${'i'.repeat(64)}`).set(r.auth).send({ value: 'v'.repeat(512) });
    expect(longest.status).toBe(200);
  });

  it('refuses callers without reader credentials', async () => {
    const v = await givenEngagementVendor(app);
    expect((await app.http.get('/tallies')).status).toBe(401);
    expect((await app.http.get('/tallies').set('Authorization', 'Bearer not-a-token')).status).toBe(401);
    const badVisitor = await app.http.get('/tallies').set('Authorization', `Basic ${Buffer.from('client_unknown:visitor-123456').toString('base64')}`);
    expect([badVisitor.status, badVisitor.body.code]).toEqual([401, 'AUTH.BAD_VISITOR']);
    const apiToken = await v.apiToken('full');
    const byKey = await app.http.get('/tallies').set('Authorization', `Bearer ${apiToken}`);
    expect([byKey.status, byKey.body.code]).toEqual([403, 'AUTH.READER_ONLY']);
  });

  it('a reader holds at most 100 live tallies: the 101st is 413; existing ones still change; an expired one frees a place', async () => {
    const v = await givenEngagementVendor(app);
    const r = await v.reader();
    const start = app.clock.now();
    await app.http.put('/tallies/t0').set(r.auth).send({ value: 'x', policies: { ttl: 5 } });
    for (let i = 1; i < 100; i += 1) {
      const res = await app.http.put(`/tallies/t${i}`).set(r.auth).send({ value: 'x' });
      expect(res.status).toBe(200);
    }
    const over = await app.http.post('/tallies/t100/push').set(r.auth).send({ value: 'x' });
    expect(over.status).toBe(413);
    expect(over.body).toMatchObject({ status: 413, code: 'TALLY.QUOTA_EXCEEDED', limit: 100 });
    expect((await app.http.get('/tallies/t100').set(r.auth)).body).toEqual([]);
    expect((await app.http.post('/tallies/t99/push').set(r.auth).send({ value: 'y' })).body).toEqual(['x', 'y']);
    app.clock.set(new Date(start.getTime() + 6 * SECOND));
    expect((await app.http.put('/tallies/t100').set(r.auth).send({ value: 'x' })).status).toBe(200);
    expect(Object.keys((await app.http.get('/tallies').set(r.auth)).body)).toHaveLength(100);
    app.clock.set(start);
  });
});

describe('push under concurrency', () => {
  itOnPostgres('100 parallel pushes to a tally with maxItems 20 and fifo leave exactly the 20 newest', async () => {
    const v = await givenEngagementVendor(app);
    const r = await v.reader();
    const values = Array.from({ length: 100 }, (_, i) => `item-${i}`);
    const answers = await Promise.all(
      values.map((value) =>
        app.http.post('/tallies/race/push').set(r.auth).send({ value, policies: { maxItems: 20, overflow: 'fifo' } }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(values.map(() => 200));
    // Every push was applied: its answer ends with its own value and never holds more than 20.
    answers.forEach((a, i) => {
      expect(a.body[a.body.length - 1]).toBe(values[i]);
      expect(a.body.length).toBeLessThanOrEqual(20);
    });
    const [row] = await rows<{ items: { value: string; seq: number }[]; last_seq: string }>(
      app,
      `SELECT items, last_seq FROM tallies WHERE vendor_id = $1 AND owner_kind = 'user' AND owner_id = $2 AND tally_id = 'race'`,
      [v.vendorId, r.userId],
    );
    // 100 pushes got the database-assigned positions 1..100 (the order PostgreSQL granted the lock); the 20 kept are 81..100.
    expect(Number(row.last_seq)).toBe(100);
    expect(row.items.map((i) => Number(i.seq))).toEqual(Array.from({ length: 20 }, (_, i) => 81 + i));
    const final = (await app.http.get('/tallies/race').set(r.auth)).body as string[];
    expect(final).toEqual(row.items.map((i) => i.value));
    expect(new Set(final).size).toBe(20);
    // The push that got position 100 answered exactly the final list; the one at position k (81..100) answered
    // the 20 positions up to k, ending with the kept values up to k.
    const bySeq = new Map(row.items.map((i) => [i.value, Number(i.seq)]));
    const last = answers.find((a) => bySeq.get(a.body[a.body.length - 1]) === 100)!;
    expect(last.body).toEqual(final);
    for (const a of answers) {
      const own = bySeq.get(a.body[a.body.length - 1]);
      if (own === undefined) continue;
      const kept = final.filter((value) => bySeq.get(value)! <= own);
      expect(a.body).toHaveLength(20);
      expect(a.body.slice(20 - kept.length)).toEqual(kept);
    }
  });
});
