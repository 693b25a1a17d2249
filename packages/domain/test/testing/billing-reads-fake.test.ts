import { BillRecord, recordIssuedBill, Transaction } from '../../src/billing';
import { InMemoryBillingReads, InMemoryBillRepository, InMemoryTransactionRepository, minutesLater, monthlyContract, SUITE_START } from '../../src/testing';

// InMemoryBillingReads: the vendor's ledger of bills and transactions (filters, newest first, pages) and the
// reader's, over the in-memory stores, by vendor.
function bill(vendorId: string, id: string, fields: Partial<BillRecord> = {}): BillRecord {
  const contract = monthlyContract(vendorId, `c-${id}`, 'u1');
  contract.confirm(SUITE_START);
  return { ...recordIssuedBill(contract.openBills[0], contract.toSnapshot(), `INV-${id}`), id, ...fields };
}

const transaction = (of: BillRecord, id: string, minutes: number, isRefund = false): Transaction => ({
  id,
  vendorId: of.vendorId,
  amount: of.price,
  contractId: of.contractId,
  isRefund,
  userId: of.userId,
  billId: of.id,
  createdAt: minutesLater(minutes),
  updatedAt: minutesLater(minutes),
});

const ids = (list: { id: string }[]) => list.map((x) => x.id);
const ALL = { limit: 100, offset: 0 };

async function ledger() {
  const bills = new InMemoryBillRepository();
  const transactions = new InMemoryTransactionRepository();
  const made = {
    mine: bill('acme', 'b-mine', { createdAt: minutesLater(1) }),
    paidFor: bill('acme', 'b-paid-for', { userId: 'u2', payerId: 'u1', status: 'PAID', createdAt: minutesLater(2) }),
    stranger: bill('acme', 'b-stranger', { userId: 'u3', createdAt: minutesLater(3) }),
    theirs: bill('globex', 'b-theirs', { createdAt: minutesLater(4) }),
  };
  for (const b of Object.values(made)) await bills.add(b);
  await transactions.add(transaction(made.mine, 't-pay', 5));
  await transactions.add(transaction(made.paidFor, 't-paid-for', 6));
  await transactions.add(transaction(made.mine, 't-refund', 7, true));
  await transactions.add(transaction(made.stranger, 't-stranger', 8));
  await transactions.add(transaction(made.theirs, 't-theirs', 9));
  return new InMemoryBillingReads(bills, transactions);
}

describe("InMemoryBillingReads: the vendor's reads", () => {
  it("lists the vendor's bills newest first, none of another vendor's, filtered by a party to the bill or by status", async () => {
    const reads = await ledger();
    expect(ids(await reads.bills('acme', {}, ALL))).toEqual(['b-stranger', 'b-paid-for', 'b-mine']);
    expect(ids(await reads.bills('acme', { userId: 'u1' }, ALL))).toEqual(['b-paid-for', 'b-mine']);
    expect(ids(await reads.bills('acme', { status: 'PAID' }, ALL))).toEqual(['b-paid-for']);
    expect(ids(await reads.bills('acme', { userId: 'u3', status: 'PAID' }, ALL))).toEqual([]);
    expect(ids(await reads.bills('globex', {}, ALL))).toEqual(['b-theirs']);
  });

  it('pages the bills after filtering', async () => {
    const reads = await ledger();
    expect(ids(await reads.bills('acme', {}, { limit: 2, offset: 1 }))).toEqual(['b-paid-for', 'b-mine']);
    expect(ids(await reads.bills('acme', { userId: 'u1' }, { limit: 1, offset: 1 }))).toEqual(['b-mine']);
  });

  it("lists the vendor's transactions newest first, by a party to their bill, payments or refunds, a page at a time", async () => {
    const reads = await ledger();
    expect(ids(await reads.transactions('acme', {}, ALL))).toEqual(['t-stranger', 't-refund', 't-paid-for', 't-pay']);
    expect(ids(await reads.transactions('acme', { userId: 'u1' }, ALL))).toEqual(['t-refund', 't-paid-for', 't-pay']);
    expect(ids(await reads.transactions('acme', { isRefund: true }, ALL))).toEqual(['t-refund']);
    expect(ids(await reads.transactions('acme', { isRefund: false, userId: 'u1' }, { limit: 1, offset: 1 }))).toEqual(['t-pay']);
    expect(ids(await reads.transactions('globex', {}, ALL))).toEqual(['t-theirs']);
  });
});

describe("InMemoryBillingReads: the reader's reads", () => {
  it('answers the bills and transactions the reader holds or pays for, under that vendor only', async () => {
    const reads = await ledger();
    expect(ids(await reads.billsOf('acme', 'u1'))).toEqual(['b-paid-for', 'b-mine']);
    expect(ids(await reads.transactionsOf('acme', 'u2'))).toEqual(['t-paid-for']);
    expect(ids(await reads.billsOf('globex', 'u2'))).toEqual([]);
  });
});
