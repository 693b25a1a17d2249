import {
  AdvanceContract,
  canTransition,
  Contract,
  CONTRACT_STATUSES,
  CONTRACT_TRANSITIONS,
  ContractStatus,
  nextTimedMove,
} from '../../src/contracts';
import { FakeClock } from '../../src/testing';
import { InMemoryContractRepository, RecordingBillInvoicing } from '../../src/testing/in-memory-contracts';
import { contractIn, DAY, discountCode, licenseOrder, newContract, T0, world } from './fixtures';

const at = (days: number) => new Date(T0.getTime() + days * DAY);
const types = (c: Contract) => c.pullEvents().map((e) => e.type);

describe('contract transition table', () => {
  const allowed: [ContractStatus, ContractStatus][] = [
    ['PENDING', 'ACTIVE'],
    ['PENDING', 'FORTHCOMING'],
    ['PENDING', 'CANCELED'],
    ['FORTHCOMING', 'ACTIVE'],
    ['FORTHCOMING', 'CANCELED'],
    ['ACTIVE', 'OVERDUE'],
    ['ACTIVE', 'CANCELED'],
    ['OVERDUE', 'ACTIVE'],
    ['OVERDUE', 'CANCELED'],
  ];
  const pairs = CONTRACT_STATUSES.flatMap((from) => CONTRACT_STATUSES.map((to) => [from, to] as const));

  it.each(pairs)('%s -> %s is allowed only when listed', (from, to) => {
    const listed = allowed.some(([f, t]) => f === from && t === to);
    expect(canTransition(from, to)).toBe(listed);
    expect((CONTRACT_TRANSITIONS[from] as readonly string[]).includes(to)).toBe(listed);
  });
});

// Interface section 3, row by row, at the domain level.
describe('interface section 3 rows', () => {
  it('(none) -> create without confirm -> PENDING: priced, unbilled, no access', async () => {
    const w = await world();
    const contract = await w.create.execute(licenseOrder());
    expect(contract.status).toBe('PENDING');
    expect(contract.isActive).toBe(false);
    expect(contract.price.minor).toBe(120_000);
    expect(w.contracts.eventsOfType('bill.issued')).toHaveLength(0);
  });

  it('(none) -> create with confirm, codes applicable -> ACTIVE, invoiced, access granted', async () => {
    const w = await world();
    await w.codes.add(discountCode());
    const contract = await w.create.execute(licenseOrder({ confirm: true, discountCodes: ['half'] }));
    expect(contract.status).toBe('ACTIVE');
    expect(contract.isActive).toBe(true);
    expect(w.contracts.eventsOfType('bill.issued')).toHaveLength(1);
    expect(w.contracts.eventsOfType('contract.activated')).toHaveLength(1);
  });

  it('(none) -> create with confirm and a future startsAt -> FORTHCOMING, invoiced', async () => {
    const w = await world();
    const contract = await w.create.execute(licenseOrder({ confirm: true, startsAt: at(10) }));
    expect(contract.status).toBe('FORTHCOMING');
    expect(w.contracts.eventsOfType('bill.issued')).toHaveLength(1);
    expect(w.contracts.eventsOfType('contract.activated')).toHaveLength(0);
  });

  it('(none) -> create with confirm, a code not applicable -> fails (invalid), contract left PENDING, unbilled', async () => {
    const w = await world();
    await expect(w.create.execute(licenseOrder({ confirm: true, discountCodes: ['NOPE'] }))).rejects.toMatchObject({
      kind: 'invalid',
      code: 'CONTRACT.DISCOUNT_UNAPPLICABLE',
    });
    const [stored] = [...w.contracts.rows.values()];
    expect(stored.status).toBe('PENDING');
    expect(stored.appliedDiscounts).toMatchObject([{ code: 'NOPE', status: 'UNAPPLICABLE', reason: 'UNKNOWN_CODE' }]);
    expect(w.contracts.eventsOfType('bill.issued')).toHaveLength(0);
  });

  it.each([
    ['startsAt absent', null],
    ['startsAt in the past', new Date(T0.getTime() - DAY)],
    ['startsAt now', T0],
  ])('PENDING -> confirm, %s -> ACTIVE, invoiced, access including seats', (_, startsAt) => {
    const contract = contractIn('PENDING', { startsAt });
    expect(contract.confirm(T0)).toBe(true);
    expect(contract.status).toBe('ACTIVE');
    const events = contract.pullEvents();
    expect(events.map((e) => e.type)).toEqual(['contract.confirmed', 'bill.issued', 'contract.activated']);
    expect(events[2].payload).toMatchObject({ seatHolders: [{ userId: 'owner', sku: 'news' }] });
  });

  it('PENDING -> confirm, startsAt in the future -> FORTHCOMING', () => {
    const contract = Contract.create(newContract({ startsAt: at(5) }), T0);
    contract.confirm(T0);
    expect(contract.status).toBe('FORTHCOMING');
    expect(contract.isActive).toBe(false);
  });

  it('FORTHCOMING -> startsAt arrives -> ACTIVE, access granted', () => {
    const contract = contractIn('FORTHCOMING');
    expect(() => contract.start(at(29))).toThrow(expect.objectContaining({ code: 'CONTRACT.NOT_STARTED' }));
    contract.start(at(30));
    expect(contract.status).toBe('ACTIVE');
    expect(types(contract)).toEqual(['contract.activated']);
  });

  it.each(['ACTIVE', 'FORTHCOMING', 'OVERDUE'] as const)('%s -> confirm again -> unchanged, no events', (status) => {
    const contract = contractIn(status);
    const before = contract.toSnapshot();
    expect(contract.confirm(at(1))).toBe(false);
    expect(contract.toSnapshot()).toEqual(before);
    expect(types(contract)).toEqual([]);
  });

  it('CANCELED -> confirm -> conflict CONTRACT.NOT_CONFIRMABLE', () => {
    expect(() => contractIn('CANCELED').confirm(T0)).toThrow(
      expect.objectContaining({ kind: 'conflict', code: 'CONTRACT.NOT_CONFIRMABLE' }),
    );
  });

  it.each(['ACTIVE', 'FORTHCOMING', 'OVERDUE'] as const)(
    '%s -> set seats, not set to cancel -> status unchanged, seats changed at once',
    (status) => {
      const contract = contractIn(status);
      expect(contract.setSeats(8, undefined, at(1))).toBe(true);
      expect(contract.status).toBe(status);
      expect(contract.toSnapshot().items[0].seats).toBe(8);
      expect(types(contract)).toEqual(['contract.seats_changed']);
    },
  );

  it.each(['PENDING', 'CANCELED'] as const)('%s -> set seats -> conflict', (status) => {
    expect(() => contractIn(status).setSeats(8, undefined, at(1))).toThrow(
      expect.objectContaining({ kind: 'conflict', code: 'CONTRACT.SEATS_LOCKED' }),
    );
  });

  it('set to cancel -> set seats -> conflict', () => {
    const contract = contractIn('ACTIVE');
    contract.requestCancel(at(1), 'too expensive');
    expect(() => contract.setSeats(8, undefined, at(2))).toThrow(expect.objectContaining({ code: 'CONTRACT.SEATS_LOCKED' }));
  });

  it.each([
    ['PENDING', 'CANCELED', false],
    ['FORTHCOMING', 'FORTHCOMING', true],
    ['ACTIVE', 'ACTIVE', true],
    ['OVERDUE', 'OVERDUE', true],
    ['CANCELED', 'CANCELED', false],
  ] as const)('%s -> cancel request -> %s (set to cancel at period end: %s)', (from, to, scheduled) => {
    const contract = contractIn(from);
    contract.requestCancel(at(2), 'no longer needed');
    expect(contract.status).toBe(to);
    expect(contract.willCancelAt !== null).toBe(scheduled);
    if (scheduled) {
      expect(contract.toSnapshot().cancelRequestedAt).toEqual(at(2));
      expect(contract.willCancelAt).toEqual(contract.toSnapshot().periodEnd);
    }
  });
});

// DESIGN section 6: the moves the interface leaves open.
describe('DESIGN section 6 moves', () => {
  it('a PENDING contract can be canceled at once', () => {
    const contract = contractIn('PENDING');
    contract.cancel(at(1), 'MISTAKE');
    expect(contract.status).toBe('CANCELED');
    expect(contract.expiresAt).toEqual(at(1));
    expect(types(contract)).toEqual(['contract.canceled']);
  });

  it('an OPEN bill past its due date makes the contract OVERDUE; access is kept', () => {
    const contract = contractIn('ACTIVE');
    expect(() => contract.markOverdue(at(13))).toThrow(expect.objectContaining({ code: 'CONTRACT.NOTHING_OVERDUE' }));
    contract.markOverdue(at(14));
    expect(contract.status).toBe('OVERDUE');
    expect(contract.isActive).toBe(true);
    expect(types(contract)).toEqual(['contract.overdue']);
  });

  it('still unpaid after the grace period -> CANCELED with reason NON_PAYMENT', () => {
    const contract = contractIn('OVERDUE');
    expect(nextTimedMove(contract, at(27), 14)).toBeNull();
    expect(nextTimedMove(contract, at(28), 14)).toEqual({ kind: 'cancel', at: at(28), reason: 'NON_PAYMENT' });
  });

  it('paying returns an OVERDUE contract to ACTIVE', () => {
    const contract = contractIn('OVERDUE');
    const [bill] = contract.openBills;
    expect(contract.markPaid('unknown', at(16))).toBe(false);
    expect(contract.markPaid(bill.id, at(16))).toBe(true);
    expect(contract.status).toBe('ACTIVE');
    expect(contract.overdueSince).toBeNull();
    expect(types(contract)).toEqual(['contract.bill_paid', 'contract.reinstated']);
  });

  it('a cancel request on a recurring contract cancels it at the end of the paid period', async () => {
    const repo = new InMemoryContractRepository();
    const clock = new FakeClock(T0);
    const contract = contractIn('ACTIVE');
    contract.markPaid(contract.openBills[0].id, at(1));
    contract.requestCancel(at(100), 'budget');
    await repo.add(contract);
    const advance = new AdvanceContract(repo, new RecordingBillInvoicing(), clock);
    clock.set(at(364));
    expect(await advance.execute({ vendorId: 'acme', contractId: 'c-1' })).toEqual([]);
    clock.set(at(400));
    expect(await advance.execute({ vendorId: 'acme', contractId: 'c-1' })).toEqual([
      { kind: 'cancel', at: at(365), reason: 'budget' },
    ]);
    const stored = (await repo.find('acme', 'c-1'))!;
    expect(stored.status).toBe('CANCELED');
    expect(stored.expiresAt).toEqual(at(365));
    expect(repo.eventsOfType('bill.issued')).toHaveLength(0);
  });

  it('renewal at nextBillAt issues a bill for nextPrice and advances the period', () => {
    const contract = contractIn('ACTIVE');
    const nextBillAt = contract.nextBillAt!;
    expect(nextBillAt).toEqual(at(365));
    expect(() => contract.renew(at(364))).toThrow(expect.objectContaining({ code: 'CONTRACT.NOT_RENEWABLE' }));
    const nextPrice = contract.nextPrice!;
    contract.renew(nextBillAt);
    const events = contract.pullEvents();
    expect(events.map((e) => e.type)).toEqual(['contract.renewed', 'bill.issued']);
    expect(events[1].payload.bill).toMatchObject({ priceMinor: nextPrice.minor });
    expect(contract.toSnapshot()).toMatchObject({ periodStart: at(365), periodEnd: new Date('2028-01-01T00:00:00Z') });
  });

  it('a one-time purchase never renews', () => {
    const contract = contractIn('ACTIVE', { recurrence: null });
    expect(contract.nextBillAt).toBeNull();
    expect(() => contract.renew(at(1000))).toThrow(expect.objectContaining({ code: 'CONTRACT.NOT_RENEWABLE' }));
  });

  it.each([
    ['PENDING', 'markOverdue'],
    ['FORTHCOMING', 'markOverdue'],
    ['CANCELED', 'markOverdue'],
    ['PENDING', 'start'],
    ['CANCELED', 'start'],
    ['PENDING', 'renew'],
    ['FORTHCOMING', 'renew'],
    ['CANCELED', 'renew'],
    ['CANCELED', 'cancel'],
  ] as const)('%s refuses %s with a conflict', (status, move) => {
    const contract = contractIn(status);
    const call = () => (move === 'cancel' ? contract.cancel(at(400), 'x') : contract[move](at(400)));
    expect(call).toThrow(expect.objectContaining({ kind: 'conflict' }));
  });
});
