import { CreateStaffUser, IssueUserToken, RegisterBrowserClient, StaffRole } from '@kiosk/domain/identity';
import { bearer, givenVendor, startTestApp, TestApp, uniqueId } from '../support/harness';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

type Vendor = Awaited<ReturnType<typeof givenVendor>>;

/** A staff member of the vendor with a role, and their provider token. */
async function member(v: Vendor, role: StaffRole, email = `${uniqueId(role)}@${v.vendorId}.example.com`) {
  const c = app.runtime.container;
  const user = await c.get(CreateStaffUser).execute({ vendorId: v.vendorId, email, role });
  const token = (await c.get(IssueUserToken).execute({ vendorId: v.vendorId, userId: user.id })).accessToken;
  return { userId: user.id, email: user.email, token };
}

async function reader(vendorId: string, email: string) {
  const c = app.runtime.container;
  // A plain reader: an account of the vendor without any membership.
  const user = await c.get(CreateStaffUser).execute({ vendorId, email, role: 'viewer' });
  await app.runtime.database.db.query('DELETE FROM staff_memberships WHERE vendor_id = $1 AND user_id = $2', [vendorId, user.id]);
  return { userId: user.id, token: (await c.get(IssueUserToken).execute({ vendorId, userId: user.id })).accessToken };
}

async function lastMailTo(email: string): Promise<string> {
  const [mail] = await app.runtime.database.db.query(
    `SELECT body FROM mail_messages WHERE to_address = $1 ORDER BY created_at DESC, id DESC LIMIT 1`,
    [email],
  );
  return mail.body as string;
}

async function browserSession(vendorId: string, token: string) {
  const client = await app.runtime.container.get(RegisterBrowserClient).execute({
    vendorId,
    name: 'Portal test',
    redirectUris: ['https://site.example/after-login'],
  });
  const res = await app.http.post(`/auth/${client.clientId}/session`).set(bearer(token));
  expect(res.status).toBe(200);
  const cookie = (res.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('kiosk_session='))!.split(';')[0];
  return { clientId: client.clientId, cookie };
}

describe('roles on management routes', () => {
  it('gives each role its scopes: a viewer reads, an editor edits the catalogue, only owners and admins manage keys', async () => {
    const v = await givenVendor(app);
    const viewer = await member(v, 'viewer');
    const editor = await member(v, 'editor');
    const admin = await member(v, 'admin');

    expect((await app.http.get('/management/products').set(bearer(viewer.token))).status).toBe(200);
    const refused = await app.http.post('/management/products').set(bearer(viewer.token)).send({ sku: 'news', title: 'News', productType: 'publication' });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('AUTH.INSUFFICIENT_SCOPE');

    const created = await app.http.post('/management/products').set(bearer(editor.token)).send({ sku: 'news', title: 'News', productType: 'publication' });
    expect(created.status).toBe(201);
    expect((await app.http.get('/management/api-keys').set(bearer(editor.token))).status).toBe(403);
    expect((await app.http.get('/management/team/members').set(bearer(editor.token))).status).toBe(403);

    const key = await app.http.post('/management/api-keys').set(bearer(admin.token)).send({ name: 'by admin' });
    expect(key.status).toBe(201);
    expect((await app.http.get('/management/team/members').set(bearer(admin.token))).status).toBe(403);
    expect((await app.http.post('/management/team/invitations').set(bearer(admin.token)).send({ email: 'x@y.example', role: 'viewer' })).status).toBe(403);
  });

  it('refuses a viewer on every write operation of the management interface (from the OpenAPI document)', async () => {
    const v = await givenVendor(app);
    const viewer = await member(v, 'viewer');
    const doc = (await app.http.get('/openapi.json')).body as {
      paths: Record<string, Record<string, { security?: Record<string, string[]>[]; requestBody?: { content: Record<string, unknown> } }>>;
    };
    const writes: [string, string, string | undefined][] = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      if (!path.startsWith('/management/')) continue;
      for (const [method, op] of Object.entries(ops)) {
        if (!['post', 'put', 'patch', 'delete'].includes(method)) continue;
        writes.push([method, path, op.requestBody ? Object.keys(op.requestBody.content)[0] : undefined]);
      }
    }
    expect(writes.length).toBeGreaterThan(10);
    const allowed: string[] = [];
    for (const [method, path, contentType] of writes) {
      const url = path.replace(/\{(\w+)\}/g, (_m, name: string) => `x-${name}`);
      let req = app.http[method as 'post'](url).set(bearer(viewer.token));
      if (contentType === 'text/plain' || contentType === 'text/csv') req = req.set('Content-Type', contentType).send('a');
      else if (contentType === 'application/x-www-form-urlencoded') req = req.type('form').send({ a: 'b' });
      else if (contentType) req = req.send({});
      const res = await req;
      if (res.status !== 403) allowed.push(`${method.toUpperCase()} ${path} -> ${res.status}`);
    }
    expect(allowed).toEqual([]);
  });

  it('refuses API keys (any preset) on the team and API key routes', async () => {
    const v = await givenVendor(app);
    const full = await v.apiToken('full', ['contracts:write']);
    for (const [method, path] of [
      ['get', '/management/team/members'],
      ['patch', `/management/team/members/${v.staff.id}`],
      ['delete', `/management/team/members/${v.staff.id}`],
      ['post', '/management/team/invitations'],
      ['get', '/management/team/invitations'],
      ['delete', '/management/team/invitations/x'],
      ['get', '/management/api-keys'],
      ['post', '/management/api-keys'],
      ['delete', '/management/api-keys/x'],
    ] as const) {
      const res = await app.http[method](path).set(bearer(full)).send(method === 'get' || method === 'delete' ? undefined : { role: 'viewer', email: 'a@b.example', name: 'k' });
      expect([method, path, res.status]).toEqual([method, path, 403]);
    }
  });

  it('refuses a signed-in reader who is nobody\'s staff', async () => {
    const v = await givenVendor(app);
    const r = await reader(v.vendorId, 'reader@example.com');
    const res = await app.http.get('/management/products').set(bearer(r.token));
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('AUTH.INSUFFICIENT_SCOPE');
    const named = await app.http.get('/management/products').set(bearer(r.token)).set('X-Kiosk-Vendor', v.vendorId);
    expect(named.body.code).toBe('AUTH.NOT_STAFF');
  });
});

describe('tenancy of staff', () => {
  it('shows a staff member of vendor A nothing of vendor B', async () => {
    const a = await givenVendor(app);
    const b = await givenVendor(app);
    await app.http.post('/management/products').set(bearer(b.staffToken)).send({ sku: 'secret', title: 'B only', productType: 'publication' }).expect(201);
    const owner = await member(a, 'owner');

    expect((await app.http.get('/management/products/secret').set(bearer(owner.token))).status).toBe(404);
    const listed = await app.http.get('/management/products').set(bearer(owner.token));
    expect(listed.body).toEqual([]);
    const named = await app.http.get('/management/products').set(bearer(owner.token)).set('X-Kiosk-Vendor', b.vendorId);
    expect(named.status).toBe(403);
    expect(named.body.code).toBe('AUTH.NOT_STAFF');
    const members = await app.http.get('/management/team/members').set(bearer(owner.token));
    expect(members.body.map((m: { email: string }) => m.email).sort()).toEqual([owner.email, a.staff.email].sort());
    expect((await app.http.patch(`/management/team/members/${b.staff.id}`).set(bearer(owner.token)).send({ role: 'viewer' })).status).toBe(404);
    expect((await app.http.delete(`/management/team/members/${b.staff.id}`).set(bearer(owner.token))).status).toBe(404);
    expect((await app.http.get('/management/team/members').set(bearer(b.staffToken))).body).toHaveLength(1);
    expect((await app.http.get('/management/team/members').set(bearer(owner.token)).set('X-Kiosk-Vendor', 'bad vendor!')).status).toBe(400);
  });
});

describe('the team', () => {
  it('lists members, changes roles and removes members, keeping at least one owner (409)', async () => {
    const v = await givenVendor(app);
    const owner = v.staffToken;
    const editor = await member(v, 'editor');

    const listed = await app.http.get('/management/team/members').set(bearer(owner));
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ userId: v.staff.id, role: 'owner', email: v.staff.email }),
        expect.objectContaining({ userId: editor.userId, role: 'editor' }),
      ]),
    );

    const lastOwner = await app.http.patch(`/management/team/members/${v.staff.id}`).set(bearer(owner)).send({ role: 'admin' });
    expect(lastOwner.status).toBe(409);
    expect(lastOwner.body.code).toBe('TEAM.LAST_OWNER');
    expect((await app.http.delete(`/management/team/members/${v.staff.id}`).set(bearer(owner))).status).toBe(409);

    const promoted = await app.http.patch(`/management/team/members/${editor.userId}`).set(bearer(owner)).send({ role: 'owner' });
    expect(promoted.status).toBe(200);
    expect(promoted.body).toMatchObject({ userId: editor.userId, role: 'owner' });
    // Two owners now: the first may step down, and the new owner manages the team.
    expect((await app.http.patch(`/management/team/members/${v.staff.id}`).set(bearer(owner)).send({ role: 'viewer' })).status).toBe(200);
    expect((await app.http.get('/management/team/members').set(bearer(owner))).status).toBe(403);
    expect((await app.http.delete(`/management/team/members/${v.staff.id}`).set(bearer(editor.token))).status).toBe(204);
    expect((await app.http.get('/management/products').set(bearer(owner))).status).toBe(403);
    expect((await app.http.delete(`/management/team/members/${editor.userId}`).set(bearer(editor.token))).status).toBe(409);

    expect((await app.http.patch(`/management/team/members/${editor.userId}`).set(bearer(editor.token)).send({ role: 'boss' })).status).toBe(400);
    expect((await app.http.patch('/management/team/members/nobody').set(bearer(editor.token)).send({ role: 'viewer' })).status).toBe(404);
  });

  it('invites by e-mail; the invitee signs in with that address, follows the link once and joins with the role', async () => {
    const v = await givenVendor(app);
    const email = `${uniqueId('new')}@example.com`;
    const invited = await app.http.post('/management/team/invitations').set(bearer(v.staffToken)).send({ email: email.toUpperCase(), role: 'editor' });
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({ email, role: 'editor', status: 'PENDING', invitedBy: v.staff.id });
    expect(new Date(invited.body.expiresAt).getTime() - new Date(invited.body.createdAt).getTime()).toBe(7 * 86_400_000);
    const listed = await app.http.get('/management/team/invitations').set(bearer(v.staffToken));
    expect(listed.body).toEqual([invited.body]);

    const link = /(http\S+\/auth\/invitations\/(\S+))/.exec(await lastMailTo(email))!;
    const path = new URL(link[1]).pathname;

    // Not signed in: on to sign in at the vendor's client, and back.
    const invitee = await reader(v.vendorId, email);
    const { clientId, cookie } = await browserSession(v.vendorId, invitee.token);
    const anonymous = await app.http.get(path);
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.location).toBe(`/auth/${clientId}/login?return_to=${encodeURIComponent(`http://kiosk.test${path}`)}`);

    // Another person's session: refused with a page.
    const other = await reader(v.vendorId, `${uniqueId('other')}@example.com`);
    const otherSession = await browserSession(v.vendorId, other.token);
    const wrong = await app.http.get(path).set('Cookie', otherSession.cookie);
    expect(wrong.status).toBe(403);
    expect(wrong.text).toContain(email);

    const joined = await app.http.get(path).set('Cookie', cookie);
    expect(joined.status).toBe(303);
    expect(joined.headers.location).toBe(`/portal/?vendor=${v.vendorId}`);
    const members = await app.http.get('/management/team/members').set(bearer(v.staffToken));
    expect(members.body).toEqual(expect.arrayContaining([expect.objectContaining({ userId: invitee.userId, role: 'editor', email })]));
    expect((await app.http.get('/management/team/invitations').set(bearer(v.staffToken))).body).toEqual([]);
    // The editor can edit, not manage the team.
    expect((await app.http.post('/management/products').set(bearer(invitee.token)).send({ sku: 'n', title: 'N', productType: 'publication' })).status).toBe(201);
    expect((await app.http.get('/management/team/members').set(bearer(invitee.token))).status).toBe(403);

    // Used once.
    const again = await app.http.get(path).set('Cookie', cookie);
    expect(again.status).toBe(410);
    expect(again.text).toContain('used already');
    expect((await app.http.get('/auth/invitations/not-a-token')).status).toBe(404);
  });

  it('refuses expired and withdrawn invitations with a clear page', async () => {
    const v = await givenVendor(app);
    const email = `${uniqueId('late')}@example.com`;
    await app.http.post('/management/team/invitations').set(bearer(v.staffToken)).send({ email, role: 'viewer' }).expect(201);
    const path = new URL(/(http\S+\/auth\/invitations\/\S+)/.exec(await lastMailTo(email))![1]).pathname;
    app.clock.advance(7 * 86_400_000 + 1000);
    const owner = await member(v, 'owner');
    const listed = await app.http.get('/management/team/invitations').set(bearer(owner.token));
    expect(listed.body[0].status).toBe('EXPIRED');
    const expired = await app.http.get(path);
    expect(expired.status).toBe(410);
    expect(expired.text).toContain('expired');

    const second = `${uniqueId('gone')}@example.com`;
    const invitation = await app.http.post('/management/team/invitations').set(bearer(owner.token)).send({ email: second, role: 'viewer' });
    const secondPath = new URL(/(http\S+\/auth\/invitations\/\S+)/.exec(await lastMailTo(second))![1]).pathname;
    expect((await app.http.delete(`/management/team/invitations/${invitation.body.id}`).set(bearer(owner.token))).status).toBe(204);
    expect((await app.http.delete(`/management/team/invitations/${invitation.body.id}`).set(bearer(owner.token))).status).toBe(404);
    const withdrawn = await app.http.get(secondPath);
    expect(withdrawn.status).toBe(410);
    expect(withdrawn.text).toContain('withdrawn');

    const other = await givenVendor(app);
    const foreign = await app.http.post('/management/team/invitations').set(bearer(other.staffToken)).send({ email: second, role: 'viewer' });
    expect((await app.http.delete(`/management/team/invitations/${foreign.body.id}`).set(bearer(owner.token))).status).toBe(404);
    for (const body of [{ email: 'nope', role: 'viewer' }, { email: second, role: 'boss' }, { email: second }]) {
      expect((await app.http.post('/management/team/invitations').set(bearer(owner.token)).send(body)).status).toBe(400);
    }
  });

  it('lets a staff member of two vendors choose one with X-Kiosk-Vendor', async () => {
    const a = await givenVendor(app);
    const b = await givenVendor(app);
    await app.http.post('/management/team/invitations').set(bearer(b.staffToken)).send({ email: a.staff.email, role: 'viewer' }).expect(201);
    const path = new URL(/(http\S+\/auth\/invitations\/\S+)/.exec(await lastMailTo(a.staff.email))![1]).pathname;
    const { cookie } = await browserSession(a.vendorId, a.staffToken);
    expect((await app.http.get(path).set('Cookie', cookie)).status).toBe(303);

    const me = await app.http.get('/management/me').set(bearer(a.staffToken));
    expect(me.body.vendors.map((m: { vendorId: string; role: string }) => [m.vendorId, m.role]).sort()).toEqual(
      [
        [a.vendorId, 'owner'],
        [b.vendorId, 'viewer'],
      ].sort(),
    );
    expect(me.body.csrfToken).toBeNull();
    // Without the header: the person's own vendor; with it: the other one, as viewer.
    await app.http.post('/management/products').set(bearer(a.staffToken)).send({ sku: 'mine', title: 'A', productType: 'publication' }).expect(201);
    const inB = await app.http.post('/management/products').set(bearer(a.staffToken)).set('X-Kiosk-Vendor', b.vendorId).send({ sku: 'x', title: 'B', productType: 'publication' });
    expect(inB.status).toBe(403);
    const readB = await app.http.get('/management/products').set(bearer(a.staffToken)).set('X-Kiosk-Vendor', b.vendorId);
    expect(readB.status).toBe(200);
    expect(readB.body.map((p: { sku: string }) => p.sku)).not.toContain('mine');
  });
});

describe('the cookie session on management routes', () => {
  it('reads with the session; writes need the X-CSRF-Token of the session and this origin', async () => {
    const v = await givenVendor(app);
    const { cookie } = await browserSession(v.vendorId, v.staffToken);
    expect((await app.http.get('/management/products').set('Cookie', cookie)).status).toBe(200);
    const me = await app.http.get('/management/me').set('Cookie', cookie);
    expect(me.status).toBe(200);
    const csrf = me.body.csrfToken as string;
    expect(csrf).toMatch(/^[A-Za-z0-9_-]{20,}$/);

    const body = { sku: 'cookie', title: 'Made in the portal', productType: 'publication' };
    const noToken = await app.http.post('/management/products').set('Cookie', cookie).set('Origin', 'http://kiosk.test').send(body);
    expect(noToken.status).toBe(403);
    expect(noToken.body.code).toBe('AUTH.CSRF');
    expect((await app.http.post('/management/products').set('Cookie', cookie).set('X-CSRF-Token', `${csrf}x`).send(body)).status).toBe(403);
    const crossSite = await app.http.post('/management/products').set('Cookie', cookie).set('X-CSRF-Token', csrf).set('Origin', 'https://evil.example').send(body);
    expect(crossSite.status).toBe(403);
    // Reads from another origin (a vendor's site calling with credentials) are refused too, and get no token.
    expect((await app.http.get('/management/products').set('Cookie', cookie).set('Origin', 'https://news.example')).status).toBe(403);
    expect((await app.http.get('/management/me').set('Cookie', cookie).set('Origin', 'https://news.example')).body.csrfToken).toBeNull();
    const made = await app.http.post('/management/products').set('Cookie', cookie).set('X-CSRF-Token', csrf).set('Origin', 'http://kiosk.test').send(body);
    expect(made.status).toBe(201);

    // A reader's session is no staff session; another session's token does not fit.
    const r = await reader(v.vendorId, `${uniqueId('r')}@example.com`);
    const readerSession = await browserSession(v.vendorId, r.token);
    expect((await app.http.get('/management/products').set('Cookie', readerSession.cookie)).status).toBe(403);
    const viewer = await member(v, 'viewer');
    const viewerSession = await browserSession(v.vendorId, viewer.token);
    expect((await app.http.post('/management/products').set('Cookie', viewerSession.cookie).set('X-CSRF-Token', csrf).send(body)).status).toBe(403);
    const viewerCsrf = (await app.http.get('/management/me').set('Cookie', viewerSession.cookie)).body.csrfToken;
    const viewerWrite = await app.http.post('/management/products').set('Cookie', viewerSession.cookie).set('X-CSRF-Token', viewerCsrf).send({ ...body, sku: 'v' });
    expect(viewerWrite.status).toBe(403);
    expect(viewerWrite.body.code).toBe('AUTH.INSUFFICIENT_SCOPE');
    // Without a session or token: 401 as before.
    expect((await app.http.get('/management/products')).status).toBe(401);
  });
});
