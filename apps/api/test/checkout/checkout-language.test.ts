import { CHECKOUT_EN } from '../../src/checkout/checkout-messages-en';
import { CHECKOUT_SV } from '../../src/checkout/checkout-messages-sv';
import { checkoutLanguage } from '../../src/checkout/checkout-messages';
import { startTestApp, TestApp } from '../support/harness';
import { givenShop, pagePath } from './support';

/*
 * The hosted checkout in the reader's language (issue 25): the link's
 * ui_locales, then the checkout's language, then Accept-Language, then
 * English, as the sign-in pages choose theirs; money the one domain way.
 */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

/** What a reader sees: the page without its style, tags and the vendor's own words (product names, vendor name). */
const visibleText = (html: string, vendorWords: string[]) => {
  let text = html.replace(/<style>[\s\S]*?<\/style>/g, ' ').replace(/<title>[\s\S]*?<\/title>/g, ' ').replace(/<[^>]+>/g, ' ');
  for (const w of vendorWords) text = text.split(w).join(' ');
  return text.replace(/\s+/g, ' ');
};

const ENGLISH_WORDS = [
  'Checkout', 'Your order', 'Item', 'Price', 'tax included', 'Subscription', 'renews', 'To pay now', 'month', 'Discount code', 'Code',
  'Apply', 'Your details', 'Your e-mail', 'receipt', 'optional', 'First name', 'Payment', 'Card number', 'Expiry', 'Security code',
  'Pay', 'Test mode', 'No money moves', 'Secure checkout', 'SEK', 'succeeds', 'declined',
];

describe('the hosted checkout page speaks the reader language', () => {
  let v: Awaited<ReturnType<typeof givenShop>>;
  let checkoutUrl: string;
  beforeAll(async () => {
    v = await givenShop(app);
    checkoutUrl = (await app.http.post('/checkouts').set(v.visitor().auth).send({ items: [{ sku: 'news' }] })).body.checkoutUrl;
  });

  it('in Swedish for Accept-Language: sv, with no English words and money as Swedish writes it', async () => {
    const page = await app.http.get(pagePath(checkoutUrl)).set('Accept-Language', 'sv-SE,sv;q=0.9,en;q=0.5');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<html lang="sv">');
    expect(page.text).toContain('<title>Kassa · ');
    for (const text of ['<h1>Kassa</h1>', 'Din beställning', 'Prenumeration: förnyas tills du säger upp den.', '99,00 kr / månad', 'Att betala nu', 'Rabattkod',
      'Dina uppgifter', 'Din e-postadress', 'Kortnummer', 'Säkerhetskod', '<strong>Testläge.</strong>', `>Betala 99,00 kr</button>`, 'Säker kassa']) {
      expect(page.text).toContain(text);
    }
    const seen = visibleText(page.text, [`Vendor ${v.vendorId}`, 'Daily News', 'Monthly']);
    const english = ENGLISH_WORDS.filter((w) => new RegExp(`\\b${w}\\b`, 'i').test(seen));
    expect(english).toEqual([]);
  });

  it('in English without a wish, and for a language it does not speak', async () => {
    for (const lang of [undefined, 'de-DE,fr;q=0.8']) {
      const request = app.http.get(pagePath(checkoutUrl));
      const page = lang ? await request.set('Accept-Language', lang) : await request;
      expect(page.status).toBe(200);
      expect(page.text).toContain('<html lang="en">');
      expect(page.text).toContain('<h2 id="summary-title">Your order</h2>');
      expect(page.text).toContain('>Pay SEK 99.00</button>');
      expect(page.text).toContain('SEK 99.00 / month');
      expect(page.text).not.toContain('Din beställning');
      // The word list does find English: the Swedish page's empty list means something.
      const seen = visibleText(page.text, [`Vendor ${v.vendorId}`, 'Daily News', 'Monthly']);
      expect(ENGLISH_WORDS.filter((w) => new RegExp(`\\b${w}\\b`, 'i').test(seen)).length).toBeGreaterThanOrEqual(ENGLISH_WORDS.length - 2);
    }
  });

  it('follows the link ui_locales before Accept-Language, either way', async () => {
    const sv = await app.http.get(`${pagePath(checkoutUrl)}&ui_locales=sv`).set('Accept-Language', 'en-GB');
    expect(sv.text).toContain('<html lang="sv">');
    expect(sv.text).toContain('Din beställning');
    const en = await app.http.get(`${pagePath(checkoutUrl)}&ui_locales=${encodeURIComponent('en sv')}`).set('Accept-Language', 'sv');
    expect(en.text).toContain('<html lang="en">');
    expect(en.text).toContain('Your order');
  });

  it('speaks the checkout language the vendor set, over the browser', async () => {
    const created = (await app.http.post('/checkouts').set(v.visitor().auth).send({ items: [{ sku: 'book' }], language: 'sv' })).body;
    expect(created.checkoutUrl).toBeDefined();
    const page = await app.http.get(pagePath(created.checkoutUrl)).set('Accept-Language', 'en');
    expect(page.text).toContain('<html lang="sv">');
    expect(page.text).toContain('Engångsköp.');
    expect(page.text).toContain('>Betala 49,50 kr</button>');
  });

  it('shows the receipt after paying in Swedish too', async () => {
    const created = (await app.http.post('/checkouts').set(v.visitor().auth).send({ items: [{ sku: 'book' }] })).body;
    const paid = await app.http
      .post(pagePath(created.checkoutUrl, '/pay'))
      .set('Accept-Language', 'sv')
      .type('form')
      .send({ buyerEmail: `kvitto@${v.vendorId}.example.com`, cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' });
    expect(paid.status).toBe(303);
    const receipt = await app.http.get(pagePath(created.checkoutUrl, '/receipt')).set('Accept-Language', 'sv');
    expect(receipt.status).toBe(200);
    for (const text of ['<h1>Tack</h1>', 'Betalningen har tagits emot. Din tillgång är klar.', 'Kvittot skickades till', '<dt>Betalt</dt><dd>49,50 kr med ']) {
      expect(receipt.text).toContain(text);
    }
    expect(receipt.text).not.toMatch(/Thank you|Payment received|Receipt sent to/);
  });

  it('names the missing fields in Swedish when the form comes back', async () => {
    const created = (await app.http.post('/checkouts').set(v.visitor().auth).send({ items: [{ sku: 'book' }], requireAddress: true })).body;
    const res = await app.http
      .post(pagePath(created.checkoutUrl, '/pay'))
      .set('Accept-Language', 'sv')
      .type('form')
      .send({ buyerEmail: '', address_street: 'Storgatan 1', cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' });
    expect(res.status).toBe(400);
    expect(res.text).toContain('<strong>Betalningen genomfördes inte.</strong> Fyll i: e-postadress, postnummer, ort, land.');
    expect(res.text).not.toContain('Please fill in');
  });

  it('says a wrong link is wrong in the reader language, without a checkout to take one from', async () => {
    const wrong = pagePath(checkoutUrl).replace(/t=[^&]+/, 't=not-the-token');
    const sv = await app.http.get(wrong).set('Accept-Language', 'sv');
    expect(sv.status).toBe(404);
    expect(sv.text).toContain('<html lang="sv">');
    expect(sv.text).toContain('<h1>Kassan hittades inte</h1>');
    expect(sv.text).toContain('Den här kassalänken är inte giltig.');
    const en = await app.http.get(wrong);
    expect(en.status).toBe(404);
    expect(en.text).toContain('<h1>Checkout not found</h1>');
  });

  it('refuses a hostile ui_locales (over 200 characters) with a 4xx, never a 500', async () => {
    const res = await app.http.get(`${pagePath(checkoutUrl)}&ui_locales=${'sv'.repeat(101)}`);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });
});

describe('the checkout catalogues', () => {
  const valuesOf = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

  it('has every English key in Swedish, non-empty, with the same values, and nothing more', () => {
    const en = Object.keys(CHECKOUT_EN).sort();
    expect(Object.keys(CHECKOUT_SV).sort()).toEqual(en);
    for (const key of en as (keyof typeof CHECKOUT_EN)[]) {
      expect(CHECKOUT_SV[key].trim()).not.toBe('');
      expect({ key, values: valuesOf(CHECKOUT_SV[key]) }).toEqual({ key, values: valuesOf(CHECKOUT_EN[key]) });
    }
  });

  it('chooses ui_locales, then the checkout language, then Accept-Language, then English (primary subtag)', () => {
    expect(checkoutLanguage({ uiLocales: 'sv-FI', acceptLanguage: 'en' })).toBe('sv');
    expect(checkoutLanguage({ uiLocales: 'de', checkoutLanguage: 'sv', acceptLanguage: 'en' })).toBe('sv');
    expect(checkoutLanguage({ acceptLanguage: 'de, sv;q=0.5, en;q=0.4' })).toBe('sv');
    expect(checkoutLanguage({ acceptLanguage: 'sv;q=0, en' })).toBe('en');
    expect(checkoutLanguage({ uiLocales: ['sv'], acceptLanguage: 42 })).toBe('en');
    expect(checkoutLanguage({})).toBe('en');
  });
});
