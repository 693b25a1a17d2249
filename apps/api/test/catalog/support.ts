import { givenContractVendor } from '../contracts/support';
import { bearer, TestApp } from '../support/harness';

export const DAY = 24 * 60 * 60 * 1000;
export const CLOCK = '/management/test-clock';

/**
 * A test-mode vendor selling `news` (yearly) and `news-multi`, its test
 * clock starting at `start`, with a token that may read and advance the
 * clock, and helpers for the clock and the vendor's recorded events.
 */
export async function givenTestVendor(app: TestApp, start: Date, grants: string[] = []) {
  const v = await givenContractVendor(app, { testMode: true, testClockStart: start });
  const clockToken = await v.apiToken('full', ['contracts:write', 'test-clock:read', 'test-clock:write', ...grants]);
  const readClock = () => app.http.get(CLOCK).set(bearer(clockToken));
  const advance = (to: Date | string, token = clockToken) =>
    app.http
      .post(`${CLOCK}/advance`)
      .set(bearer(token))
      .send({ frozenTime: typeof to === 'string' ? to : to.toISOString() });
  /** The vendor's outbox events of one aggregate, oldest first: type and when it happened. */
  const events = async (aggregateId: string): Promise<{ type: string; at: string; processed: boolean }[]> =>
    (
      await app.runtime.database.db.query(
        `SELECT type, occurred_at, processed_at FROM outbox WHERE vendor_id = $1 AND aggregate_id = $2 ORDER BY occurred_at, id`,
        [v.vendorId, aggregateId],
      )
    ).map((r: { type: string; occurred_at: Date; processed_at: Date | null }) => ({
      type: r.type,
      at: new Date(r.occurred_at).toISOString(),
      processed: r.processed_at !== null,
    }));
  const billsOf = async (contractId: string): Promise<{ id: string; status: string; dueAt: string; periodStart: string; createdAt: string }[]> =>
    (
      await app.runtime.database.db.query(
        `SELECT id, status, due_at, period_start, created_at FROM bills WHERE vendor_id = $1 AND contract_id = $2 ORDER BY created_at, id`,
        [v.vendorId, contractId],
      )
    ).map((b: { id: string; status: string; due_at: Date; period_start: Date; created_at: Date }) => ({
      id: b.id,
      status: b.status,
      dueAt: new Date(b.due_at).toISOString(),
      periodStart: new Date(b.period_start).toISOString(),
      createdAt: new Date(b.created_at).toISOString(),
    }));
  return { ...v, clockToken, readClock, advance, events, billsOf };
}

export const plusDays = (at: Date, days: number) => new Date(at.getTime() + days * DAY);
