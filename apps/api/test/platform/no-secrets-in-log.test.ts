import { Writable } from 'node:stream';
import { RegisterBrowserClient } from '@kiosk/domain/identity';
import { codeOf, givenJourney } from '../checkout/journey-support';
import { pagePath } from '../checkout/support';
import { CookieJar } from '../identity/cookie-jar';
import { bearer, startListeningApp, uniqueId } from '../support/harness';

// Issue 29, "Secrets in the log": a realistic run with the request log captured, and every secret it made looked for in it.

const lines: string[] = [];
const sink = new Writable({
  write(chunk, _encoding, done) {
    lines.push(chunk.toString());
    done();
  },
});

let app: Awaited<ReturnType<typeof startListeningApp>>;
beforeAll(async () => {
  app = await startListeningApp({ LOG_LEVEL: 'debug' }, sink);
});
afterAll(() => app.close());

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const post = (jar: CookieJar, url: string, form: Record<string, string>) => jar.fetch(url, { method: 'POST', headers: FORM, body: new URLSearchParams(form).toString() });

async function lastMail(email: string): Promise<string> {
  const [mail] = await app.runtime.database.db.query(`SELECT body FROM mail_messages WHERE to_address = $1 ORDER BY created_at DESC, id DESC LIMIT 1`, [email]);
  return mail.body as string;
}

it('a run through checkout, invitation, sign-up, reset, sign-in code, handoff, Basic and bearer leaves no secret in the log', async () => {
  const secrets = new Map<string, string>();
  const keep = (what: string, value: string | null | undefined) => {
    expect([what, value]).toEqual([what, expect.stringMatching(/\S{6,}/)]);
    secrets.set(what, value!);
  };

  // A paid checkout: its page token `t`, then the handoff code on the way back.
  const j = await givenJourney(app);
  const { checkoutUrl } = await j.visitorBuys(`${uniqueId('buyer')}@example.com`);
  keep('checkout page token t', new URL(checkoutUrl).searchParams.get('t'));
  expect((await app.http.get(pagePath(checkoutUrl, '/receipt'))).status).toBe(200);
  const { location } = await j.continueFrom(checkoutUrl);
  const handoff = codeOf(location);
  keep('handoff code', handoff);
  const redeemed = await j.handoff(handoff!);
  expect(redeemed.status).toBe(200);
  const sessionCookie = (redeemed.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('kiosk_session='))!.split(';')[0];
  keep('session cookie', sessionCookie.split('=')[1]);
  expect((await app.http.get('/auth/userinfo').set({ cookie: sessionCookie })).status).toBe(200);
  // The handoff code again, in the query of a page load of the site's return address (as a browser might send it here).
  await app.http.get(`/demo/?checkoutId=x&kiosk_handoff=${handoff}`);

  // An API secret in HTTP Basic at the token endpoint, and the bearer token it gives, used.
  const key = await j.apiKey('full');
  keep('API client secret', key.clientSecret);
  const basic = `Basic ${Buffer.from(`${encodeURIComponent(key.clientId)}:${encodeURIComponent(key.clientSecret)}`).toString('base64')}`;
  const token = await app.http.post(j.tokenPath).set({ authorization: basic }).type('form').send({ grant_type: 'client_credentials', audience: 'urn:service' });
  expect(token.status).toBe(200);
  keep('Basic credentials', basic.slice('Basic '.length));
  keep('bearer token', token.body.access_token);
  expect((await app.http.get('/management/products').set(bearer(token.body.access_token))).status).toBe(200);
  // A secret in the form body too (client_secret_post), and a wrong one.
  expect((await j.exchange(key)).status).toBe(200);
  expect((await j.exchange({ clientId: key.clientId, clientSecret: 'WRONG-SECRET-GUESS-1234' })).status).toBe(401);
  keep('wrong secret', 'WRONG-SECRET-GUESS-1234');

  // A staff invitation, opened.
  const invitee = `${uniqueId('invitee')}@example.com`;
  expect((await app.http.post('/management/team/invitations').set(bearer(j.staffToken)).send({ email: invitee, role: 'viewer' })).status).toBe(201);
  const invitation = new URL(/(http\S+\/auth\/invitations\/\S+)/.exec(await lastMail(invitee))![1]);
  keep('invitation token', invitation.pathname.split('/').pop());
  expect((await app.http.get(invitation.pathname).set('Accept', 'text/html')).status).toBe(303);

  // A sign-up with its confirmation link, a password reset link, a sign-in code: through the sign-in pages.
  const site = 'https://reader.example.com';
  const client = await app.runtime.container.get(RegisterBrowserClient).execute({ vendorId: j.vendorId, name: 'Reader site', redirectUris: [`${site}/after`] });
  const email = `${uniqueId('reader')}@example.com`;
  const password = 'correct horse battery staple';
  keep('password', password);
  const begin = async () => {
    const jar = new CookieJar();
    const page = await jar.follow(`${app.baseUrl}/auth/${client.clientId}/login?return_to=${encodeURIComponent(`${site}/article`)}`);
    expect(page.response.status).toBe(200);
    return { jar, url: page.url };
  };
  const up = await begin();
  expect((await post(up.jar, `${up.url}/signup`, { email, password })).status).toBe(200);
  const confirm = /(http\S+\/confirm\?token=\S+)/.exec(await lastMail(email))![1];
  keep('sign-up confirmation token', new URL(confirm).searchParams.get('token'));
  expect((await up.jar.fetch(confirm)).status).toBe(200);
  expect((await up.jar.fetch(confirm, { method: 'POST', headers: FORM, body: '' })).status).toBe(303);

  const wrong = await begin();
  expect((await post(wrong.jar, `${wrong.url}/login`, { email, password: 'a wrong password guess' })).status).toBe(401);
  keep('wrong password', 'a wrong password guess');

  const forgot = await begin();
  expect((await post(forgot.jar, `${forgot.url}/forgot`, { email })).status).toBe(200);
  const reset = /(http\S+\/oidc\/reset\/\S+\?token=\S+)/.exec(await lastMail(email))![1];
  keep('password reset token', new URL(reset).searchParams.get('token'));
  const resetPage = await forgot.jar.fetch(reset);
  expect(resetPage.status).toBe(200);
  const newPassword = 'another horse battery staple';
  keep('new password', newPassword);
  await forgot.jar.fetch(reset, { method: 'POST', headers: FORM, body: new URLSearchParams({ password: newPassword }).toString() });

  const coded = await begin();
  const asked = await post(coded.jar, `${coded.url}/code`, { email });
  expect(asked.status).toBe(200);
  const challenge = /name="challenge" value="([^"]+)"/.exec(await asked.text())![1];
  keep('sign-in challenge', challenge);
  const mail = await lastMail(email);
  const code = /^\s+(\d{6})$/m.exec(mail)![1];
  keep('sign-in code', code);
  for (const link of mail.match(/https?:\/\/\S+/g) ?? []) {
    for (const [name, value] of new URL(link).searchParams) if (value.length >= 16 && name !== 'client_id') keep(`sign-in link ${name}`, value);
  }
  const signedIn = await post(coded.jar, `${coded.url}/code/verify`, { challenge, code });
  expect(signedIn.status).toBe(303);
  const back = await coded.jar.follow(new URL(signedIn.headers.get('location')!, coded.url).href, (u) => u.startsWith(site));
  expect(back.url).toBe(`${site}/article`);

  // Every line was written; none holds a secret (a 6-digit code counts only standing alone).
  const log = lines.join('');
  expect(log).toContain('"url":"/checkout/');
  expect(log).toContain('/auth/invitations/[redacted]');
  const leaks = [...secrets].filter(([, value]) => (/^\d+$/.test(value) ? new RegExp(`(^|\\D)${value}(\\D|$)`).test(log) : log.includes(value)));
  const where = leaks.map(([what, value]) => `${what}: ${lines.find((line) => line.includes(value))?.slice(0, 400)}`);
  expect(where).toEqual([]);
});
