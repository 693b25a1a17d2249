import { CreateProduct, CreateVendor } from '@kiosk/domain/catalog';
import { UserRow } from '../../src/identity/identity.rows';
import { bearer, startTestApp, TestApp, uniqueId } from '../support/harness';
import { givenReaderWithContract, readerToken } from '../contracts/reader-support';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe('products, auto-onboarding and vendors', () => {
  it('shows a product, auto-onboards what the vendor configured for holders only, and lists vendors by e-mail', async () => {
    const r = await givenReaderWithContract(app);
    const c = app.runtime.container;
    await c.get(CreateProduct).execute({ vendorId: r.v.vendorId, sku: 'bonus', title: 'Bonus podcast', productType: 'podcast' });
    const product = await app.http.get('/products/news').set(await r.auth());
    expect(product.body).toMatchObject({ sku: 'news', title: 'Product news', productType: 'publication' });
    // Fields without a value are null, never left out (issue 10).
    expect(product.body).toMatchObject({ cover: null, language: null, publisherContentId: null });
    expect((await app.http.get('/products/none').set(await r.auth())).status).toBe(404);

    const writer = await r.v.apiToken('full');
    const rule = await app.http.put('/management/auto-onboard/news').set(bearer(writer)).send({ grants: ['bonus', 'bonus'] });
    expect(rule.body).toEqual({ sku: 'news', grants: ['bonus'] });
    expect((await app.http.put('/management/auto-onboard/news').set(bearer(writer)).send({ grants: ['../x'] })).status).toBe(400);
    expect((await app.http.put('/management/auto-onboard/none').set(bearer(writer)).send({ grants: [] })).status).toBe(404);
    expect((await app.http.get('/management/auto-onboard').set(bearer(writer))).body).toEqual([{ sku: 'news', grants: ['bonus'] }]);

    const onboard = async () => app.http.post('/products/news/auto-onboard').set(await r.auth());
    const first = await onboard();
    expect(first.status).toBe(200);
    expect(first.body).toEqual([
      expect.objectContaining({ sku: 'bonus', type: 'podcast', hasAccess: true, origin: expect.objectContaining({ type: 'AUTO_ONBOARD', id: 'news' }) }),
    ]);
    expect((await onboard()).body[0].id).toBe(first.body[0].id);
    expect((await app.http.get('/entitlements').set(await r.auth())).body).toHaveLength(2);
    const outsider = await r.v.contracts.create.execute(r.v.order({ user: { email: `nobody@${r.v.vendorId}.example.com` } }));
    const refused = await app.http.post('/products/news/auto-onboard').set(bearer(await readerToken(app, r.v.vendorId, outsider.userId)));
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('ENTITLEMENT.NO_ACCESS');

    const vendor = await app.http.get('/vendor').set(await r.auth());
    expect(vendor.body).toEqual({ id: r.v.vendorId, name: `Vendor ${r.v.vendorId}`, logo: null });
    const second = uniqueId('v');
    await c.get(CreateVendor).execute({ id: second, name: 'AAA second vendor', logo: 'https://logo.example.com/a.png' });
    await app.runtime.database.db.getRepository(UserRow).insert({
      vendorId: second,
      id: uniqueId('u'),
      email: r.email,
      firstName: null,
      lastName: null,
      createdAt: app.clock.now(),
    });
    const vendors = await app.http.get('/vendors').set(await r.auth());
    expect(vendors.body).toEqual([
      { id: second, name: 'AAA second vendor', logo: 'https://logo.example.com/a.png' },
      { id: r.v.vendorId, name: `Vendor ${r.v.vendorId}`, logo: null },
    ]);
  });
});
