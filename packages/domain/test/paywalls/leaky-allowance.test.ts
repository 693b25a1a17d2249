import fc from 'fast-check';
import {
  decideOnWindow,
  decideRead,
  distinctReadsInWindow,
  ledgerDecision,
  ledgerDecisionOnWindow,
  mergeReads,
  pruneHorizon,
  RecordedRead,
  summariseWindow,
  windowStart,
} from '../../src/paywalls';
import { InMemoryReadLedger } from '../../src/testing/in-memory-paywalls';
import { HOUR, T0 } from './fixtures';

const ago = (hours: number) => new Date(T0.getTime() - hours * HOUR);
const read = (contentId: string, hoursAgo: number): RecordedRead => ({ contentId, readAt: ago(hoursAgo) });
const leaky = (count = 3, periodInHours = 24, enabled = true) => ({ enabled, count, periodInHours });

describe('decideRead', () => {
  it.each([
    ['first read of the window', leaky(), [], 'a', false, { status: 'allowed', reason: 'free_read', remaining: 2, recordRead: true }],
    ['third read leaves nothing', leaky(), [read('b', 1), read('c', 2)], 'a', false, { status: 'allowed', reason: 'free_read', remaining: 0, recordRead: true }],
    ['fourth read is blocked', leaky(), [read('b', 1), read('c', 2), read('d', 3)], 'a', false, { status: 'blocked', reason: 'limit_reached', remaining: 0 }],
    ['re-reading inside the window is free', leaky(), [read('a', 1), read('c', 2), read('d', 3)], 'a', false, { status: 'allowed', reason: 'already_read', remaining: 0, recordRead: false }],
    ['a re-read costs nothing and leaves remaining as it was', leaky(), [read('a', 1)], 'a', false, { status: 'allowed', reason: 'already_read', remaining: 2, recordRead: false }],
    ['a read exactly one period old has expired', leaky(), [read('b', 24), read('c', 2), read('d', 3)], 'a', false, { status: 'allowed', reason: 'free_read', remaining: 0 }],
    ['a read one millisecond younger still counts', leaky(), [read('b', 24 - 1 / HOUR), read('c', 2), read('d', 3)], 'a', false, { status: 'blocked' }],
    ['an expired read of the same content costs a new read', leaky(), [read('a', 30)], 'a', false, { status: 'allowed', reason: 'free_read', remaining: 2, recordRead: true }],
    ['the same content read twice counts once', leaky(), [read('b', 1), read('b', 2)], 'a', false, { status: 'allowed', reason: 'free_read', remaining: 1 }],
    ['entitled readers are allowed and spend nothing', leaky(), [read('b', 1), read('c', 2), read('d', 3)], 'a', true, { status: 'allowed', reason: 'entitled', remaining: 0, recordRead: false }],
    ['entitled readers see their remaining', leaky(), [read('b', 1)], 'a', true, { status: 'allowed', reason: 'entitled', remaining: 2, recordRead: false }],
    ['count 0 blocks new content', leaky(0), [], 'a', false, { status: 'blocked', reason: 'limit_reached', remaining: 0 }],
    ['count 0 still lets a re-read through', leaky(0), [read('a', 1)], 'a', false, { status: 'allowed', reason: 'already_read', remaining: 0 }],
    ['count lowered below reads: remaining never negative', leaky(1), [read('b', 1), read('c', 2)], 'b', false, { status: 'allowed', reason: 'already_read', remaining: 0 }],
    ['allowance off: hard paywall, even for a re-read', leaky(3, 24, false), [read('a', 1)], 'a', false, { status: 'blocked', reason: 'leaky_disabled', remaining: 0 }],
    ['allowance off: entitled readers still pass', leaky(3, 24, false), [], 'a', true, { status: 'allowed', reason: 'entitled' }],
    ['a one-hour window', leaky(1, 1), [read('b', 0.5)], 'a', false, { status: 'blocked' }],
    ['a one-hour window later', leaky(1, 1), [read('b', 1)], 'a', false, { status: 'allowed', reason: 'free_read', remaining: 0 }],
  ] as const)('%s', (_name, settings, reads, contentId, entitled, expected) => {
    expect(decideRead({ leaky: settings, reads, contentId, entitled, now: T0 })).toMatchObject(expected);
  });
});

describe('ledgerDecision agrees with decideRead', () => {
  it('for the same reads, window and limit', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ contentId: fc.constantFrom('a', 'b', 'c', 'd', 'e'), hoursAgo: fc.integer({ min: 0, max: 60 }) }), { maxLength: 12 }),
        fc.constantFrom('a', 'b', 'f'),
        fc.integer({ min: 0, max: 5 }),
        fc.integer({ min: 1, max: 48 }),
        (raw, contentId, count, period) => {
          const reads = raw.map((r) => read(r.contentId, r.hoursAgo));
          const decision = decideRead({ leaky: leaky(count, period), reads, contentId, entitled: false, now: T0 });
          const ledger = ledgerDecision({ reads, contentId, windowStart: windowStart(T0, period), limit: count });
          const expected = { recorded: 'free_read', alreadyRead: 'already_read', limitReached: 'limit_reached' }[ledger.outcome];
          expect(decision.reason).toBe(expected);
          if (decision.status === 'allowed') expect(decision.remaining).toBe(Math.max(0, count - ledger.countInWindow));
        },
      ),
    );
  });
});

describe('a summary of the window decides as the reads do (what the SQL ledger counts)', () => {
  it('counting stops at the limit without changing any decision', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ contentId: fc.constantFrom('a', 'b', 'c', 'd', 'e'), hoursAgo: fc.integer({ min: 0, max: 60 }) }), { maxLength: 12 }),
        fc.constantFrom('a', 'b', 'f'),
        fc.integer({ min: 0, max: 5 }),
        fc.integer({ min: 1, max: 48 }),
        fc.boolean(),
        fc.boolean(),
        (raw, contentId, count, period, entitled, enabled) => {
          const reads = raw.map((r) => read(r.contentId, r.hoursAgo));
          const settings = leaky(count, period, enabled);
          const window = summariseWindow(reads, contentId, windowStart(T0, period), count);
          expect(window.countInWindow).toBeLessThanOrEqual(count);
          expect(decideOnWindow({ leaky: settings, window, entitled })).toEqual(decideRead({ leaky: settings, reads, contentId, entitled, now: T0 }));
          const full = ledgerDecision({ reads, contentId, windowStart: windowStart(T0, period), limit: count });
          const summarised = ledgerDecisionOnWindow(window, count);
          expect(summarised.outcome).toBe(full.outcome);
          expect(Math.max(0, count - summarised.countInWindow)).toBe(Math.max(0, count - full.countInWindow));
        },
      ),
    );
  });
});

describe('window counting (properties)', () => {
  // Requests of one reader at increasing times: an offset in minutes and a content id.
  const requests = fc.array(fc.record({ gapMinutes: fc.integer({ min: 0, max: 600 }), contentId: fc.integer({ min: 0, max: 15 }).map((n) => `c${n}`) }), {
    maxLength: 80,
  });

  it('never more than `count` distinct new reads are recorded in any window', async () => {
    await fc.assert(
      fc.asyncProperty(requests, fc.integer({ min: 0, max: 5 }), fc.integer({ min: 1, max: 48 }), async (steps, count, period) => {
        const ledger = new InMemoryReadLedger();
        let now = T0.getTime();
        const recorded: RecordedRead[] = [];
        for (const step of steps) {
          now += step.gapMinutes * 60_000;
          const at = new Date(now);
          const q = { vendorId: 'v', paywallId: 'p', readerKey: 'visitor:x', contentId: step.contentId, windowStart: windowStart(at, period), limit: count, now: at };
          const { outcome } = await ledger.recordReadIfAllowed(q);
          if (outcome === 'recorded') recorded.push({ contentId: step.contentId, readAt: at });
        }
        // Every window (t - period, t] ending at a recorded read holds at most `count` of them.
        for (const end of recorded) {
          const inWindow = recorded.filter((r) => r.readAt > windowStart(end.readAt, period) && r.readAt <= end.readAt);
          expect(inWindow.length).toBeLessThanOrEqual(count);
          expect(new Set(inWindow.map((r) => r.contentId)).size).toBe(inWindow.length);
        }
      }),
    );
  });

  it('a reader is blocked only when `count` other contents were read inside the window', async () => {
    await fc.assert(
      fc.asyncProperty(requests, fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 24 }), async (steps, count, period) => {
        const ledger = new InMemoryReadLedger();
        let now = T0.getTime();
        for (const step of steps) {
          now += step.gapMinutes * 60_000;
          const at = new Date(now);
          const start = windowStart(at, period);
          const before = distinctReadsInWindow(await ledger.readsInWindow({ vendorId: 'v', paywallId: 'p', readerKey: 'r', windowStart: start }), start);
          const { outcome, countInWindow } = await ledger.recordReadIfAllowed({
            vendorId: 'v',
            paywallId: 'p',
            readerKey: 'r',
            contentId: step.contentId,
            windowStart: start,
            limit: count,
            now: at,
          });
          if (outcome === 'limitReached') expect(before.size).toBeGreaterThanOrEqual(count);
          if (outcome === 'alreadyRead') expect(before.has(step.contentId)).toBe(true);
          if (outcome === 'recorded') expect(countInWindow).toBe(before.size + 1);
        }
      }),
    );
  });
});

describe('pruneHorizon', () => {
  it('keeps the longest window of any paywall, and at least the week strategies count', () => {
    expect(pruneHorizon(T0, [24, 720])).toEqual(ago(720));
    expect(pruneHorizon(T0, [24])).toEqual(ago(168));
    expect(pruneHorizon(T0, [])).toEqual(ago(168));
  });

  it('never prunes a read that a window could still count', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 8784 }), { maxLength: 5 }), fc.integer({ min: 0, max: 9000 }), (periods, hoursAgo) => {
        const horizon = pruneHorizon(T0, periods);
        const r = read('x', hoursAgo);
        const counted = [...periods, 168].some((p) => r.readAt > windowStart(T0, p));
        if (counted) expect(r.readAt.getTime()).toBeGreaterThan(horizon.getTime());
      }),
    );
  });
});

describe('mergeReads (sign-in)', () => {
  it('is the union without repeats, oldest first, and idempotent', () => {
    const user = [read('a', 5), read('b', 2)];
    const visitor = [read('a', 1), read('c', 3), read('b', 2)];
    const merged = mergeReads(user, visitor);
    expect(merged).toEqual([read('a', 5), read('c', 3), read('b', 2), read('a', 1)]);
    expect(mergeReads(merged, visitor)).toEqual(merged);
    expect(distinctReadsInWindow(merged, windowStart(T0, 24)).size).toBe(3);
  });
});
