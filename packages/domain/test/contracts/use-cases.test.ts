import { money } from '../../src/shared';
import { DAY, discountCode, licenseOrder, T0, VENDOR, world } from './fixtures';

const at = (days: number) => new Date(T0.getTime() + days * DAY);
const monthly = { sku: 'news', purchaseOptionId: 'po-month' };

describe('CreateContract', () => {
  it('prices quantity x unit, grants seats per unit x quantity and creates the user', async () => {
    const w = await world();
    const contract = await w.create.execute(licenseOrder({ quantity: 3, unitPrice: { amountMinor: 50_000 } }));
    expect(contract.price.minor).toBe(150_000);
    expect(contract.toSnapshot().items[0]).toMatchObject({ quantity: 3, seats: 15, isMultiseat: true, productType: 'license' });
    expect(w.users.rows).toMatchObject([{ email: 'boss@corp.test', id: contract.userId }]);
    expect(contract.toSnapshot()).toMatchObject({ origin: { type: 'MANUAL' }, contractType: 'PERSONAL', name: 'News for teams' });
    expect(w.contracts.eventsOfType('contract.created')).toHaveLength(1);
  });

  it('refuses unknown products (not found), options of another product, bad quantity, seats off license, bad payment', async () => {
    const w = await world();
    const refusals = [
      [licenseOrder({ sku: 'missing' }), 'not_found', 'PRODUCT.NOT_FOUND'],
      [licenseOrder({ purchaseOptionId: 'po-month' }), 'invalid', 'CONTRACT.PURCHASE_OPTION_NOT_FOUND'],
      [licenseOrder({ quantity: 101 }), 'invalid', 'CONTRACT.QUANTITY_OUT_OF_LIMITS'],
      [licenseOrder({ ...monthly, seats: 3 }), 'invalid', 'CONTRACT.SEATS_NOT_LICENSE'],
      [licenseOrder({ payment: { provider: 'CARD', method: 'VISA' } }), 'invalid', 'CONTRACT.PAYMENT_METHOD_UNAVAILABLE'],
      [licenseOrder({ invoice: { vendorReference: 'x'.repeat(35) } }), 'invalid', 'CONTRACT.BAD_INVOICE'],
      [licenseOrder({ anchorDate: at(400) }), 'invalid', 'CONTRACT.BAD_ANCHOR_DATE'],
      [licenseOrder({ sku: 'book', purchaseOptionId: 'po-once', anchorDate: at(3) }), 'invalid', 'CONTRACT.BAD_ANCHOR_DATE'],
    ] as const;
    for (const [command, kind, code] of refusals) {
      await expect(w.create.execute(command)).rejects.toMatchObject({ kind, code });
    }
    expect(w.contracts.rows.size).toBe(0);
    expect(w.users.rows).toHaveLength(0);
  });

  it('judges a code by the bill’s issue date: a code ending between the order and a later start discounts the first bill', async () => {
    const w = await world();
    // 20 % until day 10; the contract is made and confirmed on day 0 and starts on day 15.
    await w.codes.add(discountCode({ code: 'TWENTY', value: { kind: 'percentage', percentage: 20 }, duration: { kind: 'until', date: new Date(T0.getTime() + 10 * DAY) } }));
    const contract = await w.create.execute(
      licenseOrder({ discountCodes: ['TWENTY'], confirm: true, startsAt: new Date(T0.getTime() + 15 * DAY) }),
    );
    expect(contract.status).toBe('FORTHCOMING');
    expect(contract.openBills.map((b) => b.price)).toEqual([money(96_000, 'SEK')]); // 120,000 less 20 %, issued on day 0
    expect(contract.toSnapshot().appliedDiscounts).toMatchObject([{ code: 'TWENTY', status: 'APPLIED' }]);
    expect(w.codes.rows[0].redemptions).toBe(1);
    // The renewal a year later is past the code's end: full price.
    expect(contract.nextPrice).toEqual(money(120_000, 'SEK'));
  });

  it('lists a code that does not apply as UNAPPLICABLE and creates at full price without confirm', async () => {
    const w = await world();
    await w.codes.add(discountCode({ purchaseOptionIds: ['po-month'] }));
    const contract = await w.create.execute(licenseOrder({ discountCodes: ['HALF'] }));
    expect(contract.status).toBe('PENDING');
    expect(contract.toSnapshot().appliedDiscounts).toMatchObject([
      { code: 'HALF', status: 'UNAPPLICABLE', reason: 'NOT_FOR_PURCHASE_OPTION' },
    ]);
    expect(contract.discountAt(T0)).toBeNull();
    expect(w.codes.rows[0].redemptions).toBe(0);
    // Confirming later is fine: the contract simply runs at full price.
    const confirmed = await w.confirm.execute({ vendorId: VENDOR, contractId: contract.id });
    expect(confirmed.status).toBe('ACTIVE');
    expect(confirmed.nextPrice?.minor).toBe(120_000);
  });

  it('applies one discount per contract and counts its redemption against the limit', async () => {
    const w = await world();
    await w.codes.add(discountCode({ maxRedemptions: 1 }));
    await w.codes.add(discountCode({ id: 'dc-2', code: 'TENOFF', value: { kind: 'amount', amount: { minor: 1_000, currency: 'SEK' } } }));
    const first = await w.create.execute(licenseOrder({ discountCodes: ['half', 'TENOFF'] }));
    expect(first.toSnapshot().appliedDiscounts.map((d) => [d.code, d.status, d.reason])).toEqual([
      ['HALF', 'APPLIED', null],
      ['TENOFF', 'UNAPPLICABLE', 'ANOTHER_DISCOUNT_APPLIED'],
    ]);
    expect(first.discountAt(T0)).toMatchObject({ percentage: 50, amount: { minor: 60_000 }, fullPrice: { minor: 120_000 } });
    const second = await w.create.execute(licenseOrder({ discountCodes: ['HALF'] }));
    expect(second.toSnapshot().appliedDiscounts).toMatchObject([{ status: 'UNAPPLICABLE', reason: 'REDEMPTION_LIMIT_REACHED' }]);
  });

  it('a payer other than the user is recorded; the same person is not a separate payer', async () => {
    const w = await world();
    const paid = await w.create.execute(licenseOrder({ payer: { email: 'finance@corp.test' } }));
    expect(paid.toSnapshot().payer).toMatchObject({ email: 'finance@corp.test' });
    const self = await w.create.execute(licenseOrder({ payer: { email: 'BOSS@corp.test' } }));
    expect(self.toSnapshot().payer).toBeNull();
  });
});

describe('billing over time', () => {
  it('discounts two bills, then bills the full price; a late run takes every due move in order', async () => {
    const w = await world();
    await w.codes.add(discountCode());
    const contract = await w.create.execute(licenseOrder({ ...monthly, confirm: true, discountCodes: ['HALF'] }));
    const bills = () => w.contracts.eventsOfType('bill.issued').map((e) => (e.payload.bill as { priceMinor: number }).priceMinor);
    expect(bills()).toEqual([4_950]);
    expect(contract.nextPrice?.minor).toBe(4_950);
    expect(contract.discountAt(T0)?.endsAt).toEqual(new Date('2026-03-01T00:00:00Z'));
    // Pay as we go so nothing becomes overdue, then jump four months.
    for (const bill of contract.openBills) await w.pay.execute({ vendorId: VENDOR, contractId: contract.id, billId: bill.id });
    w.clock.set('2026-02-01T00:00:00Z');
    await w.advance.execute({ vendorId: VENDOR, contractId: contract.id });
    let stored = (await w.contracts.find(VENDOR, contract.id))!;
    for (const bill of stored.openBills) await w.pay.execute({ vendorId: VENDOR, contractId: contract.id, billId: bill.id });
    w.clock.set('2026-04-01T00:00:00Z');
    // March's bill stays unpaid: due 15 March, OVERDUE then, still renewed on 1 April inside a long grace period.
    const moves = await w.advance.execute({ vendorId: VENDOR, contractId: contract.id, gracePeriodDays: 60 });
    expect(moves.map((m) => [m.kind, m.at.toISOString().slice(0, 10)])).toEqual([
      ['renew', '2026-03-01'],
      ['overdue', '2026-03-15'],
      ['renew', '2026-04-01'],
    ]);
    expect(bills()).toEqual([4_950, 4_950, 9_900, 9_900]);
    stored = (await w.contracts.find(VENDOR, contract.id))!;
    expect(stored.nextBillAt).toEqual(new Date('2026-05-01T00:00:00Z'));
    expect(stored.discountAt(w.clock.now())).toBeNull();
    expect(stored.status).toBe('OVERDUE');
    expect(stored.isActive).toBe(true);
  });

  it('prorates the first bill to the anchor date and bills whole periods from it', async () => {
    const w = await world();
    const contract = await w.create.execute(
      licenseOrder({ ...monthly, confirm: true, anchorDate: new Date('2026-01-16T00:00:00Z') }),
    );
    // 15 of the 31 days of January: 9 900 x 15 / 31 = 4 790.32
    expect(w.contracts.eventsOfType('bill.issued')[0].payload.bill).toMatchObject({ priceMinor: 4_790 });
    expect(contract.nextBillAt).toEqual(new Date('2026-01-16T00:00:00Z'));
    w.clock.set('2026-02-16T00:00:00Z');
    await w.advance.execute({ vendorId: VENDOR, contractId: contract.id, gracePeriodDays: 60 });
    expect((await w.contracts.find(VENDOR, contract.id))!.nextBillAt).toEqual(new Date('2026-03-16T00:00:00Z'));
  });

  it('unpaid: OVERDUE after the due date, CANCELED for NON_PAYMENT after the grace period', async () => {
    const w = await world();
    const contract = await w.create.execute(licenseOrder({ confirm: true }));
    w.clock.set(at(20));
    expect(await w.contracts.listDueForAdvance(w.clock.now(), 10)).toEqual([{ vendorId: VENDOR, contractId: contract.id }]);
    expect(await w.advance.execute({ vendorId: VENDOR, contractId: contract.id, gracePeriodDays: 7 })).toEqual([
      { kind: 'overdue', at: at(14) },
    ]);
    w.clock.set(at(21));
    expect(await w.advance.execute({ vendorId: VENDOR, contractId: contract.id, gracePeriodDays: 7 })).toEqual([
      { kind: 'cancel', at: at(21), reason: 'NON_PAYMENT' },
    ]);
    const stored = (await w.contracts.find(VENDOR, contract.id))!;
    expect(stored.status).toBe('CANCELED');
    expect(stored.cancelReason).toBe('NON_PAYMENT');
    expect(w.contracts.eventsOfType('contract.canceled')[0].payload).toMatchObject({ seatUserIds: [contract.userId] });
  });

  it('starts a FORTHCOMING contract when startsAt arrives', async () => {
    const w = await world();
    const contract = await w.create.execute(licenseOrder({ confirm: true, startsAt: at(10) }));
    w.clock.set(at(10));
    expect(await w.advance.execute({ vendorId: VENDOR, contractId: contract.id })).toEqual([{ kind: 'start', at: at(10) }]);
    expect((await w.contracts.find(VENDOR, contract.id))!.status).toBe('ACTIVE');
  });
});

describe('seat and cancel use cases', () => {
  it('assigns by e-mail, lists seat users with e-mail and name, removes by user id', async () => {
    const w = await world();
    const contract = await w.create.execute(licenseOrder({ confirm: true }));
    const { userId } = await w.assignSeat.execute({ vendorId: VENDOR, contractId: contract.id, email: 'Dev@Corp.test' });
    const list = await w.listSeatUsers.execute({ vendorId: VENDOR, contractId: contract.id, sku: 'news' });
    expect(list).toEqual([
      { userId: contract.userId, sku: 'news', status: 'PENDING', entitlementId: null, email: 'boss@corp.test', fullName: 'Ada Boss' },
      { userId, sku: 'news', status: 'PENDING', entitlementId: null, email: 'dev@corp.test' },
    ]);
    await w.removeSeat.execute({ vendorId: VENDOR, contractId: contract.id, userId });
    expect(await w.listSeatUsers.execute({ vendorId: VENDOR, contractId: contract.id })).toHaveLength(1);
    expect(w.contracts.eventsOfType('contract.seat_assigned')).toHaveLength(1);
    expect(w.contracts.eventsOfType('contract.seat_removed')).toHaveLength(1);
  });

  it('gives the last seat to exactly one of many simultaneous requests', async () => {
    const w = await world();
    const contract = await w.create.execute(licenseOrder({ confirm: true, seats: 2 }));
    const results = await Promise.allSettled(
      [1, 2, 3, 4, 5].map((n) => w.assignSeat.execute({ vendorId: VENDOR, contractId: contract.id, email: `u${n}@corp.test` })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason.code)).toEqual(
      Array(4).fill('CONTRACT.NO_FREE_SEAT'),
    );
  });

  it('creates no user when the assignment is refused (no free seat, seats locked)', async () => {
    const w = await world();
    const full = await w.create.execute(licenseOrder({ confirm: true, seats: 1 }));
    const pending = await w.create.execute(licenseOrder({ user: { email: 'other@corp.test' } }));
    const before = w.users.rows.length;
    await expect(w.assignSeat.execute({ vendorId: VENDOR, contractId: full.id, email: 'new@corp.test' })).rejects.toMatchObject({
      code: 'CONTRACT.NO_FREE_SEAT',
    });
    await expect(w.assignSeat.execute({ vendorId: VENDOR, contractId: pending.id, email: 'new@corp.test' })).rejects.toMatchObject({
      code: 'CONTRACT.SEATS_LOCKED',
    });
    expect(w.users.rows).toHaveLength(before);
    // Assigning the holder again changes nothing, even on a full contract.
    await expect(w.assignSeat.execute({ vendorId: VENDOR, contractId: full.id, email: 'boss@corp.test' })).resolves.toEqual({
      userId: full.userId,
    });
  });

  it('sets seats; another vendor sees no contract', async () => {
    const w = await world();
    const contract = await w.create.execute(licenseOrder({ confirm: true }));
    expect((await w.setSeats.execute({ vendorId: VENDOR, contractId: contract.id, seats: 7 })).toSnapshot().items[0].seats).toBe(7);
    await expect(w.setSeats.execute({ vendorId: 'other', contractId: contract.id, seats: 7 })).rejects.toMatchObject({
      kind: 'not_found',
      code: 'CONTRACT.NOT_FOUND',
    });
    await expect(w.assignSeat.execute({ vendorId: 'other', contractId: contract.id, email: 'x@y.test' })).rejects.toMatchObject({
      kind: 'not_found',
    });
    expect(w.users.rows).toHaveLength(1);
  });

  it('lets only the contract user cancel through the user-facing route', async () => {
    const w = await world();
    const contract = await w.create.execute(licenseOrder({ confirm: true }));
    await expect(
      w.requestCancel.execute({ vendorId: VENDOR, contractId: contract.id, reason: 'x', userId: 'someone-else' }),
    ).rejects.toMatchObject({ kind: 'not_found' });
    const canceled = await w.requestCancel.execute({
      vendorId: VENDOR,
      contractId: contract.id,
      reason: 'x',
      userId: contract.userId,
    });
    expect(canceled.willCancelAt).toEqual(at(365));
    expect(canceled.nextBillAt).toBeNull();
  });
});
