import { givenVendor, startTestApp, TestApp } from '../support/harness';
import { expectProblem, publicClient } from './public-client';
import { givenReader } from './reader-support';

// Compatibility routes GET/PATCH /profile/{userId} (issue 31): the public client's paths, with its exact request
// shape, answered as GET/PATCH /profile; any id but the reader's own is a 404 that reveals nothing.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe('GET /profile/{userId}', () => {
  it("answers the reader's own id exactly as GET /profile does", async () => {
    const v = await givenVendor(app);
    const r = await givenReader(app, v.vendorId, { firstName: 'Ada', lastName: 'Lovelace' });
    const client = publicClient(app, r.auth);
    const alias = await client.get(`/profile/${r.userId}`);
    expect(alias.status).toBe(200);
    expect(alias.headers['content-type']).toMatch(/^application\/json/);
    const canonical = await client.get('/profile');
    expect(alias.body).toEqual(canonical.body);
    expect(alias.body).toMatchObject({ userId: r.userId, sub: r.userId, firstName: 'Ada', lastName: 'Lovelace' });
  });

  it("answers 404 problem+json for another reader's id, another vendor's reader, and ids that exist nowhere", async () => {
    const v = await givenVendor(app);
    const w = await givenVendor(app);
    const r = await givenReader(app, v.vendorId);
    const neighbour = await givenReader(app, v.vendorId);
    const elsewhere = await givenReader(app, w.vendorId);
    const client = publicClient(app, r.auth);
    const answers = [];
    for (const id of [neighbour.userId, elsewhere.userId, 'no-such-user', r.userId.toUpperCase(), `${r.userId}x`, 'x'.repeat(2000)]) {
      const res = await client.get(`/profile/${id}`);
      expectProblem(res, 404);
      answers.push({ code: res.body.code, detail: res.body.detail });
    }
    // The same answer whoever the id names: nothing tells a reader apart from no reader.
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]).toEqual({ code: 'PROFILE.NOT_FOUND', detail: 'no such profile' });
  });

  it('has the credentials of GET /profile: none 401, a vendor API token 403', async () => {
    const v = await givenVendor(app);
    const r = await givenReader(app, v.vendorId);
    expectProblem(await publicClient(app).get(`/profile/${r.userId}`), 401);
    const token = await v.apiToken('full');
    const res = await publicClient(app, { Authorization: `Bearer ${token}` }).get(`/profile/${r.userId}`);
    expectProblem(res, 403);
    expect(res.body.code).toBe('AUTH.READER_ONLY');
  });

  it('refuses hostile ids with 4xx problem+json, never 500', async () => {
    const v = await givenVendor(app);
    const r = await givenReader(app, v.vendorId);
    const client = publicClient(app, r.auth);
    for (const id of ['%00', `${r.userId}%00`, '%FF%FE', '..%2F..%2Fprofile', "'%20OR%201=1--", '%3Cscript%3E']) {
      expectProblem(await client.get(`/profile/${id}`));
      expectProblem(await client.patch(`/profile/${id}`, { firstName: 'Eve' }));
    }
  });
});

describe('PATCH /profile/{userId}', () => {
  it('changes the profile as PATCH /profile does; GET /profile reads the change back, and the other way round', async () => {
    const v = await givenVendor(app);
    const r = await givenReader(app, v.vendorId);
    const client = publicClient(app, r.auth);
    app.clock.advance(1000);
    const res = await client.patch(`/profile/${r.userId}`, {
      firstName: 'Grace',
      lastName: 'Hopper',
      deliveryAddress: { country: 'se', city: 'Stockholm' },
      user_metadata: { theme: 'dark' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      userId: r.userId,
      firstName: 'Grace',
      lastName: 'Hopper',
      name: 'Grace Hopper',
      deliveryAddress: { country: 'SE', city: 'Stockholm' },
      user_metadata: { theme: 'dark' },
    });
    const canonical = await client.get('/profile');
    expect(canonical.body).toEqual(res.body);

    const back = await client.patch('/profile', { nickname: 'amazing', user_metadata: { theme: null } });
    expect(back.status).toBe(200);
    const alias = await client.get(`/profile/${r.userId}`);
    expect(alias.body).toEqual(back.body);
    expect(alias.body).toMatchObject({ nickname: 'amazing', firstName: 'Grace', user_metadata: {} });
  });

  it("never changes another reader's profile: 404, and their profile is as it was", async () => {
    const v = await givenVendor(app);
    const r = await givenReader(app, v.vendorId);
    const victim = await givenReader(app, v.vendorId, { firstName: 'Victor' });
    const before = (await publicClient(app, victim.auth).get('/profile')).body;
    const res = await publicClient(app, r.auth).patch(`/profile/${victim.userId}`, { firstName: 'Mallory' });
    expectProblem(res, 404);
    expect(res.body.code).toBe('PROFILE.NOT_FOUND');
    expect((await publicClient(app, victim.auth).get('/profile')).body).toEqual(before);
    expect((await publicClient(app, r.auth).get('/profile')).body.firstName).toBeNull();
  });

  it('applies the rules of PATCH /profile: unknown fields, NUL bytes, huge values and bad JSON are 400 problem+json', async () => {
    const v = await givenVendor(app);
    const r = await givenReader(app, v.vendorId, { firstName: 'Ada' });
    const client = publicClient(app, r.auth);
    const path = `/profile/${r.userId}`;
    for (const body of [
      { firstName: 'Ada', isAdmin: true },
      { firstName: 'A\u0000da' },
      { firstName: 'x'.repeat(100_000) },
      { email: 'eve@example.com' },
      { user_metadata: 'not an object' },
      { billingAddress: { city: 'No country' } },
      [],
    ]) {
      const res = await client.patch(path, body);
      expectProblem(res, 400);
      // The same answer as the canonical route gives.
      const canonical = await client.patch('/profile', body);
      expect({ status: res.status, code: res.body.code }).toEqual({ status: canonical.status, code: canonical.body.code });
    }
    expectProblem(await client.raw('patch', path, '{"firstName":'), 400);
    expectProblem(await client.raw('patch', path, 'x'.repeat(300_000)));
    expect((await client.get('/profile')).body.firstName).toBe('Ada');
  });
});
