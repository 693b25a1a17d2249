import { createUser } from '@kiosk/domain/identity';
import { IDENTITY } from '../../src/identity/identity.module';
import { settleEvents } from '../billing/support';
import { givenShop, pagePath } from './support';
import { TestApp, uniqueId } from '../support/harness';

/**
 * The buying journey's fixtures: a shop (../checkout/support.ts) whose
 * browser client's site is `site`, a leaky paywall, a visitor who reads and
 * pays on the hosted checkout with an e-mail, and the way back.
 */
export async function givenJourney(app: TestApp) {
  const v = await givenShop(app);
  const site = `https://${v.vendorId}.example.com`;
  const json = { 'content-type': 'application/json' };
  const full = { authorization: `Bearer ${await v.apiToken('full')}`, ...json };
  const paywall = (await app.http.post('/management/paywalls').set(full).send({ name: 'Meter', settings: { leaky: { enabled: true, count: 3, periodInHours: 24 } } }))
    .body as { id: string };

  const read = async (headers: Record<string, string>, article: string) =>
    (await app.http.post(`/paywalls/${paywall.id}/access`).set({ ...headers, origin: site }).send({ publisherContentId: article, url: `${site}/${article}` }))
      .body as { status: string; remaining: number };

  /** A visitor's paid checkout of `book`; answers the checkout's link and the visitor. */
  const visitorBuys = async (email: string, visitor = v.visitor()) => {
    const created = await app.http.post('/checkouts').set(visitor.auth).send({ items: [{ sku: 'book' }], redirectUrl: `${site}/article?id=7` });
    if (created.status !== 201) throw new Error(`checkout: ${created.status} ${JSON.stringify(created.body)}`);
    const checkoutUrl = created.body.checkoutUrl as string;
    const paid = await app.http
      .post(pagePath(checkoutUrl, '/pay'))
      .type('form')
      .send({ buyerEmail: email, payment: 'embedded:card', cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' });
    if (paid.status !== 303) throw new Error(`pay: ${paid.status} ${paid.text.slice(0, 500)}`);
    await settleEvents(app, v.vendorId);
    return { visitor, checkoutId: created.body.id as string, checkoutUrl };
  };

  /** Follows the receipt's "Continue" link; answers where it leads. */
  const continueFrom = async (checkoutUrl: string) => {
    const receipt = await app.http.get(pagePath(checkoutUrl, '/receipt'));
    const href = /id="continue" href="([^"]+)"|href="([^"]+)" id="continue"/.exec(receipt.text);
    const path = (href![1] ?? href![2]).replace(/&amp;/g, '&');
    const res = await app.http.get(path);
    return { receipt, res, location: res.headers.location as string };
  };

  const handoff = (code: string, origin: string = site, clientId = v.client.clientId) =>
    app.http.post(`/auth/${clientId}/handoff`).set({ origin }).send({ code });

  const existingUser = async (email: string) =>
    app.runtime.container.get(IDENTITY.Users).addOrGet(createUser({ id: uniqueId('u'), vendorId: v.vendorId, email }, app.clock.now()));

  return { ...v, site, paywall, read, visitorBuys, continueFrom, handoff, existingUser };
}

export const codeOf = (location: string) => new URL(location).searchParams.get('kiosk_handoff');

/** The `kiosk_session` cookie a response set (name=value), or null. */
export const sessionCookie = (res: { headers: Record<string, unknown> }) => {
  const cookies = (res.headers['set-cookie'] as string[] | undefined) ?? [];
  const found = cookies.find((c) => c.startsWith('kiosk_session=') && !/max-age=0/i.test(c));
  return found ? found.split(';')[0] : null;
};
