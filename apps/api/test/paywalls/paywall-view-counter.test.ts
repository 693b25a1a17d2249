import { PaywallViewCounter } from '../../src/paywalls/paywalls.module';
import { createLogger } from '../../src/platform/logger';
import { startTestApp, TestApp, uniqueId } from '../support/harness';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const day1 = new Date('2026-03-01T23:59:00Z');
const day2 = new Date('2026-03-02T00:01:00Z');

async function rows(vendorId: string) {
  const found: { paywall_id: string; day: string; views: string; free_reads: string; blocked_reads: string }[] = await app.runtime.database.db.query(
    `SELECT paywall_id, to_char(day, 'YYYY-MM-DD') AS day, sum(views) AS views, sum(free_reads) AS free_reads, sum(blocked_reads) AS blocked_reads
       FROM paywall_daily_stats WHERE vendor_id = $1 GROUP BY paywall_id, day ORDER BY paywall_id, day`,
    [vendorId],
  );
  return found.map((r) => ({ paywallId: r.paywall_id, day: r.day, views: Number(r.views), free: Number(r.free_reads), blocked: Number(r.blocked_reads) }));
}

describe('PaywallViewCounter', () => {
  it('adds views up by paywall and UTC day, free and blocked apart, and writes them added to what is stored', async () => {
    const vendorId = uniqueId('views');
    const counter = new PaywallViewCounter(app.runtime.database.db, createLogger('silent'));
    counter.count(vendorId, 'p1', day1, 'recorded');
    counter.count(vendorId, 'p1', day1, 'alreadyRead');
    counter.count(vendorId, 'p1', day1, 'limitReached');
    counter.count(vendorId, 'p1', day2, 'recorded');
    counter.count(vendorId, 'p2', day1, 'limitReached');
    expect(await rows(vendorId)).toEqual([]);
    await counter.flush();
    const first = [
      { paywallId: 'p1', day: '2026-03-01', views: 3, free: 2, blocked: 1 },
      { paywallId: 'p1', day: '2026-03-02', views: 1, free: 1, blocked: 0 },
      { paywallId: 'p2', day: '2026-03-01', views: 1, free: 0, blocked: 1 },
    ];
    expect(await rows(vendorId)).toEqual(first);
    await counter.flush(); // nothing new: nothing changes
    expect(await rows(vendorId)).toEqual(first);
    counter.count(vendorId, 'p1', day1, 'recorded');
    await counter.close();
    expect((await rows(vendorId))[0]).toEqual({ paywallId: 'p1', day: '2026-03-01', views: 4, free: 3, blocked: 1 });
  });

  it('keeps the counts of a write that failed and writes them with the next one; parallel flushes write each count once', async () => {
    const vendorId = uniqueId('views');
    const counter = new PaywallViewCounter(app.runtime.database.db, createLogger('silent'));
    const write = jest.spyOn(counter as unknown as { write(batch: unknown[]): Promise<void> }, 'write').mockRejectedValueOnce(new Error('database away'));
    counter.count(vendorId, 'p1', day1, 'recorded');
    await expect(counter.flush()).rejects.toThrow('database away');
    counter.count(vendorId, 'p1', day1, 'limitReached');
    await Promise.all([counter.flush(), counter.flush(), counter.flush()]);
    expect(await rows(vendorId)).toEqual([{ paywallId: 'p1', day: '2026-03-01', views: 2, free: 1, blocked: 1 }]);
    expect(write).toHaveBeenCalledTimes(2);
    await counter.close();
  });

  it('writes on its own about a second after a count', async () => {
    const vendorId = uniqueId('views');
    const counter = new PaywallViewCounter(app.runtime.database.db, createLogger('silent'));
    counter.count(vendorId, 'p1', day1, 'recorded');
    const deadline = Date.now() + 5000;
    while ((await rows(vendorId)).length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await rows(vendorId)).toEqual([{ paywallId: 'p1', day: '2026-03-01', views: 1, free: 1, blocked: 0 }]);
    await counter.close();
  });
});
