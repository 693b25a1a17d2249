import { CreateContract } from '@kiosk/domain/contracts';
import { requestHash } from '../src/platform/idempotency/idempotency-store';
import { givenContractVendor } from './contracts/support';
import { bearer, startTestApp, TestApp } from './support/harness';

/**
 * Issue 29: a create committed, then building its answer failed with the
 * database (a 503 not marked as written), the key was freed and the retry
 * made a second contract. Each transaction of an idempotent attempt now marks
 * the key written in itself; such a key is never freed.
 */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const contractsIn = async (vendorId: string) =>
  (await app.runtime.database.db.query(`SELECT count(*)::int AS n FROM contracts WHERE vendor_id = $1`, [vendorId]))[0].n;

const writtenNotAnswered = (requestId: string) => ({
  type: 'urn:kiosk:problem:service.written_not_answered',
  title: 'Service Unavailable',
  status: 503,
  detail:
    'the request was carried out and its changes are saved, but its answer could not be made; ' +
    'read the result (GET) instead of sending the request again',
  code: 'SERVICE.WRITTEN_NOT_ANSWERED',
  requestId,
});

const databaseAway = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

describe('an Idempotency-Key whose attempt wrote and then failed', () => {
  it('is kept: the answer says the write is saved, a retry hears the same, and nothing is written twice', async () => {
    const v = await givenContractVendor(app);
    const create = app.runtime.container.get(CreateContract);
    const execute = create.execute.bind(create);
    // The contract is committed; then the database goes away while the answer is built.
    create.execute = async (command) => {
      await execute(command);
      throw databaseAway();
    };
    const order = v.order();
    const post = () => app.http.post('/management/contracts').set(bearer(v.write)).set('Idempotency-Key', 'wrote-then-failed').send(order);
    let failed;
    try {
      failed = await post();
    } finally {
      create.execute = execute;
    }
    expect(failed.status).toBe(503);
    expect(failed.headers['retry-after']).toBe('5');
    expect(failed.body).toEqual(writtenNotAnswered(failed.headers['x-request-id']));
    expect(await contractsIn(v.vendorId)).toBe(1);

    const retry = await post();
    expect(retry.status).toBe(503);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toEqual(failed.body);
    app.clock.advance(60_000);
    expect((await post()).status).toBe(503);
    expect(await contractsIn(v.vendorId)).toBe(1);
  });

  it('is kept when the write committed but the attempt never heard so (the commit answer was lost): after the lease, the retry is told', async () => {
    const v = await givenContractVendor(app);
    const key = await v.apiKey('full', ['contracts:write']);
    const token = (await v.exchange(key)).body.access_token as string;
    const order = v.order();
    const scope = `${v.vendorId}:api_key:${key.clientId}`;
    const store = app.runtime.idempotency;
    const claim = await store.begin(scope, 'commit-answer-lost', requestHash('POST', '/management/contracts', order), app.clock.now());
    if (claim.kind !== 'first') throw new Error(`not claimed: ${claim.kind}`);
    // What the attempt's committed transaction left; then the attempt failed and released its key.
    await app.runtime.database.db.query(`UPDATE idempotency_keys SET written_at = now() WHERE key = $1 AND attempt = $2`, [
      'commit-answer-lost',
      claim.attempt,
    ]);
    await store.abandon(scope, 'commit-answer-lost', claim.attempt);

    const post = () => app.http.post('/management/contracts').set(bearer(token)).set('Idempotency-Key', 'commit-answer-lost').send(order);
    const early = await post();
    expect(early.status).toBe(409);
    app.clock.advance(31_000);
    const late = await post();
    expect(late.status).toBe(503);
    expect(late.headers['retry-after']).toBe('5');
    expect(late.body).toEqual(writtenNotAnswered(late.headers['x-request-id']));
    expect(await contractsIn(v.vendorId)).toBe(0);
  });

  it('is freed as before when nothing was written', async () => {
    const v = await givenContractVendor(app);
    const create = app.runtime.container.get(CreateContract);
    const execute = create.execute.bind(create);
    create.execute = async () => {
      throw databaseAway();
    };
    const order = v.order();
    const post = () => app.http.post('/management/contracts').set(bearer(v.write)).set('Idempotency-Key', 'nothing-written').send(order);
    try {
      expect((await post()).body.code).toBe('SERVICE.DATABASE_UNAVAILABLE');
    } finally {
      create.execute = execute;
    }
    const retry = await post();
    expect(retry.status).toBe(201);
    expect(await contractsIn(v.vendorId)).toBe(1);
  });
});
