import { ChangeCheckoutSettings } from '@kiosk/domain/checkout';
import { emptyProfile } from '@kiosk/domain/engagement';
import { RegisterBrowserClient, SignUp } from '@kiosk/domain/identity';
import { ENGAGEMENT } from '../../src/engagement/engagement.module';
import { EmbeddedMailer, StoredMail } from '../../src/mail/mail.module';
import { CookieJar } from '../identity/cookie-jar';
import { givenVendor, startListeningApp } from '../support/harness';

/*
 * The account mails as the sign-in pages send them: branded (the vendor's
 * name and colour), text and HTML, in the reader's stored language, else
 * the page's; the link in the mail opens the page it names.
 */

let app: Awaited<ReturnType<typeof startListeningApp>>;
beforeAll(async () => {
  app = await startListeningApp();
});
afterAll(() => app.close());

const SITE = 'https://news.example.com';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
/** English words none of the Swedish mails may contain. */
const ENGLISH = /\b(the|your|you|and|with|this|sign|link|account|password|code|ignore|open|within|nothing|create)\b/i;
const wordsOf = (mail: StoredMail, vendorName: string) =>
  `${mail.subject}\n${mail.body}\n${(mail.html ?? '').replace(/<[^>]*>/g, ' ')}`.replace(/https?:\/\/\S+/g, '').split(vendorName).join('');

async function givenSite() {
  const v = await givenVendor(app);
  await app.runtime.container.get(ChangeCheckoutSettings).execute({ vendorId: v.vendorId, change: { color: '#9f1239' } });
  const client = await app.runtime.container.get(RegisterBrowserClient).execute({
    vendorId: v.vendorId,
    name: 'News site',
    redirectUris: [`${SITE}/after-login`],
    accessSyncUrl: 'https://sync.example.com/callback',
  });
  let n = 0;
  const user = () =>
    app.runtime.container.get(SignUp).execute({ vendorId: v.vendorId, email: `reader${++n}.${v.vendorId}@example.com`, password: 'correct horse battery' });
  return { ...v, clientId: client.clientId, vendorName: `Vendor ${v.vendorId}`, user };
}

const newest = async (vendorId: string, email: string) => (await app.runtime.container.get(EmbeddedMailer).list(vendorId, email))[0];

function expectBranded(mail: StoredMail, vendorName: string, lang: string) {
  expect(mail.html).toContain(`<html lang="${lang}">`);
  expect(mail.html).toContain(`background:#9f1239;color:#ffffff;padding:16px 20px;border-radius:8px 8px 0 0;font-size:20px;font-weight:bold">${vendorName}</div>`);
  expect(mail.body).toContain(vendorName);
  expect(mail.html).not.toMatch(/<(img|script|link)\b/);
}

describe('account mails from the sign-in pages', () => {
  it('the sign-up confirmation follows the page’s language (Swedish: no English word), and its link opens the confirmation page', async () => {
    const site = await givenSite();
    const jar = new CookieJar();
    const start = await jar.follow(`${app.baseUrl}/auth/${site.clientId}/login?ui_locales=sv&return_to=${encodeURIComponent(`${SITE}/a`)}`);
    expect(start.response.status).toBe(200);
    const email = 'ny.lasare@example.com';
    const asked = await jar.fetch(`${start.url}/signup`, { method: 'POST', headers: FORM, body: new URLSearchParams({ email, password: 'correct horse battery' }).toString() });
    expect(asked.status).toBe(200);

    const mail = await newest(site.vendorId, email);
    expect(mail.subject).toBe(`Slutför ditt konto hos ${site.vendorName}`);
    expectBranded(mail, site.vendorName, 'sv');
    expect(mail.body).toContain('Bekräfta din e-postadress');
    expect(wordsOf(mail, site.vendorName)).not.toMatch(ENGLISH);
    const link = /Skapa mitt konto: (http\S+\/confirm\?token=\S+)/.exec(mail.body)![1];
    expect(mail.html).toContain(`href="${link.replace(/&/g, '&amp;')}"`);

    const page = await jar.fetch(link);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('lang="sv"');
    const created = await jar.fetch(link, { method: 'POST', headers: FORM, body: '' });
    expect(created.status).toBe(303);
  });

  it('the password reset speaks the reader’s stored language over the page’s, and its link (followed with supertest) opens the reset form', async () => {
    const site = await givenSite();
    const reader = await site.user();
    await app.runtime.container.get(ENGAGEMENT.Profiles).save({ ...emptyProfile(site.vendorId, reader.id, new Date()), locale: 'sv-SE' });
    const jar = new CookieJar();
    const start = await jar.follow(`${app.baseUrl}/auth/${site.clientId}/login?ui_locales=en`);
    const sent = await jar.fetch(`${start.url}/forgot`, { method: 'POST', headers: FORM, body: new URLSearchParams({ email: reader.email }).toString() });
    expect(sent.status).toBe(200);

    const mail = await newest(site.vendorId, reader.email);
    expect(mail.subject).toBe(`Återställ ditt lösenord hos ${site.vendorName}`);
    expectBranded(mail, site.vendorName, 'sv');
    expect(wordsOf(mail, site.vendorName)).not.toMatch(ENGLISH);
    const link = new URL(/Välj ett nytt lösenord: (http\S+\/oidc\/reset\/\S+)/.exec(mail.body)![1]);

    const form = await app.http.get(link.pathname + link.search);
    expect(form.status).toBe(200);
    expect(form.text).toContain('name="password"');
    const reset = await app.http.post(link.pathname + link.search).type('form').send({ password: 'a brand new passphrase' });
    expect(reset.status).toBe(200);
  });

  it('the sign-in code mail in English carries the code in both parts and the vendor’s brand', async () => {
    const site = await givenSite();
    const reader = await site.user();
    const jar = new CookieJar();
    const start = await jar.follow(`${app.baseUrl}/auth/${site.clientId}/login`);
    const sent = await jar.fetch(`${start.url}/code`, { method: 'POST', headers: FORM, body: new URLSearchParams({ email: reader.email }).toString() });
    expect(sent.status).toBe(200);
    const mail = await newest(site.vendorId, reader.email);
    const code = /^\s+(\d{6})$/m.exec(mail.body)![1];
    expect(mail.subject).toBe(`Your sign-in code: ${code}`);
    expectBranded(mail, site.vendorName, 'en');
    expect(mail.html).toContain(`>${code}</p>`);
    expect(mail.body).toContain(`To sign in to ${site.vendorName}, enter this code:`);
    const link = new URL(/Sign in: (http\S+)/.exec(mail.body)![1]);
    expect(link.pathname).toContain('/code-link');
  });
});
