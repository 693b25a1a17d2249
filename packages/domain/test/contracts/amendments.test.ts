import {
  changePathsFor,
  ConfirmAmendment,
  Contract,
  CreateAmendment,
  daysBetween,
  ListUpgradeOptions,
  prorateRemaining,
} from '../../src/contracts';
import { createPurchaseOption } from '../../src/catalog';
import { money } from '../../src/shared';
import {
  FakeClock,
  InMemoryAmendmentRepository,
  InMemoryProductRepository,
  InMemoryPurchaseOptionRepository,
  SequentialIds,
} from '../../src/testing';
import { InMemoryContractRepository, InMemoryDiscountCodeRepository, RecordingBillInvoicing } from '../../src/testing/in-memory-contracts';
import { DAY, discountCode, item, newContract, options, products, T0, VENDOR } from './fixtures';

const premium = createPurchaseOption(
  {
    id: 'po-month-premium',
    vendorId: VENDOR,
    sku: 'news',
    name: 'Premium monthly',
    price: money(19_900, 'SEK'),
    taxIncluded: false,
    recurring: { interval: 'MONTH', time: 1 },
    seatsPerUnit: 1,
    minQuantity: 1,
    maxQuantity: 10,
  },
  T0,
);
const basic = createPurchaseOption({ ...premium, id: 'po-month-basic', name: 'Basic monthly', price: money(4_900, 'SEK') }, T0);
const yearly = createPurchaseOption({ ...premium, id: 'po-year', recurring: { interval: 'YEAR', time: 1 } }, T0);

async function setup() {
  const clock = new FakeClock(T0);
  const contracts = new InMemoryContractRepository();
  const amendments = new InMemoryAmendmentRepository();
  const codes = new InMemoryDiscountCodeRepository();
  const invoicing = new RecordingBillInvoicing();
  const productRepo = new InMemoryProductRepository();
  const optionRepo = new InMemoryPurchaseOptionRepository();
  await productRepo.add(products.publication);
  for (const o of [options.monthly, premium, basic, yearly]) await optionRepo.add(o);
  const contract = Contract.create(
    newContract({ items: [item(products.publication, options.monthly)], recurrence: { interval: 'MONTH', time: 1 }, userId: 'reader' }),
    T0,
  );
  contract.confirm(T0);
  contract.takeIssuedBills();
  await contracts.add(contract);
  const ids = new SequentialIds();
  return {
    clock,
    contracts,
    amendments,
    codes,
    invoicing,
    options: new ListUpgradeOptions(contracts, productRepo, optionRepo, clock),
    create: new CreateAmendment(contracts, optionRepo, codes, amendments, ids, clock),
    confirm: new ConfirmAmendment(contracts, amendments, codes, invoicing, clock),
  };
}

const who = { vendorId: VENDOR, contractId: 'c-1', userId: 'reader' };

describe('amendments', () => {
  it('paths are options of the same product, currency and cycle; higher is UPGRADE, lower DOWNGRADE', () => {
    const paths = changePathsFor(item(products.publication, options.monthly), { interval: 'MONTH', time: 1 }, [
      options.monthly,
      premium,
      basic,
      yearly,
    ]);
    expect(paths.map((p) => [p.option.id, p.type])).toEqual([
      ['po-month-basic', 'DOWNGRADE'],
      ['po-month-premium', 'UPGRADE'],
    ]);
  });

  it('prorates the rest of a period by days, rounded once', () => {
    const end = new Date(T0.getTime() + 31 * DAY);
    expect(prorateRemaining(money(10_000, 'SEK'), T0, end, new Date(T0.getTime() + 10 * DAY))).toEqual(money(6_774, 'SEK'));
    expect(prorateRemaining(money(10_000, 'SEK'), T0, end, end)).toEqual(money(0, 'SEK'));
  });

  it('an upgrade takes effect at once with a prorated bill for the difference, once however often confirmed', async () => {
    const w = await setup();
    w.clock.set(new Date(T0.getTime() + 10 * DAY));
    expect((await w.options.execute(who))[0].paths.map((p) => p.purchaseOptionId)).toEqual(['po-month-basic', 'po-month-premium']);
    const quote = await w.create.execute({ ...who, type: 'UPGRADE', purchaseOptionId: 'po-month-premium' });
    const periodEnd = new Date('2026-02-01T00:00:00.000Z');
    const expected = Math.round((10_000 * daysBetween(w.clock.now(), periodEnd)) / daysBetween(T0, periodEnd));
    expect(quote).toMatchObject({ status: 'PENDING', nextBill: { total: money(expected, 'SEK'), date: w.clock.now() } });
    expect((await w.contracts.find(VENDOR, 'c-1'))!.price).toEqual(money(9_900, 'SEK'));

    await Promise.all([w.confirm.execute({ ...who, amendmentId: quote.id }), w.confirm.execute({ ...who, amendmentId: quote.id })]);
    expect(w.invoicing.sent).toHaveLength(1);
    expect(w.invoicing.sent[0]).toMatchObject({ price: money(expected, 'SEK'), periodStart: w.clock.now(), periodEnd, status: 'OPEN' });
    const contract = (await w.contracts.find(VENDOR, 'c-1'))!;
    expect(contract.price).toEqual(money(19_900, 'SEK'));
    expect(contract.toSnapshot().items[0].purchaseOptionId).toBe('po-month-premium');
    expect(w.amendments.rows.get(`${VENDOR}\u0000${quote.id}`)!.status).toBe('CONFIRMED');
  });

  it('a downgrade waits for the next renewal; the next price shows it at once', async () => {
    const w = await setup();
    const quote = await w.create.execute({ ...who, type: 'DOWNGRADE', purchaseOptionId: 'po-month-basic' });
    await w.confirm.execute({ ...who, amendmentId: quote.id });
    expect(w.invoicing.sent).toHaveLength(0);
    let contract = (await w.contracts.find(VENDOR, 'c-1'))!;
    expect(contract.price).toEqual(money(9_900, 'SEK'));
    expect(contract.nextPrice).toEqual(money(4_900, 'SEK'));
    await w.contracts.update(VENDOR, 'c-1', (c) => c.renew(new Date('2026-02-01T00:00:00.000Z')));
    contract = (await w.contracts.find(VENDOR, 'c-1'))!;
    expect(contract.price).toEqual(money(4_900, 'SEK'));
    expect(contract.takeIssuedBills()).toEqual([]);
  });

  it('refuses a path in the wrong direction, an unknown option, and another reader', async () => {
    const w = await setup();
    await expect(w.create.execute({ ...who, type: 'UPGRADE', purchaseOptionId: 'po-month-basic' })).rejects.toMatchObject({
      code: 'AMENDMENT.INVALID',
    });
    await expect(w.create.execute({ ...who, type: 'UPGRADE', purchaseOptionId: 'po-year' })).rejects.toMatchObject({
      code: 'AMENDMENT.INVALID',
    });
    await expect(w.create.execute({ ...who, userId: 'someone', type: 'UPGRADE', purchaseOptionId: 'po-month-premium' })).rejects.toMatchObject({
      code: 'CONTRACT.NOT_FOUND',
    });
  });

  it('a DISCOUNT applies the code to the next bill; an unknown code is REJECTED and cannot be confirmed', async () => {
    const w = await setup();
    await w.codes.add(discountCode());
    const quote = await w.create.execute({ ...who, type: 'DISCOUNT', discountCode: 'half' });
    expect(quote).toMatchObject({ status: 'PENDING', nextBill: { total: money(4_950, 'SEK') } });
    await w.confirm.execute({ ...who, amendmentId: quote.id });
    expect((await w.contracts.find(VENDOR, 'c-1'))!.nextPrice).toEqual(money(4_950, 'SEK'));
    expect(w.codes.rows[0].redemptions).toBe(1);

    const again = await w.create.execute({ ...who, type: 'DISCOUNT', discountCode: 'HALF' });
    expect(again).toMatchObject({ status: 'REJECTED', appliedDiscounts: [{ status: 'UNAPPLICABLE', reason: 'ANOTHER_DISCOUNT_APPLIED' }] });
    const unknown = await w.create.execute({ ...who, type: 'DISCOUNT', discountCode: 'NOPE' });
    expect(unknown.appliedDiscounts[0]).toMatchObject({ status: 'UNAPPLICABLE', reason: 'UNKNOWN_CODE' });
    await expect(w.confirm.execute({ ...who, amendmentId: unknown.id })).rejects.toMatchObject({ code: 'AMENDMENT.NOT_CONFIRMABLE' });
  });

  it('a DISCOUNT whose code ends before the next bill is REJECTED, and refused at confirm if it ended since the quote', async () => {
    const w = await setup();
    // The next bill is issued when the first month ends (T0 + 31 days); this code ends on day 20.
    await w.codes.add(discountCode({ duration: { kind: 'until', date: new Date(T0.getTime() + 20 * DAY) } }));
    const quote = await w.create.execute({ ...who, type: 'DISCOUNT', discountCode: 'HALF' });
    expect(quote).toMatchObject({ status: 'REJECTED', appliedDiscounts: [{ status: 'UNAPPLICABLE', reason: 'EXPIRED' }] });
    expect(w.codes.rows[0].redemptions).toBe(0);
    expect((await w.contracts.find(VENDOR, 'c-1'))!.nextPrice).toEqual(money(9_900, 'SEK'));

    // A code that still covers the next bill is quoted; one that has ended by the confirm is refused then.
    await w.codes.add(discountCode({ id: 'dc-2', code: 'LONG', duration: { kind: 'until', date: new Date(T0.getTime() + 40 * DAY) } }));
    const long = await w.create.execute({ ...who, type: 'DISCOUNT', discountCode: 'LONG' });
    expect(long).toMatchObject({ status: 'PENDING', nextBill: { total: money(4_950, 'SEK') } });
  });

  it('a contract set to cancel cannot be changed and has no upgrade options', async () => {
    const w = await setup();
    await w.contracts.update(VENDOR, 'c-1', (c) => c.requestCancel(T0, 'bye'));
    expect(await w.options.execute(who)).toEqual([]);
    await expect(w.create.execute({ ...who, type: 'UPGRADE', purchaseOptionId: 'po-month-premium' })).rejects.toMatchObject({
      code: 'CONTRACT.NOT_AMENDABLE',
    });
  });
});
