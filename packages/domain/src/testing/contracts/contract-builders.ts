import { createProduct, createPurchaseOption } from '../../catalog/index';
import { Contract } from '../../contracts/contract';
import { createItem } from '../../contracts/item';
import { money } from '../../shared/money';

// Contracts the repository suites store: a monthly publication, made by the
// domain's own rules, so every adapter is given what the use cases give it.

export const SUITE_START = new Date('2026-01-01T00:00:00Z');
export const minutesLater = (minutes: number) => new Date(SUITE_START.getTime() + minutes * 60_000);

export function monthlyContract(vendorId: string, id: string, userId: string, at = SUITE_START): Contract {
  const product = createProduct(vendorId, 'news', { title: 'News', productType: 'publication' }, SUITE_START);
  const option = createPurchaseOption(
    {
      vendorId,
      sku: 'news',
      id: 'po-month',
      name: 'Monthly',
      price: money(9_900, 'SEK'),
      taxIncluded: true,
      recurring: { interval: 'MONTH', time: 1 },
      seatsPerUnit: 1,
      minQuantity: 1,
      maxQuantity: 1,
    },
    SUITE_START,
  );
  const contract = Contract.create(
    {
      id,
      vendorId,
      name: 'News',
      userId,
      payer: null,
      contractType: 'PERSONAL',
      origin: { type: 'MANUAL', id: vendorId },
      currency: 'SEK',
      taxIncluded: true,
      items: [createItem(product, option, { quantity: 1, seats: 1, unitPrice: option.price })],
      recurrence: { interval: 'MONTH', time: 1 },
      startsAt: null,
      anchorDate: null,
      discount: null,
      appliedDiscounts: [],
      payment: { provider: 'INVOICE_PROVIDER', method: 'INVOICE', country: 'SE' },
      invoice: { email: null, customerReference: null, vendorReference: null, ediNumber: null },
    },
    at,
  );
  return contract;
}
