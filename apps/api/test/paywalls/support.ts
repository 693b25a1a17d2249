import { CreateProduct, CreatePurchaseOption } from '@kiosk/domain/catalog';
import { CreateContract } from '@kiosk/domain/contracts';
import { IssueUserToken, RegisterBrowserClient } from '@kiosk/domain/identity';
import { money } from '@kiosk/domain';
import { IDENTITY } from '../../src/identity/identity.module';
import { settleEvents } from '../billing/support';
import { bearer, givenVendor, TestApp, uniqueId } from '../support/harness';

export const basic = (clientId: string, visitorId: string) => ({
  Authorization: `Basic ${Buffer.from(`${clientId}:${visitorId}`).toString('base64')}`,
});

/** The admin-only fields of a paywall; the rest is what readers see. */
const ADMIN_ONLY = ['name', 'status', 'entity', 'createdAt', 'modifiedAt', 'previewUrl'];

/** The public render shape of a paywall in the admin shape (what GET /paywalls/{id} and a blocked access answer show). */
export const publicOf = (admin: Record<string, unknown>) => Object.fromEntries(Object.entries(admin).filter(([k]) => !ADMIN_ONLY.includes(k)));

/** A one-off article product of the vendor (purchase option `<sku>-once`, 49 SEK) whose content id is `publisherContentId`. */
export async function givenArticleProduct(app: TestApp, vendorId: string, sku: string, publisherContentId: string): Promise<void> {
  const c = app.runtime.container;
  await c.get(CreateProduct).execute({ vendorId, sku, title: `Article ${sku}`, productType: 'article', publisherContentId });
  await c.get(CreatePurchaseOption).execute({
    id: `${sku}-once`,
    vendorId,
    sku,
    name: 'Once',
    price: money(49_00, 'SEK'),
    taxIncluded: true,
    recurring: null,
    seatsPerUnit: 1,
    minQuantity: 1,
    maxQuantity: 1,
  });
}

/** A vendor with management tokens, a browser client for visitors, and helpers for paywalls and readers. */
export async function givenPaywallVendor(app: TestApp) {
  const v = await givenVendor(app);
  const c = app.runtime.container;
  const write = bearer(await v.apiToken('full'));
  const read = bearer(await v.apiToken('read'));
  const client = await c.get(RegisterBrowserClient).execute({ vendorId: v.vendorId, name: 'site', redirectUris: [`https://${v.vendorId}.example.com/cb`] });
  const visitor = (visitorId = uniqueId('visitor')) => basic(client.clientId, visitorId);

  const createPaywall = async (body: Record<string, unknown> = {}) => {
    const res = await app.http.post('/management/paywalls').set(write).send({ name: 'Main paywall', ...body });
    if (res.status !== 201) throw new Error(`paywall not created: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as { id: string; version: number } & Record<string, unknown>;
  };
  const leakyPaywall = (count: number, periodInHours = 24) => createPaywall({ settings: { leaky: { enabled: true, count, periodInHours } } });

  /** A signed-in reader (not staff) and its bearer header. */
  const reader = async (email = `${uniqueId('r')}@${v.vendorId}.example.com`) => {
    const user = await c.get(IDENTITY.Users).addOrGet({
      id: uniqueId('user'),
      vendorId: v.vendorId,
      email,
      firstName: null,
      lastName: null,
      createdAt: app.clock.now(),
    });
    return { userId: user.id, auth: await tokenFor(user.id) };
  };
  const tokenFor = async (userId: string) => bearer((await c.get(IssueUserToken).execute({ vendorId: v.vendorId, userId })).accessToken);

  /**
   * A reader entitled to `publisherContentId` the way production does it: a
   * product for the content, a confirmed contract, the worker's handling of its events.
   */
  const entitledReader = async (publisherContentId: string, sku = uniqueId('sku')) => {
    await givenArticleProduct(app, v.vendorId, sku, publisherContentId);
    const contract = await c.get(CreateContract).execute({
      vendorId: v.vendorId,
      sku,
      purchaseOptionId: `${sku}-once`,
      user: { email: `${uniqueId('buyer')}@${v.vendorId}.example.com` },
      payment: { provider: 'INVOICE_PROVIDER', method: 'INVOICE' },
      confirm: true,
    });
    await settleEvents(app, v.vendorId);
    return { userId: contract.userId, sku, auth: await tokenFor(contract.userId) };
  };

  return { ...v, write, read, client, visitor, createPaywall, leakyPaywall, reader, tokenFor, entitledReader };
}
