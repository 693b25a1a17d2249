import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { bearer, startTestApp, TestApp } from '../support/harness';
import { givenContractVendor } from '../contracts/support';

// Issue 10, "Bad input": every one of these is a 4xx problem answer decided
// at the edge (or by validation), and nothing is written.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const PROBLEM = /^application\/problem\+json/;

function expectProblem(res: { status: number; headers: Record<string, string>; body: Record<string, unknown> }, status: number, code: string) {
  expect({ status: res.status, code: res.body.code }).toEqual({ status, code });
  expect(res.headers['content-type']).toMatch(PROBLEM);
  expect(res.body).toMatchObject({ status, code, type: `urn:kiosk:problem:${code.toLowerCase()}`, requestId: expect.any(String) });
}

const countUsers = async (vendorId: string) =>
  Number((await app.runtime.database.db.query('SELECT count(*) AS n FROM users WHERE vendor_id = $1', [vendorId]))[0].n);
const countProducts = async (vendorId: string) =>
  Number((await app.runtime.database.db.query('SELECT count(*) AS n FROM products WHERE vendor_id = $1', [vendorId]))[0].n);

describe('broken percent-encoding in the path', () => {
  it.each(['%ff', '%uD800', '%E0%A4%A', '%ED%A0%80', '%'])('answers 400 REQUEST.MALFORMED_PATH for %s', async (bad) => {
    const res = await app.http.get(`/capsule/vendors/${bad}/.well-known/jwks.json`);
    expectProblem(res, 400, 'REQUEST.MALFORMED_PATH');
  });

  it('does the same on a bearer route before anything else', async () => {
    const v = await givenContractVendor(app);
    const res = await app.http.get('/management/contracts/%ff').set(bearer(v.read));
    expectProblem(res, 400, 'REQUEST.MALFORMED_PATH');
  });
});

describe('a body that does not decode as its Content-Encoding says', () => {
  it.each(['gzip', 'deflate', 'br'])('answers 400 REQUEST.BAD_CONTENT_ENCODING for %s and creates nothing', async (encoding) => {
    const v = await givenContractVendor(app);
    const token = await v.apiToken('full');
    const before = await countProducts(v.vendorId);
    const res = await app.http
      .post('/management/products')
      .set(bearer(token))
      .set('Content-Type', 'application/json')
      .set('Content-Encoding', encoding)
      .serialize((raw) => raw)
      .send(Buffer.from('{"sku":"not-compressed","title":"x","productType":"article"}'));
    expectProblem(res, 400, 'REQUEST.BAD_CONTENT_ENCODING');
    expect(await countProducts(v.vendorId)).toBe(before);
  });

  it('decodes a body that is what it says it is, and refuses an encoding it does not know with 415', async () => {
    const v = await givenContractVendor(app);
    const token = await v.apiToken('full');
    const body = (sku: string) => Buffer.from(JSON.stringify({ sku, title: 'Compressed', productType: 'article' }));
    for (const [encoding, pack] of [['gzip', gzipSync], ['deflate', deflateSync], ['br', brotliCompressSync]] as const) {
      const res = await app.http
        .post('/management/products')
        .set(bearer(token))
        .set('Content-Type', 'application/json')
        .set('Content-Encoding', encoding)
        .serialize((raw) => raw) // superagent would JSON-encode a Buffer
        .send(pack(body(`zipped-${encoding}`)));
      expect([res.status, res.body]).toEqual([201, expect.objectContaining({ sku: `zipped-${encoding}` })]);
    }
    const unknown = await app.http
      .post('/management/products')
      .set(bearer(token))
      .set('Content-Type', 'application/json')
      .set('Content-Encoding', 'compress')
      .serialize((raw) => raw)
      .send(body('never'));
    expectProblem(unknown, 415, 'REQUEST.UNSUPPORTED_ENCODING');
  });
});

describe('NUL characters and lone surrogates', () => {
  it('refuses a NUL in a path id, a query value and a query name (400 REQUEST.NUL_CHARACTER)', async () => {
    const v = await givenContractVendor(app);
    expectProblem(await app.http.get('/management/contracts/a%00b').set(bearer(v.read)), 400, 'REQUEST.NUL_CHARACTER');
    expectProblem(await app.http.get('/management/contracts?userId=u%00').set(bearer(v.read)), 400, 'REQUEST.NUL_CHARACTER');
    expectProblem(await app.http.get('/management/contracts?u%00=1').set(bearer(v.read)), 400, 'REQUEST.NUL_CHARACTER');
    // Before authentication, on routes that have none, and on the mounted OpenID provider.
    expectProblem(await app.http.get('/management/contracts/%00'), 400, 'REQUEST.NUL_CHARACTER');
    expectProblem(await app.http.get('/oidc/.well-known/openid-configuration?x=%00'), 400, 'REQUEST.NUL_CHARACTER');
  });

  it('refuses a NUL in JSON strings and keys, at any depth, and writes nothing', async () => {
    const v = await givenContractVendor(app);
    const token = await v.apiToken('full');
    const before = await countProducts(v.vendorId);
    for (const raw of [
      '{"sku":"nul-1","title":"a\\u0000b","productType":"article"}',
      '{"sku":"nul-2","title":"ok","productType":"article","\\u0000":1}',
      '{"sku":"nul-3","title":"ok","productType":"article","x":[{"y":["\\u0000"]}]}',
    ]) {
      const res = await app.http.post('/management/products').set(bearer(token)).set('Content-Type', 'application/json').send(raw);
      expectProblem(res, 400, 'REQUEST.NUL_CHARACTER');
    }
    expect(await countProducts(v.vendorId)).toBe(before);
  });

  it('refuses a lone surrogate in JSON (400 REQUEST.LONE_SURROGATE) but takes a proper pair', async () => {
    const v = await givenContractVendor(app);
    const token = await v.apiToken('full');
    for (const title of ['\\ud800', 'x\\udfffy', '\\udc00\\ud800']) {
      const res = await app.http
        .post('/management/products')
        .set(bearer(token))
        .set('Content-Type', 'application/json')
        .send(`{"sku":"sur","title":"${title}","productType":"article"}`);
      expectProblem(res, 400, 'REQUEST.LONE_SURROGATE');
    }
    const pair = await app.http
      .post('/management/products')
      .set(bearer(token))
      .set('Content-Type', 'application/json')
      .send('{"sku":"pair","title":"\\ud83d\\ude00","productType":"article"}');
    expect(pair.status).toBe(201);
    expect(pair.body.title).toBe('\u{1F600}');
  });

  it('refuses a NUL in a text/plain body and in a form field', async () => {
    const v = await givenContractVendor(app);
    const text = await app.http.post('/tags').set(bearer(v.staffToken)).set('Content-Type', 'text/plain').send('a\u0000b');
    expectProblem(text, 400, 'REQUEST.NUL_CHARACTER');
    const form = await app.http.post('/oidc/interaction/some-uid/login').type('form').send('email=a%00b%40example.com&password=x');
    expectProblem(form, 400, 'REQUEST.NUL_CHARACTER');
  });

  it('answers what the edge refuses on the token endpoint as RFC 6749 errors, not problems', async () => {
    const v = await givenContractVendor(app);
    const nul = await app.http
      .post(v.tokenPath)
      .type('form')
      .send('grant_type=client_credentials&client_id=a%00b&client_secret=x&audience=urn%3Aservice');
    expect([nul.status, nul.headers['content-type'], nul.body]).toEqual([
      400,
      expect.stringMatching(/^application\/json/),
      { error: 'invalid_request', error_description: expect.stringContaining('NUL') },
    ]);
    const gzip = await app.http.post(v.tokenPath).type('form').set('Content-Encoding', 'gzip').send('grant_type=client_credentials');
    expect([gzip.status, gzip.body.error]).toEqual([400, 'invalid_request']);
    const unparsable = await app.http.post(v.tokenPath).type('form').send('a=%&b=%zz');
    expect(unparsable.status).toBeLessThan(500);
    expect(unparsable.body.error).toBeDefined();
  });
});

describe('the validation layer decides missing nested objects, null and odd numbers', () => {
  it.each(['user', 'payment'])('refuses a contract without %s with 400 REQUEST.INVALID naming it, creating no user', async (field) => {
    const v = await givenContractVendor(app);
    const order: Record<string, unknown> = v.order();
    delete order[field];
    const before = await countUsers(v.vendorId);
    const res = await v.create(order);
    expectProblem(res, 400, 'REQUEST.INVALID');
    expect(res.body.errors).toEqual([{ field, messages: [`${field} is required`] }]);
    expect(await countUsers(v.vendorId)).toBe(before);
  });

  it('refuses a discount code without value', async () => {
    const v = await givenContractVendor(app);
    const res = await app.http
      .post('/management/discount-codes')
      .set(bearer(await v.apiToken('full')))
      .send({ code: 'novalue', name: 'No value' });
    expectProblem(res, 400, 'REQUEST.INVALID');
    expect(res.body.errors).toEqual([{ field: 'value', messages: ['value is required'] }]);
  });

  it('refuses an explicit null in an optional field that is not nullable, nested too', async () => {
    const v = await givenContractVendor(app);
    const res = await v.create(v.order({ contractType: null, user: { email: 'n@corp.example', firstName: null } }));
    expectProblem(res, 400, 'REQUEST.INVALID');
    expect(res.body.errors).toEqual([
      { field: 'contractType', messages: ['contractType must not be null; leave it out instead'] },
      { field: 'user.firstName', messages: ['firstName must not be null; leave it out instead'] },
    ]);
  });

  it('still takes null where the interface gives it a meaning (PATCH /profile clears a field)', async () => {
    const v = await givenContractVendor(app);
    const set = await app.http.patch('/profile').set(bearer(v.staffToken)).send({ firstName: 'Ada', billingAddress: { country: 'SE', city: 'Lund' } });
    expect(set.status).toBe(200);
    const cleared = await app.http.patch('/profile').set(bearer(v.staffToken)).send({ firstName: null, billingAddress: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.firstName).toBeNull();
  });

  it.each([
    ['5e-324', 'percentage'],
    ['1e-7', 'percentage'],
    ['1e309', 'percentage'],
    ['-1e309', 'amount'],
    ['12.345', 'amount'],
  ])('refuses the number %s in a money or percentage field with 400', async (number, field) => {
    const v = await givenContractVendor(app);
    const res = await app.http
      .post('/management/discount-codes')
      .set(bearer(await v.apiToken('full')))
      .set('Content-Type', 'application/json')
      .send(`{"code":"odd","name":"Odd","value":{"${field}":${number}${field === 'amount' ? ',"currency":"SEK"' : ''}}}`);
    expectProblem(res, 400, 'REQUEST.INVALID');
    expect(res.body.errors.map((e: { field: string }) => e.field)).toEqual([`value.${field}`]);
  });

  it('takes -0 and 0.07 as prices (no float surprises), and refuses 5e-324', async () => {
    const v = await givenContractVendor(app);
    const token = await v.apiToken('full');
    const option = (id: string, price: string) =>
      app.http
        .post('/management/products/news/purchase-options')
        .set(bearer(token))
        .set('Content-Type', 'application/json')
        .send(`{"id":"${id}","name":"Option","price":${price},"currency":"SEK"}`);
    const tiny = await option('tiny', '5e-324');
    expectProblem(tiny, 400, 'REQUEST.INVALID');
    expect(tiny.body.errors[0].field).toBe('price');
    for (const [id, price] of [['zero', '-0'], ['cents', '0.07']]) {
      const res = await option(id, price);
      expect(res.status).toBeLessThan(500);
      expect(res.status).not.toBe(400);
    }
  });
});

describe('problem bodies keep their reserved members', () => {
  it("moves an error's clashing details under `details`: the code stays the problem's", async () => {
    const v = await givenContractVendor(app);
    const token = await v.apiToken('full');
    const create = () =>
      app.http.post('/management/discount-codes').set(bearer(token)).send({ code: 'save-demo', name: 'Save', value: { percentage: 10 } });
    expect((await create()).status).toBe(201);
    const again = await create();
    expectProblem(again, 409, 'DISCOUNT_CODE.EXISTS');
    expect(again.body.details).toEqual({ code: 'SAVE-DEMO' });
    expect(Object.keys(again.body).sort()).toEqual(['code', 'detail', 'details', 'requestId', 'status', 'title', 'type']);
  });

  it("keeps `status` the HTTP status when the error's own status is a word", async () => {
    const v = await givenContractVendor(app);
    const created = await v.create(v.order());
    await v.create(v.order());
    const { RequestCancel } = await import('@kiosk/domain/contracts');
    await app.runtime.container.get(RequestCancel).execute({ vendorId: v.vendorId, contractId: created.body.id, reason: 'test' });
    const res = await v.confirm(created.body.id);
    expectProblem(res, 409, 'CONTRACT.NOT_CONFIRMABLE');
    expect(res.body.status).toBe(409);
    expect(res.body.details).toEqual({ status: 'CANCELED' });
  });
});

describe('a refused seat assignment writes nothing', () => {
  it('creates no user when every seat is taken, and none when the contract cannot take seats', async () => {
    const v = await givenContractVendor(app);
    const active = await v.create(v.order({ confirm: true, seats: 1 }));
    expect(active.status).toBe(201);
    const assign = (id: string, email: string) =>
      app.http.post(`/management/contracts/${id}/seats/users`).set(bearer(v.write)).send({ email });
    const before = await countUsers(v.vendorId);
    const full = await assign(active.body.id, 'nobody-1@corp.example');
    expectProblem(full, 409, 'CONTRACT.NO_FREE_SEAT');
    const pending = await v.create(v.order());
    const afterPending = await countUsers(v.vendorId);
    const locked = await assign(pending.body.id, 'nobody-2@corp.example');
    expectProblem(locked, 409, 'CONTRACT.SEATS_LOCKED');
    expect(afterPending).toBe(before + 1); // the pending contract's own user
    expect(await countUsers(v.vendorId)).toBe(afterPending);
    const [found] = await app.runtime.database.db.query(
      `SELECT count(*) AS n FROM users WHERE vendor_id = $1 AND email LIKE 'nobody-%'`,
      [v.vendorId],
    );
    expect(Number(found.n)).toBe(0);
  });
});
