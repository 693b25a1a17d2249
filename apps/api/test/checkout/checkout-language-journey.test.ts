import { startTestApp, TestApp, uniqueId } from '../support/harness';
import { settleEvents } from '../billing/support';
import { givenJourney } from './journey-support';
import { pagePath } from './support';

/*
 * After the checkout page (issue 25): the receipt's offer to sign in, the
 * code page, the mailed link's page and their refusals, the form's refusals
 * by problem code, the vendor's terms and privacy links and its default
 * language, all in the reader's language.
 */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const SV = { 'Accept-Language': 'sv-SE,sv;q=0.9' };
const CARD = { payment: 'embedded:card', expiry: '12/34', cvc: '123' };

/** The words a reader sees: no style, tags, or the vendor's and the reader's own words. */
const visibleText = (html: string, own: string[]) => {
  let text = html.replace(/<style>[\s\S]*?<\/style>/g, ' ').replace(/<[^>]+>/g, ' ');
  for (const w of own) text = text.split(w).join(' ');
  return text.replace(/&[a-z]+;|&#\d+;/g, ' ').replace(/\s+/g, ' ');
};
const ENGLISH = ['the', 'your', 'you', 'payment', 'receipt', 'sign in', 'continue', 'code', 'account', 'enter', 'send', 'link', 'expired', 'card', 'not valid'];
const englishIn = (text: string) => ENGLISH.filter((w) => new RegExp(`(^|[^\\p{L}])${w}([^\\p{L}]|$)`, 'iu').test(text));

const lastMail = async (to: string) => {
  const [mail] = await app.runtime.database.db.query(`SELECT subject, body FROM mail_messages WHERE to_address = $1 ORDER BY created_at DESC, id DESC LIMIT 1`, [to]);
  return mail as { subject: string; body: string };
};

describe('the journey after the checkout page speaks Swedish', () => {
  it('an existing account: receipt offer, code page, wrong code, mailed link and its refusals, all Swedish', async () => {
    const j = await givenJourney(app);
    const email = `${uniqueId('kand')}@example.com`;
    await j.existingUser(email);
    const created = await app.http.post('/checkouts').set(j.visitor().auth).send({ items: [{ sku: 'book' }], redirectUrl: `${j.site}/article` });
    const url = created.body.checkoutUrl as string;
    const paid = await app.http.post(pagePath(url, '/pay')).set(SV).type('form').send({ buyerEmail: email, cardNumber: '4242 4242 4242 4242', ...CARD });
    expect(paid.status).toBe(303);
    await settleEvents(app, j.vendorId);
    const own = [email, `Vendor ${j.vendorId}`, 'Ebook', j.vendorId];

    // The page's language became the checkout's: the receipt speaks it even without the header.
    const receipt = await app.http.get(pagePath(url, '/receipt'));
    expect(receipt.text).toContain('<html lang="sv">');
    expect(receipt.text).toContain('<h2 id="sign-in-title">Läs på den här enheten</h2>');
    expect(receipt.text).toContain(`Köpet finns på ditt konto <strong id="account-email">${email}</strong>.`);
    expect(receipt.text).toContain('>Mejla mig en inloggningskod</button>');
    expect(englishIn(visibleText(receipt.text, own))).toEqual([]);

    const sent = await app.http.post(pagePath(url, '/sign-in-code')).set(SV).type('form').send({});
    expect(sent.status).toBe(200);
    expect(sent.text).toContain('<title>Ange din inloggningskod · ');
    expect(sent.text).toContain('<h1>Ange din inloggningskod</h1>');
    expect(sent.text).toContain('>Logga in och fortsätt</button>');
    expect(englishIn(visibleText(sent.text, own))).toEqual([]);
    const mail = await lastMail(email);
    expect(englishIn(visibleText(`${mail.subject}\n${mail.body.replace(/https?:\/\/\S+/g, ' ')}`, own))).toEqual([]);

    const challenge = /name="challenge" value="([^"]+)"/.exec(sent.text)![1];
    const wrong = await app.http.post(pagePath(url, '/sign-in')).set(SV).type('form').send({ challenge, code: '000000' === /^\s+(\d{6})$/m.exec(mail.body)![1] ? '000001' : '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain('<div class="error" role="alert" id="error">Koden stämmer inte eller har gått ut.');
    expect(englishIn(visibleText(wrong.text, own))).toEqual([]);

    const linkPage = await app.http.get(`${pagePath(url, '/sign-in-link')}&s=nope`).set(SV);
    expect(linkPage.status).toBe(200);
    expect(linkPage.text).toContain('<h1>Logga in för att läsa</h1>');
    const spent = await app.http.post(pagePath(url, '/sign-in-link')).set(SV).type('form').send({ s: 'nope' });
    expect(spent.status).toBe(400);
    expect(spent.text).toContain('<h1>Länken har gått ut</h1>');
    expect(englishIn(visibleText(spent.text, own))).toEqual([]);

    // The same pages in English for a reader whose link asks for it.
    const english = await app.http.post(`${pagePath(url, '/sign-in-code')}&ui_locales=en`).set(SV).type('form').send({});
    expect(english.text).toContain('<h1>Enter your sign-in code</h1>');
  });

  it('a checkout with nothing to prove says so in Swedish; a wrong link too', async () => {
    const j = await givenJourney(app);
    const paid = await j.visitorBuys(`${uniqueId('ny')}@example.com`);
    // Paid in English (the checkout's language now): the link's ui_locales asks for Swedish.
    const none = await app.http.post(`${pagePath(paid.checkoutUrl, '/sign-in-code')}&ui_locales=sv`).set(SV).type('form').send({});
    expect(none.status).toBe(404);
    expect(none.text).toContain('<h1>Inget att logga in till</h1>');
    const wrong = await app.http.get(pagePath(paid.checkoutUrl, '/continue').replace(/t=[^&]+/, 't=wrong')).set(SV);
    expect(wrong.status).toBe(404);
    expect(wrong.text).toContain('<h1>Kassan hittades inte</h1>');
  });
});

describe("the checkout form's refusals are the catalogue's sentences, by problem code", () => {
  it('declined, invalid card number, expiry, bad e-mail: Swedish, never the domain English', async () => {
    const j = await givenJourney(app);
    const url = (await app.http.post('/checkouts').set(j.visitor().auth).send({ items: [{ sku: 'book' }] })).body.checkoutUrl as string;
    const pay = (form: Record<string, string>) => app.http.post(pagePath(url, '/pay')).set(SV).type('form').send({ buyerEmail: 'svensk@example.com', ...CARD, ...form });
    const cases: [Record<string, string>, string][] = [
      [{ cardNumber: '4000 0000 0000 0002' }, 'Kortet nekades. Försök med ett annat kort.'],
      [{ cardNumber: '1234' }, 'Kortnumret är inte giltigt.'],
      [{ cardNumber: '4242 4242 4242 4242', expiry: '13' }, 'Giltighetstiden ska skrivas MM/ÅÅ.'],
      [{ cardNumber: '4242 4242 4242 4242', buyerEmail: 'inte-en-adress' }, 'Ange en giltig e-postadress.'],
    ];
    for (const [form, sentence] of cases) {
      const res = await pay(form);
      expect([form, res.status]).toEqual([form, 400]);
      expect(res.text).toContain(`<strong>Betalningen genomfördes inte.</strong> ${sentence}</div>`);
      expect(res.text).not.toMatch(/declined|not valid|must be|is not an e-mail/);
    }
    // A fresh checkout (the first one now speaks the Swedish it was paid in) without a wish: English.
    const other = (await app.http.post('/checkouts').set(j.visitor().auth).send({ items: [{ sku: 'book' }] })).body.checkoutUrl as string;
    const english = await app.http.post(pagePath(other, '/pay')).type('form').send({ buyerEmail: 'a@example.com', ...CARD, cardNumber: '4000 0000 0000 0002' });
    expect(english.text).toContain('<strong>Payment not made.</strong> Your card was declined. Try another card.</div>');
  });
});

describe("the vendor's default language, terms and privacy links", () => {
  it("the default speaks when the browser names no language the service speaks; links show in the reader's language", async () => {
    const j = await givenJourney(app);
    const full = { authorization: `Bearer ${await j.apiToken('full')}` };
    const settings = await app.http
      .patch('/management/checkout-settings')
      .set(full)
      .send({ defaultLanguage: 'sv', termsUrl: 'https://legal.example.org/terms', privacyUrl: 'https://legal.example.org/privacy' });
    expect(settings.status).toBe(200);
    const url = (await app.http.post('/checkouts').set(j.visitor().auth).send({ items: [{ sku: 'book' }] })).body.checkoutUrl as string;

    for (const header of [undefined, 'de-DE,fr;q=0.5']) {
      const req = app.http.get(pagePath(url));
      const page = header ? await req.set('Accept-Language', header) : await req;
      expect(page.text).toContain('<html lang="sv">');
      expect(page.text).toContain('<a href="https://legal.example.org/terms" rel="noopener" id="terms-link">Köpvillkor</a>');
      expect(page.text).toContain('<a href="https://legal.example.org/privacy" rel="noopener" id="privacy-link">Integritetspolicy</a>');
    }
    const english = await app.http.get(pagePath(url)).set('Accept-Language', 'en-GB');
    expect(english.text).toContain('<html lang="en">');
    expect(english.text).toContain('id="terms-link">Terms of purchase</a>');
    expect(english.text).toContain('id="privacy-link">Privacy</a>');

    // Paid with nothing said: the checkout, its receipt and the receipt e-mail take the vendor's default.
    const email = `${uniqueId('standard')}@example.com`;
    expect((await app.http.post(pagePath(url, '/pay')).type('form').send({ buyerEmail: email, cardNumber: '4242424242424242', ...CARD })).status).toBe(303);
    await settleEvents(app, j.vendorId);
    const receipt = await app.http.get(pagePath(url, '/receipt'));
    expect(receipt.text).toContain('<h1>Tack</h1>');
    expect(receipt.text).toContain('id="privacy-link">Integritetspolicy</a>');
    const mail = await lastMail(email);
    expect(mail.subject).toMatch(/^Kvitto från /);
  });
});
