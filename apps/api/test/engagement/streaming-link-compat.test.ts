import { GetStreamingLink, SetStreamingLink } from '@kiosk/domain/engagement';
import { givenVendor, startTestApp, TestApp } from '../support/harness';
import { expectProblem, publicClient } from './public-client';
import { givenReader } from './reader-support';

// Compatibility routes GET /profile/spotify-link and POST /profile/unlink-spotify (issue 31): the client's older
// names of /profile/streaming-link and /profile/unlink-streaming, answered the same; /profile/{userId} never takes them.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const link = (vendorId: string, userId: string, linked: boolean) =>
  app.runtime.container.get(SetStreamingLink).execute({ vendorId, userId, linked });

describe('GET /profile/spotify-link', () => {
  it('answers as GET /profile/streaming-link, before and after linking, per reader', async () => {
    const v = await givenVendor(app);
    const r = await givenReader(app, v.vendorId);
    const other = await givenReader(app, v.vendorId);
    const client = publicClient(app, r.auth);
    const res = await client.get('/profile/spotify-link');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ isStreamingLinked: false });
    await link(v.vendorId, r.userId, true);
    expect((await client.get('/profile/spotify-link')).body).toEqual({ isStreamingLinked: true });
    expect((await client.get('/profile/streaming-link')).body).toEqual({ isStreamingLinked: true });
    expect((await publicClient(app, other.auth).get('/profile/spotify-link')).body).toEqual({ isStreamingLinked: false });
  });

  it('needs a reader: none 401, a vendor API token 403', async () => {
    const v = await givenVendor(app);
    expectProblem(await publicClient(app).get('/profile/spotify-link'), 401);
    const token = await v.apiToken('full');
    expectProblem(await publicClient(app, { Authorization: `Bearer ${token}` }).get('/profile/spotify-link'), 403);
    expectProblem(await publicClient(app, { Authorization: 'Bearer not.a.token' }).get('/profile/spotify-link'));
  });
});

describe('POST /profile/unlink-spotify', () => {
  it('unlinks as POST /profile/unlink-streaming does; the canonical route reads the effect back, and the other way round', async () => {
    const v = await givenVendor(app);
    const r = await givenReader(app, v.vendorId);
    const client = publicClient(app, r.auth);
    await link(v.vendorId, r.userId, true);
    const res = await client.post('/profile/unlink-spotify');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect((await client.get('/profile/streaming-link')).body).toEqual({ isStreamingLinked: false });
    expect(await app.runtime.container.get(GetStreamingLink).execute({ vendorId: v.vendorId, userId: r.userId })).toEqual({
      isStreamingLinked: false,
    });
    // Again: still a success.
    expect((await client.post('/profile/unlink-spotify')).body).toEqual({ success: true });

    await link(v.vendorId, r.userId, true);
    expect((await client.post('/profile/unlink-streaming')).body).toEqual({ success: true });
    expect((await client.get('/profile/spotify-link')).body).toEqual({ isStreamingLinked: false });
  });

  it("unlinks only the caller's link", async () => {
    const v = await givenVendor(app);
    const r = await givenReader(app, v.vendorId);
    const other = await givenReader(app, v.vendorId);
    await link(v.vendorId, other.userId, true);
    expect((await publicClient(app, r.auth).post('/profile/unlink-spotify')).body).toEqual({ success: true });
    expect((await publicClient(app, other.auth).get('/profile/spotify-link')).body).toEqual({ isStreamingLinked: true });
    expectProblem(await publicClient(app).post('/profile/unlink-spotify'), 401);
  });

  it('refuses a body it does not take with 4xx problem+json, never 500', async () => {
    const v = await givenVendor(app);
    const r = await givenReader(app, v.vendorId);
    const client = publicClient(app, r.auth);
    for (const body of ['{"userId":"x"', 'x'.repeat(300_000), '"\u0000"']) {
      const res = await client.raw('post', '/profile/unlink-spotify', body);
      expect(res.status).toBeLessThan(500);
      if (res.status >= 400) expectProblem(res);
    }
  });
});

describe('route order', () => {
  it('/profile/{userId} does not take the named /profile paths', async () => {
    const v = await givenVendor(app);
    const r = await givenReader(app, v.vendorId);
    const client = publicClient(app, r.auth);
    expect((await client.get('/profile/streaming-link')).body).toEqual({ isStreamingLinked: false });
    expect((await client.get('/profile/spotify-link')).body).toEqual({ isStreamingLinked: false });
    expect((await client.get(`/profile/${r.userId}`)).body.userId).toBe(r.userId);
    // The named POST paths are not profiles to read; as a GET they are an unknown profile, 404.
    expectProblem(await client.get('/profile/unlink-spotify'), 404);
    expectProblem(await client.patch('/profile/spotify-link', { firstName: 'x' }), 404);
    expect((await client.get('/profile')).body.firstName).toBeNull();
  });
});
