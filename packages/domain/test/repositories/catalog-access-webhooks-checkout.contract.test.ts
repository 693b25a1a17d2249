import {
  ACCESS_GRANT_REPOSITORY_CONTRACT,
  ACCESS_LIST_REPOSITORY_CONTRACT,
  CHECKOUT_REPOSITORY_CONTRACT,
  InMemoryAccessGrantRepository,
  InMemoryAccessListRepository,
  InMemoryCheckoutRepository,
  InMemoryProductRepository,
  InMemoryPurchaseOptionRepository,
  InMemoryWebhookEndpointRepository,
  PRODUCT_REPOSITORY_CONTRACT,
  PURCHASE_OPTION_REPOSITORY_CONTRACT,
  WEBHOOK_ENDPOINT_REPOSITORY_CONTRACT,
} from '../../src/testing';

// The in-memory catalog, access-list, webhook-endpoint and checkout repositories against their ports'
// contracts; apps/api runs the same cases on the database.
const vendors = { vendorId: 'acme', otherVendorId: 'globex' };

describe('InMemoryProductRepository keeps the ProductRepository contract', () => {
  for (const c of PRODUCT_REPOSITORY_CONTRACT) it(c.name, () => c.run({ products: new InMemoryProductRepository(), ...vendors }));
});

describe('InMemoryPurchaseOptionRepository keeps the PurchaseOptionRepository contract', () => {
  for (const c of PURCHASE_OPTION_REPOSITORY_CONTRACT) {
    it(c.name, () => c.run({ products: new InMemoryProductRepository(), options: new InMemoryPurchaseOptionRepository(), ...vendors }));
  }
});

describe('InMemoryAccessListRepository keeps the AccessListRepository contract', () => {
  for (const c of ACCESS_LIST_REPOSITORY_CONTRACT) {
    it(c.name, () => c.run({ lists: new InMemoryAccessListRepository(), grants: new InMemoryAccessGrantRepository(), ...vendors }));
  }
});

describe('InMemoryAccessGrantRepository keeps the AccessGrantRepository contract', () => {
  for (const c of ACCESS_GRANT_REPOSITORY_CONTRACT) {
    it(c.name, () => c.run({ lists: new InMemoryAccessListRepository(), grants: new InMemoryAccessGrantRepository(), ...vendors }));
  }
});

describe('InMemoryWebhookEndpointRepository keeps the WebhookEndpointRepository contract', () => {
  for (const c of WEBHOOK_ENDPOINT_REPOSITORY_CONTRACT) it(c.name, () => c.run({ endpoints: new InMemoryWebhookEndpointRepository(), ...vendors }));
});

describe('InMemoryCheckoutRepository keeps the CheckoutRepository contract', () => {
  for (const c of CHECKOUT_REPOSITORY_CONTRACT) {
    it(c.name, () => {
      const checkouts = new InMemoryCheckoutRepository();
      const eventTypesOf = async (vendorId: string, checkoutId: string) =>
        checkouts.outbox.filter((e) => e.vendorId === vendorId && e.aggregateId === checkoutId).map((e) => e.type);
      return c.run({ checkouts, eventTypesOf, ...vendors });
    });
  }
});
