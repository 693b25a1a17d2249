import { CreateStaffUser, RegisterBrowserClient, TeamMembers } from '@kiosk/domain/identity';
import { StaffLinkRefused, StaffSignInLinks } from '../../src/identity/browser/staff-sign-in-link';
import { SqlHandoffCodes } from '../../src/identity/handoff-codes';
import { givenVendor, startTestApp, TestApp } from '../support/harness';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ BASE_URL: 'http://kiosk.test' });
});
afterAll(() => app.close());

const ORIGIN = 'http://kiosk.test';
const links = () => app.runtime.container.get(StaffSignInLinks);
const pathOf = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};
const sessionCookieOf = (setCookie: string[] | string | undefined) =>
  ([] as string[]).concat(setCookie ?? []).find((c) => c.startsWith('kiosk_session='))?.split(';')[0];

/** A vendor with a browser client and an owner; the owner's one-time link. */
async function givenOwnerLink() {
  const v = await givenVendor(app);
  const client = await app.runtime.container
    .get(RegisterBrowserClient)
    .execute({ vendorId: v.vendorId, name: 'Site', redirectUris: ['https://site.example/after'] });
  const email = `staff@${v.vendorId}.example.com`;
  const link = await links().mint(v.vendorId, email);
  return { v, client, email, link };
}

describe("a staff member's one-time portal sign-in link (issue 27)", () => {
  it('opens a page with one button that spends nothing; the button signs in to the portal once', async () => {
    const { v, client, link } = await givenOwnerLink();
    expect(link.url).toMatch(new RegExp(`^http://kiosk\\.test/auth/${client.clientId}/staff-link\\?code=[A-Za-z0-9_-]{43}$`));
    expect(link.expiresAt.getTime() - app.clock.now().getTime()).toBe(24 * 3600 * 1000);

    for (let i = 0; i < 2; i += 1) {
      const page = await app.http.get(pathOf(link.url));
      expect(page.status).toBe(200);
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.text).toContain('id="open-portal"');
      expect(page.text).toContain(`Sign in to the Vendor ${v.vendorId} portal`);
    }

    const spent = await app.http.post(pathOf(link.url)).set('Origin', ORIGIN).type('form').send({});
    expect(spent.status).toBe(303);
    expect(spent.headers.location).toBe(`/portal/?vendor=${v.vendorId}`);
    const cookie = sessionCookieOf(spent.headers['set-cookie']);
    expect(cookie).toBeDefined();
    const me = await app.http.get('/management/me').set('Cookie', cookie!);
    expect(me.status).toBe(200);
    expect(JSON.stringify(me.body)).toContain(v.vendorId);
    expect(typeof me.body.csrfToken).toBe('string');

    const again = await app.http.post(pathOf(link.url)).set('Origin', ORIGIN).type('form').send({});
    expect(again.status).toBe(400);
    expect(sessionCookieOf(again.headers['set-cookie'])).toBeUndefined();
    expect(again.text).toContain('This sign-in link has been used or has expired');
    expect(again.text).toContain(`href="/portal/?vendor=${v.vendorId}"`);
  });

  it('speaks the reader-facing language asked for', async () => {
    const { link } = await givenOwnerLink();
    const page = await app.http.get(pathOf(link.url)).set('Accept-Language', 'sv-SE,sv;q=0.9');
    expect(page.text).toContain('Öppna portalen');
    expect(page.text).toContain('lang="sv"');
  });

  it('is refused from another origin, and that refusal spends nothing', async () => {
    const { v, link } = await givenOwnerLink();
    const foreign = await app.http.post(pathOf(link.url)).set('Origin', 'https://evil.example').type('form').send({});
    expect(foreign.status).toBe(403);
    expect(foreign.headers['content-type']).toMatch(/problem\+json/);
    expect(foreign.body.code).toBe('AUTH.ORIGIN_NOT_ALLOWED');
    const crossSite = await app.http.post(pathOf(link.url)).set('Origin', 'null').set('Sec-Fetch-Site', 'cross-site').type('form').send({});
    expect([crossSite.status, crossSite.body.code]).toEqual([403, 'AUTH.ORIGIN_NOT_ALLOWED']);
    const ok = await app.http.post(pathOf(link.url)).set('Origin', ORIGIN).type('form').send({});
    expect([ok.status, ok.headers.location]).toEqual([303, `/portal/?vendor=${v.vendorId}`]);
  });

  it('expires after a day, and stops working for a person who left the team', async () => {
    const { v, link } = await givenOwnerLink();
    app.clock.advance(24 * 3600 * 1000 + 1000);
    const late = await app.http.post(pathOf(link.url)).set('Origin', ORIGIN).type('form').send({});
    expect(late.status).toBe(400);

    const second = await app.runtime.container.get(CreateStaffUser).execute({ vendorId: v.vendorId, email: `editor@${v.vendorId}.example.com`, role: 'editor' });
    const editorLink = await links().mint(v.vendorId, `editor@${v.vendorId}.example.com`);
    await app.runtime.container.get(TeamMembers).remove(v.vendorId, second.id);
    const gone = await app.http.post(pathOf(editorLink.url)).set('Origin', ORIGIN).type('form').send({});
    expect(gone.status).toBe(400);
    expect(sessionCookieOf(gone.headers['set-cookie'])).toBeUndefined();
  });

  it("takes no buyer's handoff code, no malformed code, and no unknown client", async () => {
    const { v, client } = await givenOwnerLink();
    const staff = await app.runtime.container.get(CreateStaffUser).execute({ vendorId: v.vendorId, email: `staff@${v.vendorId}.example.com` });
    const handoff = await new SqlHandoffCodes(app.runtime.database.db).mint(
      { vendorId: v.vendorId, clientId: client.clientId, userId: staff.id, checkoutId: 'chk-1', visitorId: null },
      app.clock.now(),
    );
    const path = `/auth/${client.clientId}/staff-link`;
    for (const query of [`?code=${handoff}`, '?code=short', '?code=%00%00', '']) {
      const res = await app.http.post(`${path}${query}`).set('Origin', ORIGIN).type('form').send({});
      expect([query, res.status, sessionCookieOf(res.headers['set-cookie'])]).toEqual([query, 400, undefined]);
    }
    const unknown = await app.http.post(`/auth/no-such-client/staff-link?code=${handoff}`).set('Origin', ORIGIN).type('form').send({});
    expect(unknown.status).toBe(400);
  });

  it('is made only for a member of the team of a vendor with a browser client', async () => {
    const { v } = await givenOwnerLink();
    await expect(links().mint(v.vendorId, 'reader@example.com')).rejects.toThrow(StaffLinkRefused);
    const bare = await givenVendor(app);
    await expect(links().mint(bare.vendorId, `staff@${bare.vendorId}.example.com`)).rejects.toThrow(/no browser client/);
  });
});
