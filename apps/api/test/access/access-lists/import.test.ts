import { bearer, startTestApp, TestApp } from '../../support/harness';
import { givenListVendor } from './support';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

type Res = { status: number; body: Record<string, unknown>; headers: Record<string, string> };
const expectProblem = (res: Res, status: number, code?: string) => {
  expect({ status: res.status, ...(code ? { code: res.body.code } : {}) }).toEqual({ status, ...(code ? { code } : {}) });
  expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
};

const HEADER = 'email,sku,poId,startsAt,endsAt,firstName,lastName,publisherUserId,publisherPurchaseId,notes';

describe('POST /management/access-lists/{id}/grants/import (text/csv)', () => {
  it('writes the good rows, reports each problem of the others by row and field, and updates on re-import', async () => {
    const v = await givenListVendor(app);
    const list = await v.createList({ type: 'CSV_FILE' });
    const d = `${v.vendorId}.example.com`;
    const csv = [
      HEADER,
      `anna@${d},news,news-yearly,2026-01-01,2099-01-01,Anna,Andersson,p-1,o-1,"first, with a comma"`,
      `not-an-address,news,news-yearly,,,,,,,`,
      `bert@${d},nothing,news-yearly,,,,,,,`,
      `carl@${d},news,books-yearly,,,,,,,`,
      `dora@${d},books,books-yearly,2027-01-01,2026-01-01,,,,,`,
      `erik@${d},news,news-yearly,soon,,,,,,`,
      ``,
      `FRIDA@${d} ,books,books-yearly,,,Frida,,,,`,
      `anna@${d},news,news-yearly,,,,,,,`,
      `,,,,,,,,,`,
    ].join('\r\n');
    const res = await v.importCsv(list.id, csv);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      created: 2,
      updated: 0,
      errors: [
        { row: 3, field: 'email', code: 'GRANT.BAD_EMAIL', message: expect.any(String) },
        { row: 4, field: 'sku', code: 'PRODUCT.NOT_FOUND', message: expect.any(String) },
        { row: 5, field: 'poId', code: 'GRANT.PURCHASE_OPTION_NOT_FOUND', message: expect.any(String) },
        { row: 6, field: 'endsAt', code: 'GRANT.BAD_PERIOD', message: expect.any(String) },
        { row: 7, field: 'startsAt', code: 'GRANT.BAD_DATE', message: expect.any(String) },
        { row: 10, field: 'email', code: 'GRANT.DUPLICATE_ROW', message: expect.stringContaining('row 2') },
        { row: 11, field: 'email', code: 'GRANT.REQUIRED', message: 'is required' },
        { row: 11, field: 'sku', code: 'GRANT.REQUIRED', message: 'is required' },
        { row: 11, field: 'poId', code: 'GRANT.REQUIRED', message: 'is required' },
      ],
    });
    const grants = (await app.http.get(v.grantsOf(list.id)).set(bearer(v.read))).body as Record<string, unknown>[];
    expect(grants.map((g) => [g.email, g.sku, g.status]).sort()).toEqual([
      [`anna@${d}`, 'news', 'ACTIVE'],
      [`frida@${d}`, 'books', 'ACTIVE'],
    ]);
    expect(grants.find((g) => g.email === `anna@${d}`)).toMatchObject({
      source: list.id,
      poId: 'news-yearly',
      startsAt: '2026-01-01T00:00:00.000Z',
      endsAt: '2099-01-01T00:00:00.000Z',
      firstName: 'Anna',
      lastName: 'Andersson',
      publisherUserId: 'p-1',
      publisherPurchaseId: 'o-1',
      notes: 'first, with a comma',
    });

    // The same file again: nothing new, the two grants updated (same ids).
    const again = await v.importCsv(list.id, csv);
    expect(again.body).toMatchObject({ created: 0, updated: 2 });
    const after = (await app.http.get(v.grantsOf(list.id)).set(bearer(v.read))).body as Record<string, unknown>[];
    expect(after.map((g) => g.id).sort()).toEqual(grants.map((g) => g.id).sort());

    // A revoked grant imported again is ACTIVE again; a changed period is taken.
    const anna = after.find((g) => g.email === `anna@${d}`)!;
    await app.http.put(`${v.grantsOf(list.id)}/${anna.id as string}`).set(bearer(v.full)).send({ status: 'CANCELED' });
    const third = await v.importCsv(list.id, `email,sku,poId,endsAt\nanna@${d},news,news-yearly,2098-06-01T12:00:00Z\n`);
    expect(third.body).toEqual({ created: 0, updated: 1, errors: [] });
    expect((await app.http.get(`${v.grantsOf(list.id)}/${anna.id as string}`).set(bearer(v.read))).body).toMatchObject({
      status: 'ACTIVE',
      endsAt: '2098-06-01T12:00:00.000Z',
      startsAt: null,
      firstName: 'Anna',
    });
  });

  it('takes only the documented columns, in any order, with a byte-order mark and quoted cells', async () => {
    const v = await givenListVendor(app);
    const list = await v.createList();
    const ok = await v.importCsv(list.id, `\ufeffpoId,"sku",email\n"news-yearly",news,"quoted@example.com"\n`);
    expect(ok.body).toEqual({ created: 1, updated: 0, errors: [] });
    const unknown = await v.importCsv(list.id, `email,sku,poId,colour\na@example.com,news,news-yearly,red\n`);
    expectProblem(unknown, 400, 'GRANT_IMPORT.BAD_HEADER');
    expect(unknown.body.errors).toEqual([{ field: 'header', message: 'unknown column "colour"' }]);
    expectProblem(await v.importCsv(list.id, `email,sku\na@example.com,news\n`), 400, 'GRANT_IMPORT.BAD_HEADER');
    expectProblem(await v.importCsv(list.id, `email,sku,poId,email\n`), 400, 'GRANT_IMPORT.BAD_HEADER');
  });

  it('refuses what is not a CSV file it takes: another media type 415, malformed or empty 400, too many rows or bytes 413', async () => {
    const v = await givenListVendor(app);
    const list = await v.createList();
    const path = `${v.grantsOf(list.id)}/import`;
    expectProblem(await app.http.post(path).set(bearer(v.full)).send({ rows: [] }), 415);
    expectProblem(await app.http.post(path).set(bearer(v.full)).type('text/plain').send('email,sku,poId\n'), 415);
    expectProblem(await v.importCsv(list.id, ''), 400, 'GRANT_IMPORT.EMPTY');
    expectProblem(await v.importCsv(list.id, 'email,sku,poId\n"unclosed,news,news-yearly\n'), 400, 'GRANT_IMPORT.MALFORMED_CSV');
    expectProblem(await v.importCsv(list.id, 'email,sku,poId\na@example.com,news\n'), 400, 'GRANT_IMPORT.MALFORMED_CSV');
    expectProblem(await v.importCsv(list.id, 'email,sku,poId\na@example.com,news,news\u0000yearly\n'), 400, 'REQUEST.NUL_CHARACTER');
    const many = ['email,sku,poId', ...Array.from({ length: 10_001 }, (_, i) => `r${i}@example.com,news,news-yearly`)].join('\n');
    expectProblem(await v.importCsv(list.id, many), 413, 'GRANT_IMPORT.TOO_MANY_ROWS');
    const big = `email,sku,poId,notes\n${'a@example.com,news,news-yearly,' + 'x'.repeat(5 * 1024 * 1024)}\n`;
    expectProblem(await v.importCsv(list.id, big), 413, 'REQUEST.TOO_LARGE');
    expect((await app.http.get(v.grantsOf(list.id)).set(bearer(v.read))).body).toEqual([]);
  });

  it('imports 10,000 rows in one request', async () => {
    const v = await givenListVendor(app);
    const list = await v.createList();
    const rows = ['email,sku,poId,endsAt', ...Array.from({ length: 10_000 }, (_, i) => `bulk${i}@example.com,${i % 2 ? 'news' : 'books'},${i % 2 ? 'news' : 'books'}-yearly,2099-01-01`)];
    const res = await v.importCsv(list.id, rows.join('\n'));
    expect(res.body).toEqual({ created: 10_000, updated: 0, errors: [] });
    const again = await v.importCsv(list.id, rows.join('\n'));
    expect(again.body).toEqual({ created: 0, updated: 10_000, errors: [] });
    expect((await app.http.get(v.grantsOf(list.id)).set(bearer(v.read))).body).toHaveLength(10_000);
  }, 60_000);
});
