import { issuingCountryOfTestCard, testCardOf } from '../../src/checkout/test-card-countries';
import { startTestApp, TestApp } from '../support/harness';
import { givenShop, pagePath, rowsOf } from './support';

/**
 * Place of supply at a checkout (issue 26): the card's issuing country is
 * recorded among the bill's evidence; a consumer whose checkout country and
 * billing address disagree confirms their country of residence before the
 * card is charged (409 CHECKOUT.RESIDENCE_TO_CONFIRM, the page asks).
 */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const CARD = { payment: 'embedded:card', expiry: '12/34', cvc: '123' };
const SE_ADDRESS = { street: 'Gatan 1', zip: '111 22', city: 'Stockholm', country: 'SE' };

async function billOf(vendorId: string, checkoutId: string) {
  const [checkout] = await rowsOf(app, 'checkouts', 'vendor_id = $1 AND id = $2', [vendorId, checkoutId]);
  const contractIds = (checkout.snapshot as { contractIds: string[] }).contractIds;
  expect(contractIds).toHaveLength(1);
  const [contract] = await rowsOf(app, 'contracts', 'vendor_id = $1 AND id = $2', [vendorId, contractIds[0]]);
  const [bill] = await rowsOf(app, 'bills', 'vendor_id = $1 AND contract_id = $2', [vendorId, contractIds[0]]);
  return { contract, bill };
}

describe('test cards by country, as Stripe makes them', () => {
  it('400000 + the ISO numeric code names the issuing country; every other test card is a US card', () => {
    expect(testCardOf('SE')).toBe('4000007520000008');
    expect(issuingCountryOfTestCard('4000007520000008')).toBe('SE');
    expect(issuingCountryOfTestCard('4000002760000016')).toBe('DE');
    expect(issuingCountryOfTestCard('4000002500000003')).toBe('FR');
    expect(issuingCountryOfTestCard('4242424242424242')).toBe('US');
  });
});

describe('the card issuing country is evidence of the place of supply', () => {
  it('a German card and a German checkout: two pieces agree, taxed in Germany, the card among the evidence', async () => {
    const v = await givenShop(app);
    const r = await v.reader();
    const created = (await app.http.post('/checkouts').set(r.auth).send({ items: [{ sku: 'book' }], country: 'DE' })).body;
    const pay = await app.http.post(pagePath(created.checkoutUrl, '/pay')).type('form').send({ ...CARD, cardNumber: '4000 0027 6000 0016' });
    expect(pay.status).toBe(303);
    const { contract, bill } = await billOf(v.vendorId, created.id);
    expect(contract.snapshot.payment).toMatchObject({ country: 'DE', countrySource: 'CHECKOUT', cardCountry: 'DE', last4: '0016' });
    expect(bill.tax.placeOfSupply).toEqual({
      country: 'DE',
      evidence: [{ source: 'CHECKOUT_COUNTRY', country: 'DE' }, { source: 'CARD_COUNTRY', country: 'DE' }],
      conclusive: true,
      contradicted: false,
    });
  });
});

describe('contradicting evidence: the buyer confirms their country of residence before paying', () => {
  it('checkout country DE, billing address SE: 409 page with the choice (nothing charged); confirming SE pays, SE decides', async () => {
    const v = await givenShop(app);
    const r = await v.reader();
    const created = (await app.http.post('/checkouts').set(r.auth).send({ items: [{ sku: 'book' }], country: 'DE', address: SE_ADDRESS })).body;
    const asked = await app.http.post(pagePath(created.checkoutUrl, '/pay')).type('form').send({ ...CARD, cardNumber: '4000007520000008' });
    expect(asked.status).toBe(409);
    expect(asked.text).toContain('<fieldset id="residence" aria-describedby="residence-hint"><legend>Your country of residence</legend>');
    expect(asked.text).toContain('name="residenceCountry" id="residence-DE" value="DE" required aria-required="true"> Germany (DE)');
    expect(asked.text).toContain('name="residenceCountry" id="residence-SE" value="SE"> Sweden (SE)');
    expect(asked.text).toContain('Please confirm the country you live in before paying.');
    expect(await rowsOf(app, 'contracts', 'vendor_id = $1', [v.vendorId])).toHaveLength(0);
    expect((await app.http.get(`/checkouts/${created.id}`).set(r.auth)).body.status).toBe('PENDING');

    const bad = await app.http.patch(`/checkouts/${created.id}`).set(r.auth).send({ residenceCountry: 'Sweden' });
    expect(bad.status).toBe(400);

    const pay = await app.http
      .post(pagePath(created.checkoutUrl, '/pay'))
      .type('form')
      .send({ ...CARD, cardNumber: '4000007520000008', residenceCountry: 'SE', address_street: 'Gatan 1', address_zip: '111 22', address_city: 'Stockholm', address_country: 'SE' });
    expect(pay.status).toBe(303);
    const { contract, bill } = await billOf(v.vendorId, created.id);
    expect(contract.snapshot.payment).toMatchObject({ country: 'SE', countrySource: 'CONFIRMED', cardCountry: 'SE' });
    expect(bill.tax.placeOfSupply).toMatchObject({ country: 'SE' });
    expect(bill.tax.placeOfSupply.evidence).toEqual(
      expect.arrayContaining([{ source: 'RESIDENCE_CONFIRMED', country: 'SE' }, { source: 'CARD_COUNTRY', country: 'SE' }]),
    );
  });

  it('the step speaks Swedish on a Swedish checkout', async () => {
    const v = await givenShop(app);
    const r = await v.reader();
    const created = (await app.http.post('/checkouts').set(r.auth).send({ items: [{ sku: 'book' }], country: 'NO', address: SE_ADDRESS, language: 'sv' })).body;
    const asked = await app.http.post(pagePath(created.checkoutUrl, '/pay')).type('form').send({ ...CARD, cardNumber: '4242424242424242' });
    expect(asked.status).toBe(409);
    expect(asked.text).toContain('<legend>Ditt bosättningsland</legend>');
    expect(asked.text).toContain('Bekräfta landet du bor i innan du betalar.');
  });
});
