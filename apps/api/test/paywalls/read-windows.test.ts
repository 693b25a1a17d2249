import { RecordReadQuery } from '@kiosk/domain/paywalls';
import { InMemoryReadLedger } from '@kiosk/domain/testing';
import { TypeOrmReadLedger } from '../../src/paywalls/typeorm-read-ledger';
import { onRealPostgres, startTestApp, TestApp, uniqueId } from '../support/harness';

// The paywall's daily view counts are not what these tests look at.
const noViews = { count: () => undefined };
const HOUR = 3_600_000;

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const ledger = () => new TypeOrmReadLedger(app.runtime.database.db, noViews);

/** `n` past reads of one reader, one a minute back from `before`, written directly (as an old history would be). */
async function givenHistory(vendorId: string, readerKey: string, n: number, before: Date): Promise<void> {
  await app.runtime.database.db.query(
    `INSERT INTO paywall_reads (vendor_id, paywall_id, reader_key, content_id, read_at)
     SELECT $1, 'p1', $2, 'old-' || i, $3::timestamptz - make_interval(mins => i) FROM generate_series(1, $4::int) i`,
    [vendorId, readerKey, before, n],
  );
}

const read = (vendorId: string, readerKey: string, contentId: string, now: Date, limit = 10_000, hours = 24 * 7): RecordReadQuery => ({
  vendorId,
  paywallId: 'p1',
  readerKey,
  contentId,
  windowStart: new Date(now.getTime() - hours * HOUR),
  limit,
  now,
});

describe("the counted read's window summary (issue 28)", () => {
  it('a reader with 3,000 past reads still counts exactly, as reads leave the window and content is read anew', async () => {
    const vendorId = uniqueId('history');
    const t0 = new Date('2026-06-01T00:00:00Z');
    // 3,000 reads over the 50 hours before t0; the window is a week.
    await givenHistory(vendorId, 'visitor:v', 3_000, t0);
    expect(await ledger().recordReadIfAllowed(read(vendorId, 'visitor:v', 'new-1', t0))).toEqual({ outcome: 'recorded', countInWindow: 3_001 });
    expect(await ledger().recordReadIfAllowed(read(vendorId, 'visitor:v', 'new-2', t0))).toEqual({ outcome: 'recorded', countInWindow: 3_002 });
    expect(await ledger().recordReadIfAllowed(read(vendorId, 'visitor:v', 'old-7', t0))).toEqual({ outcome: 'alreadyRead', countInWindow: 3_002 });
    // A week after t0 minus 10 hours: the reads at or before t0 - 10 h (minutes 600..3,000) have left the window.
    const later = new Date(t0.getTime() + (24 * 7 - 10) * HOUR);
    expect(await ledger().recordReadIfAllowed(read(vendorId, 'visitor:v', 'old-5', later))).toEqual({ outcome: 'alreadyRead', countInWindow: 601 });
    expect(await ledger().recordReadIfAllowed(read(vendorId, 'visitor:v', 'new-3', later))).toEqual({ outcome: 'recorded', countInWindow: 602 });
    // old-2,000 left the window: reading it again is a new read.
    expect(await ledger().recordReadIfAllowed(read(vendorId, 'visitor:v', 'old-2000', later))).toEqual({ outcome: 'recorded', countInWindow: 603 });
    // A limit below the count refuses, and says the count stops at the limit.
    expect(await ledger().recordReadIfAllowed(read(vendorId, 'visitor:v', 'new-4', later, 500))).toEqual({ outcome: 'limitReached', countInWindow: 500 });
    // A longer window than the summary's counts again.
    expect(await ledger().recordReadIfAllowed(read(vendorId, 'visitor:v', 'new-5', later, 10_000, 24 * 30))).toEqual({
      outcome: 'recorded',
      countInWindow: 3_004,
    });
    const [{ n }] = await app.runtime.database.db.query(`SELECT count(*)::int AS n FROM paywall_reads WHERE vendor_id = $1`, [vendorId]);
    expect(n).toBe(3_004);
    const [summary] = await app.runtime.database.db.query(`SELECT reads FROM paywall_read_windows WHERE vendor_id = $1`, [vendorId]);
    expect(summary).toEqual({ reads: 3_004 });
    // The check's summary reads the same count, stopping at the limit, and probes the content.
    const window = { vendorId, paywallId: 'p1', readerKey: 'visitor:v', windowStart: new Date(later.getTime() - 24 * 30 * HOUR) };
    expect(await ledger().windowSummary({ ...window, contentId: 'new-5', limit: 10_000 })).toEqual({ countInWindow: 3_004, alreadyRead: true });
    expect(await ledger().windowSummary({ ...window, contentId: 'never', limit: 100 })).toEqual({ countInWindow: 100, alreadyRead: false });
    // A week's window inside the summary's month: the month's count less the reads before the week (new-5 included).
    const week = { ...window, windowStart: new Date(later.getTime() - 24 * 7 * HOUR) };
    expect(await ledger().windowSummary({ ...week, contentId: 'old-2500', limit: 10_000 })).toEqual({ countInWindow: 604, alreadyRead: false });
  });

  it('writes a summary only once the window holds 16 reads, or the whole allowance when it is smaller', async () => {
    const vendorId = uniqueId('light');
    const t0 = new Date('2026-06-01T00:00:00Z');
    const summaries = async (readerKey: string) =>
      (await app.runtime.database.db.query(`SELECT reads FROM paywall_read_windows WHERE vendor_id = $1 AND reader_key = $2`, [vendorId, readerKey])) as { reads: number }[];
    for (let i = 1; i <= 15; i += 1) await ledger().recordReadIfAllowed(read(vendorId, 'visitor:light', `c-${i}`, t0));
    expect(await summaries('visitor:light')).toEqual([]);
    expect(await ledger().recordReadIfAllowed(read(vendorId, 'visitor:light', 'c-16', t0))).toEqual({ outcome: 'recorded', countInWindow: 16 });
    expect(await summaries('visitor:light')).toEqual([{ reads: 16 }]);
    // An allowance of 3: the third read fills the window and writes its summary, so refusals need no lock.
    for (const c of ['a', 'b']) await ledger().recordReadIfAllowed(read(vendorId, 'visitor:small', c, t0, 3));
    expect(await summaries('visitor:small')).toEqual([]);
    await ledger().recordReadIfAllowed(read(vendorId, 'visitor:small', 'c', t0, 3));
    expect(await summaries('visitor:small')).toEqual([{ reads: 3 }]);
    expect(await ledger().recordReadIfAllowed(read(vendorId, 'visitor:small', 'd', t0, 3))).toEqual({ outcome: 'limitReached', countInWindow: 3 });
  });

  it('answers as the in-memory ledger does over a random run of reads, windows, limits and merges', async () => {
    const vendorId = uniqueId('random');
    const sql = ledger();
    const memory = new InMemoryReadLedger();
    let seed = 28;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % n;
    };
    let now = new Date('2026-06-01T00:00:00Z').getTime();
    const readers = ['visitor:a', 'visitor:b', 'user:c'];
    for (let step = 0; step < 300; step++) {
      now += random(4) === 0 ? random(30) * HOUR : random(20) * 60_000;
      const move = random(40);
      if (move === 0) {
        const [from, into] = [readers[random(3)], readers[random(3)]];
        await sql.mergeReader({ vendorId, from, into });
        await memory.mergeReader({ vendorId, from, into });
        continue;
      }
      const query = read(vendorId, readers[random(3)], `c-${random(25)}`, new Date(now), 3 + random(8), [24, 48, 24 * 7][random(3)]);
      const expected = await memory.recordReadIfAllowed(query);
      expect({ step, ...(await sql.recordReadIfAllowed(query)) }).toEqual({ step, ...expected });
    }
  });
});

// PGlite is one session, so races are only proven on a real PostgreSQL (DESIGN.md section 7).
const onPostgres = onRealPostgres() ? it : it.skip;

describe('parallel counted reads of one reader with a long history', () => {
  onPostgres('16 parallel reads of new content by a visitor with 2,000 past reads each count once, in order', async () => {
    const vendorId = uniqueId('parallel');
    const now = new Date('2026-06-01T00:00:00Z');
    await givenHistory(vendorId, 'visitor:bot', 2_000, now);
    const results = await Promise.all(Array.from({ length: 16 }, (_, i) => ledger().recordReadIfAllowed(read(vendorId, 'visitor:bot', `n-${i}`, now))));
    expect(results.map((r) => r.outcome)).toEqual(Array(16).fill('recorded'));
    expect(results.map((r) => r.countInWindow).sort((a, b) => a - b)).toEqual(Array.from({ length: 16 }, (_, i) => 2_001 + i));
    const again = await Promise.all(Array.from({ length: 16 }, (_, i) => ledger().recordReadIfAllowed(read(vendorId, 'visitor:bot', `n-${i}`, now))));
    expect(again).toEqual(Array(16).fill({ outcome: 'alreadyRead', countInWindow: 2_016 }));
  });

  onPostgres('16 parallel reads against a limit just above the history allow exactly the room left', async () => {
    const vendorId = uniqueId('parallel');
    const now = new Date('2026-06-01T00:00:00Z');
    await givenHistory(vendorId, 'visitor:bot', 1_000, now);
    const results = await Promise.all(
      Array.from({ length: 16 }, (_, i) => ledger().recordReadIfAllowed(read(vendorId, 'visitor:bot', `n-${i}`, now, 1_005))),
    );
    expect(results.filter((r) => r.outcome === 'recorded')).toHaveLength(5);
    expect(results.filter((r) => r.outcome === 'limitReached')).toHaveLength(11);
  });
});
