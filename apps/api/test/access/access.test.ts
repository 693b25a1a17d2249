import { CheckAccess, ListUserEntitlements } from '@kiosk/domain/access';
import { appendToOutbox } from '../../src/platform/outbox/outbox';
import { DAY, givenSellingVendor, rowsOf, settleEvents } from '../billing/support';
import { startTestApp, TestApp } from '../support/harness';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const settle = (vendorId: string) => settleEvents(app, vendorId);

interface Row {
  user_id: string;
  sku: string;
  origin_type: string;
  origin_id: string;
  revoked_at: Date | null;
  id: string;
}

const entitlementsOf = async (vendorId: string): Promise<Row[]> =>
  rowsOf(app, 'entitlements', vendorId, 'ORDER BY created_at, user_id, sku');
const live = (rows: Row[]) => rows.filter((r) => r.revoked_at === null).map((r) => [r.user_id, r.sku]);

describe('entitlements from contracts', () => {
  it('grants the contract user the product after a worker tick, not before; a PENDING contract grants nothing', async () => {
    const v = await givenSellingVendor(app);
    const pending = await v.contracts.create.execute(v.order({ user: { email: `p@${v.vendorId}.example.com` } }));
    const contract = await v.contracts.create.execute(v.order({ confirm: true }));
    expect(await entitlementsOf(v.vendorId)).toEqual([]);
    await settle(v.vendorId);
    const rows = await entitlementsOf(v.vendorId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      user_id: contract.userId,
      sku: 'news',
      purchase_option_id: 'news-yearly',
      type: 'publication',
      title: 'Product news',
      origin_type: 'CONTRACT',
      origin_id: contract.id,
      origin_name: 'Product news',
      expires_at: null,
      revoked_at: null,
    });
    expect(rows.some((r) => r.user_id === pending.userId)).toBe(false);

    const listed = await app.runtime.container.get(ListUserEntitlements).execute({ vendorId: v.vendorId, userId: contract.userId });
    expect(listed).toEqual([expect.objectContaining({ sku: 'news', hasAccess: true, origin: { type: 'CONTRACT', id: contract.id, listId: null, name: 'Product news' } })]);
    const check = app.runtime.container.get(CheckAccess);
    expect(await check.execute({ vendorId: v.vendorId, userId: contract.userId, sku: 'news' })).toBe(true);
    expect(await check.execute({ vendorId: v.vendorId, userId: pending.userId, sku: 'news' })).toBe(false);
  });

  it('grants a license contract user the content product the seat unlocks, and provisions the seat', async () => {
    const v = await givenSellingVendor(app);
    const contract = await v.contracts.create.execute(v.license({ confirm: true }));
    await settle(v.vendorId);
    const rows = await entitlementsOf(v.vendorId);
    expect(live(rows)).toEqual([[contract.userId, 'news']]);
    const seats = await v.contracts.listSeatUsers.execute({ vendorId: v.vendorId, contractId: contract.id });
    expect(seats).toEqual([expect.objectContaining({ userId: contract.userId, sku: 'news', status: 'ACTIVE', entitlementId: rows[0].id })]);
  });

  it('grants seat holders after the seat event, and revokes on removal', async () => {
    const v = await givenSellingVendor(app);
    const contract = await v.contracts.create.execute(v.license({ confirm: true }));
    await settle(v.vendorId);
    const { userId: seatUser } = await v.contracts.assignSeat.execute({
      vendorId: v.vendorId,
      contractId: contract.id,
      email: `colleague@${v.vendorId}.example.com`,
    });
    // Seat holders receive their seats shortly after, not within the request.
    expect(live(await entitlementsOf(v.vendorId))).toEqual([[contract.userId, 'news']]);
    let seats = await v.contracts.listSeatUsers.execute({ vendorId: v.vendorId, contractId: contract.id });
    expect(seats.find((s) => s.userId === seatUser)).toMatchObject({ status: 'PENDING', entitlementId: null });

    await settle(v.vendorId);
    const rows = await entitlementsOf(v.vendorId);
    expect(live(rows)).toEqual([[contract.userId, 'news'], [seatUser, 'news']]);
    seats = await v.contracts.listSeatUsers.execute({ vendorId: v.vendorId, contractId: contract.id });
    const granted = rows.find((r) => r.user_id === seatUser)!;
    expect(seats.find((s) => s.userId === seatUser)).toMatchObject({ status: 'ACTIVE', entitlementId: granted.id });

    await v.contracts.removeSeat.execute({ vendorId: v.vendorId, contractId: contract.id, userId: seatUser });
    await settle(v.vendorId);
    const after = await entitlementsOf(v.vendorId);
    expect(live(after)).toEqual([[contract.userId, 'news']]);
    expect(after.find((r) => r.user_id === seatUser)!.revoked_at).not.toBeNull();
    const check = app.runtime.container.get(CheckAccess);
    expect(await check.execute({ vendorId: v.vendorId, userId: seatUser, sku: 'news' })).toBe(false);

    // Assigned again: the same entitlement comes back to life.
    await v.contracts.assignSeat.execute({ vendorId: v.vendorId, contractId: contract.id, email: `colleague@${v.vendorId}.example.com` });
    await settle(v.vendorId);
    const again = await entitlementsOf(v.vendorId);
    expect(again).toHaveLength(2);
    expect(again.find((r) => r.user_id === seatUser)).toMatchObject({ id: granted.id, revoked_at: null });
  });

  it('grants a FORTHCOMING contract nothing until it starts', async () => {
    const v = await givenSellingVendor(app);
    const startsAt = new Date(app.clock.now().getTime() + 10 * DAY);
    const contract = await v.contracts.create.execute(v.license({ confirm: true, startsAt }));
    expect(contract.status).toBe('FORTHCOMING');
    await settle(v.vendorId);
    expect(await entitlementsOf(v.vendorId)).toEqual([]);

    app.clock.set(new Date(startsAt.getTime() + 1000));
    await v.contracts.advance.execute({ vendorId: v.vendorId, contractId: contract.id });
    await settle(v.vendorId);
    expect(live(await entitlementsOf(v.vendorId))).toEqual([[contract.userId, 'news']]);
  });

  it('sets the end date when a cancel is requested, and revokes everything of the contract when it is canceled', async () => {
    const v = await givenSellingVendor(app);
    const contract = await v.contracts.create.execute(v.license({ confirm: true }));
    await v.contracts.assignSeat.execute({ vendorId: v.vendorId, contractId: contract.id, email: `a@${v.vendorId}.example.com` });
    await settle(v.vendorId);
    expect(live(await entitlementsOf(v.vendorId))).toHaveLength(2);

    const requested = await v.contracts.cancel.execute({ vendorId: v.vendorId, contractId: contract.id, reason: 'TOO_EXPENSIVE' });
    await settle(v.vendorId);
    const ending = await entitlementsOf(v.vendorId);
    expect(live(ending)).toHaveLength(2);
    for (const row of ending as unknown as { expires_at: Date }[]) {
      expect(new Date(row.expires_at).toISOString()).toBe(requested.willCancelAt!.toISOString());
    }

    app.clock.set(new Date(requested.willCancelAt!.getTime() + 1000));
    await v.contracts.advance.execute({ vendorId: v.vendorId, contractId: contract.id });
    await settle(v.vendorId);
    const after = await entitlementsOf(v.vendorId);
    expect(after).toHaveLength(2);
    expect(live(after)).toEqual([]);
  });

  it('grants nothing twice for a repeated event', async () => {
    const v = await givenSellingVendor(app);
    const contract = await v.contracts.create.execute(v.license({ confirm: true }));
    await settle(v.vendorId);
    const before = await entitlementsOf(v.vendorId);
    const [activated] = await app.runtime.database.db.query(
      `SELECT type, vendor_id, aggregate_id, payload, occurred_at FROM outbox WHERE aggregate_id = $1 AND type = 'contract.activated'`,
      [contract.id],
    );
    const replay = {
      type: activated.type,
      vendorId: activated.vendor_id,
      aggregateId: activated.aggregate_id,
      occurredAt: new Date(activated.occurred_at),
      payload: activated.payload,
    };
    await appendToOutbox(app.runtime.database.db.manager, [replay, replay]);
    await settle(v.vendorId);
    expect(await entitlementsOf(v.vendorId)).toEqual(before);
  });

  it("keeps vendors apart: another vendor's user holds nothing", async () => {
    const v = await givenSellingVendor(app);
    const other = await givenSellingVendor(app);
    const contract = await v.contracts.create.execute(v.order({ confirm: true }));
    await settle(v.vendorId);
    const check = app.runtime.container.get(CheckAccess);
    expect(await check.execute({ vendorId: other.vendorId, userId: contract.userId, sku: 'news' })).toBe(false);
    expect(await entitlementsOf(other.vendorId)).toEqual([]);
  });
});
