import { CreatePurchaseOption } from '@kiosk/domain/catalog';
import { IssueUserToken } from '@kiosk/domain/identity';
import { money } from '@kiosk/domain';
import { DAY, givenSellingVendor, rowsOf } from '../billing/support';
import { bearer, onRealPostgres, startTestApp, TestApp } from '../support/harness';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe('amendments under parallel requests (PostgreSQL)', () => {
  (onRealPostgres() ? it : it.skip)('parallel confirms of one upgrade apply it once: one prorated bill', async () => {
    const v = await givenSellingVendor(app);
    await app.runtime.container.get(CreatePurchaseOption).execute({
      id: 'news-premium',
      vendorId: v.vendorId,
      sku: 'news',
      name: 'Premium yearly',
      price: money(2_400_00, 'SEK'),
      taxIncluded: true,
      recurring: { interval: 'YEAR', time: 1 },
      seatsPerUnit: 1,
      minQuantity: 1,
      maxQuantity: 100,
    });
    const contract = await v.contracts.create.execute(v.order({ confirm: true }));
    app.clock.advance(30 * DAY);
    const token = (await app.runtime.container.get(IssueUserToken).execute({ vendorId: v.vendorId, userId: contract.userId })).accessToken;
    const quote = await app.http
      .post(`/contracts/${contract.id}/amendments`)
      .set(bearer(token))
      .send({ type: 'UPGRADE', purchaseOptionId: 'news-premium' });
    expect(quote.status).toBe(201);
    const results = await Promise.all(
      Array.from({ length: 12 }, () =>
        app.http.post(`/contracts/${contract.id}/amendments/${quote.body.id}/confirm`).set(bearer(token)),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(12).fill(200));
    const bills = await rowsOf(app, 'bills', v.vendorId, 'ORDER BY created_at');
    expect(bills).toHaveLength(2);
    expect(Number(bills[1].price_minor)).toBe(Math.round(quote.body.nextBill.total * 100));
    const [amendment] = await rowsOf(app, 'contract_amendments', v.vendorId);
    expect(amendment.status).toBe('CONFIRMED');
  });
});
