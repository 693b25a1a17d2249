import { createUser, RegisterBrowserClient } from '@kiosk/domain/identity';
import { IDENTITY } from '../../src/identity/identity.module';
import { givenVendor, startListeningApp, uniqueId } from '../support/harness';
import { CookieJar } from './cookie-jar';

let app: Awaited<ReturnType<typeof startListeningApp>>;
beforeAll(async () => {
  app = await startListeningApp();
});
afterAll(() => app.close());

const SITE = 'https://daily.example.com';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

async function givenSite() {
  const v = await givenVendor(app);
  const client = await app.runtime.container.get(RegisterBrowserClient).execute({ vendorId: v.vendorId, name: 'Site', redirectUris: [`${SITE}/after`] });
  const user = async (email = `${uniqueId('r')}@example.com`) =>
    app.runtime.container.get(IDENTITY.Users).addOrGet(createUser({ id: uniqueId('u'), vendorId: v.vendorId, email }, app.clock.now()));
  return { ...v, clientId: client.clientId, user };
}

async function lastMail(email: string) {
  const rows = await app.runtime.database.db.query(`SELECT subject, body FROM mail_messages WHERE to_address = $1 ORDER BY created_at DESC, id DESC`, [email]);
  return rows as { subject: string; body: string }[];
}

/** Starts a sign-in in a fresh browser; answers the jar and the sign-in page's address. */
async function start(clientId: string, query = '') {
  const jar = new CookieJar();
  const page = await jar.follow(`${app.baseUrl}/auth/${clientId}/login?return_to=${encodeURIComponent(`${SITE}/article`)}${query}`);
  const html = await page.response.text();
  return { jar, url: page.url, html };
}
const post = (jar: CookieJar, url: string, form: Record<string, string>) => jar.fetch(url, { method: 'POST', headers: FORM, body: new URLSearchParams(form).toString() });
const challengeOf = (html: string) => /name="challenge" value="([^"]+)"/.exec(html)![1];
const codeIn = (body: string) => /^\s+(\d{6})$/m.exec(body)![1];

describe('passwordless sign-in on the sign-in pages', () => {
  it('"E-mail me a sign-in code" beside the password; the mailed code finishes the sign-in as a password does', async () => {
    const site = await givenSite();
    const reader = await site.user();
    const { jar, url, html } = await start(site.clientId);
    expect(html).toContain('id="email-code"');
    expect(html).toContain('E-mail me a sign-in code');
    const sent = await post(jar, `${url}/code`, { email: reader.email });
    expect(sent.status).toBe(200);
    const page = await sent.text();
    expect(page).toContain('Enter your sign-in code');
    const [mail] = await lastMail(reader.email);
    const code = codeIn(mail.body);

    const wrong = await post(jar, `${url}/code/verify`, { challenge: challengeOf(page), code: code === '999999' ? '999998' : '999999' });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain('id="error"');

    const right = await post(jar, `${url}/code/verify`, { challenge: challengeOf(page), code });
    expect(right.status).toBe(303);
    const landed = await jar.follow(new URL(right.headers.get('location')!, url).href, (u) => u.startsWith(SITE));
    expect(landed.url).toBe(`${SITE}/article`);
    const info = (await (await jar.fetch(`${app.baseUrl}/auth/userinfo`)).json()) as { authenticated: boolean; sub: string };
    expect(info).toMatchObject({ authenticated: true, sub: reader.id });
  });

  it('an unknown e-mail gets the same page and no mail; a code of another account or a replay does not sign in', async () => {
    const site = await givenSite();
    const a = await start(site.clientId);
    const unknown = `${uniqueId('nobody')}@example.com`;
    const answer = await post(a.jar, `${a.url}/code`, { email: unknown });
    expect(answer.status).toBe(200);
    const unknownPage = await answer.text();
    expect(unknownPage).toContain('Enter your sign-in code');
    expect(challengeOf(unknownPage)).toMatch(/\S/);
    expect(await lastMail(unknown)).toEqual([]);
    expect((await post(a.jar, `${a.url}/code/verify`, { challenge: challengeOf(unknownPage), code: '123456' })).status).toBe(401);

    const reader = await site.user();
    const b = await start(site.clientId);
    const sent = await (await post(b.jar, `${b.url}/code`, { email: reader.email })).text();
    const code = codeIn((await lastMail(reader.email))[0].body);
    expect((await post(b.jar, `${b.url}/code/verify`, { challenge: challengeOf(sent), code })).status).toBe(303);
    // Replayed in another sign-in: spent.
    const c = await start(site.clientId);
    expect((await post(c.jar, `${c.url}/code/verify`, { challenge: challengeOf(sent), code })).status).toBe(401);
  });

  it('the mailed link: opening it spends nothing; its button signs in this browser; another browser is told to type the code', async () => {
    const site = await givenSite();
    const reader = await site.user();
    const { jar, url } = await start(site.clientId);
    await post(jar, `${url}/code`, { email: reader.email });
    const link = /(http\S+\/code-link\?\S+)/.exec((await lastMail(reader.email))[0].body)![1];

    const elsewhere = new CookieJar();
    const opened = await elsewhere.fetch(link);
    expect(opened.status).toBe(200);
    expect(await opened.text()).toContain('id="confirm-link"');
    const foreign = await elsewhere.fetch(link, { method: 'POST', headers: FORM, body: '' });
    expect(foreign.status).toBe(400);

    const used = await jar.fetch(link, { method: 'POST', headers: FORM, body: '' });
    expect(used.status).toBe(303);
    const landed = await jar.follow(new URL(used.headers.get('location')!, link).href, (u) => u.startsWith(SITE));
    expect(landed.url).toBe(`${SITE}/article`);
    expect(jar.has('kiosk_session')).toBe(true);
  });

  it('speaks Swedish with ui_locales=sv: the button, the page and the mail', async () => {
    const site = await givenSite();
    const reader = await site.user();
    const { jar, url, html } = await start(site.clientId, '&ui_locales=sv');
    expect(html).toContain('Mejla mig en inloggningskod');
    const page = await (await post(jar, `${url}/code`, { email: reader.email })).text();
    expect(page).toContain('Ange din inloggningskod');
    const [mail] = await lastMail(reader.email);
    expect(mail.subject).toContain('Din inloggningskod');
    expect(mail.body).toContain('Koden och länken fungerar en gång');
  });

  it('at most 5 codes per account in 15 minutes: the sixth is a 429 with Retry-After, for staff and readers alike', async () => {
    const site = await givenSite();
    const { jar, url } = await start(site.clientId);
    const staff = site.staff as { email: string };
    for (let i = 0; i < 5; i += 1) expect((await post(jar, `${url}/code`, { email: staff.email })).status).toBe(200);
    const limited = await post(jar, `${url}/code`, { email: staff.email });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(880);
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(900);
    expect(await lastMail(staff.email)).toHaveLength(5);
  });

  it('an address with no account is limited the same way, so the sixth answer does not tell whether an account exists', async () => {
    const site = await givenSite();
    const { jar, url } = await start(site.clientId);
    const nobody = `nobody-${site.vendorId}@example.com`;
    for (let i = 0; i < 5; i += 1) expect((await post(jar, `${url}/code`, { email: nobody })).status).toBe(200);
    const limited = await post(jar, `${url}/code`, { email: nobody });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(880);
    expect(await lastMail(nobody)).toHaveLength(0);
  });
});
