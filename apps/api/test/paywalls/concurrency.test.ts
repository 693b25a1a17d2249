import { onRealPostgres, openTestDatabase, startTestApp, TestApp } from '../support/harness';
import { givenPaywallVendor } from './support';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

// PGlite is one session, so races are only proven on a real PostgreSQL (DESIGN.md section 7).
const onPostgres = onRealPostgres() ? it : it.skip;

describe('the leaky allowance under concurrency', () => {
  onPostgres('50 parallel reads of 50 different articles by one reader against a count of 3 allow exactly 3', async () => {
    const v = await givenPaywallVendor(app);
    const paywall = await v.leakyPaywall(3);
    const reader = await v.reader();
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        app.http
          .post(`/paywalls/${paywall.id}/access`)
          .set(reader.auth)
          .send({ publisherContentId: `article-${i}`, url: `https://news.example.com/article-${i}` }),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(50).fill(200));
    const allowed = responses.filter((r) => r.body.status === 'allowed');
    const blocked = responses.filter((r) => r.body.status === 'blocked');
    expect(allowed).toHaveLength(3);
    expect(blocked).toHaveLength(47);
    expect(allowed.map((r) => r.body.remaining).sort()).toEqual([0, 1, 2]);
    for (const r of blocked) expect(r.body.remaining).toBe(0);
    const rows = await app.runtime.database.db.query(`SELECT content_id FROM paywall_reads WHERE vendor_id = $1`, [v.vendorId]);
    expect(rows).toHaveLength(3);
    const allowedIds = allowed.map((r) => new URL(r.body.signedLink).pathname.slice(1)).sort();
    expect(rows.map((r: { content_id: string }) => r.content_id).sort()).toEqual(allowedIds);
  });

  onPostgres('parallel visitors each keep their own count, and parallel re-reads of one article cost one read', async () => {
    const v = await givenPaywallVendor(app);
    const paywall = await v.leakyPaywall(2);
    const visitors = Array.from({ length: 5 }, (_, i) => v.visitor(`visitor-par-${i}`));
    const responses = await Promise.all(
      visitors.flatMap((auth) =>
        Array.from({ length: 10 }, (_, i) =>
          app.http.post(`/paywalls/${paywall.id}/access`).set(auth).send({ publisherContentId: `a-${i % 3}`, url: `https://n.example.com/${i}` }),
        ),
      ),
    );
    expect(responses.every((r) => r.status === 200)).toBe(true);
    const [{ n, readers }] = await app.runtime.database.db.query(
      `SELECT count(*)::int AS n, count(DISTINCT reader_key)::int AS readers FROM paywall_reads WHERE vendor_id = $1`,
      [v.vendorId],
    );
    expect({ n, readers }).toEqual({ n: 10, readers: 5 });
  });

  onPostgres('16 parallel reads of 16 new articles by one visitor against a count of 10,000 are each counted exactly once', async () => {
    const v = await givenPaywallVendor(app);
    const paywall = await v.leakyPaywall(10_000);
    const visitor = v.visitor('visitor-bot-16');
    const read = (i: number) =>
      app.http.post(`/paywalls/${paywall.id}/access`).set(visitor).send({ publisherContentId: `bot-${i}`, url: `https://n.example.com/bot-${i}` });
    const first = await Promise.all(Array.from({ length: 16 }, (_, i) => read(i)));
    expect(first.map((r) => r.status)).toEqual(Array(16).fill(200));
    expect(first.map((r) => r.body.status)).toEqual(Array(16).fill('allowed'));
    // Each read saw a distinct count: remaining runs 9,999 down to 9,984 with no repeat and no gap.
    expect(first.map((r) => r.body.remaining as number).sort((a, b) => b - a)).toEqual(Array.from({ length: 16 }, (_, i) => 9_999 - i));
    const again = await Promise.all(Array.from({ length: 16 }, (_, i) => read(i)));
    expect(again.map((r) => r.body.remaining)).toEqual(Array(16).fill(9_984));
    const [{ n }] = await app.runtime.database.db.query(`SELECT count(*)::int AS n FROM paywall_reads WHERE vendor_id = $1`, [v.vendorId]);
    expect(n).toBe(16);
  });

  onPostgres("a visitor at its limit is refused without the reader's lock: refusals go on while another transaction holds it", async () => {
    const v = await givenPaywallVendor(app);
    const paywall = await v.leakyPaywall(2);
    const visitor = v.visitor('visitor-full');
    const read = (id: string) => app.http.post(`/paywalls/${paywall.id}/access`).set(visitor).send({ publisherContentId: id, url: `https://n.example.com/${id}` });
    for (const id of ['a', 'b']) expect((await read(id)).body.status).toBe('allowed');
    expect((await read('c')).body).toMatchObject({ status: 'blocked', remaining: 0 });
    // Another session takes the visitor's lock (what a read being recorded holds) and keeps it.
    const other = await openTestDatabase(1);
    const holder = other.db.createQueryRunner();
    try {
      await holder.startTransaction();
      await holder.query(`SELECT paywall_reader_lock($1, $2, $3)`, [v.vendorId, paywall.id, 'visitor:visitor-full']);
      const refused = await Promise.all(['d', 'e', 'f', 'g'].map(read));
      expect(refused.map((r) => [r.status, r.body.status, r.body.remaining])).toEqual(Array(4).fill([200, 'blocked', 0]));
      // An article this visitor read is still open, also without the lock.
      expect((await read('a')).body.status).toBe('allowed');
    } finally {
      await holder.rollbackTransaction();
      await holder.release();
      await other.close();
    }
    const [{ n }] = await app.runtime.database.db.query(`SELECT count(*)::int AS n FROM paywall_reads WHERE vendor_id = $1`, [v.vendorId]);
    expect(n).toBe(2);
  });
});
