import { ContractLeftPending, InvoicingUnavailable, PaymentRefused } from '../../src/contracts';
import { DAY, licenseOrder, VENDOR, world } from './fixtures';

describe('invoicing of issued bills', () => {
  it('sends the first bill on confirm, once, and nothing on a repeated confirm', async () => {
    const w = await world();
    const contract = await w.create.execute(licenseOrder());
    expect(w.invoicing.sent).toEqual([]);
    await w.confirm.execute({ vendorId: VENDOR, contractId: contract.id });
    await w.confirm.execute({ vendorId: VENDOR, contractId: contract.id });
    expect(w.invoicing.sent.map((b) => b.id)).toEqual([`${contract.id}-bill-1`]);
    expect(w.invoicing.sent[0].status).toBe('OPEN');
  });

  it('leaves the contract PENDING and unbilled when the provider cannot be reached', async () => {
    const w = await world();
    const contract = await w.create.execute(licenseOrder());
    w.invoicing.failWith = new InvoicingUnavailable('timeout');
    await expect(w.confirm.execute({ vendorId: VENDOR, contractId: contract.id })).rejects.toMatchObject({
      kind: 'unavailable',
      code: 'CONTRACT.INVOICING_UNAVAILABLE',
    });
    const stored = (await w.contracts.find(VENDOR, contract.id))!;
    expect(stored.status).toBe('PENDING');
    expect(stored.openBills).toEqual([]);

    w.invoicing.failWith = new PaymentRefused('the payer is blocked');
    await expect(w.confirm.execute({ vendorId: VENDOR, contractId: contract.id })).rejects.toMatchObject({
      kind: 'invalid',
      code: 'CONTRACT.PAYMENT_REFUSED',
    });
    w.invoicing.failWith = null;
    expect((await w.confirm.execute({ vendorId: VENDOR, contractId: contract.id })).status).toBe('ACTIVE');
  });

  it('creates with confirm: stores PENDING first, so an unreachable provider still leaves a contract to look up', async () => {
    const w = await world();
    w.invoicing.failWith = new InvoicingUnavailable('down');
    const failure = await w.create.execute(licenseOrder({ confirm: true })).catch((error: unknown) => error);
    const [stored] = await w.contracts.listByUser(VENDOR, w.users.rows[0].id);
    expect(stored.status).toBe('PENDING');
    expect(failure).toBeInstanceOf(ContractLeftPending);
    expect(failure).toMatchObject({
      kind: 'unavailable',
      code: 'CONTRACT.INVOICING_UNAVAILABLE',
      details: { contractId: stored.id },
      writtenBeforeFailure: true,
    });
  });

  it('creates with confirm: a store that fails while confirming leaves a PENDING contract, and the error names it', async () => {
    const w = await world();
    const lost = new Error('Connection terminated unexpectedly');
    const update = w.contracts.update.bind(w.contracts);
    w.contracts.update = async () => {
      throw lost;
    };
    const failure = await w.create.execute(licenseOrder({ confirm: true })).catch((error: unknown) => error);
    w.contracts.update = update;
    const [stored] = await w.contracts.listByUser(VENDOR, w.users.rows[0].id);
    expect(stored.status).toBe('PENDING');
    expect(failure).toMatchObject({
      kind: 'unavailable',
      code: 'CONTRACT.CONFIRMATION_INTERRUPTED',
      details: { contractId: stored.id },
      cause: lost,
    });
    expect((failure as Error).message).toBe(
      `contract ${stored.id} was created, and its confirmation was interrupted (it is PENDING unless the confirmation was ` +
        'stored as the link broke); look it up and confirm it if it is PENDING instead of creating it again',
    );
  });

  it('creates with confirm: a refusal while confirming is answered as the refusal', async () => {
    const w = await world();
    w.invoicing.failWith = new PaymentRefused('the payer is blocked');
    await expect(w.create.execute(licenseOrder({ confirm: true }))).rejects.toBeInstanceOf(PaymentRefused);
  });

  it('sends renewal bills when time advances the contract', async () => {
    const w = await world();
    const contract = await w.create.execute(licenseOrder({ confirm: true }));
    await w.pay.execute({ vendorId: VENDOR, contractId: contract.id, billId: w.invoicing.sent[0].id });
    w.clock.advance(366 * DAY);
    await w.advance.execute({ vendorId: VENDOR, contractId: contract.id });
    expect(w.invoicing.sent.map((b) => b.id)).toEqual([`${contract.id}-bill-1`, `${contract.id}-bill-2`]);
  });
});
