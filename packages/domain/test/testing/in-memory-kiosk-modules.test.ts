import { createPublicKey } from 'crypto';
import { openPage, PublisherIssuer, renderManifest, importPublisherSigningKey, fromBase64, UnlockResponse } from '../../src/capsule';
import { money } from '../../src/shared';
import { createInMemoryKiosk } from '../../src/testing';
import { interopVendor, keysFixture } from '../capsule/support';

// The whole in-memory Kiosk across modules: what a service importing the
// domain can run in a unit test without a database.

const VENDOR = 'acme';
const monthly = {
  id: 'po-month',
  name: 'Monthly',
  price: money(9_900, 'SEK'),
  taxIncluded: true,
  recurring: { interval: 'MONTH' as const, time: 1 },
  seatsPerUnit: 1,
  minQuantity: 1,
  maxQuantity: 1,
};

async function kioskSellingNews() {
  const kiosk = createInMemoryKiosk({ start: '2026-03-01T12:00:00.000Z' });
  await kiosk.catalog.addProduct(VENDOR, 'news', { title: 'News', productType: 'publication', publisherContentId: 'news' }, monthly);
  return kiosk;
}

async function confirmedContract(kiosk: Awaited<ReturnType<typeof kioskSellingNews>>, email = 'reader@example.com') {
  return kiosk.contracts.create.execute({
    vendorId: VENDOR,
    sku: 'news',
    purchaseOptionId: 'po-month',
    user: { email },
    payment: { provider: 'INVOICE_PROVIDER', method: 'INVOICE' },
    confirm: true,
  });
}

describe('the in-memory Kiosk, module by module', () => {
  it('issues the bill of a confirmed contract through billing, with an invoice and its e-mail; paying it records a transaction', async () => {
    const kiosk = await kioskSellingNews();
    const contract = await confirmedContract(kiosk);

    const [bill] = await kiosk.repositories.bills.listByContract(VENDOR, contract.id);
    expect(bill).toMatchObject({ contractId: contract.id, userId: contract.userId, status: 'OPEN', price: money(9_900, 'SEK') });
    expect(bill.invoiceNumber).toEqual(expect.any(String));
    expect(kiosk.repositories.invoices.rows.map((i) => [i.billId, i.kind])).toEqual([[bill.id, 'INVOICE']]);
    expect(kiosk.recorded.mailer.outbox.map((m) => m.to)).toEqual(['reader@example.com']);
    expect((await kiosk.billing.listReaderBills.execute({ vendorId: VENDOR, userId: contract.userId })).map((b) => b.id)).toEqual([bill.id]);

    kiosk.clock.advance(60_000);
    const { transaction } = await kiosk.billing.pay.execute({ vendorId: VENDOR, billId: bill.id });
    expect(transaction).toMatchObject({ billId: bill.id, contractId: contract.id, amount: money(9_900, 'SEK'), isRefund: false });
    expect((await kiosk.billing.get.execute({ vendorId: VENDOR, billId: bill.id })).status).toBe('PAID');
    expect(await kiosk.repositories.transactions.listByBill(VENDOR, bill.id)).toEqual([transaction]);
    expect((await kiosk.billing.searchReaderTransactions.execute({ vendorId: VENDOR, userId: contract.userId })).map((t) => t.id)).toEqual([transaction.id]);
    // Another vendor sees none of it.
    await expect(kiosk.billing.get.execute({ vendorId: 'globex', billId: bill.id })).rejects.toMatchObject({ code: 'BILL.NOT_FOUND' });

    await kiosk.deliverEvents();
    expect(kiosk.events.map((e) => e.type)).toEqual(expect.arrayContaining(['bill.issued', 'transaction.created', 'contract.bill_paid']));
  });

  it('completes a paid checkout into a confirmed contract with a paid bill, and the buyer is entitled', async () => {
    const kiosk = await kioskSellingNews();
    const visitor = { kind: 'visitor' as const, visitorId: 'vis-1' };
    const checkout = await kiosk.checkout.create.execute({ vendorId: VENDOR, owner: visitor, request: { items: [{ sku: 'news' }], email: 'buyer@example.com' } });

    await expect(kiosk.checkout.pay.execute({ vendorId: VENDOR, checkoutId: checkout.id, owner: visitor, input: { number: 'decline' } })).rejects.toMatchObject({
      code: 'CHECKOUT.PAYMENT_DECLINED',
    });
    expect(await kiosk.contracts.list.execute({ vendorId: VENDOR })).toEqual([]);

    const paid = await kiosk.checkout.pay.execute({ vendorId: VENDOR, checkoutId: checkout.id, owner: visitor, input: {} });
    expect(paid.status).toBe('COMPLETED');
    const [contractId] = paid.checkout.toSnapshot().contractIds;
    const contract = await kiosk.contracts.get.execute({ vendorId: VENDOR, contractId });
    expect(contract.toSnapshot()).toMatchObject({ status: 'ACTIVE', origin: { type: 'CHECKOUT', id: checkout.id } });
    const [bill] = await kiosk.repositories.bills.listByContract(VENDOR, contractId);
    expect(bill.status).toBe('PAID');
    expect(await kiosk.repositories.transactions.listByBill(VENDOR, bill.id)).toHaveLength(1);

    await kiosk.deliverEvents();
    expect(await kiosk.access.check.execute({ vendorId: VENDOR, userId: contract.userId, sku: 'news' })).toBe(true);
    expect(kiosk.events.map((e) => e.type)).toContain('checkout.completed');
    // A second payment of the completed checkout makes nothing more.
    expect((await kiosk.checkout.pay.execute({ vendorId: VENDOR, checkoutId: checkout.id, owner: visitor, input: {} })).status).toBe('COMPLETED');
    expect(await kiosk.contracts.list.execute({ vendorId: VENDOR })).toHaveLength(1);
    expect(kiosk.recorded.card.charges).toBe(2);
  });

  it('unlocks encrypted content for a reader entitled to a product mapped to its scope, and not for anyone else', async () => {
    const keys = keysFixture();
    const kiosk = await kioskSellingNews();
    kiosk.repositories.capsuleKeys.put(await interopVendor({ vendorId: VENDOR }));
    await kiosk.capsule.setProductScopes.execute({ vendorId: VENDOR, sku: 'news', scopes: ['premium'] });
    const publicJwk = createPublicKey(keys.ecdhIssuerPrivateKeyPem).export({ format: 'jwk' }) as JsonWebKey;
    const issuers: PublisherIssuer[] = [
      { name: 'kiosk', unlockUrl: 'https://kiosk.example/unlock', grant: 'scopes', keyId: keys.ecdhIssuerKid, keys: [{ kid: keys.ecdhIssuerKid, algorithm: 'ECDH-P256', publicJwk }] },
    ];
    kiosk.clock.set('2026-05-02T12:30:00.000Z');
    const manifest = await renderManifest({
      domain: keys.domain,
      resourceId: 'article-1',
      items: [{ contentName: 'bodytext', scope: 'premium', text: '<p>For subscribers</p>' }],
      rotationSecret: fromBase64(keys.rotationSecretBase64),
      signingKey: await importPublisherSigningKey(keys.signingKid, { pem: keys.publisherSigningPrivateKeyPem }),
      issuers,
      at: kiosk.clock.now(),
    });
    const ask = (userId?: string) =>
      kiosk.capsule.unlock.execute({ vendorId: VENDOR, userId, resourceJWT: manifest.resourceJWT, keys: manifest.issuers.kiosk.keys });

    const nothingGranted = { code: 'CAPSULE.NOTHING_GRANTED' };
    const contract = await confirmedContract(kiosk);
    await expect(ask(contract.userId)).rejects.toMatchObject(nothingGranted); // the worker has not granted the entitlement yet
    await kiosk.deliverEvents();
    const answer = await ask(contract.userId);
    expect(await openPage(manifest, answer as UnlockResponse)).toEqual({ bodytext: { text: '<p>For subscribers</p>' } });
    await expect(ask()).rejects.toMatchObject(nothingGranted);
    await expect(ask('someone-else')).rejects.toMatchObject(nothingGranted);
  });

  it("records the contract's events as deliveries to the endpoints that subscribe to them, and only its vendor's", async () => {
    const kiosk = await kioskSellingNews();
    const all = await kiosk.webhooks.create.execute({ vendorId: VENDOR, url: 'https://hooks.acme.example/all', eventTypes: null, description: null });
    const bills = await kiosk.webhooks.create.execute({ vendorId: VENDOR, url: 'https://hooks.acme.example/bills', eventTypes: ['bill.issued'], description: null });
    const off = await kiosk.webhooks.create.execute({ vendorId: VENDOR, url: 'https://hooks.acme.example/off', eventTypes: null, description: null });
    await kiosk.webhooks.disable.execute({ vendorId: VENDOR, endpointId: off.endpoint.id });
    const other = await kiosk.webhooks.create.execute({ vendorId: 'globex', url: 'https://hooks.globex.example/', eventTypes: null, description: null });

    const contract = await confirmedContract(kiosk);
    await kiosk.deliverEvents();

    const toAll = kiosk.recorded.webhooks.to(all.endpoint.id);
    expect(toAll.map((d) => d.type)).toEqual(expect.arrayContaining(['contract.created', 'contract.confirmed', 'bill.issued', 'entitlement.granted']));
    expect(toAll.find((d) => d.type === 'contract.created')).toMatchObject({ url: 'https://hooks.acme.example/all', event: { aggregateId: contract.id, vendorId: VENDOR } });
    expect(kiosk.recorded.webhooks.to(bills.endpoint.id).map((d) => d.type)).toEqual(['bill.issued']);
    expect(kiosk.recorded.webhooks.to(off.endpoint.id)).toEqual([]);
    expect(kiosk.recorded.webhooks.to(other.endpoint.id)).toEqual([]);
  });

  it("voids an unpaid contract's bill when it is canceled for non-payment and the worker hands the cancellation on", async () => {
    const kiosk = await kioskSellingNews();
    const contract = await confirmedContract(kiosk);
    await kiosk.contracts.requestCancel.execute({ vendorId: VENDOR, contractId: contract.id, reason: 'moving abroad' });
    kiosk.clock.advance(40 * 24 * 60 * 60 * 1000);
    const moves = await kiosk.contracts.advance.execute({ vendorId: VENDOR, contractId: contract.id });
    await kiosk.deliverEvents();
    // Unpaid, the contract went overdue at the due date and was canceled at the end of the grace period.
    expect(moves.map((m) => m.kind)).toEqual(['overdue', 'cancel']);
    expect((await kiosk.contracts.get.execute({ vendorId: VENDOR, contractId: contract.id })).status).toBe('CANCELED');
    expect(kiosk.events.map((e) => e.type)).toContain('contract.canceled');
    expect((await kiosk.repositories.bills.listByContract(VENDOR, contract.id)).map((b) => b.status)).toEqual(['VOID']);
    expect(await kiosk.access.check.execute({ vendorId: VENDOR, userId: contract.userId, sku: 'news' })).toBe(false);
  });

  it('signs a reader up by a mailed link, then signs them in; a wrong password is refused', async () => {
    const kiosk = await kioskSellingNews();
    await kiosk.accounts.requestSignUp.execute({
      vendorId: VENDOR,
      email: 'New@Example.com',
      password: 'correct horse battery',
      confirmUrl: (token) => `https://acme.example/confirm?t=${token}`,
      resetUrl: (token) => `https://acme.example/reset?t=${token}`,
    });
    expect(await kiosk.repositories.users.findByEmail(VENDOR, 'new@example.com')).toBeNull(); // nothing until the link is opened
    const mail = kiosk.recorded.accountMail.lastTo('new@example.com')!;
    expect(mail.kind).toBe('sign_up_confirmation');
    const user = await kiosk.accounts.confirmSignUp.execute({ token: new URL(mail.url).searchParams.get('t')! });
    expect(await kiosk.accounts.signIn.execute({ vendorId: VENDOR, email: 'new@example.com', password: 'correct horse battery' })).toMatchObject({ id: user.id });
    await expect(kiosk.accounts.signIn.execute({ vendorId: VENDOR, email: 'new@example.com', password: 'wrong password!' })).rejects.toMatchObject({
      code: 'ACCOUNT.WRONG_CREDENTIALS',
    });
    await expect(kiosk.accounts.signIn.execute({ vendorId: 'globex', email: 'new@example.com', password: 'correct horse battery' })).rejects.toMatchObject({
      code: 'ACCOUNT.WRONG_CREDENTIALS',
    });
  });

  it('hands a license key to an entitled reader once, refuses the unentitled, and runs out', async () => {
    const kiosk = await kioskSellingNews();
    await kiosk.engagement.createLicensePool.execute({ vendorId: VENDOR, poolId: 'pool-1', sku: 'news', validitySeconds: null });
    await kiosk.engagement.loadLicenseKeys.execute({ vendorId: VENDOR, poolId: 'pool-1', keys: [{ key: 'KEY-A', expiresAt: null }] });
    const first = await confirmedContract(kiosk, 'first@example.com');
    const second = await confirmedContract(kiosk, 'second@example.com');
    await expect(kiosk.engagement.claimLicense.execute({ vendorId: VENDOR, poolId: 'pool-1', userId: first.userId })).rejects.toMatchObject({ code: 'LICENSE.NOT_ENTITLED' });
    await kiosk.deliverEvents();

    const claimed = await kiosk.engagement.claimLicense.execute({ vendorId: VENDOR, poolId: 'pool-1', userId: first.userId });
    expect(claimed).toMatchObject({ key: 'KEY-A', status: 'active' });
    expect(await kiosk.engagement.claimLicense.execute({ vendorId: VENDOR, poolId: 'pool-1', userId: first.userId })).toEqual(claimed);
    await expect(kiosk.engagement.claimLicense.execute({ vendorId: VENDOR, poolId: 'pool-1', userId: second.userId })).rejects.toMatchObject({
      code: 'LICENSE.POOL_EXHAUSTED',
    });
    expect(await kiosk.repositories.licensePools.stock(VENDOR, 'pool-1', kiosk.clock.now())).toMatchObject({ total: 1, available: 0, claimed: 1, active: 1 });
    expect(kiosk.recorded.outbox.ofType('license.claimed')).toHaveLength(1);
  });
});
