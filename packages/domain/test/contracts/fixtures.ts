import { createProduct, createPurchaseOption, Product, PurchaseOption } from '../../src/catalog';
import {
  AdvanceContract,
  AssignSeat,
  ConfirmContract,
  Contract,
  ContractItem,
  CreateContract,
  CreateContractCommand,
  createDiscountCode,
  createItem,
  DiscountCode,
  ListSeatUsers,
  NewContract,
  RecordBillPayment,
  RemoveSeat,
  RequestCancel,
  SetSeats,
} from '../../src/contracts';
import { money } from '../../src/shared';
import {
  FakeClock,
  InMemoryProductRepository,
  InMemoryPurchaseOptionRepository,
  InMemoryUserRepository,
  SequentialIds,
} from '../../src/testing';
import {
  InMemoryContractRepository,
  InMemoryDiscountCodeRepository,
  RecordingBillInvoicing,
} from '../../src/testing/in-memory-contracts';

export const VENDOR = 'acme';
export const T0 = new Date('2026-01-01T00:00:00.000Z');
export const DAY = 24 * 60 * 60 * 1000;

// Object mothers: a license sold yearly in units of 5 seats, a monthly publication, a one-time ebook.
export const products = {
  license: createProduct(VENDOR, 'news-multi', { title: 'News for teams', productType: 'license' }, T0),
  publication: createProduct(VENDOR, 'news', { title: 'News', productType: 'publication' }, T0),
  ebook: createProduct(VENDOR, 'book', { title: 'A book', productType: 'ebook' }, T0),
};

const option = (fields: Partial<PurchaseOption> & Pick<PurchaseOption, 'id' | 'sku'>): PurchaseOption =>
  createPurchaseOption(
    {
      vendorId: VENDOR,
      name: fields.id,
      price: money(120_000, 'SEK'),
      taxIncluded: false,
      recurring: { interval: 'YEAR', time: 1 },
      seatsPerUnit: 1,
      minQuantity: 1,
      maxQuantity: 100,
      ...fields,
    },
    T0,
  );

export const options = {
  licenseYearly: option({ id: 'po-license', sku: 'news-multi', seatsPerUnit: 5 }),
  monthly: option({ id: 'po-month', sku: 'news', price: money(9_900, 'SEK'), recurring: { interval: 'MONTH', time: 1 } }),
  once: option({ id: 'po-once', sku: 'book', price: money(19_900, 'SEK'), recurring: null }),
};

export function item(product: Product, po: PurchaseOption, quantity = 1, seats?: number): ContractItem {
  return createItem(product, po, { quantity, seats: seats ?? po.seatsPerUnit * quantity, unitPrice: po.price });
}

/** A NewContract for aggregate-level tests; defaults to a yearly license of 5 seats. */
export function newContract(overrides: Partial<NewContract> = {}): NewContract {
  const items = overrides.items ?? [item(products.license, options.licenseYearly)];
  return {
    id: 'c-1',
    vendorId: VENDOR,
    name: 'News for teams',
    userId: 'owner',
    payer: null,
    contractType: 'BUSINESS',
    origin: { type: 'MANUAL', id: VENDOR },
    currency: 'SEK',
    taxIncluded: false,
    items,
    recurrence: items.some((i) => i.purchaseType === 'RECURRING') ? { interval: 'YEAR', time: 1 } : null,
    startsAt: null,
    anchorDate: null,
    discount: null,
    appliedDiscounts: [],
    payment: { provider: 'INVOICE_PROVIDER', method: 'INVOICE', country: 'SE' },
    invoice: { email: null, customerReference: null, vendorReference: null, ediNumber: null },
    ...overrides,
  };
}

export function contractIn(
  status: 'PENDING' | 'ACTIVE' | 'FORTHCOMING' | 'OVERDUE' | 'CANCELED',
  overrides: Partial<NewContract> = {},
): Contract {
  const future = new Date(T0.getTime() + 30 * DAY);
  const contract = Contract.create(
    newContract({ ...overrides, startsAt: status === 'FORTHCOMING' ? future : (overrides.startsAt ?? null) }),
    T0,
  );
  if (status === 'PENDING') return drained(contract);
  if (status === 'CANCELED') {
    contract.cancel(T0, 'TEST');
    return drained(contract);
  }
  contract.confirm(T0);
  if (status === 'OVERDUE') contract.markOverdue(new Date(T0.getTime() + 15 * DAY));
  return drained(contract);
}

function drained(contract: Contract): Contract {
  contract.pullEvents();
  return contract;
}

export function discountCode(overrides: Partial<DiscountCode> = {}): DiscountCode {
  return createDiscountCode({
    id: 'dc-1',
    vendorId: VENDOR,
    code: 'HALF',
    name: 'Half off',
    description: '50 % for two bills',
    value: { kind: 'percentage', percentage: 50 },
    duration: { kind: 'bills', count: 2 },
    validFrom: null,
    validUntil: null,
    purchaseOptionIds: [],
    maxRedemptions: null,
    ...overrides,
  });
}

/** The use cases wired to in-memory adapters. */
export async function world() {
  const clock = new FakeClock(T0);
  const ids = new SequentialIds();
  const productRepo = new InMemoryProductRepository();
  const optionRepo = new InMemoryPurchaseOptionRepository();
  for (const p of Object.values(products)) await productRepo.add(p);
  for (const o of Object.values(options)) await optionRepo.add(o);
  const users = new InMemoryUserRepository();
  const contracts = new InMemoryContractRepository();
  const codes = new InMemoryDiscountCodeRepository();
  const invoicing = new RecordingBillInvoicing();
  return {
    invoicing,
    clock,
    users,
    contracts,
    codes,
    create: new CreateContract(contracts, productRepo, optionRepo, users, codes, invoicing, ids, clock),
    confirm: new ConfirmContract(contracts, invoicing, clock),
    setSeats: new SetSeats(contracts, clock),
    assignSeat: new AssignSeat(contracts, users, ids, clock),
    removeSeat: new RemoveSeat(contracts, clock),
    listSeatUsers: new ListSeatUsers(contracts, users),
    requestCancel: new RequestCancel(contracts, clock),
    advance: new AdvanceContract(contracts, invoicing, clock),
    pay: new RecordBillPayment(contracts, clock),
  };
}

export const licenseOrder = (overrides: Partial<CreateContractCommand> = {}): CreateContractCommand => ({
  vendorId: VENDOR,
  sku: 'news-multi',
  purchaseOptionId: 'po-license',
  user: { email: 'boss@corp.test', firstName: 'Ada', lastName: 'Boss' },
  payment: { provider: 'INVOICE_PROVIDER', method: 'INVOICE' },
  ...overrides,
});
