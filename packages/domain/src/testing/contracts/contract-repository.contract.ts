import { ContractNotFound } from '../../contracts/errors';
import { ContractRepository } from '../../contracts/ports';
import { minutesLater, monthlyContract } from './contract-builders';
import { ContractCase, ContractViolation, rejects, same } from './contract-case';

/**
 * What every ContractRepository must do (contracts/ports.ts). A fixture is a
 * repository holding no contract of its two vendors (which exist, for
 * stores that check).
 */
export interface ContractRepositoryFixture {
  readonly contracts: ContractRepository;
  readonly vendorId: string;
  readonly otherVendorId: string;
}

async function stored(f: ContractRepositoryFixture, id: string) {
  const found = await f.contracts.find(f.vendorId, id);
  if (!found) throw new ContractViolation(`contract ${id} is not there`);
  return found;
}

export const CONTRACT_REPOSITORY_CONTRACT: readonly ContractCase<ContractRepositoryFixture>[] = [
  {
    name: 'finds a contract as it was added; another vendor finds, changes and lists nothing of it',
    async run(f) {
      const made = monthlyContract(f.vendorId, 'c1', 'u1');
      await f.contracts.add(made);
      same((await stored(f, 'c1')).toSnapshot(), made.toSnapshot(), 'what is found');
      same(await f.contracts.find(f.otherVendorId, 'c1'), null, "another vendor's find");
      await rejects(() => f.contracts.update(f.otherVendorId, 'c1', () => undefined), ContractNotFound, "another vendor's update");
      same(await f.contracts.listByUser(f.otherVendorId, 'u1'), [], "another vendor's list by user");
      same(await f.contracts.list(f.otherVendorId, { limit: null, offset: 0 }), [], "another vendor's list");
    },
  },
  {
    name: 'an update saves the change and answers what the change answered; an unknown contract is ContractNotFound',
    async run(f) {
      await f.contracts.add(monthlyContract(f.vendorId, 'c1', 'u1'));
      const answer = await f.contracts.update(f.vendorId, 'c1', (c) => {
        c.confirm(minutesLater(5));
        return c.status;
      });
      same(answer, 'ACTIVE', 'the answer');
      same((await stored(f, 'c1')).status, 'ACTIVE', 'the stored status');
      await rejects(() => f.contracts.update(f.vendorId, 'nope', () => undefined), ContractNotFound, 'update of an unknown contract');
    },
  },
  {
    name: 'an update whose change throws stores nothing',
    async run(f) {
      const made = monthlyContract(f.vendorId, 'c1', 'u1');
      await f.contracts.add(made);
      await rejects(
        () =>
          f.contracts.update(f.vendorId, 'c1', (c) => {
            c.confirm(minutesLater(5));
            throw new ContractViolation('the change fails after moving the contract');
          }),
        ContractViolation,
        'the failing update',
      );
      same((await stored(f, 'c1')).toSnapshot(), made.toSnapshot(), 'the contract after the failed update');
    },
  },
  {
    name: "lists a user's contracts newest first, and the vendor's filtered by status a page at a time",
    async run(f) {
      await f.contracts.add(monthlyContract(f.vendorId, 'c1', 'u1', minutesLater(1)));
      await f.contracts.add(monthlyContract(f.vendorId, 'c2', 'u2', minutesLater(2)));
      await f.contracts.add(monthlyContract(f.vendorId, 'c3', 'u1', minutesLater(3)));
      await f.contracts.update(f.vendorId, 'c3', (c) => c.confirm(minutesLater(4)));
      const ids = (list: { id: string }[]) => list.map((c) => c.id);
      same(ids(await f.contracts.listByUser(f.vendorId, 'u1')), ['c3', 'c1'], "u1's contracts");
      same(ids(await f.contracts.list(f.vendorId, { limit: null, offset: 0 })), ['c3', 'c2', 'c1'], 'every contract');
      same(ids(await f.contracts.list(f.vendorId, { status: 'PENDING', limit: null, offset: 0 })), ['c2', 'c1'], 'the pending ones');
      same(ids(await f.contracts.list(f.vendorId, { userId: 'u1', limit: 1, offset: 1 })), ['c1'], "u1's second page of one");
    },
  },
];
