import { bearer, startTestApp, TestApp } from '../support/harness';
import { givenContractVendor } from './support';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ INVOICING_PROVIDER: 'unreachable' });
});
afterAll(() => app.close());

describe('an invoicing provider that cannot be reached', () => {
  it('answers 503 on create with confirm; the contract exists PENDING and unbilled, to be looked up before retrying', async () => {
    const v = await givenContractVendor(app);
    const order = v.order({ confirm: true });
    const res = await v.create(order);
    expect(res.status).toBe(503);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body.code).toBe('CONTRACT.INVOICING_UNAVAILABLE');

    const user = (order.user as { email: string }).email;
    const [row] = await app.runtime.database.db.query(`SELECT id FROM users WHERE vendor_id = $1 AND email = $2`, [v.vendorId, user]);
    const list = await app.http.get('/management/contracts').query({ userId: row.id }).set(bearer(v.read));
    expect(list.body).toEqual([expect.objectContaining({ status: 'PENDING', isActive: false })]);
    expect(await v.bills(list.body[0].id)).toEqual([]);

    // The answer names the contract (interface section 7), so the client looks it up instead of creating another.
    const contractId = list.body[0].id;
    expect(res.headers['retry-after']).toBe('5');
    expect(res.body).toEqual({
      type: 'urn:kiosk:problem:contract.invoicing_unavailable',
      title: 'Service Unavailable',
      status: 503,
      detail:
        `contract ${contractId} was created PENDING but not confirmed (the invoicing provider could not be reached: ` +
        'INVOICING_PROVIDER is set to unreachable); look it up and confirm it instead of creating it again',
      code: 'CONTRACT.INVOICING_UNAVAILABLE',
      contractId,
      requestId: res.headers['x-request-id'],
    });
  });

  it('keeps that answer for an Idempotency-Key: the retry gets the same contract id, not a second contract', async () => {
    const v = await givenContractVendor(app);
    const order = v.order({ confirm: true });
    const first = await app.http.post('/management/contracts').set(bearer(v.write)).set('Idempotency-Key', 'left-pending').send(order);
    expect(first.status).toBe(503);
    const retry = await app.http.post('/management/contracts').set(bearer(v.write)).set('Idempotency-Key', 'left-pending').send(order);
    expect(retry.status).toBe(503);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toEqual(first.body);
    const rows = await app.runtime.database.db.query(`SELECT id FROM contracts WHERE vendor_id = $1`, [v.vendorId]);
    expect(rows).toEqual([{ id: first.body.contractId }]);
  });

  it('answers 503 on confirm and leaves the contract PENDING', async () => {
    const v = await givenContractVendor(app);
    const created = await v.create(v.order());
    const res = await v.confirm(created.body.id);
    expect(res.status).toBe(503);
    expect((await v.get(created.body.id)).body.status).toBe('PENDING');
    expect(await v.bills(created.body.id)).toEqual([]);
  });
});
