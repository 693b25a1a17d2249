import { CreateContract } from '@kiosk/domain/contracts';
import { Database } from '../src/platform/database/open-database';
import { IdempotencyStore, requestHash } from '../src/platform/idempotency/idempotency-store';
import { givenContractVendor } from './contracts/support';
import { bearer, openTestDatabase, startTestApp, TestApp, testDatabaseUrl, uniqueId } from './support/harness';
import { TcpProxy } from './support/tcp-proxy';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const contractsIn = async (vendorId: string) =>
  (await app.runtime.database.db.query(`SELECT count(*)::int AS n FROM contracts WHERE vendor_id = $1`, [vendorId]))[0].n;

const inProgress = (requestId: string) => ({
  type: 'urn:kiosk:problem:idempotency.in_progress',
  title: 'Conflict',
  status: 409,
  detail: 'a request with this Idempotency-Key is still being processed',
  code: 'IDEMPOTENCY.IN_PROGRESS',
  requestId,
});

describe('an Idempotency-Key whose first attempt died', () => {
  it('is held for the lease only (30 s): then the retry does the work, once', async () => {
    const v = await givenContractVendor(app);
    const key = await v.apiKey('full', ['contracts:write']);
    const exchanged = await v.exchange(key);
    const token = exchanged.body.access_token as string;
    const order = v.order();
    // The first attempt claimed the key and its process died: nothing will finish or release it.
    const claim = await app.runtime.idempotency.begin(
      `${v.vendorId}:api_key:${key.clientId}`,
      'died-with-its-process',
      requestHash('POST', '/management/contracts', order),
      app.clock.now(),
    );
    expect(claim.kind).toBe('first');
    const post = () =>
      app.http.post('/management/contracts').set(bearer(token)).set('Idempotency-Key', 'died-with-its-process').send(order);

    app.clock.advance(29_000);
    const early = await post();
    expect(early.status).toBe(409);
    expect(early.headers['retry-after']).toBe('1');
    expect(early.body).toEqual(inProgress(early.headers['x-request-id']));
    expect(await contractsIn(v.vendorId)).toBe(0);

    app.clock.advance(1_000);
    const retry = await post();
    expect(retry.status).toBe(201);
    expect(await contractsIn(v.vendorId)).toBe(1);

    const again = await post();
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(retry.body);
    expect(await contractsIn(v.vendorId)).toBe(1);
  });

  it('is freed when the attempt fails because the database went away (503), so the retry does the work once', async () => {
    const v = await givenContractVendor(app);
    const create = app.runtime.container.get(CreateContract);
    const execute = create.execute.bind(create);
    create.execute = async () => {
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    };
    const order = v.order({ confirm: true });
    const post = () => app.http.post('/management/contracts').set(bearer(v.write)).set('Idempotency-Key', 'db-away').send(order);
    let failed;
    try {
      failed = await post();
    } finally {
      create.execute = execute;
    }
    expect(failed.status).toBe(503);
    expect(failed.headers['retry-after']).toBe('5');
    expect(failed.body).toEqual({
      type: 'urn:kiosk:problem:service.database_unavailable',
      title: 'Service Unavailable',
      status: 503,
      detail: 'the database cannot be reached; retry later',
      code: 'SERVICE.DATABASE_UNAVAILABLE',
      requestId: failed.headers['x-request-id'],
    });

    const retry = await post();
    expect(retry.status).toBe(201);
    expect(retry.body.status).toBe('ACTIVE');
    expect(await contractsIn(v.vendorId)).toBe(1);
    const replay = await post();
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await contractsIn(v.vendorId)).toBe(1);
  });
});

describe('the idempotency store while the database is away', () => {
  let proxy: TcpProxy;
  let viaProxy: Database;
  beforeAll(async () => {
    const url = new URL(testDatabaseUrl());
    proxy = await TcpProxy.start({ host: url.hostname, port: Number(url.port) });
    viaProxy = await openTestDatabase(2, { url: TcpProxy.via(url.toString(), proxy.port), connectTimeoutMs: 1000 });
  });
  afterAll(async () => {
    await viaProxy.close().catch(() => undefined);
    await proxy.close();
  });

  it('releases a failed attempt as soon as the database is back, without waiting for the lease', async () => {
    const cut = new IdempotencyStore(viaProxy.db, { retryMs: 50 });
    const direct = new IdempotencyStore(app.runtime.database.db);
    const scope = `${uniqueId('vendor')}:api_key:test`;
    const now = app.clock.now();
    const claim = await cut.begin(scope, 'k', 'hash', now);
    if (claim.kind !== 'first') throw new Error(`expected a claim, got ${claim.kind}`);

    proxy.cut();
    await cut.abandon(scope, 'k', claim.attempt); // does not throw: retried in the background
    expect(cut.pending).toBe(1);
    expect(await direct.begin(scope, 'k', 'hash', now)).toEqual({ kind: 'in_progress', retryAfterSeconds: 30 });

    proxy.restore();
    for (let i = 0; i < 100 && cut.pending > 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(cut.pending).toBe(0);
    expect(await direct.begin(scope, 'k', 'hash', now)).toEqual({ kind: 'first', attempt: expect.any(String) });
    cut.close();
  });

  it('never lets a late release of a dead attempt free the claim of the attempt that took the key over', async () => {
    const store = new IdempotencyStore(app.runtime.database.db, { leaseSeconds: 30 });
    const scope = `${uniqueId('vendor')}:api_key:test`;
    const now = app.clock.now();
    const dead = await store.begin(scope, 'k', 'hash', now);
    const later = new Date(now.getTime() + 30_000);
    const taker = await store.begin(scope, 'k', 'hash', later);
    if (dead.kind !== 'first' || taker.kind !== 'first') throw new Error('expected two claims');
    await store.abandon(scope, 'k', dead.attempt);
    expect(await store.begin(scope, 'k', 'hash', later)).toEqual({ kind: 'in_progress', retryAfterSeconds: 30 });
    await store.complete(scope, 'k', taker.attempt, 201, {}, 'done');
    expect(await store.begin(scope, 'k', 'hash', later)).toEqual({ kind: 'replay', status: 201, headers: {}, body: 'done' });
  });
});
