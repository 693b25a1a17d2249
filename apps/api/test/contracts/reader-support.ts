import { IssueUserToken } from '@kiosk/domain/identity';
import { givenSellingVendor, settleEvents } from '../billing/support';
import { bearer, TestApp, uniqueId } from '../support/harness';

export const readerToken = async (app: TestApp, vendorId: string, userId: string) =>
  (await app.runtime.container.get(IssueUserToken).execute({ vendorId, userId })).accessToken;

/** A selling vendor, a management token, and a confirmed yearly `news` contract for a reader with a reader token. */
export async function givenReaderWithContract(app: TestApp) {
  const v = await givenSellingVendor(app);
  const manager = await v.apiToken('full', ['contracts:write']);
  const email = `reader-${uniqueId('r')}@${v.vendorId}.example.com`;
  const created = await app.http
    .post('/management/contracts')
    .set(bearer(manager))
    .send({
      sku: 'news',
      purchaseOptionId: 'news-yearly',
      user: { email },
      payment: { provider: 'INVOICE_PROVIDER', method: 'INVOICE' },
      confirm: true,
    });
  expect(created.status).toBe(201);
  await settleEvents(app, v.vendorId);
  const userId = created.body.userId as string;
  // Tokens follow the test clock: a fresh one for every call, so moving the clock does not expire them.
  const auth = async () => bearer(await readerToken(app, v.vendorId, userId));
  return { v, manager, email, userId, contractId: created.body.id as string, token: await readerToken(app, v.vendorId, userId), auth };
}
