import { IssueUserToken, createUser } from '@kiosk/domain/identity';
import { IDENTITY } from '../../../src/identity/identity.module';
import { bearer, givenVendor, TestApp } from '../../support/harness';

export const LISTS = '/management/access-lists';

/**
 * A vendor selling `news` (option `news-yearly`) and `books` (`books-yearly`),
 * with a full token (access-lists:write, links:create), a read token, and
 * helpers for lists, grants and readers.
 */
export async function givenListVendor(app: TestApp, options: { testMode?: boolean; testClockStart?: Date } = {}) {
  const v = await givenVendor(app, options);
  await v.product('news');
  await v.product('books');
  const full = await v.apiToken('full');
  const read = await v.apiToken('read');
  const c = app.runtime.container;

  const createList = async (body: Record<string, unknown> = {}, token = full) => {
    const res = await app.http
      .post(LISTS)
      .set(bearer(token))
      .send({ name: 'Partners', type: 'MANUAL', status: 'ACTIVE', ...body });
    if (res.status !== 201) throw new Error(`create list: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as { id: string; name: string; status: string };
  };
  const grantsOf = (listId: string) => `${LISTS}/${listId}/grants`;
  const createGrant = (listId: string, body: Record<string, unknown> = {}, token = full) =>
    app.http
      .post(grantsOf(listId))
      .set(bearer(token))
      .send({ source: listId, email: `rita@${v.vendorId}.example.com`, sku: 'news', poId: 'news-yearly', status: 'ACTIVE', ...body });
  const importCsv = (listId: string, csv: string, token = full) =>
    app.http.post(`${grantsOf(listId)}/import`).set(bearer(token)).set('Content-Type', 'text/csv').send(csv);

  /** A reader of the vendor with that e-mail (an account, as sign-up makes one), and their bearer header. */
  const reader = async (email: string) => {
    const user = await c.get(IDENTITY.Users).addOrGet(createUser({ id: `u-${Math.random().toString(36).slice(2)}`, vendorId: v.vendorId, email }, new Date()));
    const token = (await c.get(IssueUserToken).execute({ vendorId: v.vendorId, userId: user.id })).accessToken;
    return { userId: user.id, auth: bearer(token) };
  };
  const entitlementsOf = async (auth: Record<string, string>) => {
    const res = await app.http.get('/entitlements').set(auth);
    if (res.status !== 200) throw new Error(`entitlements: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as { id: string; sku: string; hasAccess: boolean; origin: Record<string, unknown>; expiresAt: string | null }[];
  };
  return { ...v, full, read, createList, grantsOf, createGrant, importCsv, reader, entitlementsOf };
}
