import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ChangeCheckoutSettings } from '@kiosk/domain/checkout';
import { PromoteScriptRelease, ScriptReleaseNotFound } from '@kiosk/domain/scripts';
import { bearer, givenVendor, onRealPostgres, startTestApp, TestApp } from '../support/harness';

let app: TestApp;
const shipped = JSON.parse(readFileSync(join(__dirname, '../../../web/dist/manifest.json'), 'utf8')) as { version: string };
const library = readFileSync(join(__dirname, '../../../web/dist/service-js.js'), 'utf8');

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

/** The bundle's embedded configuration, read back from the script. */
const embeddedConfig = (script: string) => JSON.parse(/window\.__kioskBundleConfig=(.*?);\n/.exec(script)![1]);

describe('the script host (interface 4.6)', () => {
  it('serves the bundle with the vendor configuration, the library and the components, as JavaScript with a strong ETag', async () => {
    const v = await givenVendor(app);
    const res = await app.http.get(`/s/${v.vendorId}/bundle/stable`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=60, must-revalidate');
    expect(res.headers.etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    expect(res.headers['x-kiosk-script-version']).toBe(shipped.version);
    expect(res.text).toContain(library);
    expect(embeddedConfig(res.text)).toMatchObject({ vendorId: v.vendorId, apiUrl: 'http://kiosk.test', version: 0, contentSelectors: {}, transforms: [] });
  });

  it('carries the vendor\'s brand colour (its checkout settings) as theme.color, and a changed colour reaches the next bundle', async () => {
    const v = await givenVendor(app);
    expect(embeddedConfig((await app.http.get(`/s/${v.vendorId}/bundle/stable`)).text).theme).toBeUndefined();
    await app.runtime.container.get(ChangeCheckoutSettings).execute({ vendorId: v.vendorId, change: { color: '#9f1239' } });
    expect(embeddedConfig((await app.http.get(`/s/${v.vendorId}/bundle/stable`)).text).theme).toEqual({ color: '#9f1239' });
    await app.runtime.container.get(ChangeCheckoutSettings).execute({ vendorId: v.vendorId, change: { color: '#14532d' } });
    expect(embeddedConfig((await app.http.get(`/s/${v.vendorId}/bundle/stable`)).text).theme).toEqual({ color: '#14532d' });
  });

  it("carries the vendor's default reader language (checkout settings) as defaultLanguage, once it has one", async () => {
    const v = await givenVendor(app);
    expect(embeddedConfig((await app.http.get(`/s/${v.vendorId}/bundle/stable`)).text).defaultLanguage).toBeUndefined();
    await app.runtime.container.get(ChangeCheckoutSettings).execute({ vendorId: v.vendorId, change: { defaultLanguage: 'sv' } });
    expect(embeddedConfig((await app.http.get(`/s/${v.vendorId}/bundle/stable`)).text).defaultLanguage).toBe('sv');
    await app.runtime.container.get(ChangeCheckoutSettings).execute({ vendorId: v.vendorId, change: { defaultLanguage: null } });
    expect(embeddedConfig((await app.http.get(`/s/${v.vendorId}/bundle/stable`)).text).defaultLanguage).toBeUndefined();
  });

  it('caches an exact version of the library for a year, channels briefly; the library alone carries no vendor configuration', async () => {
    const v = await givenVendor(app);
    const exact = await app.http.get(`/s/${v.vendorId}/service-js/${shipped.version}`);
    expect(exact.status).toBe(200);
    expect(exact.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(exact.text).toBe(library);
    const latest = await app.http.get(`/s/${v.vendorId}/service-components/latest`);
    expect(latest.status).toBe(200);
    expect(latest.headers['cache-control']).toBe('public, max-age=60, must-revalidate');
    expect(latest.text).toContain('service-paywall');
    // A bundle of an exact version still carries configuration that changes: brief, revalidated.
    const bundle = await app.http.get(`/s/${v.vendorId}/bundle/${shipped.version}`);
    expect(bundle.headers['cache-control']).toBe('public, max-age=60, must-revalidate');
  });

  it('answers 304 to a matching If-None-Match (also in a list or weak form), 200 to another', async () => {
    const v = await givenVendor(app);
    const first = await app.http.get(`/s/${v.vendorId}/bundle/latest`);
    const etag = first.headers.etag as string;
    for (const header of [etag, `"other", ${etag}`, `W/${etag}`, '*']) {
      const again = await app.http.get(`/s/${v.vendorId}/bundle/latest`).set('If-None-Match', header);
      expect(again.status).toBe(304);
      expect(again.text ?? '').toBe('');
      expect(again.headers.etag).toBe(etag);
    }
    expect((await app.http.get(`/s/${v.vendorId}/bundle/latest`).set('If-None-Match', '"stale"')).status).toBe(200);
  });

  // supertest decodes what it receives, so a body equal to the library proves the encoding named is the one sent.
  it('compresses by Accept-Encoding: brotli first, then gzip, plain when neither is accepted', async () => {
    const v = await givenVendor(app);
    const raw = (encoding: string) =>
      app.http
        .get(`/s/${v.vendorId}/service-js/latest`)
        .set('Accept-Encoding', encoding)
        .buffer(true)
        .parse((res, done) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => done(null, Buffer.concat(chunks)));
        });
    const br = await raw('gzip, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect((br.body as Buffer).toString()).toBe(library);
    const gz = await raw('gzip, br;q=0');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect((gz.body as Buffer).toString()).toBe(library);
    const plain = await raw('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect((plain.body as Buffer).toString()).toBe(library);
  });

  it('answers 404 problem for an unknown vendor, an unknown version and a tag that is no version', async () => {
    const v = await givenVendor(app);
    for (const path of [`/s/no-such-vendor/bundle/stable`, `/s/${v.vendorId}/bundle/99.0.0`, `/s/${v.vendorId}/service-js/beta`, `/s/${v.vendorId}/service-js/..%2f..%2fetc`]) {
      const res = await app.http.get(path);
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    }
  });

  it('carries a saved configuration change in the next bundle, with a new ETag', async () => {
    const v = await givenVendor(app);
    const token = await v.apiToken('full');
    const before = await app.http.get(`/s/${v.vendorId}/bundle/stable`);
    const saved = await app.http
      .patch('/management/scripts/configuration')
      .set(bearer(token))
      .send({ paywallId: 'metered', contentSelectors: { article: 'article.story' }, transforms: [{ action: 'remove', selector: '.ad' }] });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ vendorId: v.vendorId, version: 1, paywallId: 'metered', clientId: null });
    expect(saved.body.scriptUrls.bundle).toBe(`http://kiosk.test/s/${v.vendorId}/bundle/stable`);
    const after = await app.http.get(`/s/${v.vendorId}/bundle/stable`).set('If-None-Match', before.headers.etag as string);
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(embeddedConfig(after.text)).toMatchObject({
      version: 1,
      paywallId: 'metered',
      contentSelectors: { article: 'article.story' },
      transforms: [{ action: 'remove', selector: '.ad', html: null, position: null, pathPattern: null, entitlement: null, signedIn: null }],
    });
  });

  it('never lets configured text end the script: a </script> in a transform is escaped', async () => {
    const v = await givenVendor(app);
    const token = await v.apiToken('full');
    await app.http
      .patch('/management/scripts/configuration')
      .set(bearer(token))
      .send({ transforms: [{ action: 'insert', selector: 'h1', html: '</script><script>alert(1)</script>' }] })
      .expect(200);
    const bundle = (await app.http.get(`/s/${v.vendorId}/bundle/stable`)).text;
    const config = /window\.__kioskBundleConfig=(.*?);\n/.exec(bundle)![1];
    expect(config).not.toContain('</script>');
    expect(embeddedConfig(bundle).transforms[0].html).toBe('</script><script>alert(1)</script>');
  });
});

describe('the script configuration (management)', () => {
  it('answers the defaults at version 0 until saved, and keeps members left out of a change', async () => {
    const v = await givenVendor(app);
    const token = await v.apiToken('full');
    const first = await app.http.get('/management/scripts/configuration').set(bearer(token));
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      vendorId: v.vendorId,
      version: 0,
      updatedAt: null,
      clientId: null,
      paywallId: null,
      contentSelectors: {},
      transforms: [],
      analytics: { dataLayer: 'dataLayer', pageViews: false, scrollDepth: false, activeTime: false },
      plugins: [],
      scriptUrls: {
        bundle: `http://kiosk.test/s/${v.vendorId}/bundle/stable`,
        serviceJs: `http://kiosk.test/s/${v.vendorId}/service-js/stable`,
        serviceComponents: `http://kiosk.test/s/${v.vendorId}/service-components/stable`,
      },
    });
    await app.http.patch('/management/scripts/configuration').set(bearer(token)).send({ paywallId: 'p1' }).expect(200);
    const second = await app.http.patch('/management/scripts/configuration').set(bearer(token)).send({ analytics: { pageViews: true } });
    expect(second.body).toMatchObject({ version: 2, paywallId: 'p1', analytics: { pageViews: true, dataLayer: 'dataLayer' } });
    expect((await app.http.get('/management/scripts/configuration').set(bearer(token))).body.version).toBe(2);
  });

  it('refuses a stale ifVersion with 409 and changes nothing', async () => {
    const v = await givenVendor(app);
    const token = await v.apiToken('full');
    await app.http.patch('/management/scripts/configuration').set(bearer(token)).send({ paywallId: 'p1' }).expect(200);
    const stale = await app.http.patch('/management/scripts/configuration').set(bearer(token)).send({ paywallId: 'p2', ifVersion: 0 });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('SCRIPTS.STALE_VERSION');
    const kept = await app.http.get('/management/scripts/configuration').set(bearer(token));
    expect(kept.body).toMatchObject({ version: 1, paywallId: 'p1' });
    await app.http.patch('/management/scripts/configuration').set(bearer(token)).send({ paywallId: 'p2', ifVersion: 1 }).expect(200);
  });

  (onRealPostgres() ? it : it.skip)('on PostgreSQL, of 12 changes made at once on the same version exactly one is saved', async () => {
    const v = await givenVendor(app);
    const token = await v.apiToken('full');
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        app.http.patch('/management/scripts/configuration').set(bearer(token)).send({ paywallId: `p-${i}`, ifVersion: 0 }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array(11).fill(409)]);
    const winner = answers.find((a) => a.status === 200)!.body.paywallId;
    expect((await app.http.get('/management/scripts/configuration').set(bearer(token))).body).toMatchObject({ version: 1, paywallId: winner });
  });

  it('refuses invalid settings with every problem listed, and writes nothing', async () => {
    const v = await givenVendor(app);
    const token = await v.apiToken('full');
    const bad = await app.http
      .patch('/management/scripts/configuration')
      .set(bearer(token))
      .send({ plugins: [{ name: 'tracker', url: 'http://insecure.example.com/t.js' }], transforms: [{ action: 'wrap', selector: 'p', html: '<div></div>' }] });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('SCRIPTS.INVALID_SETTINGS');
    expect(bad.body.problems.map((p: { field: string }) => p.field).sort()).toEqual(['plugins[0].url', 'transforms[0].html']);
    const shape = await app.http.patch('/management/scripts/configuration').set(bearer(token)).send({ transforms: [{ action: 'explode', selector: 7 }], extra: 1 });
    expect(shape.status).toBe(400);
    expect((await app.http.get('/management/scripts/configuration').set(bearer(token))).body.version).toBe(0);
  });

  it('needs sites:read to read and sites:write to change', async () => {
    const v = await givenVendor(app);
    const read = await v.apiToken('read');
    expect((await app.http.get('/management/scripts/configuration').set(bearer(read))).status).toBe(200);
    expect((await app.http.patch('/management/scripts/configuration').set(bearer(read)).send({ paywallId: 'x' })).status).toBe(403);
    expect((await app.http.get('/management/scripts/configuration')).status).toBe(401);
  });

  it('lists the releases with the channel each answers to', async () => {
    const v = await givenVendor(app);
    const res = await app.http.get('/management/scripts/releases').set(bearer(await v.apiToken('read')));
    expect(res.status).toBe(200);
    const shippedRelease = res.body.releases.find((r: { version: string }) => r.version === shipped.version);
    expect(shippedRelease).toMatchObject({ version: shipped.version, channels: expect.arrayContaining(['latest']) });
    expect(res.body.latest).toBe(shipped.version);
  });

  it('lets an operator promote a shipped release to stable (never one it does not ship)', async () => {
    const v = await givenVendor(app);
    const promote = app.runtime.container.get(PromoteScriptRelease);
    await expect(promote.execute('99.0.0')).rejects.toBeInstanceOf(ScriptReleaseNotFound);
    await promote.execute(shipped.version);
    const res = await app.http.get('/management/scripts/releases').set(bearer(await v.apiToken('read')));
    expect(res.body.stable).toBe(shipped.version);
    expect(res.body.releases.find((r: { version: string }) => r.version === shipped.version).channels).toEqual(['stable', 'latest']);
    expect((await app.http.get(`/s/${v.vendorId}/service-js/stable`)).headers['x-kiosk-script-version']).toBe(shipped.version);
  });
});
