import { RecordedRead } from '../../paywalls/leaky-allowance';
import { ReadLedger, RecordReadQuery } from '../../paywalls/ports';
import { ContractCase, same } from './contract-case';

/**
 * What every ReadLedger must do (paywalls/ports.ts), beyond the
 * concurrency half of its atomicity contract, which only real PostgreSQL can
 * show. A fixture is a ledger with nothing recorded for its two vendors.
 */
export interface ReadLedgerFixture {
  readonly ledger: ReadLedger;
  readonly vendorId: string;
  readonly otherVendorId: string;
}

const T = new Date('2026-01-01T00:00:00Z');
const HOUR = 3_600_000;
const at = (hours: number) => new Date(T.getTime() + hours * HOUR);

/** A read on paywall `p1` by reader `user:a` at `now`, in a 24-hour window of `limit` contents. */
function read(f: ReadLedgerFixture, contentId: string, now: Date, change: Partial<RecordReadQuery> = {}): RecordReadQuery {
  return {
    vendorId: f.vendorId,
    paywallId: 'p1',
    readerKey: 'user:a',
    contentId,
    windowStart: new Date(now.getTime() - 24 * HOUR),
    limit: 3,
    now,
    ...change,
  };
}

const contents = (reads: RecordedRead[]) => [...new Set(reads.map((r) => r.contentId))].sort();

async function inWindow(f: ReadLedgerFixture, now: Date, change: Partial<RecordReadQuery> = {}): Promise<RecordedRead[]> {
  const q = read(f, '', now, change);
  return f.ledger.readsInWindow({ vendorId: q.vendorId, paywallId: q.paywallId, readerKey: q.readerKey, windowStart: q.windowStart });
}

export const READ_LEDGER_CONTRACT: readonly ContractCase<ReadLedgerFixture>[] = [
  {
    name: 'records the first read of a content and counts it',
    async run(f) {
      same(await f.ledger.recordReadIfAllowed(read(f, 'c1', T)), { outcome: 'recorded', countInWindow: 1 }, 'first read');
      same(
        (await inWindow(f, T)).map((r) => ({ contentId: r.contentId, readAt: new Date(r.readAt).toISOString() })),
        [{ contentId: 'c1', readAt: T.toISOString() }],
        'reads in the window',
      );
    },
  },
  {
    name: 'a content read again inside the window is free and keeps its first read time',
    async run(f) {
      await f.ledger.recordReadIfAllowed(read(f, 'c1', T));
      same(await f.ledger.recordReadIfAllowed(read(f, 'c1', at(1))), { outcome: 'alreadyRead', countInWindow: 1 }, 'second read');
      same((await inWindow(f, at(1))).map((r) => new Date(r.readAt).toISOString()), [T.toISOString()], 'read time');
    },
  },
  {
    name: 'refuses a new content at the limit and writes nothing when it refuses',
    async run(f) {
      const limit = { limit: 2 };
      same((await f.ledger.recordReadIfAllowed(read(f, 'c1', T, limit))).outcome, 'recorded', 'c1');
      same((await f.ledger.recordReadIfAllowed(read(f, 'c2', at(1), limit))).outcome, 'recorded', 'c2');
      same(await f.ledger.recordReadIfAllowed(read(f, 'c3', at(2), limit)), { outcome: 'limitReached', countInWindow: 2 }, 'c3');
      same(contents(await inWindow(f, at(2))), ['c1', 'c2'], 'reads after the refusal');
      same(await f.ledger.recordReadIfAllowed(read(f, 'c1', at(3), limit)), { outcome: 'alreadyRead', countInWindow: 2 }, 'c1 again at the limit');
    },
  },
  {
    name: 'the window is half-open: a read exactly a window old has expired and frees its place',
    async run(f) {
      const one = { limit: 1 };
      await f.ledger.recordReadIfAllowed(read(f, 'c1', T, one));
      same((await f.ledger.recordReadIfAllowed(read(f, 'c2', at(23), one))).outcome, 'limitReached', 'inside the window');
      same(await f.ledger.recordReadIfAllowed(read(f, 'c2', at(24), one)), { outcome: 'recorded', countInWindow: 1 }, 'a window later');
      same(contents(await inWindow(f, at(24))), ['c2'], 'reads in the later window');
      same((await f.ledger.recordReadIfAllowed(read(f, 'c1', at(48), one))).outcome, 'recorded', 'the expired content read anew');
    },
  },
  {
    name: 'the window summary answers what a decision would see, counting at most the limit, and records nothing',
    async run(f) {
      for (const [i, c] of ['c1', 'c2', 'c3'].entries()) await f.ledger.recordReadIfAllowed(read(f, c, at(i)));
      const { now: _now, ...summaryOf } = read(f, 'c1', at(3), { limit: 2 });
      same(await f.ledger.windowSummary(summaryOf), { countInWindow: 2, alreadyRead: true }, 'capped at the limit');
      const { now: _later, ...unread } = read(f, 'c9', at(3));
      same(await f.ledger.windowSummary(unread), { countInWindow: 3, alreadyRead: false }, 'an unread content');
      same(contents(await inWindow(f, at(3))), ['c1', 'c2', 'c3'], 'nothing recorded by the summary');
    },
  },
  {
    name: "the oldest read in the window is the earliest one after the window's start, null when the window is empty",
    async run(f) {
      const oldest = (now: Date, change: Partial<RecordReadQuery> = {}) => {
        const q = read(f, '', now, change);
        return f.ledger.oldestReadInWindow({ vendorId: q.vendorId, paywallId: q.paywallId, readerKey: q.readerKey, windowStart: q.windowStart });
      };
      same(await oldest(T), null, 'nothing read');
      for (const [i, c] of ['c1', 'c2', 'c3'].entries()) await f.ledger.recordReadIfAllowed(read(f, c, at(i)));
      await f.ledger.recordReadIfAllowed(read(f, 'c0', at(-1), { readerKey: 'user:b' }));
      same((await oldest(at(3)))?.toISOString(), T.toISOString(), 'the first of three');
      same((await oldest(at(24)))?.toISOString(), at(1).toISOString(), 'the first has left the window');
      same(await oldest(at(27)), null, 'all have left');
    },
  },
  {
    name: 'keeps readers, paywalls and vendors apart',
    async run(f) {
      const one = { limit: 1 };
      await f.ledger.recordReadIfAllowed(read(f, 'c1', T, one));
      same((await f.ledger.recordReadIfAllowed(read(f, 'c2', T, { ...one, readerKey: 'user:b' }))).outcome, 'recorded', 'another reader');
      same((await f.ledger.recordReadIfAllowed(read(f, 'c2', T, { ...one, paywallId: 'p2' }))).outcome, 'recorded', 'another paywall');
      same((await f.ledger.recordReadIfAllowed(read(f, 'c2', T, { ...one, vendorId: f.otherVendorId }))).outcome, 'recorded', 'another vendor');
      same((await f.ledger.recordReadIfAllowed(read(f, 'c2', T, one))).outcome, 'limitReached', 'the first reader is still at the limit');
    },
  },
  {
    name: "counts the reader's distinct contents over all the vendor's paywalls, daily and weekly",
    async run(f) {
      await f.ledger.recordReadIfAllowed(read(f, 'c1', at(-72)));
      await f.ledger.recordReadIfAllowed(read(f, 'c2', at(-2)));
      await f.ledger.recordReadIfAllowed(read(f, 'c2', at(-1), { paywallId: 'p2' }));
      await f.ledger.recordReadIfAllowed(read(f, 'c3', at(-1), { vendorId: f.otherVendorId }));
      same(
        await f.ledger.readCounts({ vendorId: f.vendorId, readerKey: 'user:a', dailySince: at(-24), weeklySince: at(-168) }),
        { daily: 1, weekly: 2 },
        'daily and weekly counts',
      );
    },
  },
  {
    name: "a sign-in merge gives the user the visitor's reads, keeps the visitor's, and can run twice",
    async run(f) {
      const visitor = { readerKey: 'visitor:v' };
      await f.ledger.recordReadIfAllowed(read(f, 'c1', T, visitor));
      await f.ledger.recordReadIfAllowed(read(f, 'c2', T, visitor));
      await f.ledger.recordReadIfAllowed(read(f, 'c2', at(1)));
      for (let i = 0; i < 2; i += 1) {
        await f.ledger.mergeReader({ vendorId: f.vendorId, from: 'visitor:v', into: 'user:a' });
        same(contents(await inWindow(f, at(2))), ['c1', 'c2'], `the user's reads after merge ${i + 1}`);
        same(contents(await inWindow(f, at(2), visitor)), ['c1', 'c2'], `the visitor's reads after merge ${i + 1}`);
      }
      same(await f.ledger.recordReadIfAllowed(read(f, 'c3', at(2))), { outcome: 'recorded', countInWindow: 3 }, 'the merged window counts once per content');
    },
  },
];
