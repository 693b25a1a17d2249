import { TimedContractMoves } from '../../src/contracts/timed-contract-moves';
import { bearer, givenVendor, startTestApp, TestApp } from '../support/harness';
import { CLOCK, givenTestVendor, plusDays } from './support';

/*
 * A test-mode vendor's test clock, through the HTTP routes of the real
 * container: a contract lives its whole life (FORTHCOMING, ACTIVE, renewed,
 * OVERDUE, CANCELED for non-payment) by advancing the clock alone, while the
 * service's own (fake) clock stays where it is.
 */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const T0 = new Date('2031-03-01T00:00:00.000Z');
type Res = { status: number; body: Record<string, unknown>; headers: Record<string, string> };
const expectProblem = (res: Res, status: number, code: string) => {
  expect({ status: res.status, code: res.body.code }).toEqual({ status, code });
  expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
};

describe('a test vendor’s contract, moved by its test clock alone', () => {
  it('goes FORTHCOMING, ACTIVE, renewed, OVERDUE and CANCELED for non-payment, with the bills and events of each step at their own time', async () => {
    const v = await givenTestVendor(app, T0);
    const serviceNow = app.clock.now().toISOString();
    expect((await v.readClock()).body).toEqual({
      vendorId: v.vendorId,
      frozenTime: T0.toISOString(),
      status: 'ready',
      advancingTo: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });

    const startsAt = plusDays(T0, 10);
    const created = await v.create(v.order({ sku: 'news', purchaseOptionId: 'news-yearly', confirm: true, startsAt: startsAt.toISOString() }), v.clockToken);
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect(created.body).toMatchObject({ status: 'FORTHCOMING', createdAt: T0.toISOString() });

    // FORTHCOMING -> ACTIVE when the clock reaches startsAt.
    const started = await v.advance(plusDays(T0, 10));
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ frozenTime: startsAt.toISOString(), status: 'ready' });
    expect((await v.get(id)).body).toMatchObject({ status: 'ACTIVE' });
    const [first] = await v.billsOf(id);
    expect(first).toMatchObject({ status: 'OPEN' });
    const paid = await app.http.post(`/management/bills/${first.id}/payments`).set(bearer(v.clockToken)).send({});
    expect(paid.status).toBe(201);

    // A year later: renewed, with a second bill for the next period.
    const renewalAt = new Date((await v.get(id)).body.nextBillAt as string);
    expect(renewalAt.getTime()).toBeGreaterThan(startsAt.getTime());
    expect((await v.advance(renewalAt)).status).toBe(200);
    const afterRenewal = await v.billsOf(id);
    expect(afterRenewal.map((b) => b.status)).toEqual(['PAID', 'OPEN']);
    const renewal = afterRenewal[1];
    expect(renewal.createdAt).toBe(renewalAt.toISOString());
    expect((await v.get(id)).body).toMatchObject({ status: 'ACTIVE' });

    // The renewal bill unpaid past its due date: OVERDUE; still unpaid after the grace period: CANCELED, NON_PAYMENT.
    const dueAt = new Date(renewal.dueAt);
    expect((await v.advance(dueAt)).status).toBe(200);
    expect((await v.get(id)).body).toMatchObject({ status: 'OVERDUE' });
    const canceled = await v.advance(plusDays(dueAt, 30));
    expect(canceled.body).toMatchObject({ frozenTime: plusDays(dueAt, 30).toISOString(), status: 'ready' });
    expect((await v.get(id)).body).toMatchObject({ status: 'CANCELED', cancelReason: 'NON_PAYMENT' });
    expect((await v.billsOf(id)).map((b) => b.status)).toEqual(['PAID', 'VOID']);

    // Every event at the instant its move fell due, each handled (made into webhooks, entitlements...) by the advance.
    const events = await v.events(id);
    const at = (type: string) => events.filter((e) => e.type === type).map((e) => e.at);
    expect(at('contract.created')).toEqual([T0.toISOString()]);
    expect(at('contract.activated')).toEqual([startsAt.toISOString()]);
    expect(at('contract.renewed')).toEqual([renewalAt.toISOString()]);
    expect(at('contract.overdue')).toEqual([dueAt.toISOString()]);
    expect(at('contract.canceled')).toEqual([plusDays(dueAt, 14).toISOString()]);
    expect(events.every((e) => e.processed)).toBe(true);
    // The service's own clock never moved.
    expect(app.clock.now().toISOString()).toBe(serviceNow);
  });

  it('one advance across a year runs every move on the way, in order', async () => {
    const v = await givenTestVendor(app, T0);
    const created = await v.create(v.order({ sku: 'news', purchaseOptionId: 'news-yearly', confirm: true, startsAt: plusDays(T0, 1).toISOString() }), v.clockToken);
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    // Unpaid from the start: active at day 1, overdue when the first bill is due, canceled after the grace period.
    const res = await v.advance(plusDays(T0, 400));
    expect(res.body).toMatchObject({ frozenTime: plusDays(T0, 400).toISOString(), status: 'ready' });
    expect((await v.get(id)).body).toMatchObject({ status: 'CANCELED', cancelReason: 'NON_PAYMENT' });
    const types = (await v.events(id)).map((e) => e.type);
    const order = ['contract.created', 'contract.activated', 'contract.overdue', 'contract.canceled'].map((t) => types.indexOf(t));
    expect(order.every((i) => i >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(types).not.toContain('contract.renewed');
  });
});

describe('the test clock’s rules', () => {
  it('refuses to go backwards, a bad instant, and an advance while one is running', async () => {
    const v = await givenTestVendor(app, T0);
    expectProblem(await v.advance(plusDays(T0, -1)), 400, 'TEST_CLOCK.BACKWARDS');
    expectProblem(await v.advance('yesterday'), 400, 'REQUEST.INVALID');
    expectProblem(await v.advance('1969-12-31T23:59:59Z'), 400, 'TEST_CLOCK.BAD_TIME');
    await app.runtime.database.db.query(`UPDATE vendor_test_clocks SET status = 'advancing', advance_lease_until = now() + interval '1 minute' WHERE vendor_id = $1`, [
      v.vendorId,
    ]);
    expectProblem(await v.advance(plusDays(T0, 1)), 409, 'TEST_CLOCK.ADVANCING');
    expect((await v.readClock()).body).toMatchObject({ status: 'advancing', frozenTime: T0.toISOString() });
  });

  it("a production vendor has no test clock, and its time cannot be moved", async () => {
    const v = await givenVendor(app);
    const token = await v.apiToken('full', ['test-clock:read', 'test-clock:write']);
    expectProblem(await app.http.get(CLOCK).set(bearer(token)), 404, 'TEST_CLOCK.NOT_FOUND');
    expectProblem(await app.http.post(`${CLOCK}/advance`).set(bearer(token)).send({ frozenTime: '2040-01-01T00:00:00Z' }), 409, 'TEST_CLOCK.PRODUCTION_VENDOR');
  });

  it('needs its scopes, and each vendor reaches only its own clock', async () => {
    // A lives in the past: the service's clock is long past A's contract's start, A's own clock is not.
    const past = new Date('2020-01-01T00:00:00.000Z');
    const a = await givenTestVendor(app, past);
    const b = await givenTestVendor(app, T0);
    const contract = await a.create(a.order({ sku: 'news', purchaseOptionId: 'news-yearly', confirm: true, startsAt: plusDays(past, 5).toISOString() }), a.clockToken);
    expect(contract.status).toBe(201);
    const id = contract.body.id as string;

    const readOnly = await a.apiToken('full', ['test-clock:read']);
    expectProblem(await a.advance(plusDays(past, 1), readOnly), 403, 'AUTH.INSUFFICIENT_SCOPE');
    expectProblem(await app.http.get(CLOCK).set(bearer(await a.apiToken('full'))), 403, 'AUTH.INSUFFICIENT_SCOPE');

    // B's token reads and moves B's clock only.
    expect((await b.readClock()).body).toMatchObject({ vendorId: b.vendorId, frozenTime: T0.toISOString() });
    expect((await b.advance(plusDays(T0, 200))).status).toBe(200);
    expect((await a.readClock()).body).toMatchObject({ vendorId: a.vendorId, frozenTime: past.toISOString() });
    // The worker's timed moves at the service's time leave A's contract: it is due by A's clock.
    await app.runtime.container.get(TimedContractMoves).run();
    expect((await a.get(id)).body).toMatchObject({ status: 'FORTHCOMING' });
    expect((await a.advance(plusDays(past, 5))).status).toBe(200);
    expect((await a.get(id)).body).toMatchObject({ status: 'ACTIVE' });
  });
});
