import { bearer, givenVendor, TestApp, VendorOptions } from '../support/harness';

/** A vendor selling a publication (`news`) and a team license (`news-multi`, 5 seats per unit, 1..100 units). */
export async function givenContractVendor(app: TestApp, options: VendorOptions = {}) {
  const v = await givenVendor(app, options);
  await v.product('news', 'publication');
  await v.product('news-multi', 'license');
  const write = await v.apiToken('full', ['contracts:write']);
  const read = await v.apiToken('read');
  const order = (overrides: Record<string, unknown> = {}) => ({
    sku: 'news-multi',
    purchaseOptionId: 'news-multi-yearly',
    user: { email: `boss-${Math.random().toString(36).slice(2)}@corp.example`, firstName: 'Ada', lastName: 'Boss' },
    payment: { provider: 'INVOICE_PROVIDER', method: 'INVOICE' },
    ...overrides,
  });
  const create = (body: Record<string, unknown>, token = write) =>
    app.http.post('/management/contracts').set(bearer(token)).send(body);
  const confirm = (id: string, token = write) =>
    app.http.post(`/management/contracts/${id}/confirm`).set(bearer(token));
  // A fresh token each time: tests move the clock past a token's 24 hours.
  const get = async (id: string) => app.http.get(`/management/contracts/${id}`).set(bearer(await v.apiToken('read')));
  const bills = async (contractId: string) =>
    app.runtime.database.db.query(`SELECT id, status, price_minor FROM bills WHERE contract_id = $1 ORDER BY created_at, id`, [
      contractId,
    ]);
  return { ...v, write, read, order, create, confirm, get, bills };
}
