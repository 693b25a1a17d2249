import { recordIssuedBill } from '../../billing/bill-record';
import { BillNotFound } from '../../billing/errors';
import { BillRepository } from '../../billing/ports';
import { minutesLater, monthlyContract, SUITE_START } from './contract-builders';
import { ContractCase, ContractViolation, rejects, same } from './contract-case';

/**
 * What every BillRepository must do (billing/ports.ts): tenancy by vendor,
 * `update` that stores what the change returns and nothing when it throws.
 * A fixture is a repository holding no bill of its two vendors.
 */
export interface BillRepositoryFixture {
  readonly bills: BillRepository;
  readonly vendorId: string;
  readonly otherVendorId: string;
}

/** The first bill of a confirmed monthly contract, as billing records it. */
function issuedBill(vendorId: string, contractId: string) {
  const contract = monthlyContract(vendorId, contractId, 'u1');
  contract.confirm(SUITE_START);
  const [bill] = contract.openBills;
  return recordIssuedBill(bill, contract.toSnapshot(), `INV-${contractId}`);
}

export const BILL_REPOSITORY_CONTRACT: readonly ContractCase<BillRepositoryFixture>[] = [
  {
    name: "finds a bill as it was added and lists it by contract; another vendor's bill is not there",
    async run(f) {
      const bill = issuedBill(f.vendorId, 'c1');
      await f.bills.add(bill);
      same(await f.bills.find(f.vendorId, bill.id), bill, 'what is found');
      same(await f.bills.listByContract(f.vendorId, 'c1'), [bill], "the contract's bills");
      same(await f.bills.find(f.otherVendorId, bill.id), null, "another vendor's find");
      same(await f.bills.listByContract(f.otherVendorId, 'c1'), [], "another vendor's list");
      await rejects(() => f.bills.update(f.otherVendorId, bill.id, async (b) => ({ bill: b, result: null })), BillNotFound, "another vendor's update");
    },
  },
  {
    name: 'an update stores the bill the change returns and answers its result',
    async run(f) {
      const bill = issuedBill(f.vendorId, 'c1');
      await f.bills.add(bill);
      const paid = { ...bill, status: 'PAID' as const, paidAt: minutesLater(5), updatedAt: minutesLater(5) };
      same(await f.bills.update(f.vendorId, bill.id, async () => ({ bill: paid, result: 'paid' })), 'paid', 'the answer');
      same(await f.bills.find(f.vendorId, bill.id), paid, 'the stored bill');
    },
  },
  {
    name: 'an update whose change throws stores nothing; an unknown bill is BillNotFound',
    async run(f) {
      const bill = issuedBill(f.vendorId, 'c1');
      await f.bills.add(bill);
      await rejects(
        () => f.bills.update(f.vendorId, bill.id, async () => Promise.reject(new ContractViolation('the change fails'))),
        ContractViolation,
        'the failing update',
      );
      same(await f.bills.find(f.vendorId, bill.id), bill, 'the bill after the failed update');
      await rejects(() => f.bills.update(f.vendorId, 'nope', async (b) => ({ bill: b, result: null })), BillNotFound, 'update of an unknown bill');
    },
  },
];
