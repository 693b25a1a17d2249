import { RegisterBrowserClient } from '@kiosk/domain/identity';
import { givenVendor, startListeningApp } from '../support/harness';
import { CookieJar } from './cookie-jar';

// Set-up shared by the browser sign-in tests (browser-sign-in-sessions, browser-sign-in-errors-and-accounts).

export type ListeningApp = Awaited<ReturnType<typeof startListeningApp>>;

export const SITE = 'https://news.example.com';

/** A vendor with a browser client for its site, which comes back to `${SITE}/after-login`. */
export async function givenSite(app: ListeningApp) {
  const v = await givenVendor(app);
  const client = await app.runtime.container.get(RegisterBrowserClient).execute({
    vendorId: v.vendorId,
    name: 'News site',
    redirectUris: [`${SITE}/after-login`],
    accessSyncUrl: 'https://sync.example.com/callback',
  });
  return { ...v, clientId: client.clientId };
}

/** Signs up (or in) through the whole code flow; answers where the browser lands. */
export async function signUpThroughLogin(app: ListeningApp, jar: CookieJar, clientId: string, email: string, password: string, returnTo = `${SITE}/article/1`) {
  const start = await jar.follow(`${app.baseUrl}/auth/${clientId}/login?return_to=${encodeURIComponent(returnTo)}`);
  expect(start.response.status).toBe(200);
  expect(await start.response.text()).toContain('Sign in');
  const signUpUrl = new URL(`${start.url}/signup`);
  const asked = await jar.fetch(signUpUrl.href, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, password }).toString(),
  });
  expect(asked.status).toBe(200);
  expect(await asked.text()).toContain('Check your e-mail');
  const created = await confirmByMail(app, jar, email);
  expect(created.status).toBe(303);
  return jar.follow(new URL(created.headers.get('location')!, signUpUrl).href, (url) => url.startsWith(SITE));
}

/** The newest mail to `email` (any vendor). */
export async function lastMail(app: ListeningApp, email: string): Promise<{ subject: string; body: string }> {
  const [mail] = await app.runtime.database.db.query(
    `SELECT subject, body FROM mail_messages WHERE to_address = $1 ORDER BY created_at DESC, id DESC LIMIT 1`,
    [email],
  );
  return mail;
}

/** Opens the sign-up link of the newest mail to `email` in `jar`'s browser and presses its button. */
export async function confirmByMail(app: ListeningApp, jar: CookieJar, email: string): Promise<Response> {
  const mail = await lastMail(app, email);
  const link = /(http\S+\/oidc\/interaction\/\S+\/confirm\?token=\S+)/.exec(mail.body)![1];
  const page = await jar.fetch(link);
  expect(page.status).toBe(200);
  return jar.fetch(link, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' });
}
