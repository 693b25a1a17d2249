import fc from 'fast-check';
import { Contract, contentSkuOf, seatMatchesSku } from '../../src/contracts';
import { contractIn, DAY, item, newContract, options, products, T0 } from './fixtures';

const later = new Date(T0.getTime() + DAY);

describe('seat rules', () => {
  it('the contract user holds the first seat, of the content product the license unlocks', () => {
    const contract = contractIn('ACTIVE');
    expect(contract.seatUsers()).toMatchObject([{ userId: 'owner', sku: 'news', itemSku: 'news-multi', status: 'PENDING' }]);
  });

  it('license SKUs map to content SKUs, and the seat filter accepts either form', () => {
    expect(contentSkuOf('news-multi')).toBe('news');
    expect(contentSkuOf('news')).toBe('news');
    expect(contentSkuOf('-multi')).toBe('-multi');
    const seat = { sku: 'news', itemSku: 'news-multi' };
    expect([undefined, 'news', 'news-multi'].map((s) => seatMatchesSku(seat, s))).toEqual([true, true, true]);
    expect(seatMatchesSku(seat, 'sport')).toBe(false);
    const contract = contractIn('ACTIVE');
    expect(contract.seatUsers('news-multi')).toHaveLength(1);
    expect(contract.seatUsers('news')).toHaveLength(1);
    expect(contract.seatUsers('sport')).toHaveLength(0);
  });

  it('the same seat number is a no-op; never fewer seats than holders', () => {
    const contract = contractIn('ACTIVE');
    expect(contract.setSeats(5, undefined, later)).toBe(false);
    expect(contract.pullEvents()).toEqual([]);
    contract.assignSeat({ id: 'u2' }, undefined, later);
    contract.assignSeat({ id: 'u3' }, undefined, later);
    expect(() => contract.setSeats(2, undefined, later)).toThrow(
      expect.objectContaining({ kind: 'conflict', code: 'CONTRACT.SEATS_BELOW_HOLDERS' }),
    );
    expect(contract.setSeats(3, undefined, later)).toBe(true);
    expect(() => contract.setSeats(0, undefined, later)).toThrow(expect.objectContaining({ kind: 'invalid' }));
  });

  it('changing seats leaves quantity and price untouched', () => {
    const contract = contractIn('ACTIVE');
    const before = contract.price;
    contract.setSeats(50, 'news-multi', later);
    expect(contract.price).toEqual(before);
    expect(contract.toSnapshot().items[0]).toMatchObject({ quantity: 1, seats: 50 });
  });

  it('sku is required with several license items, and must match one (either form)', () => {
    const sport = { ...products.license, sku: 'sport-multi', title: 'Sport for teams' };
    const contract = contractIn('ACTIVE', {
      items: [item(products.license, options.licenseYearly), item(sport, { ...options.licenseYearly, sku: 'sport-multi' })],
    });
    expect(() => contract.setSeats(9, undefined, later)).toThrow(
      expect.objectContaining({ kind: 'invalid', code: 'CONTRACT.SEAT_SKU_REQUIRED' }),
    );
    expect(() => contract.setSeats(9, 'weather', later)).toThrow(
      expect.objectContaining({ kind: 'invalid', code: 'CONTRACT.SEAT_SKU_UNKNOWN' }),
    );
    expect(contract.setSeats(9, 'sport', later)).toBe(true);
    expect(contract.toSnapshot().items.map((i) => i.seats)).toEqual([5, 9]);
    expect(contract.seatUsers()).toHaveLength(2);
  });

  it('a contract without a license item has no seats to change', () => {
    const contract = contractIn('ACTIVE', { items: [item(products.publication, options.monthly)] });
    expect(() => contract.setSeats(3, undefined, later)).toThrow(
      expect.objectContaining({ kind: 'invalid', code: 'CONTRACT.NO_LICENSE_ITEM' }),
    );
    expect(contract.seatUsers()).toEqual([]);
  });

  it('assigning when every seat is taken is a conflict; assigning a holder again changes nothing', () => {
    const contract = contractIn('ACTIVE');
    for (const id of ['u2', 'u3', 'u4', 'u5']) expect(contract.assignSeat({ id }, undefined, later)).toBe(true);
    expect(contract.assignSeat({ id: 'u2' }, undefined, later)).toBe(false);
    expect(() => contract.assignSeat({ id: 'u6' }, undefined, later)).toThrow(
      expect.objectContaining({ kind: 'conflict', code: 'CONTRACT.NO_FREE_SEAT' }),
    );
  });

  it('removing a seat user frees the seat and leaves the list; the contract user keeps theirs', () => {
    const contract = contractIn('ACTIVE');
    contract.assignSeat({ id: 'u2' }, undefined, later);
    contract.pullEvents();
    contract.removeSeat('u2', later);
    expect(contract.seatUsers().map((s) => s.userId)).toEqual(['owner']);
    expect(contract.pullEvents().map((e) => e.type)).toEqual(['contract.seat_removed']);
    expect(() => contract.removeSeat('u2', later)).toThrow(expect.objectContaining({ kind: 'not_found' }));
    expect(() => contract.removeSeat('owner', later)).toThrow(expect.objectContaining({ code: 'CONTRACT.OWNER_SEAT' }));
  });

  it('seat changes need a running contract not set to cancel', () => {
    const pending = contractIn('PENDING');
    expect(() => pending.assignSeat({ id: 'u2' }, undefined, later)).toThrow(
      expect.objectContaining({ code: 'CONTRACT.SEATS_LOCKED' }),
    );
    const leaving = contractIn('ACTIVE');
    leaving.assignSeat({ id: 'u2' }, undefined, later);
    leaving.requestCancel(later, 'bye');
    expect(() => leaving.assignSeat({ id: 'u3' }, undefined, later)).toThrow(
      expect.objectContaining({ code: 'CONTRACT.SEATS_LOCKED' }),
    );
    expect(() => leaving.removeSeat('u2', later)).toThrow(expect.objectContaining({ code: 'CONTRACT.SEATS_LOCKED' }));
  });

  it('a provisioned seat becomes ACTIVE with its entitlement', () => {
    const contract = contractIn('ACTIVE');
    expect(contract.seatProvisioned('owner', 'news-multi', 'ent-1', later)).toBe(true);
    expect(contract.seatUsers()[0]).toMatchObject({ status: 'ACTIVE', entitlementId: 'ent-1' });
    expect(contract.seatProvisioned('owner', 'news-multi', 'ent-1', later)).toBe(false);
  });

  it('property: holders never exceed seats, whatever the sequence of seat changes', () => {
    type Op = { kind: 'assign'; user: number } | { kind: 'remove'; user: number } | { kind: 'set'; seats: number };
    const op: fc.Arbitrary<Op> = fc.oneof(
      fc.record({ kind: fc.constant('assign' as const), user: fc.integer({ min: 0, max: 12 }) }),
      fc.record({ kind: fc.constant('remove' as const), user: fc.integer({ min: 0, max: 12 }) }),
      fc.record({ kind: fc.constant('set' as const), seats: fc.integer({ min: -1, max: 12 }) }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 8 }), fc.array(op, { maxLength: 40 }), (initialSeats, ops) => {
        const contract = Contract.create(
          newContract({ items: [item(products.license, options.licenseYearly, 1, initialSeats)] }),
          T0,
        );
        contract.confirm(T0);
        for (const o of ops) {
          const user = o.kind === 'set' ? '' : o.user === 0 ? 'owner' : `u${o.user}`;
          try {
            if (o.kind === 'assign') contract.assignSeat({ id: user }, undefined, later);
            else if (o.kind === 'remove') contract.removeSeat(user, later);
            else contract.setSeats(o.seats, undefined, later);
          } catch (e) {
            // Refusals are expected; they must be domain errors and change nothing that breaks the invariant.
            expect(e).toHaveProperty('code');
          }
          const seats = contract.toSnapshot().items[0].seats;
          const holders = contract.seatUsers();
          expect(holders.length).toBeLessThanOrEqual(seats);
          expect(seats).toBeGreaterThanOrEqual(1);
          expect(new Set(holders.map((h) => h.userId)).size).toBe(holders.length);
          expect(holders.some((h) => h.userId === 'owner')).toBe(true);
        }
      }),
    );
  });
});
