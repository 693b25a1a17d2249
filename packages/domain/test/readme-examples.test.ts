/**
 * The examples of packages/domain/README.md, one per module, as they are
 * written there (imports from the package's own entries): when an example
 * stops compiling or working, this test says so.
 */
import { money } from '../src';
import { CheckAccess } from '../src/access';
import { RecordPayment } from '../src/billing';
import { GetCapsuleJwks } from '../src/capsule';
import { CreateVendor } from '../src/catalog';
import { AddTag, ListTags } from '../src/engagement';
import { AuthenticateVisitor, RegisterBrowserClient } from '../src/identity';
import {
  createInMemoryKiosk,
  FakeClock,
  InMemoryBillRepository,
  InMemoryBrowserClientRepository,
  InMemoryCapsuleKeyStore,
  InMemoryEntitlementRepository,
  InMemoryEventOutbox,
  InMemoryTagRepository,
  InMemoryTransactionRepository,
  InMemoryVendorRepository,
  RecordingContractPayments,
  SequentialCredentials,
  SequentialIds,
} from '../src/testing';

describe('README examples', () => {
  it('catalog and identity: a vendor, its browser client, a visitor of its site', async () => {
    const clock = new FakeClock('2026-03-01T12:00:00Z');
    const vendors = new InMemoryVendorRepository();
    await new CreateVendor(vendors, clock).execute({ id: 'acme', name: 'Acme News' });
    const clients = new InMemoryBrowserClientRepository();
    const client = await new RegisterBrowserClient(clients, vendors, new SequentialCredentials(), clock).execute({
      vendorId: 'acme',
      name: 'acme.example',
      redirectUris: ['https://acme.example/after-sign-in'],
    });
    const visitor = await new AuthenticateVisitor(clients).execute(client.clientId, '7f1c2a9e-4b7d-4c1e-9a0b-2f3e4d5c6b7a');
    expect(visitor).toMatchObject({ kind: 'visitor', vendorId: 'acme' });
  });

  it('contracts, access and paywalls: the in-memory Kiosk', async () => {
    const kiosk = createInMemoryKiosk({ start: '2026-03-01T12:00:00Z' });
    await kiosk.catalog.addProduct(
      'acme',
      'news',
      { title: 'News', productType: 'publication', publisherContentId: 'news' },
      {
        id: 'po-month',
        name: 'Monthly',
        price: money(9_900, 'SEK'),
        taxIncluded: true,
        recurring: { interval: 'MONTH', time: 1 },
        seatsPerUnit: 1,
        minQuantity: 1,
        maxQuantity: 1,
      },
    );
    const contract = await kiosk.contracts.create.execute({
      vendorId: 'acme',
      sku: 'news',
      purchaseOptionId: 'po-month',
      user: { email: 'reader@example.com' },
      payment: { provider: 'INVOICE_PROVIDER', method: 'INVOICE' },
      confirm: true,
    });
    await kiosk.deliverEvents(); // the worker: contract events grant entitlements
    expect(await kiosk.access.check.execute({ vendorId: 'acme', userId: contract.userId, sku: 'news' })).toBe(true);
  });

  it('access: a check on an empty repository', async () => {
    const check = new CheckAccess(new InMemoryEntitlementRepository(), new FakeClock());
    expect(await check.execute({ vendorId: 'acme', userId: 'u-1', sku: 'news' })).toBe(false);
  });

  it('billing: a payment of an unknown bill is a domain error with a stable code', async () => {
    const pay = new RecordPayment(
      new InMemoryBillRepository(),
      new InMemoryTransactionRepository(),
      new RecordingContractPayments(),
      new SequentialIds(),
      new FakeClock(),
      new InMemoryEventOutbox(),
    );
    await expect(pay.execute({ vendorId: 'acme', billId: 'nope' })).rejects.toMatchObject({ code: 'BILL.NOT_FOUND' });
  });

  it('capsule: no keys, no key set', async () => {
    const jwks = new GetCapsuleJwks(new InMemoryCapsuleKeyStore());
    await expect(jwks.execute({ vendorId: 'acme' })).rejects.toMatchObject({ code: 'CAPSULE.VENDOR_NOT_FOUND' });
  });

  it('engagement: tags of a reader', async () => {
    const tags = new InMemoryTagRepository();
    await new AddTag(tags, new FakeClock()).execute({ vendorId: 'acme', userId: 'u-1', tag: 'sports' });
    expect(await new ListTags(tags).execute({ vendorId: 'acme', userId: 'u-1' })).toEqual(['sports']);
  });
});
