/**
 * A signed-in reader's paywall read over HTTP (decisions 22 and 25): the
 * entitlement the one statement asks for (stored entitlements, access-list
 * grants in force for the reader's e-mail) lets the reader through without
 * spending a free read, and once it is gone (grant revoked, list retired,
 * not started or ended, contract canceled) the next read is counted again.
 * Each test has vendors of its own.
 */
import { IssueUserToken } from '@kiosk/domain/identity';
import { givenListVendor, LISTS } from '../access/access-lists/support';
import { settleEvents } from '../billing/support';
import { CLOCK, givenTestVendor } from '../catalog/support';
import { givenContractVendor } from '../contracts/support';
import { bearer, startTestApp, TestApp, uniqueId } from '../support/harness';
import { givenArticleProduct } from './support';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

interface Reader {
  userId: string;
  auth: Record<string, string>;
}

/** What one `POST .../access` let the reader do: the signed link's grant and reason, and `remaining`; or blocked. */
type Outcome = readonly ['entitled' | 'metered', string, number] | readonly ['blocked'];
const ENTITLED = (remaining: number): Outcome => ['entitled', 'entitled', remaining];
const FREE_READ = (remaining: number): Outcome => ['metered', 'free_read', remaining];
const ALREADY_READ = (remaining: number): Outcome => ['metered', 'already_read', remaining];
const BLOCKED: Outcome = ['blocked'];

/** The offer of `news` (a product of every vendor helper used here) on the paywalls of this file. */
const NEWS_OFFER = { id: 'news-yearly', sku: 'news', poId: 'news-yearly', title: 'News, yearly', price: 1200 };

/**
 * A metered paywall of the vendor (`freeReads` distinct articles a day) that
 * sells `news`, made through the management API with `token`, and a
 * signed-in reader's access and check calls to it, each answer checked
 * whole.
 */
async function givenPaywall(vendorId: string, token: string, freeReads: number) {
  const created = await app.http
    .post('/management/paywalls')
    .set(bearer(token))
    .send({ name: 'Metered', settings: { leaky: { enabled: true, count: freeReads, periodInHours: 24 } }, subscriptions: [NEWS_OFFER] });
  if (created.status !== 201) throw new Error(`paywall not created: ${created.status} ${JSON.stringify(created.body)}`);
  const id = created.body.id as string;
  const body = (contentId: string) => ({ publisherContentId: contentId, url: `https://${vendorId}.example.com/articles/${contentId}` });
  const publicView = async (reader: Reader) => {
    const res = await app.http.get(`/paywalls/${id}`).set(reader.auth);
    expect(res.status).toBe(200);
    return res.body as Record<string, unknown>;
  };

  /** `POST /paywalls/{id}/access`; an allowed answer's link is read back through the capsule's verify route. */
  const read = async (reader: Reader, contentId: string): Promise<Outcome> => {
    const res = await app.http.post(`/paywalls/${id}/access`).set(reader.auth).send(body(contentId));
    expect(res.status).toBe(200);
    if (res.body.status === 'blocked') {
      expect(res.body).toEqual({ status: 'blocked', remaining: 0, paywall: await publicView(reader), renewsAt: expect.any(String) });
      return BLOCKED;
    }
    expect(res.body).toEqual({ status: 'allowed', signedLink: expect.any(String), remaining: expect.any(Number), renewsAt: null });
    const link = new URL(res.body.signedLink as string);
    expect(`${link.origin}${link.pathname}`).toBe(body(contentId).url);
    const verified = await app.http.post(`/capsule/vendors/${vendorId}/verify`).send({ token: link.searchParams.get('service_token') });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ valid: true, payload: { iss: vendorId, contentId, userId: reader.userId, tier: 'premium' } });
    const meta = verified.body.payload.meta as { paywallId: string; reader: string; grant: 'entitled' | 'metered'; reason: string };
    expect(meta).toEqual({ paywallId: id, reader: 'user', grant: meta.grant, reason: meta.reason });
    return [meta.grant, meta.reason, res.body.remaining as number];
  };

  /** `POST /paywalls/{id}/access/check`: its status and remaining (the body is checked whole). */
  const check = async (reader: Reader, contentId: string) => {
    const res = await app.http.post(`/paywalls/${id}/access/check`).set(reader.auth).send(body(contentId));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: res.body.status,
      remaining: res.body.remaining,
      paywall: await publicView(reader),
      renewsAt: res.body.status === 'blocked' ? expect.any(String) : null,
    });
    return [res.body.status as string, res.body.remaining as number];
  };
  return { id, read, check };
}

/** The signed-in reader `userId` of the vendor (a user token, as sign-in issues). */
async function readerOf(vendorId: string, userId: string): Promise<Reader> {
  const issued = await app.runtime.container.get(IssueUserToken).execute({ vendorId, userId });
  return { userId, auth: bearer(issued.accessToken) };
}

/** A confirmed invoice contract for `email` made through the management API, its entitlements granted by the worker's handling. */
async function buy(vendorId: string, contractsToken: string, order: { sku: string; purchaseOptionId: string; email: string }) {
  const res = await app.http
    .post('/management/contracts')
    .set(bearer(contractsToken))
    .send({
      sku: order.sku,
      purchaseOptionId: order.purchaseOptionId,
      user: { email: order.email },
      payment: { provider: 'INVOICE_PROVIDER', method: 'INVOICE' },
      confirm: true,
    });
  expect(res.status).toBe(201);
  expect(res.body).toMatchObject({ status: 'ACTIVE', isActive: true });
  await settleEvents(app, vendorId);
  return res.body as { id: string; userId: string; nextBillAt: string | null };
}

describe('a signed-in reader with an access-list grant in force', () => {
  it('passes the paywall that sells the granted product without spending a read; after the grant is deleted reads count again until blocked', async () => {
    const v = await givenListVendor(app);
    const paywall = await givenPaywall(v.vendorId, v.full, 2);
    const list = await v.createList({ name: 'Library partners' });
    const rita = await v.reader(`rita@${v.vendorId}.example.com`);
    const bob = await v.reader(`bob@${v.vendorId}.example.com`);
    const grant = await v.createGrant(list.id, { email: `RITA@${v.vendorId}.example.com`, sku: 'news', poId: 'news-yearly' });
    expect(grant.status).toBe(201);
    expect(grant.body).toMatchObject({ email: `rita@${v.vendorId}.example.com`, sku: 'news', status: 'ACTIVE', userId: rita.userId });

    // Every article, new ones too, opens with the entitled grant; nothing is spent.
    for (const article of ['a1', 'a2', 'a3', 'a1']) expect(await paywall.read(rita, article)).toEqual(ENTITLED(2));
    expect(await paywall.check(rita, 'a4')).toEqual(['allowed', 2]);
    // A reader of the same vendor without a grant spends hers.
    expect(await paywall.read(bob, 'a1')).toEqual(FREE_READ(1));

    const deleted = await app.http.delete(`${v.grantsOf(list.id)}/${grant.body.id as string}`).set(bearer(v.full));
    expect(deleted.status).toBe(204);

    // The next read is metered; what she read while entitled was never counted, so all her free reads are left.
    expect(await paywall.check(rita, 'a4')).toEqual(['allowed', 1]);
    expect(await paywall.read(rita, 'a4')).toEqual(FREE_READ(1));
    expect(await paywall.read(rita, 'a1')).toEqual(FREE_READ(0));
    expect(await paywall.read(rita, 'a4')).toEqual(ALREADY_READ(0));
    expect(await paywall.check(rita, 'a2')).toEqual(['blocked', 0]);
    expect(await paywall.read(rita, 'a2')).toEqual(BLOCKED);
    expect(await paywall.read(rita, 'a3')).toEqual(BLOCKED);
  });

  it("opens the granted product's own content on a paywall that does not sell it, and nothing else; a retired list or a canceled grant closes it", async () => {
    const v = await givenListVendor(app);
    await givenArticleProduct(app, v.vendorId, 'story-pass', 'story-1');
    const paywall = await givenPaywall(v.vendorId, v.full, 1);
    const list = await v.createList();
    const rita = await v.reader(`rita@${v.vendorId}.example.com`);
    const grant = await v.createGrant(list.id, { sku: 'story-pass', poId: 'story-pass-once' });
    expect(grant.status).toBe(201);
    // The grant's entitlement carries the product's content id.
    expect(await v.entitlementsOf(rita.auth)).toEqual([expect.objectContaining({ sku: 'story-pass', publisherContentId: 'story-1', hasAccess: true })]);

    expect(await paywall.read(rita, 'story-1')).toEqual(ENTITLED(1));
    expect(await paywall.read(rita, 'story-1')).toEqual(ENTITLED(1));
    expect(await paywall.check(rita, 'story-1')).toEqual(['allowed', 1]);
    // The grant is for that content only: other articles cost a read (and the entitled reads cost none).
    expect(await paywall.check(rita, 'story-2')).toEqual(['allowed', 0]);
    expect(await paywall.read(rita, 'story-2')).toEqual(FREE_READ(0));
    expect(await paywall.read(rita, 'story-1')).toEqual(ENTITLED(0));
    expect(await paywall.read(rita, 'story-3')).toEqual(BLOCKED);

    // The list retired: no more access, and no free read left for the content.
    expect((await app.http.patch(`${LISTS}/${list.id}`).set(bearer(v.full)).send({ status: 'CANCELED' })).status).toBe(200);
    expect(await paywall.check(rita, 'story-1')).toEqual(['blocked', 0]);
    expect(await paywall.read(rita, 'story-1')).toEqual(BLOCKED);
    // Active again it opens again; the grant canceled on its own closes it.
    expect((await app.http.patch(`${LISTS}/${list.id}`).set(bearer(v.full)).send({ status: 'ACTIVE' })).status).toBe(200);
    expect(await paywall.read(rita, 'story-1')).toEqual(ENTITLED(0));
    const path = `${v.grantsOf(list.id)}/${grant.body.id as string}`;
    expect((await app.http.put(path).set(bearer(v.full)).send({ status: 'CANCELED' })).body).toMatchObject({ status: 'CANCELED' });
    expect(await paywall.read(rita, 'story-1')).toEqual(BLOCKED);
  });
});

describe('a grant out of its period', () => {
  it('opens nothing before startsAt or from endsAt on (the service clock); a grant opens once its start has come', async () => {
    const v = await givenListVendor(app);
    const paywall = await givenPaywall(v.vendorId, v.full, 3);
    const rita = await v.reader(`rita@${v.vendorId}.example.com`);
    const now = app.clock.now();
    const later = await v.createList({ name: 'Starts later' });
    const ended = await v.createList({ name: 'Ended' });
    const at = (ms: number) => new Date(now.getTime() + ms).toISOString();
    expect((await v.createGrant(later.id, { startsAt: at(HOUR), endsAt: at(2 * HOUR) })).status).toBe(201);
    expect((await v.createGrant(ended.id, { startsAt: at(-2 * DAY), endsAt: at(-DAY) })).status).toBe(201);
    const endsNow = await v.createList({ name: 'Ends now' });
    expect((await v.createGrant(endsNow.id, { startsAt: at(-DAY), endsAt: at(0) })).status).toBe(201);
    try {
      expect(await paywall.check(rita, 'a1')).toEqual(['allowed', 2]);
      expect(await paywall.read(rita, 'a1')).toEqual(FREE_READ(2));
      // One millisecond before the start: still counted.
      app.clock.set(new Date(now.getTime() + HOUR - 1));
      expect(await paywall.read(rita, 'a2')).toEqual(FREE_READ(1));
      // From the start to just before the end: entitled.
      app.clock.set(new Date(now.getTime() + HOUR));
      expect(await paywall.read(rita, 'a3')).toEqual(ENTITLED(1));
      expect(await paywall.check(rita, 'a4')).toEqual(['allowed', 1]);
      app.clock.set(new Date(now.getTime() + 2 * HOUR - 1));
      expect(await paywall.read(rita, 'a4')).toEqual(ENTITLED(1));
      // At the end: counted again, then blocked.
      app.clock.set(new Date(now.getTime() + 2 * HOUR));
      expect(await paywall.check(rita, 'a4')).toEqual(['allowed', 0]);
      expect(await paywall.read(rita, 'a4')).toEqual(FREE_READ(0));
      expect(await paywall.read(rita, 'a5')).toEqual(BLOCKED);
    } finally {
      app.clock.set(now);
    }
  });

  it("of a test vendor opens the paywall only inside [startsAt, endsAt) of the vendor's test clock", async () => {
    const T0 = new Date('2031-03-01T00:00:00.000Z');
    const v = await givenListVendor(app, { testMode: true, testClockStart: T0 });
    const clockToken = await v.apiToken('full', ['test-clock:read', 'test-clock:write']);
    const advance = async (to: Date) => {
      const res = await app.http.post(`${CLOCK}/advance`).set(bearer(clockToken)).send({ frozenTime: to.toISOString() });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ frozenTime: to.toISOString(), status: 'ready' });
    };
    const paywall = await givenPaywall(v.vendorId, v.full, 2);
    const list = await v.createList();
    const rita = await v.reader(`rita@${v.vendorId}.example.com`);
    const start = new Date(T0.getTime() + DAY);
    const end = new Date(T0.getTime() + DAY + 6 * HOUR);
    expect((await v.createGrant(list.id, { startsAt: start.toISOString(), endsAt: end.toISOString() })).status).toBe(201);

    expect(await paywall.read(rita, 'a1')).toEqual(FREE_READ(1));
    await advance(start);
    // (The read at T0 is out of the 24-hour window by now.)
    expect(await paywall.read(rita, 'a2')).toEqual(ENTITLED(2));
    expect(await paywall.check(rita, 'a3')).toEqual(['allowed', 2]);
    await advance(new Date(end.getTime() - 1000));
    expect(await paywall.read(rita, 'a3')).toEqual(ENTITLED(2));
    await advance(end);
    expect(await paywall.check(rita, 'a3')).toEqual(['allowed', 1]);
    expect(await paywall.read(rita, 'a3')).toEqual(FREE_READ(1));
    expect(await paywall.read(rita, 'a4')).toEqual(FREE_READ(0));
    expect(await paywall.read(rita, 'a5')).toEqual(BLOCKED);
  });
});

describe("a contract's entitlement", () => {
  it('opens the bought content until the vendor cancels the contract; the next read is counted', async () => {
    const v = await givenContractVendor(app);
    await givenArticleProduct(app, v.vendorId, 'story-pass', 'story-1');
    const paywall = await givenPaywall(v.vendorId, v.write, 1);
    const contract = await buy(v.vendorId, v.write, { sku: 'story-pass', purchaseOptionId: 'story-pass-once', email: `ada@${v.vendorId}.example.com` });
    const ada = await readerOf(v.vendorId, contract.userId);

    expect(await paywall.read(ada, 'story-1')).toEqual(ENTITLED(1));
    expect(await paywall.read(ada, 'story-1')).toEqual(ENTITLED(1));
    expect(await paywall.check(ada, 'story-1')).toEqual(['allowed', 1]);

    // A one-off purchase canceled by the vendor ends at once (its entitlement revoked through the outbox).
    const canceled = await app.http.post(`/management/contracts/${contract.id}/cancel`).set(bearer(v.write)).send({ reason: 'REFUNDED' });
    expect(canceled.status).toBe(200);
    expect(canceled.body).toMatchObject({ id: contract.id, status: 'CANCELED', isActive: false, cancelReason: 'REFUNDED' });
    await settleEvents(app, v.vendorId);

    expect(await paywall.check(ada, 'story-1')).toEqual(['allowed', 0]);
    expect(await paywall.read(ada, 'story-1')).toEqual(FREE_READ(0));
    expect(await paywall.read(ada, 'story-1')).toEqual(ALREADY_READ(0));
    expect(await paywall.read(ada, 'story-2')).toEqual(BLOCKED);
  });

  it("of a subscription the paywall sells lasts, once canceled, to the end of the paid period on the test vendor's clock; then reads count", async () => {
    const T0 = app.clock.now();
    const v = await givenTestVendor(app, T0);
    const paywall = await givenPaywall(v.vendorId, v.write, 1);
    const contract = await buy(v.vendorId, v.write, { sku: 'news', purchaseOptionId: 'news-yearly', email: `ada@${v.vendorId}.example.com` });
    const ada = await readerOf(v.vendorId, contract.userId);
    expect(await paywall.read(ada, 'a1')).toEqual(ENTITLED(1));

    // Paid, so that it runs to its end rather than stopping for non-payment.
    const bills = await app.http.get('/management/bills').query({ userId: contract.userId }).set(bearer(v.read));
    expect(bills.status).toBe(200);
    expect(bills.body).toHaveLength(1);
    expect((await app.http.post(`/management/bills/${bills.body[0].id as string}/payments`).set(bearer(v.clockToken)).send({})).status).toBe(201);

    const canceled = await app.http.post(`/management/contracts/${contract.id}/cancel`).set(bearer(v.write)).send({});
    expect(canceled.status).toBe(200);
    expect(canceled.body).toMatchObject({ id: contract.id, status: 'ACTIVE', willCancelAt: contract.nextBillAt, cancelReason: 'VENDOR_REQUEST' });
    await settleEvents(app, v.vendorId);
    expect(await paywall.read(ada, 'a2')).toEqual(ENTITLED(1));

    const end = new Date(contract.nextBillAt as string);
    expect((await v.advance(new Date(end.getTime() - 1000))).status).toBe(200);
    expect(await paywall.read(ada, 'a3')).toEqual(ENTITLED(1));
    expect((await v.advance(end)).status).toBe(200);
    expect((await v.get(contract.id)).body).toMatchObject({ status: 'CANCELED', isActive: false });
    expect(await paywall.check(ada, 'a3')).toEqual(['allowed', 0]);
    expect(await paywall.read(ada, 'a3')).toEqual(FREE_READ(0));
    expect(await paywall.read(ada, 'a4')).toEqual(BLOCKED);
  });
});

describe("another vendor's grants and entitlements", () => {
  it('open nothing on this vendor’s paywall for a reader with the same e-mail', async () => {
    const email = `${uniqueId('shared')}@readers.example.com`;
    const ours = await givenListVendor(app);
    const theirs = await givenListVendor(app);
    // The other vendor: a grant of `news` (the sku our paywall sells), one of an article with our content id, and a contract.
    await givenArticleProduct(app, theirs.vendorId, 'story-pass', 'story-1');
    const list = await theirs.createList();
    expect((await theirs.createGrant(list.id, { email })).status).toBe(201);
    expect((await theirs.createGrant(list.id, { email, sku: 'story-pass', poId: 'story-pass-once' })).status).toBe(201);
    const contractsToken = await theirs.apiToken('full', ['contracts:write']);
    const bought = await buy(theirs.vendorId, contractsToken, { sku: 'news', purchaseOptionId: 'news-yearly', email });
    const theirReader = await readerOf(theirs.vendorId, bought.userId);
    const theirPaywall = await givenPaywall(theirs.vendorId, theirs.full, 1);
    // (There they hold: their own paywall lets the reader through.)
    expect(await theirPaywall.read(theirReader, 'story-1')).toEqual(ENTITLED(1));
    expect((await theirs.entitlementsOf(theirReader.auth)).map((e) => [e.sku, e.origin.type]).sort()).toEqual([
      ['news', 'CONTRACT'],
      ['news', 'EXTERNAL'],
      ['story-pass', 'EXTERNAL'],
    ]);

    const paywall = await givenPaywall(ours.vendorId, ours.full, 1);
    const rita = await ours.reader(email);
    expect(rita.userId).not.toBe(theirReader.userId);
    expect(await paywall.check(rita, 'story-1')).toEqual(['allowed', 0]);
    expect(await paywall.read(rita, 'story-1')).toEqual(FREE_READ(0));
    expect(await paywall.read(rita, 'story-2')).toEqual(BLOCKED);
    expect(await ours.entitlementsOf(rita.auth)).toEqual([]);

    // Their reader's token does not reach our paywall at all.
    for (const route of ['access', 'access/check']) {
      const res = await app.http
        .post(`/paywalls/${paywall.id}/${route}`)
        .set(theirReader.auth)
        .send({ publisherContentId: 'story-1', url: 'https://news.example.com/story-1' });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ status: 404, code: 'PAYWALL.NOT_FOUND' });
    }
  });
});
