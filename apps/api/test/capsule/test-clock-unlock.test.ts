import { openPage, CapsuleManifest } from '@kiosk/domain/capsule';
import { IssueUserToken } from '@kiosk/domain/identity';
import { bearer, startTestApp, TestApp } from '../support/harness';
import { fixture, interopVendor, Manifest, requestFrom } from './support';

/*
 * The reference's capsule fixtures were rendered at a past instant. A
 * test-mode vendor whose test clock stands at that instant unlocks them
 * through the HTTP route alone: the service's own clock stays far from it
 * (protocol.test.ts moves the service's clock instead).
 */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- fixture JSON
const direct = fixture<any>('js-rendered-direct-manifest.json');
const RENDERED_AT = new Date(direct.clock);
const page = direct.manifest as Manifest as unknown as CapsuleManifest;

const DAY = 24 * 3_600_000;

it("a test vendor whose clock is at the fixture's time unlocks it over HTTP, exactly as the reference answers", async () => {
  app.clock.set(new Date(RENDERED_AT.getTime() + 400 * DAY));
  // The vendor's clock starts a day before the page was rendered.
  const dayBefore = new Date(RENDERED_AT.getTime() - DAY);
  const vendor = await interopVendor(app, 'hosted', ['ecdh', 'rsa'], { testMode: true, testClockStart: dayBefore });
  await vendor.product('news');
  const scopes = await app.http.put('/management/capsule/product-scopes/news').set(bearer(vendor.token)).send({ scopes: ['premium'] });
  expect(scopes.status).toBe(200);
  // A reader buys the tier over HTTP: the contract and its entitlement are made at the vendor's time.
  const write = await vendor.apiToken('full', ['contracts:write', 'test-clock:read', 'test-clock:write']);
  const bought = await app.http
    .post('/management/contracts')
    .set(bearer(write))
    .send({
      sku: 'news',
      purchaseOptionId: 'news-yearly',
      user: { email: 'subscriber@example.com', firstName: 'Rita', lastName: 'Reader' },
      payment: { provider: 'INVOICE_PROVIDER', method: 'INVOICE' },
      confirm: true,
    });
  expect(bought.status).toBe(201);
  expect(bought.body.createdAt).toBe(dayBefore.toISOString());
  const advance = (to: Date) => app.http.post('/management/test-clock/advance').set(bearer(write)).send({ frozenTime: to.toISOString() });
  // Advancing to the same instant handles the purchase's events (the entitlement) in the vendor's time.
  expect((await advance(dayBefore)).body).toMatchObject({ frozenTime: dayBefore.toISOString(), status: 'ready' });

  const token = (await app.runtime.container.get(IssueUserToken).execute({ vendorId: vendor.vendorId, userId: bought.body.userId })).accessToken;
  const [ecdhAll] = direct.unlocks;
  const scoped = { resourceJWT: direct.manifest.resourceJWT, keys: requestFrom(direct.manifest, 'scoped') };
  // By the vendor's clock the page's kids are a day ahead (the service's own clock is a year past them).
  const early = await vendor.unlock(scoped, bearer(token));
  expect(early.status).toBe(403);
  expect(early.body).toMatchObject({ code: 'CAPSULE.KID_OUTSIDE_WINDOW', allowed: ['260501T12', '260501T13'] });

  expect((await advance(RENDERED_AT)).status).toBe(200);
  const res = await vendor.unlock(ecdhAll.request, bearer(token));
  expect(res.status).toBe(200);
  expect(res.body).toEqual(ecdhAll.expectedResponse);
  expect(await openPage(page, res.body)).toEqual({ bodytext: { text: direct.plaintexts.bodytext }, sidebar: { text: direct.plaintexts.sidebar } });

});
