import { ListUserEntitlements } from '@kiosk/domain/access';
import { contractEntitlement, minutesLater, SUITE_START } from '@kiosk/domain/testing';
import { readCountsQueryOf } from '@kiosk/domain/paywalls';
import { TypeOrmEntitlementRepository } from '../../src/access/typeorm-entitlements.repository';
import { TypeOrmReadLedger } from '../../src/paywalls/typeorm-read-ledger';
import { TypeOrmReaderFacts } from '../../src/paywalls/typeorm-reader-facts';
import { givenVendor, startTestApp } from '../support/harness';

// The paywall's daily view counts are not what these tests look at.
const noViews = { count: () => undefined };

// Strategy execution reads a signed-in reader's entitlements and read counts in one statement; it must answer
// what the two separate reads answer (the reader's live entitlements, the ledger's counts).
let app: Awaited<ReturnType<typeof startTestApp>>;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const now = minutesLater(30);
const contract = (id: string) => ({ type: 'CONTRACT' as const, id, listId: null, name: null });

it('answers the live skus newest first and the read counts, as the entitlement list and the ledger do', async () => {
  const [vendor, other] = [await givenVendor(app), await givenVendor(app)];
  const db = app.runtime.database.db;
  const clock = { now: () => now };
  const entitlements = new TypeOrmEntitlementRepository(db, clock);
  const ledger = new TypeOrmReadLedger(db, noViews);
  const grants = [
    contractEntitlement(vendor.vendorId, 'old', { userId: 'u1', sku: 'news', origin: contract('c1'), createdAt: SUITE_START }),
    contractEntitlement(vendor.vendorId, 'new', { userId: 'u1', sku: 'sport', origin: contract('c2'), createdAt: minutesLater(10), expiresAt: minutesLater(60) }),
    contractEntitlement(vendor.vendorId, 'revoked', { userId: 'u1', sku: 'culture', origin: contract('c3'), revokedAt: minutesLater(5) }),
    contractEntitlement(vendor.vendorId, 'ended', { userId: 'u1', sku: 'travel', origin: contract('c4'), expiresAt: now }),
    contractEntitlement(vendor.vendorId, 'other-user', { userId: 'u2', sku: 'food', origin: contract('c5') }),
    contractEntitlement(other.vendorId, 'other-vendor', { userId: 'u1', sku: 'cars', origin: contract('c6') }),
  ];
  for (const e of grants) await entitlements.grant(e);
  const read = (paywallId: string, contentId: string, minutesAgo: number) =>
    ledger.recordReadIfAllowed({
      vendorId: vendor.vendorId,
      paywallId,
      readerKey: 'user:u1',
      contentId,
      windowStart: new Date(0),
      limit: 100,
      now: new Date(now.getTime() - minutesAgo * 60_000),
    });
  await read('p1', 'a', 10);
  await read('p2', 'a', 20); // the same content on another paywall counts once
  await read('p1', 'b', 2 * 24 * 60);
  await read('p1', 'c', 8 * 24 * 60); // older than a week

  const counts = readCountsQueryOf({ vendorId: vendor.vendorId, userId: 'u1' }, now)!;
  const facts = await new TypeOrmReaderFacts(db, clock).of('u1', counts);
  const listed = (await new ListUserEntitlements(entitlements, clock).execute({ vendorId: vendor.vendorId, userId: 'u1' })).filter((e) => e.hasAccess);
  expect(facts).toEqual({ skus: listed.map((e) => e.sku), reads: await ledger.readCounts(counts) });
  expect(facts).toEqual({ skus: ['sport', 'news'], reads: { daily: 1, weekly: 2 } });
  expect(await new TypeOrmReaderFacts(db, clock).of('nobody', counts)).toEqual({ skus: [], reads: { daily: 1, weekly: 2 } });
});
