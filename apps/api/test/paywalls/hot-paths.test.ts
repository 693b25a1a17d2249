import { inTransaction } from '../../src/platform/database/transaction';
import { ReadLedgerPruning } from '../../src/paywalls/read-ledger-pruning';
import { TypeOrmReadLedger } from '../../src/paywalls/typeorm-read-ledger';
import { onRealPostgres, startTestApp, TestApp, uniqueId } from '../support/harness';
import { cacheSettled, statementsOf } from '../support/statements';
import { givenPaywallVendor } from './support';

// The paywall's daily view counts are not what these tests look at.
const noViews = { count: () => undefined };

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const flow = (paywallId: string) => ({
  formatVersion: 1,
  start: 'heavy',
  fallback: 'default',
  nodes: [
    { id: 'heavy', type: 'condition', label: 'Heavy?', condition: { field: 'reads.weekly', operator: 'gte', value: 2 } },
    { id: 'hard', type: 'paywall', label: 'Hard', paywallId },
    { id: 'default', type: 'paywall', label: 'Default', paywallId },
  ],
  edges: [
    { id: 'heavy-true', from: 'heavy', to: 'hard', branch: 'true' },
    { id: 'heavy-false', from: 'heavy', to: 'default', branch: 'false' },
  ],
});

describe('hot paths: statements per request once the configuration cache is warm', () => {
  it('access, check and strategy execute take one statement, for a visitor and for a signed-in reader', async () => {
    const v = await givenPaywallVendor(app);
    const paywall = await v.leakyPaywall(3);
    const visitor = v.visitor();
    const reader = await v.reader();
    const body = (n: number) => ({ publisherContentId: `hot-${n}`, url: `https://news.example.com/hot-${n}` });
    const strategy = await app.http.post('/management/paywall-strategies').set(v.write).send({ name: 'Hot', flow: flow(paywall.id) });
    expect(strategy.status).toBe(201);
    await cacheSettled(app);
    // Warm up: the first request of a vendor loads its configuration (and the vendor's first service key).
    await app.http.post(`/paywalls/${paywall.id}/access`).set(visitor).send(body(0)).expect(200);
    await app.http.post(`/paywalls/${paywall.id}/access`).set(reader.auth).send(body(0)).expect(200);
    await app.http.post(`/paywalls/strategies/${strategy.body.id}/execute`).set(visitor).send({}).expect(200);
    await app.http.post(`/paywalls/strategies/${strategy.body.id}/execute`).set(reader.auth).send({}).expect(200);

    const cases: [string, () => Promise<unknown>, number][] = [
      ['access, new article, visitor', () => app.http.post(`/paywalls/${paywall.id}/access`).set(visitor).send(body(1)).expect(200), 1],
      ['access, read before, visitor', () => app.http.post(`/paywalls/${paywall.id}/access`).set(visitor).send(body(1)).expect(200), 1],
      ['access, new article, signed in', () => app.http.post(`/paywalls/${paywall.id}/access`).set(reader.auth).send(body(1)).expect(200), 1],
      ['access, read before, signed in', () => app.http.post(`/paywalls/${paywall.id}/access`).set(reader.auth).send(body(1)).expect(200), 1],
      ['check, visitor', () => app.http.post(`/paywalls/${paywall.id}/access/check`).set(visitor).send(body(2)).expect(200), 1],
      ['check, signed in', () => app.http.post(`/paywalls/${paywall.id}/access/check`).set(reader.auth).send(body(2)).expect(200), 1],
      ['execute, visitor', () => app.http.post(`/paywalls/strategies/${strategy.body.id}/execute`).set(visitor).send({}).expect(200), 1],
      ['execute, signed in', () => app.http.post(`/paywalls/strategies/${strategy.body.id}/execute`).set(reader.auth).send({}).expect(200), 1],
    ];
    for (const [name, request, expected] of cases) {
      const statements = await statementsOf(request);
      expect({ name, count: statements.length, statements }).toMatchObject({ name, count: expected });
    }
  });

  it('a counted read is one statement that decides in SQL', async () => {
    const v = await givenPaywallVendor(app);
    const paywall = await v.leakyPaywall(2);
    const visitor = v.visitor();
    await cacheSettled(app);
    await app.http.post(`/paywalls/${paywall.id}/access`).set(visitor).send({ publisherContentId: 'a', url: 'https://n.example.com/a' }).expect(200);
    const statements = await statementsOf(() =>
      app.http.post(`/paywalls/${paywall.id}/access`).set(visitor).send({ publisherContentId: 'b', url: 'https://n.example.com/b' }).expect(200),
    );
    expect(statements).toEqual([expect.stringMatching(/^SELECT decided, reads_in_window FROM paywall_record_read\(.*set_config\('synchronous_commit', 'off', true\)/)]);
  });

  it("a refused read's renewsAt comes from the window's oldest read, one row whatever the window holds", async () => {
    const v = await givenPaywallVendor(app);
    const paywall = await v.leakyPaywall(3, 24);
    const visitor = v.visitor();
    await cacheSettled(app);
    const read = (id: string) => app.http.post(`/paywalls/${paywall.id}/access`).set(visitor).send({ publisherContentId: id, url: `https://n.example.com/${id}` });
    const first = app.clock.now();
    for (const id of ['a', 'b', 'c']) {
      expect((await read(id)).status).toBe(200);
      app.clock.advance(60_000);
    }
    const rows: number[] = [];
    const statements = await statementsOf(async () => {
      const refused = await read('d').expect(200);
      expect(refused.body).toMatchObject({ status: 'blocked', renewsAt: new Date(first.getTime() + 24 * 3_600_000).toISOString() });
    }, rows);
    expect(statements).toEqual([expect.stringMatching(/paywall_record_read/), expect.stringMatching(/^SELECT read_at AS oldest FROM paywall_reads .* ORDER BY read_at LIMIT 1$/)]);
    expect(rows).toEqual([1, 1]);
  });

  it('a counted read that is its own transaction commits without waiting for the flush; inside a transaction it changes nothing', async () => {
    const db = app.runtime.database.db;
    const ledger = new TypeOrmReadLedger(db, noViews);
    const query = (contentId: string) => ({
      vendorId: uniqueId('async'),
      paywallId: 'p1',
      readerKey: 'user:u1',
      contentId,
      windowStart: new Date(Date.now() - 3_600_000),
      limit: 3,
      now: new Date(),
    });
    const setting = async (m: { query(sql: string): Promise<{ synchronous_commit: string }[]> }) => (await m.query('SHOW synchronous_commit'))[0].synchronous_commit;
    await inTransaction(db, async (m) => {
      const statements = await statementsOf(() => ledger.recordReadIfAllowed(query('a')));
      expect(statements).toEqual([expect.not.stringContaining('synchronous_commit')]);
      expect(await setting(m)).toBe('on');
    });
    expect((await ledger.recordReadIfAllowed(query('b'))).outcome).toBe('recorded');
    // SET LOCAL semantics: the setting ended with the statement's own transaction.
    expect(await setting(db.manager)).toBe('on');
  });

  it("a signed-in reader's counted read asks the entitlement and counts in the same statement", async () => {
    const v = await givenPaywallVendor(app);
    const paywall = await v.leakyPaywall(2);
    const reader = await v.reader();
    await cacheSettled(app);
    const read = (id: string) => app.http.post(`/paywalls/${paywall.id}/access`).set(reader.auth).send({ publisherContentId: id, url: `https://n.example.com/${id}` });
    await read('a').expect(200);
    const statements = await statementsOf(() => read('b').expect(200));
    expect(statements).toEqual([expect.stringMatching(/^WITH access AS MATERIALIZED[\s\S]*FROM entitlements[\s\S]*paywall_record_read\(/)]);
    expect((await read('c')).body).toMatchObject({ status: 'blocked', remaining: 0 });
  });
});

// A second app on the same database is a second process as far as caches go: its own container, cache and connections.
const onPostgres = onRealPostgres() ? it : it.skip;

describe('the configuration cache across processes', () => {
  onPostgres('a change made by another process is seen within a second', async () => {
    const other = await startTestApp();
    try {
      const v = await givenPaywallVendor(app);
      const paywall = await v.createPaywall({ headline: 'Before' });
      const visitor = v.visitor();
      // Both processes have the paywall cached.
      expect((await app.http.get(`/paywalls/${paywall.id}`).set(visitor)).body.headline).toBe('Before');
      expect((await other.http.get(`/paywalls/${paywall.id}`).set(visitor)).body.headline).toBe('Before');
      // The other process changes it.
      await other.http.patch(`/management/paywalls/${paywall.id}`).set(v.write).send({ headline: 'After' }).expect(200);
      const started = Date.now();
      let seen = '';
      while (Date.now() - started < 1_000) {
        seen = (await app.http.get(`/paywalls/${paywall.id}`).set(visitor)).body.headline;
        if (seen === 'After') break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(seen).toBe('After');
      // Link tiers, set by the other process, reach the signed links of this one.
      await other.http.put('/management/paywall-link-tiers').set(v.write).send({ metered: 'metered-tier' }).expect(200);
      const leaky = await v.leakyPaywall(5);
      const tierOf = async () => {
        const res = await app.http.post(`/paywalls/${leaky.id}/access`).set(visitor).send({ publisherContentId: 'x', url: 'https://n.example.com/x' });
        const token = new URL(res.body.signedLink).searchParams.get('service_token') ?? '';
        return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).tier as string;
      };
      const tierStarted = Date.now();
      let tier = '';
      while (Date.now() - tierStarted < 1_000) {
        tier = await tierOf();
        if (tier === 'metered-tier') break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(tier).toBe('metered-tier');
    } finally {
      await other.close();
    }
  });

  onPostgres('a service key rotated by another process signs the next link within a second', async () => {
    const other = await startTestApp();
    try {
      const v = await givenPaywallVendor(app);
      const leaky = await v.leakyPaywall(50);
      const visitor = v.visitor();
      let n = 0;
      const kidOf = async () => {
        n += 1;
        const res = await app.http.post(`/paywalls/${leaky.id}/access`).set(visitor).send({ publisherContentId: `k-${n}`, url: `https://n.example.com/${n}` });
        const token = new URL(res.body.signedLink).searchParams.get('service_token') ?? '';
        return JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString()).kid as string;
      };
      const before = await kidOf();
      expect(await kidOf()).toBe(before);
      const rotated = await other.http.post('/management/capsule/service-keys/rotate').set(v.write);
      expect(rotated.status).toBe(201);
      const started = Date.now();
      let kid = before;
      while (Date.now() - started < 1_000 && kid === before) kid = await kidOf();
      expect(kid).toBe(rotated.body.kid);
    } finally {
      await other.close();
    }
  });
});

describe('pruning the read ledger', () => {
  it('deletes reads no window of the vendor reaches, keeps the rest, and changes no decision', async () => {
    const v = await givenPaywallVendor(app);
    const daily = await v.leakyPaywall(3, 24);
    // Another vendor with a 30-day window keeps its reads for 30 days.
    const w = await givenPaywallVendor(app);
    const monthly = await w.leakyPaywall(3, 720);
    const read = (auth: Record<string, string>, paywallId: string, contentId: string) =>
      app.http.post(`/paywalls/${paywallId}/access`).set(auth).send({ publisherContentId: contentId, url: `https://n.example.com/${contentId}` });
    const visitor = v.visitor();
    const monthlyVisitor = w.visitor();
    await read(visitor, daily.id, 'old').expect(200);
    await read(monthlyVisitor, monthly.id, 'month').expect(200);
    app.clock.advance(169 * 3600_000);
    await read(visitor, daily.id, 'new').expect(200);
    const contents = async (vendorId: string) =>
      (await app.runtime.database.db.query(`SELECT content_id FROM paywall_reads WHERE vendor_id = $1 ORDER BY content_id`, [vendorId])).map(
        (r: { content_id: string }) => r.content_id,
      );
    expect(await contents(v.vendorId)).toEqual(['new', 'old']);
    await app.runtime.container.get(ReadLedgerPruning).run();
    // 169 hours is past the paywall's day and strategies' week, but inside the other vendor's month.
    expect(await contents(v.vendorId)).toEqual(['new']);
    expect(await contents(w.vendorId)).toEqual(['month']);
    expect((await read(visitor, daily.id, 'new').expect(200)).body).toMatchObject({ status: 'allowed', remaining: 2 });
  });
});
