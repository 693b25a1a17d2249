import { RequestCancel } from '@kiosk/domain/contracts';
import { TimedContractMoves } from '../../src/contracts/timed-contract-moves';
import { settleEvents } from '../billing/support';
import { bearer, givenVendor, startTestApp, TestApp } from '../support/harness';
import { givenContractVendor } from './support';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

type Order = (overrides?: Record<string, unknown>) => Record<string, unknown>;
const DAY = 86_400_000;
// The worker's task itself, run directly: the test files share one scheduled_tasks row but not one clock.
const moveTime = () => app.runtime.container.get(TimedContractMoves).run();

describe('POST /management/contracts (interface 3 and 7)', () => {
  it('creates a PENDING, priced, unbilled contract without access', async () => {
    const v = await givenContractVendor(app);
    const res = await v.create(v.order({ quantity: 2 }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 'PENDING',
      isActive: false,
      price: 2400,
      currency: 'SEK',
      contractDuration: 'RECURRING',
      recurringInterval: 'YEAR',
      recurringTime: 1,
      origin: { type: 'MANUAL' },
      appliedDiscounts: [],
      discount: null,
      items: [
        {
          sku: 'news-multi',
          purchaseOptionId: 'news-multi-yearly',
          productType: 'license',
          isMultiseat: true,
          quantity: 2,
          seats: 10,
        },
      ],
    });
    expect(res.body.confirmedAt).toBeNull();
    expect(await v.bills(res.body.id)).toEqual([]);
    // The user was created by e-mail, and the contract is found by it.
    const list = await app.http.get('/management/contracts').query({ userId: res.body.userId }).set(bearer(v.read));
    expect(list.status).toBe(200);
    expect(list.body.map((c: { id: string }) => c.id)).toEqual([res.body.id]);
  });

  it('confirms in the same request: ACTIVE and billed, or FORTHCOMING before startsAt', async () => {
    const v = await givenContractVendor(app);
    const active = await v.create(v.order({ confirm: true }));
    expect(active.status).toBe(201);
    expect(active.body).toMatchObject({ status: 'ACTIVE', isActive: true });
    expect(active.body.confirmedAt).toEqual(expect.any(String));
    expect(await v.bills(active.body.id)).toEqual([expect.objectContaining({ status: 'OPEN', price_minor: '120000' })]);

    const startsAt = new Date(app.clock.now().getTime() + 10 * DAY).toISOString();
    const later = await v.create(v.order({ confirm: true, startsAt }));
    expect(later.status).toBe(201);
    expect(later.body.status).toBe('FORTHCOMING');
  });

  it('applies seats, unit price override and quantity as the rules say', async () => {
    const v = await givenContractVendor(app);
    const flat = await v.create(v.order({ quantity: 1, seats: 25, unitPrice: { amount: 9999.5, taxIncluded: false } }));
    expect(flat.status).toBe(201);
    expect(flat.body.price).toBe(9999.5);
    expect(flat.body.items[0]).toMatchObject({ quantity: 1, seats: 25 });
  });

  it.each([
    ['an invalid body', (o: Order) => ({ ...o(), user: { firstName: 'no email' } }), 'REQUEST.INVALID'],
    ['an unknown purchase option', (o: Order) => o({ purchaseOptionId: 'nope' }), 'CONTRACT.PURCHASE_OPTION_NOT_FOUND'],
    ["another product's purchase option", (o: Order) => o({ purchaseOptionId: 'news-yearly' }), 'CONTRACT.PURCHASE_OPTION_NOT_FOUND'],
    ['a quantity outside its limits', (o: Order) => o({ quantity: 101 }), 'CONTRACT.QUANTITY_OUT_OF_LIMITS'],
    ['seats on a product that is not a license', (o: Order) => o({ sku: 'news', purchaseOptionId: 'news-yearly', seats: 3 }), 'CONTRACT.SEATS_NOT_LICENSE'],
    ['a payment method not available', (o: Order) => o({ payment: { provider: 'CARD_PROVIDER', method: 'CARD' } }), 'REQUEST.INVALID'],
    ['a vendor reference over 34 characters', (o: Order) => o({ invoice: { vendorReference: 'x'.repeat(35) } }), 'REQUEST.INVALID'],
    ['an unknown field', (o: Order) => o({ anchorDatestring: '2026-01-01' }), 'REQUEST.INVALID'],
  ])('answers 400 for %s', async (_name, body, code) => {
    const v = await givenContractVendor(app);
    const res = await v.create(body(v.order) as Record<string, unknown>);
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body.code).toBe(code);
  });

  it('names the payment providers and methods it accepts: in the error and as enumerations of the OpenAPI schema (issue 10)', async () => {
    const v = await givenContractVendor(app);
    const res = await v.create(v.order({ payment: { provider: 'CARD_PROVIDER', method: 'CARD' } }));
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { field: 'payment.provider', messages: ['provider must be one of: INVOICE_PROVIDER'] },
      { field: 'payment.method', messages: ['method must be one of: INVOICE'] },
    ]);
    const doc = (await app.http.get('/openapi.json')).body;
    expect(doc.components.schemas.PaymentBody.properties.provider.enum).toEqual(['INVOICE_PROVIDER']);
    expect(doc.components.schemas.PaymentBody.properties.method.enum).toEqual(['INVOICE']);
    expect(doc.components.schemas.PaymentBody.required).toEqual(['provider', 'method']);
  });

  it('with confirm and a discount code that cannot be applied: 400 naming the contract, left PENDING and unbilled', async () => {
    const v = await givenContractVendor(app);
    const order = v.order({ confirm: true, discountCodes: ['NOSUCHCODE'] });
    const res = await v.create(order);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('CONTRACT.DISCOUNT_UNAPPLICABLE');
    const contractId = res.body.contractId;
    expect(contractId).toEqual(expect.any(String));
    const stored = await v.get(contractId);
    expect(stored.body).toMatchObject({
      status: 'PENDING',
      appliedDiscounts: [{ code: 'NOSUCHCODE', status: 'UNAPPLICABLE' }],
    });
    expect(await v.bills(contractId)).toEqual([]);

    // Without confirm the same code does not fail creation: full price, listed UNAPPLICABLE.
    const lenient = await v.create(v.order({ discountCodes: ['NOSUCHCODE'] }));
    expect(lenient.status).toBe(201);
    expect(lenient.body).toMatchObject({ price: 1200, appliedDiscounts: [{ status: 'UNAPPLICABLE' }] });
  });

  it('applies a discount code created through the management route', async () => {
    const v = await givenContractVendor(app);
    const full = await v.apiToken('full');
    const code = await app.http
      .post('/management/discount-codes')
      .set(bearer(full))
      .send({ code: 'half', name: 'Half price', value: { percentage: 50 }, bills: 1, maxRedemptions: 1 });
    expect(code.status).toBe(201);
    expect(code.body).toMatchObject({ code: 'HALF', percentage: 50, bills: 1, redemptions: 0 });
    const res = await v.create(v.order({ confirm: true, discountCodes: ['Half'] }));
    expect(res.status).toBe(201);
    expect(res.body.appliedDiscounts).toEqual([expect.objectContaining({ code: 'HALF', status: 'APPLIED' })]);
    expect(await v.bills(res.body.id)).toEqual([expect.objectContaining({ price_minor: '60000' })]);
    // The limit of one redemption is used up.
    const again = await v.create(v.order({ discountCodes: ['HALF'] }));
    expect(again.body.appliedDiscounts[0]).toMatchObject({ status: 'UNAPPLICABLE' });
  });

  it('answers 403 without contracts:write and 404 for a product of another vendor', async () => {
    const v = await givenContractVendor(app);
    const withoutGrant = await v.apiToken('full');
    const forbidden = await v.create(v.order(), withoutGrant);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.code).toBe('AUTH.INSUFFICIENT_SCOPE');

    const other = await givenVendor(app);
    await other.product('theirs', 'publication');
    const foreign = await v.create(v.order({ sku: 'theirs', purchaseOptionId: 'theirs-yearly' }));
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe('PRODUCT.NOT_FOUND');
  });

  it('makes a retried create with the same Idempotency-Key return the first answer', async () => {
    const v = await givenContractVendor(app);
    const body = v.order();
    const first = await v.create(body).set('Idempotency-Key', 'create-1');
    const retry = await v.create(body).set('Idempotency-Key', 'create-1');
    expect(retry.status).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toEqual(first.body);
    const list = await app.http.get('/management/contracts').query({ userId: first.body.userId }).set(bearer(v.read));
    expect(list.body).toHaveLength(1);
    const reused = await v.create(v.order()).set('Idempotency-Key', 'create-1');
    expect(reused.status).toBe(422);
    expect(reused.body.code).toBe('IDEMPOTENCY.KEY_REUSED');
    // Without the header, creation is not idempotent (rule 1).
    const again = await v.create(body);
    expect(again.body.id).not.toBe(first.body.id);
  });
});

describe('POST /management/contracts/{id}/confirm', () => {
  it('moves PENDING to ACTIVE with one bill; repeating answers 200 unchanged', async () => {
    const v = await givenContractVendor(app);
    const created = await v.create(v.order());
    const confirmed = await v.confirm(created.body.id);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ status: 'ACTIVE', isActive: true });
    const again = await v.confirm(created.body.id);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(confirmed.body);
    expect(await v.bills(created.body.id)).toHaveLength(1);
  });

  it('moves PENDING with a future startsAt to FORTHCOMING, then ACTIVE when the date arrives', async () => {
    const v = await givenContractVendor(app);
    const startsAt = new Date(app.clock.now().getTime() + 5 * DAY).toISOString();
    const created = await v.create(v.order({ startsAt }));
    const confirmed = await v.confirm(created.body.id);
    expect(confirmed.body.status).toBe('FORTHCOMING');
    expect((await v.confirm(created.body.id)).body.status).toBe('FORTHCOMING');

    app.clock.advance(5 * DAY + 1000);
    await moveTime();
    expect((await v.get(created.body.id)).body.status).toBe('ACTIVE');
  });

  it('invoices a market outside the EU too (the embedded provider serves every country): a US buyer is outside the scope of EU VAT', async () => {
    const v = await givenContractVendor(app);
    const created = await v.create(v.order({ payment: { provider: 'INVOICE_PROVIDER', method: 'INVOICE', country: 'US' } }));
    expect(created.status).toBe(201);
    const confirmed = await v.confirm(created.body.id);
    expect(confirmed.status).toBe(200);
    const [bill] = await app.runtime.database.db.query(`SELECT tax FROM bills WHERE contract_id = $1`, [created.body.id]);
    expect(bill.tax).toMatchObject({ country: 'US', tax: 0, totals: [{ rate: 0, code: 'O' }] });
  });

  it("answers 404 for an unknown or another vendor's contract and 409 for a CANCELED one", async () => {
    const v = await givenContractVendor(app);
    const other = await givenContractVendor(app);
    const theirs = await other.create(other.order());
    expect((await v.confirm('no-such-contract')).status).toBe(404);
    const foreign = await v.confirm(theirs.body.id);
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe('CONTRACT.NOT_FOUND');
    expect((await other.get(theirs.body.id)).body.status).toBe('PENDING');

    const created = await v.create(v.order());
    await app.runtime.container
      .get(RequestCancel)
      .execute({ vendorId: v.vendorId, contractId: created.body.id, reason: 'test' });
    const canceled = await v.confirm(created.body.id);
    expect(canceled.status).toBe(409);
    expect(canceled.body.code).toBe('CONTRACT.NOT_CONFIRMABLE');
  });
});

describe('seats', () => {
  async function activeLicense(v: Awaited<ReturnType<typeof givenContractVendor>>, extra: object = {}) {
    const res = await v.create(v.order({ confirm: true, ...extra }));
    expect(res.status).toBe(201);
    return res.body as { id: string; userId: string };
  }

  it('sets the seat total without touching price; the same total is a no-op; never below the holders', async () => {
    const v = await givenContractVendor(app);
    const contract = await activeLicense(v);
    const put = (body: object) => app.http.put(`/management/contracts/${contract.id}/seats`).set(bearer(v.write)).send(body);
    const set = await put({ seats: 8 });
    expect(set.status).toBe(200);
    expect(set.body.items[0]).toMatchObject({ seats: 8, quantity: 1 });
    expect(set.body.price).toBe(1200);
    const same = await put({ seats: 8 });
    expect(same.status).toBe(200);
    expect(same.body).toEqual(set.body);

    for (const email of ['a@corp.example', 'b@corp.example']) {
      const assign = await app.http
        .post(`/management/contracts/${contract.id}/seats/users`)
        .set(bearer(v.write))
        .send({ email });
      expect(assign.status).toBe(204);
    }
    const below = await put({ seats: 2 });
    expect(below.status).toBe(409);
    expect(below.body.code).toBe('CONTRACT.SEATS_BELOW_HOLDERS');
    expect((await put({ seats: 3 })).status).toBe(200);
  });

  it.each([
    [{ seats: 0 }, 400, 'REQUEST.INVALID'],
    [{ seats: 1.5 }, 400, 'REQUEST.INVALID'],
    [{}, 400, 'REQUEST.INVALID'],
    [{ seats: 3, sku: 'other-multi' }, 400, 'CONTRACT.SEAT_SKU_UNKNOWN'],
  ])('refuses %j with %i', async (body, status, code) => {
    const v = await givenContractVendor(app);
    const contract = await activeLicense(v);
    const res = await app.http.put(`/management/contracts/${contract.id}/seats`).set(bearer(v.write)).send(body);
    expect(res.status).toBe(status);
    expect(res.body.code).toBe(code);
  });

  it('refuses seats on a contract with no license item (400), not active (409), or unknown (404)', async () => {
    const v = await givenContractVendor(app);
    const publication = await v.create(v.order({ sku: 'news', purchaseOptionId: 'news-yearly', confirm: true }));
    const noLicense = await app.http
      .put(`/management/contracts/${publication.body.id}/seats`)
      .set(bearer(v.write))
      .send({ seats: 3 });
    expect(noLicense.status).toBe(400);
    expect(noLicense.body.code).toBe('CONTRACT.NO_LICENSE_ITEM');

    const pending = await v.create(v.order());
    const notActive = await app.http.put(`/management/contracts/${pending.body.id}/seats`).set(bearer(v.write)).send({ seats: 3 });
    expect(notActive.status).toBe(409);
    expect(notActive.body.code).toBe('CONTRACT.SEATS_LOCKED');

    expect((await app.http.put('/management/contracts/nope/seats').set(bearer(v.write)).send({ seats: 3 })).status).toBe(404);
  });

  it('assigns by e-mail, lists seat users by either SKU, removes them, and refuses when every seat is taken', async () => {
    const v = await givenContractVendor(app);
    const contract = await activeLicense(v, { seats: 2 });
    const assign = (email: string) =>
      app.http.post(`/management/contracts/${contract.id}/seats/users`).set(bearer(v.write)).send({ email });
    expect((await assign('Second@Corp.example')).status).toBe(204);
    const full = await assign('third@corp.example');
    expect(full.status).toBe(409);
    expect(full.body.code).toBe('CONTRACT.NO_FREE_SEAT');

    const list = await app.http.get(`/management/contracts/${contract.id}/seats/users`).set(bearer(v.read));
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      expect.objectContaining({ userId: contract.userId, sku: 'news', fullName: 'Ada Boss' }),
      expect.objectContaining({ sku: 'news', email: 'second@corp.example' }),
    ]);
    for (const sku of ['news', 'news-multi']) {
      const filtered = await app.http.get(`/management/contracts/${contract.id}/seats/users`).query({ sku }).set(bearer(v.read));
      expect(filtered.body).toHaveLength(2);
    }
    const none = await app.http.get(`/management/contracts/${contract.id}/seats/users`).query({ sku: 'sports' }).set(bearer(v.read));
    expect(none.body).toEqual([]);

    const second = list.body[1].userId;
    const removed = await app.http.delete(`/management/contracts/${contract.id}/seats/users/${second}`).set(bearer(v.write));
    expect(removed.status).toBe(204);
    const after = await app.http.get(`/management/contracts/${contract.id}/seats/users`).set(bearer(v.read));
    expect(after.body.map((s: { userId: string }) => s.userId)).toEqual([contract.userId]);
    expect((await assign('third@corp.example')).status).toBe(204);

    const licenses = await app.http.get(`/management/contracts/${contract.id}/licenses`).set(bearer(v.read));
    expect(licenses.status).toBe(200);
    expect(licenses.headers.deprecation).toBe('true');
    expect(licenses.body).toEqual([expect.objectContaining({ sku: 'news-multi', contentSku: 'news', seats: 2, seatsTaken: 2 })]);
  });

  it('needs contracts:read to list seat users and contracts:write to change them', async () => {
    const v = await givenContractVendor(app);
    const contract = await activeLicense(v);
    const narrow = await (async () => {
      const key = await v.apiKey('read');
      return (await v.exchange(key, { scope: 'products:read' })).body.access_token as string;
    })();
    expect((await app.http.get(`/management/contracts/${contract.id}/seats/users`).set(bearer(narrow))).status).toBe(403);
    expect(
      (await app.http.post(`/management/contracts/${contract.id}/seats/users`).set(bearer(v.read)).send({ email: 'x@y.example' }))
        .status,
    ).toBe(403);
  });
});

describe('time moves contracts (injected clock, never sleeping)', () => {
  it('renews at nextBillAt, goes OVERDUE when a bill is past due, and is CANCELED for NON_PAYMENT after the grace period', async () => {
    const v = await givenContractVendor(app);
    const created = await v.create(v.order({ sku: 'news', purchaseOptionId: 'news-yearly', confirm: true }));
    const id = created.body.id;
    const nextBillAt = new Date(created.body.nextBillAt);
    expect(nextBillAt.getTime() - new Date(created.body.confirmedAt).getTime()).toBeGreaterThan(364 * DAY);

    app.clock.advance(15 * DAY); // the first invoice (14 days to pay) is now past due
    await moveTime();
    expect((await v.get(id)).body.status).toBe('OVERDUE');

    app.clock.advance(15 * DAY); // past the 14-day grace period
    await moveTime();
    expect((await v.get(id)).body).toMatchObject({ status: 'CANCELED', cancelReason: 'NON_PAYMENT', isActive: false });
    // Nothing is owed for a period that will not be served: the worker voids the open bill.
    await settleEvents(app, v.vendorId);
    expect((await v.bills(id)).map((b: { status: string }) => b.status)).toEqual(['VOID']);
  });
});
