import { bearer, givenVendor, startTestApp, TestApp } from '../support/harness';
import { givenPaywallVendor } from './support';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const flowFor = (paywallId: string) => ({
  formatVersion: 1,
  start: 'all',
  fallback: 'all',
  nodes: [{ id: 'all', type: 'paywall', label: 'Everyone', paywallId }],
});

describe('paywall version history', () => {
  it('keeps every saved version with who saved it and when, newest first, each whole', async () => {
    const v = await givenPaywallVendor(app);
    const key = await v.apiKey('full');
    const keyToken = (await v.exchange(key)).body.access_token as string;
    const staff = bearer(v.staffToken);

    const created = (await app.http.post('/management/paywalls').set(bearer(keyToken)).send({ name: 'Metered', headline: 'First' }).expect(201)).body;
    app.clock.advance(60_000);
    const second = (await app.http.patch(`/management/paywalls/${created.id}`).set(staff).send({ headline: 'Second' }).expect(200)).body;
    // A change that alters nothing keeps the version and adds none.
    await app.http.patch(`/management/paywalls/${created.id}`).set(staff).send({ headline: 'Second' }).expect(200);
    app.clock.advance(60_000);
    const third = (await app.http.patch(`/management/paywalls/${created.id}`).set(v.write).send({ name: 'Metered, weekly' }).expect(200)).body;
    expect([created.version, second.version, third.version]).toEqual([1, 2, 3]);

    const list = await app.http.get(`/management/paywalls/${created.id}/versions`).set(v.read).expect(200);
    const writeKeyId = list.body[0].savedBy?.id;
    expect(writeKeyId).toMatch(/^apikey_/);
    expect(list.body).toEqual([
      { version: 3, name: 'Metered, weekly', status: 'ACTIVE', savedAt: third.modifiedAt, savedBy: { kind: 'API_KEY', id: writeKeyId } },
      { version: 2, name: 'Metered', status: 'ACTIVE', savedAt: second.modifiedAt, savedBy: { kind: 'STAFF', id: v.staff.id } },
      { version: 1, name: 'Metered', status: 'ACTIVE', savedAt: created.createdAt, savedBy: { kind: 'API_KEY', id: key.clientId } },
    ]);
    expect(new Date(third.modifiedAt).getTime() - new Date(created.createdAt).getTime()).toBe(120_000);

    const one = await app.http.get(`/management/paywalls/${created.id}/versions/1`).set(v.read).expect(200);
    expect(one.body).toEqual({ ...list.body[2], paywall: created });
    expect(one.body.paywall.headline).toBe('First');
    const two = await app.http.get(`/management/paywalls/${created.id}/versions/2`).set(staff).expect(200);
    expect(two.body.paywall).toEqual(second);
    const now = await app.http.get(`/management/paywalls/${created.id}`).set(v.read).expect(200);
    expect((await app.http.get(`/management/paywalls/${created.id}/versions/3`).set(v.read).expect(200)).body.paywall).toEqual(now.body);
  });

  it('pages with limit and offset and refuses bad paging', async () => {
    const v = await givenPaywallVendor(app);
    const p = await v.createPaywall();
    for (const headline of ['b', 'c', 'd', 'e']) await app.http.patch(`/management/paywalls/${p.id}`).set(v.write).send({ headline }).expect(200);
    const page = (q: string) => app.http.get(`/management/paywalls/${p.id}/versions${q}`).set(v.read);
    expect((await page('')).body.map((x: { version: number }) => x.version)).toEqual([5, 4, 3, 2, 1]);
    expect((await page('?limit=2')).body.map((x: { version: number }) => x.version)).toEqual([5, 4]);
    expect((await page('?limit=2&offset=2')).body.map((x: { version: number }) => x.version)).toEqual([3, 2]);
    expect((await page('?limit=2&offset=4')).body.map((x: { version: number }) => x.version)).toEqual([1]);
    expect((await page('?offset=9')).body).toEqual([]);
    for (const bad of ['?limit=0', '?limit=501', '?limit=x', '?offset=-1', '?sort=version']) {
      const res = await page(bad);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('REQUEST.INVALID');
    }
  });

  it('needs sites:read, and shows another vendor nothing', async () => {
    const v = await givenPaywallVendor(app);
    const p = await v.createPaywall();
    const other = await givenPaywallVendor(app);
    const noScope = bearer(await v.apiToken('read', [], 'products:read'));
    for (const path of [`/management/paywalls/${p.id}/versions`, `/management/paywalls/${p.id}/versions/1`]) {
      const refused = await app.http.get(path).set(noScope);
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('AUTH.INSUFFICIENT_SCOPE');
      expect((await app.http.get(path)).status).toBe(401);
      const hidden = await app.http.get(path).set(other.read);
      expect(hidden.status).toBe(404);
      expect(hidden.body.code).toBe('PAYWALL.NOT_FOUND');
    }
    expect((await app.http.post(`/management/paywalls/${p.id}/versions/1/restore`).set(v.read)).status).toBe(403);
    expect((await app.http.post(`/management/paywalls/${p.id}/versions/1/restore`).set(other.write)).status).toBe(404);
    expect((await app.http.get(`/management/paywalls/nope/versions`).set(v.read)).status).toBe(404);
  });

  it('answers 400 for a version that is not a number and 404 for one never saved', async () => {
    const v = await givenPaywallVendor(app);
    const p = await v.createPaywall();
    for (const bad of ['x', '-1', '1.5', '1e3', '9999999999']) {
      const res = await app.http.get(`/management/paywalls/${p.id}/versions/${bad}`).set(v.read);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'REQUEST.INVALID', errors: [{ field: 'version' }] });
    }
    for (const missing of ['0', '2', '999999999']) {
      const res = await app.http.get(`/management/paywalls/${p.id}/versions/${missing}`).set(v.read);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('PAYWALL.VERSION_NOT_FOUND');
    }
  });

  it('keeps the retirement as a version; restore saves old content as a new version and refuses on an archived paywall', async () => {
    const v = await givenPaywallVendor(app);
    const p = await v.createPaywall({ headline: 'Old' });
    await app.http.patch(`/management/paywalls/${p.id}`).set(v.write).send({ headline: 'New', name: 'Renamed' }).expect(200);
    const restored = await app.http.post(`/management/paywalls/${p.id}/versions/1/restore`).set(bearer(v.staffToken)).expect(200);
    expect(restored.body).toMatchObject({ version: 3, headline: 'Old', name: 'Main paywall', status: 'ACTIVE' });
    // Restoring what the paywall already is changes nothing.
    expect((await app.http.post(`/management/paywalls/${p.id}/versions/3/restore`).set(v.write).expect(200)).body.version).toBe(3);
    expect((await app.http.get(`/paywalls/${p.id}`).set(v.visitor()).expect(200)).body.headline).toBe('Old');

    const retired = await app.http.post(`/management/paywalls/${p.id}/retire`).set(v.write).expect(200);
    await app.http.post(`/management/paywalls/${p.id}/retire`).set(v.write).expect(200);
    const list = (await app.http.get(`/management/paywalls/${p.id}/versions`).set(v.read).expect(200)).body;
    expect(list.map((x: { version: number; status: string }) => [x.version, x.status])).toEqual([
      [4, 'ARCHIVED'],
      [3, 'ACTIVE'],
      [2, 'ACTIVE'],
      [1, 'ACTIVE'],
    ]);
    expect(list[0].savedAt).toBe(retired.body.modifiedAt);
    expect((await app.http.get(`/management/paywalls/${p.id}/versions/4`).set(v.read).expect(200)).body.paywall).toEqual(retired.body);
    const refused = await app.http.post(`/management/paywalls/${p.id}/versions/1/restore`).set(v.write);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('PAYWALL.ARCHIVED');
    expect((await app.http.get(`/management/paywalls/${p.id}/versions`).set(v.read)).body).toHaveLength(4);
  });
});

describe('strategy version history', () => {
  it('keeps create, change and retire; lists newest first; shows one whole; restores; tenancy and scopes', async () => {
    const v = await givenPaywallVendor(app);
    const p = await v.createPaywall();
    const staff = bearer(v.staffToken);
    const created = (await app.http.post('/management/paywall-strategies').set(staff).send({ name: 'Everyone', flow: flowFor(p.id) }).expect(201)).body;
    app.clock.advance(1_000);
    const changed = (await app.http.patch(`/management/paywall-strategies/${created.id}`).set(v.write).send({ name: 'Everyone, v2', target: 'articles' }).expect(200)).body;
    const list = await app.http.get(`/management/paywall-strategies/${created.id}/versions`).set(v.read).expect(200);
    expect(list.body).toEqual([
      { version: 2, name: 'Everyone, v2', status: 'ACTIVE', fingerprint: created.fingerprint, savedAt: changed.modifiedAt, savedBy: { kind: 'API_KEY', id: expect.stringMatching(/^apikey_/) } },
      { version: 1, name: 'Everyone', status: 'ACTIVE', fingerprint: created.fingerprint, savedAt: created.createdAt, savedBy: { kind: 'STAFF', id: v.staff.id } },
    ]);
    expect((await app.http.get(`/management/paywall-strategies/${created.id}/versions?limit=1&offset=1`).set(v.read)).body.map((x: { version: number }) => x.version)).toEqual([1]);
    const one = await app.http.get(`/management/paywall-strategies/${created.id}/versions/1`).set(v.read).expect(200);
    expect(one.body).toEqual({ ...list.body[1], strategy: created });

    const restored = await app.http.post(`/management/paywall-strategies/${created.id}/versions/1/restore`).set(v.write).expect(200);
    expect(restored.body).toMatchObject({ version: 3, name: 'Everyone', target: '', flow: created.flow });
    const retired = await app.http.post(`/management/paywall-strategies/${created.id}/retire`).set(v.write).expect(200);
    const after = (await app.http.get(`/management/paywall-strategies/${created.id}/versions`).set(v.read)).body;
    expect(after.map((x: { version: number; status: string }) => [x.version, x.status])).toEqual([
      [4, 'ARCHIVED'],
      [3, 'ACTIVE'],
      [2, 'ACTIVE'],
      [1, 'ACTIVE'],
    ]);
    expect(after[0].savedAt).toBe(retired.body.modifiedAt);

    const other = await givenVendor(app);
    const otherRead = bearer(await other.apiToken('read'));
    expect((await app.http.get(`/management/paywall-strategies/${created.id}/versions`).set(otherRead)).body.code).toBe('STRATEGY.NOT_FOUND');
    expect((await app.http.get(`/management/paywall-strategies/${created.id}/versions/1`).set(otherRead)).status).toBe(404);
    const noScope = bearer(await v.apiToken('read', [], 'products:read'));
    expect((await app.http.get(`/management/paywall-strategies/${created.id}/versions`).set(noScope)).status).toBe(403);
    expect((await app.http.get(`/management/paywall-strategies/${created.id}/versions/abc`).set(v.read)).status).toBe(400);
    const missing = await app.http.get(`/management/paywall-strategies/${created.id}/versions/5`).set(v.read);
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('STRATEGY.VERSION_NOT_FOUND');
  });
});
