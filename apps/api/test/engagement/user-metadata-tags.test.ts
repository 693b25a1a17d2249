import { givenVendor, onRealPostgres, startTestApp, TestApp } from '../support/harness';
import { givenReader, Reader } from './reader-support';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const put = (r: Reader, key: string, value: string) =>
  app.http.put(`/user-metadata/${encodeURIComponent(key)}`).set(r.auth).set('Content-Type', 'text/plain').send(value);
const addTag = (r: Reader, tag: string) => app.http.post('/tags').set(r.auth).set('Content-Type', 'text/plain').send(tag);

describe('user metadata', () => {
  it('puts, lists, overwrites and deletes; answers {success}', async () => {
    const v = await givenVendor(app);
    const r = await givenReader(app, v.vendorId);
    expect((await app.http.get('/user-metadata').set(r.auth)).body).toEqual({});
    let res = await put(r, 'theme', 'dark');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect((await put(r, 'lang.pref', 'sv – åäö')).body).toEqual({ success: true });
    expect((await put(r, 'theme', 'light')).status).toBe(200);
    res = await app.http.get('/user-metadata').set(r.auth);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ 'lang.pref': 'sv – åäö', theme: 'light' });
    // No body stores an empty string.
    expect((await app.http.put('/user-metadata/empty').set(r.auth)).body).toEqual({ success: true });
    expect((await app.http.get('/user-metadata').set(r.auth)).body.empty).toBe('');
    res = await app.http.delete('/user-metadata/theme').set(r.auth);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect((await app.http.get('/user-metadata').set(r.auth)).body).toEqual({ 'lang.pref': 'sv – åäö', empty: '' });
    // A key the reader does not have: the interface's {success} shape, not 404 (issue 10).
    res = await app.http.delete('/user-metadata/theme').set(r.auth);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect((await app.http.get('/profile').set(r.auth)).body.user_metadata).toEqual({ 'lang.pref': 'sv – åäö', empty: '' });
  });

  it('limits: key pattern and length 400, value over 2048 bytes 413, another media type 415, 51st key 400', async () => {
    const v = await givenVendor(app);
    const r = await givenReader(app, v.vendorId);
    for (const key of ['has space', 'x'.repeat(65), 'ü', 'a/b']) {
      const res = await put(r, key, 'v');
      expect([key, res.status, res.body.code]).toEqual([key, 400, 'USER_METADATA.BAD_KEY']);
    }
    expect((await put(r, 'k'.repeat(64), 'v')).status).toBe(200);
    expect((await put(r, 'big', 'é'.repeat(1024))).status).toBe(200); // 2048 bytes exactly
    const tooBig = await put(r, 'big', 'é'.repeat(1024) + 'x');
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.code).toBe('REQUEST.TOO_LARGE');
    const xml = await app.http.put('/user-metadata/j').set(r.auth).set('Content-Type', 'application/xml').send('<v>x</v>');
    expect([xml.status, xml.body.code]).toEqual([415, 'REQUEST.UNSUPPORTED_MEDIA_TYPE']);
    expect((await app.http.delete(`/user-metadata/${'x'.repeat(65)}`).set(r.auth)).status).toBe(400);
    for (let i = 0; i < 48; i += 1) expect((await put(r, `k${i}`, 'v')).status).toBe(200);
    const over = await put(r, 'one-too-many', 'v');
    expect(over.status).toBe(400);
    expect(over.body.code).toBe('USER_METADATA.TOO_MANY_KEYS');
    expect((await put(r, 'k0', 'overwrite is fine')).status).toBe(200);
    expect(Object.keys((await app.http.get('/user-metadata').set(r.auth)).body)).toHaveLength(50);
    expect((await app.http.get('/user-metadata').set(r.auth)).body.big).toBe('é'.repeat(1024));
  });

  it("is per reader: another reader sees none and cannot delete the caller's keys", async () => {
    const v = await givenVendor(app);
    const a = await givenReader(app, v.vendorId);
    const b = await givenReader(app, v.vendorId);
    await put(a, 'secret', 'a');
    expect((await app.http.get('/user-metadata').set(b.auth)).body).toEqual({});
    const other = await app.http.delete('/user-metadata/secret').set(b.auth);
    expect([other.status, other.body]).toEqual([200, { success: true }]);
    expect((await app.http.get('/user-metadata').set(a.auth)).body).toEqual({ secret: 'a' });
    expect((await app.http.get('/user-metadata')).status).toBe(401);
  });

  (onRealPostgres() ? it : it.skip)('60 parallel puts of new keys store exactly 50 and refuse 10', async () => {
    const v = await givenVendor(app);
    const r = await givenReader(app, v.vendorId);
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => put(r, `p${i}`, 'v')));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(50);
    expect(answers.filter((a) => a.status === 400 && a.body.code === 'USER_METADATA.TOO_MANY_KEYS')).toHaveLength(10);
    expect(Object.keys((await app.http.get('/user-metadata').set(r.auth)).body)).toHaveLength(50);
  });
});

describe('tags', () => {
  it('adds (trimmed, once), lists in order, removes; answers the tag as a JSON string', async () => {
    const v = await givenVendor(app);
    const r = await givenReader(app, v.vendorId);
    expect((await app.http.get('/tags').set(r.auth)).body).toEqual([]);
    let res = await addTag(r, '  sports ');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body).toBe('sports');
    expect((await addTag(r, 'news & politics')).body).toBe('news & politics');
    expect((await addTag(r, 'sports')).body).toBe('sports');
    expect((await app.http.get('/tags').set(r.auth)).body).toEqual(['sports', 'news & politics']);
    res = await app.http.delete(`/tags/${encodeURIComponent('news & politics')}`).set(r.auth);
    expect(res.status).toBe(200);
    expect(res.body).toBe('news & politics');
    expect((await app.http.get('/tags').set(r.auth)).body).toEqual(['sports']);
    // A tag the reader does not have: the interface's shape (the tag), not 404 (issue 10).
    res = await app.http.delete('/tags/absent').set(r.auth);
    expect(res.status).toBe(200);
    expect(res.body).toBe('absent');
    expect((await app.http.get('/profile').set(r.auth)).body.tags).toEqual(['sports']);
  });

  it('limits: empty, too long, control characters or "/" 400; body over 1 KiB 413; another media type 415; 101st tag 400', async () => {
    const v = await givenVendor(app);
    const r = await givenReader(app, v.vendorId);
    for (const tag of ['', '   ', 't'.repeat(65), 'a\u0001b', 'a/b']) {
      const res = await addTag(r, tag);
      expect([tag, res.status, res.body.code]).toEqual([tag, 400, 'TAG.BAD_TAG']);
    }
    expect((await app.http.post('/tags').set(r.auth)).status).toBe(400);
    expect((await addTag(r, 'x'.repeat(1025))).status).toBe(413);
    expect((await app.http.post('/tags').set(r.auth).set('Content-Type', 'application/xml').send('<t/>')).status).toBe(415);
    expect((await addTag(r, 't'.repeat(64))).status).toBe(200);
    for (let i = 1; i < 100; i += 1) expect((await addTag(r, `t${i}`)).status).toBe(200);
    const over = await addTag(r, 'one-too-many');
    expect(over.status).toBe(400);
    expect(over.body.code).toBe('TAG.TOO_MANY');
    expect((await addTag(r, 't1')).status).toBe(200);
    expect((await app.http.get('/tags').set(r.auth)).body).toHaveLength(100);
  });

  it("is per reader: another reader's tags are not listed and cannot be removed", async () => {
    const v = await givenVendor(app);
    const a = await givenReader(app, v.vendorId);
    const b = await givenReader(app, v.vendorId);
    await addTag(a, 'mine');
    expect((await app.http.get('/tags').set(b.auth)).body).toEqual([]);
    const other = await app.http.delete('/tags/mine').set(b.auth);
    expect([other.status, other.body]).toEqual([200, 'mine']);
    expect((await app.http.get('/tags').set(a.auth)).body).toEqual(['mine']);
    expect((await app.http.post('/tags').set('Content-Type', 'text/plain').send('x')).status).toBe(401);
  });

  (onRealPostgres() ? it : it.skip)('120 parallel adds of distinct tags keep exactly 100', async () => {
    const v = await givenVendor(app);
    const r = await givenReader(app, v.vendorId);
    const answers = await Promise.all(Array.from({ length: 120 }, (_, i) => addTag(r, `c${i}`)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(100);
    expect(answers.filter((a) => a.status === 400)).toHaveLength(20);
    expect((await app.http.get('/tags').set(r.auth)).body).toHaveLength(100);
  });
});

describe('text routes take the value as JSON too (issue 10, real clients)', () => {
  const json = (req: ReturnType<typeof app.http.put>, body: string) => req.set('Content-Type', 'application/json').send(body);

  it('PUT /user-metadata/{id}: a JSON string, {"value": ...} or a bare word; text/plain still', async () => {
    const v = await givenVendor(app);
    const r = await givenReader(app, v.vendorId);
    for (const [key, body] of [
      ['string', '"dark"'],
      ['object', '{"value":"dark"}'],
      ['bare', 'dark'],
      ['unicode', '"sv \u2013 \u00e5"'],
    ]) {
      const res = await json(app.http.put(`/user-metadata/${key}`).set(r.auth), body);
      expect([key, res.status, res.body]).toEqual([key, 200, { success: true }]);
    }
    expect((await put(r, 'plain', 'dark')).body).toEqual({ success: true });
    expect((await app.http.get('/user-metadata').set(r.auth)).body).toEqual({
      string: 'dark',
      object: 'dark',
      bare: 'dark',
      unicode: 'sv – å',
      plain: 'dark',
    });
    for (const body of ['{"value":1}', '{"value":"a","other":"b"}', '["dark"]', 'null']) {
      const res = await json(app.http.put('/user-metadata/bad').set(r.auth), body);
      expect([body, res.status, res.body.code]).toEqual([body, 400, 'REQUEST.BAD_TEXT_BODY']);
    }
    const broken = await json(app.http.put('/user-metadata/bad').set(r.auth), '{"value":');
    expect([broken.status, broken.body.code]).toEqual([400, 'REQUEST.MALFORMED_BODY']);
    // The value's own size counts, not its JSON escapes: 2048 bytes fit, one more is 413.
    const full = JSON.stringify({ value: 'é'.repeat(1024) }).replace(/é/g, '\\u00e9');
    expect((await json(app.http.put('/user-metadata/big').set(r.auth), full)).status).toBe(200);
    const over = await json(app.http.put('/user-metadata/big').set(r.auth), JSON.stringify('é'.repeat(1024) + 'x'));
    expect([over.status, over.body.code]).toEqual([413, 'REQUEST.TOO_LARGE']);
    expect((await app.http.get('/user-metadata').set(r.auth)).body.bad).toBeUndefined();
  });

  it('POST /tags: a JSON string, {"tag": ...} or a bare word; the answer is the tag as stored', async () => {
    const v = await givenVendor(app);
    const r = await givenReader(app, v.vendorId);
    const post = (body: string, type = 'application/json') => app.http.post('/tags').set(r.auth).set('Content-Type', type).send(body);
    expect([(await post('"news"')).status, (await post('"news"')).body]).toEqual([200, 'news']);
    expect((await post('{"tag":" sports "}')).body).toBe('sports');
    expect((await post('culture')).body).toBe('culture');
    expect((await post('travel', 'application/json; charset=utf-8')).body).toBe('travel');
    expect((await post('{"tags":"x"}')).status).toBe(400);
    expect((await post('"a/b"')).body.code).toBe('TAG.BAD_TAG');
    expect((await app.http.get('/tags').set(r.auth)).body).toEqual(['news', 'sports', 'culture', 'travel']);
  });

  it('documents the JSON forms in the OpenAPI document', async () => {
    const doc = (await app.http.get('/openapi.json')).body;
    const content = doc.paths['/tags'].post.requestBody.content;
    expect(Object.keys(content)).toEqual(['text/plain', 'application/json']);
    expect(content['application/json'].schema.oneOf[1]).toEqual({
      type: 'object',
      required: ['tag'],
      additionalProperties: false,
      properties: { tag: { type: 'string' } },
    });
    expect(doc.paths['/user-metadata/{id}'].put.requestBody.content['application/json'].schema.oneOf[1].required).toEqual(['value']);
  });
});
