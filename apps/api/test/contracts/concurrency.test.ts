import { TimedContractMoves } from '../../src/contracts/timed-contract-moves';
import { bearer, onRealPostgres, startTestApp, TestApp } from '../support/harness';
import { givenContractVendor } from './support';

// Races are decided by the database (row locks on the contract); only a real
// PostgreSQL with a pool of many connections can show it, so these run there.
const onPostgres = onRealPostgres() ? describe : describe.skip;

let app: TestApp;
let second: TestApp;
beforeAll(async () => {
  app = await startTestApp();
  second = await startTestApp();
});
afterAll(async () => {
  await second.close();
  await app.close();
});

onPostgres('contracts under concurrency (PostgreSQL)', () => {
  it('30 parallel seat assignments to a 5-seat contract: exactly 4 new holders and 26 answers of 409', async () => {
    const v = await givenContractVendor(app);
    const contract = (await v.create(v.order({ confirm: true, seats: 5 }))).body;
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        app.http
          .post(`/management/contracts/${contract.id}/seats/users`)
          .set(bearer(v.write))
          .send({ email: `reader-${i}@corp.example` }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 204)).toHaveLength(4);
    expect(statuses.filter((s) => s === 409)).toHaveLength(26);
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.code === 'CONTRACT.NO_FREE_SEAT')).toBe(true);
    const holders = await app.http.get(`/management/contracts/${contract.id}/seats/users`).set(bearer(v.read));
    expect(holders.body).toHaveLength(5);
  });

  it('10 parallel confirms of one PENDING contract issue exactly one bill', async () => {
    const v = await givenContractVendor(app);
    const contract = (await v.create(v.order())).body;
    const answers = await Promise.all(Array.from({ length: 10 }, () => v.confirm(contract.id)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((a) => a.body.status))).toEqual(new Set(['ACTIVE']));
    expect(await v.bills(contract.id)).toHaveLength(1);
  });

  it('two workers running at once renew a due contract exactly once', async () => {
    const v = await givenContractVendor(app);
    const contract = (await v.create(v.order({ sku: 'news', purchaseOptionId: 'news-yearly', confirm: true }))).body;
    const [firstBill] = await v.bills(contract.id);
    const paid = await app.http.post(`/management/bills/${firstBill.id}/payments`).set(bearer(v.write)).send({});
    expect(paid.status).toBe(201);

    const due = new Date(new Date(contract.nextBillAt).getTime() + 60_000);
    app.clock.set(due);
    second.clock.set(due);
    await Promise.all([
      app.runtime.container.get(TimedContractMoves).run(),
      second.runtime.container.get(TimedContractMoves).run(),
      app.runtime.container.get(TimedContractMoves).run(),
    ]);
    const bills = await v.bills(contract.id);
    expect(bills).toHaveLength(2);
    expect(bills.map((b: { status: string }) => b.status)).toEqual(['PAID', 'OPEN']);
  });
});
