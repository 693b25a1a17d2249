import {
  BILL_REPOSITORY_CONTRACT,
  CONTRACT_REPOSITORY_CONTRACT,
  ENTITLEMENT_REPOSITORY_CONTRACT,
  InMemoryBillRepository,
  InMemoryContractRepository,
  InMemoryEntitlementRepository,
} from '../../src/testing';

// The in-memory repositories against their ports' contracts; apps/api runs the same cases on the database.
const vendors = { vendorId: 'acme', otherVendorId: 'globex' };

describe('InMemoryContractRepository keeps the ContractRepository contract', () => {
  for (const c of CONTRACT_REPOSITORY_CONTRACT) it(c.name, () => c.run({ contracts: new InMemoryContractRepository(), ...vendors }));
});

describe('InMemoryEntitlementRepository keeps the EntitlementRepository contract', () => {
  for (const c of ENTITLEMENT_REPOSITORY_CONTRACT) it(c.name, () => c.run({ entitlements: new InMemoryEntitlementRepository(), ...vendors }));
});

describe('InMemoryBillRepository keeps the BillRepository contract', () => {
  for (const c of BILL_REPOSITORY_CONTRACT) it(c.name, () => c.run({ bills: new InMemoryBillRepository(), ...vendors }));
});
