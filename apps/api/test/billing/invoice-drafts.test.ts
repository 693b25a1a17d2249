import { InvoiceBill, RecordPayment } from '@kiosk/domain/billing';
import { BILLING } from '../../src/billing/billing.module';
import { DRAFT_LEFT_AFTER_MS, DraftedInvoices } from '../../src/billing/invoice-drafts';
import { TOKENS } from '../../src/platform/tokens';
import { onRealPostgres, startTestApp, TestApp } from '../support/harness';
import { givenSellingVendor, rowsOf } from './support';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

/** A worker's sweep as it runs once the drafts are old enough. */
function sweepLater(): DraftedInvoices {
  const c = app.runtime.container;
  const later = () => new Date(app.clock.now().getTime() + DRAFT_LEFT_AFTER_MS + 1_000);
  return new DraftedInvoices(c.get(InvoiceBill), c.get(BILLING.InvoiceDrafts), c.get(TOKENS.Logger), later);
}

/**
 * A vendor whose confirmed contract's invoice was drafted but not issued: the
 * process stopped between the contract's step and the numbering (simulated by
 * the first issue doing nothing, as a killed process would).
 */
async function givenLeftDraft() {
  const v = await givenSellingVendor(app);
  const drafted = app.runtime.container.get(DraftedInvoices);
  const skip = jest.spyOn(drafted, 'issue').mockResolvedValueOnce(false);
  const contract = await v.contracts.create.execute(v.order({ confirm: true }));
  skip.mockRestore();
  const [bill] = await rowsOf(app, 'bills', v.vendorId);
  return { v, contract, bill };
}

describe('invoices drafted in the contract step, numbered and issued after it (decision 37)', () => {
  it('a confirm answers with its invoice issued: numbered, written, mailed, and no draft left', async () => {
    const v = await givenSellingVendor(app);
    await v.contracts.create.execute(v.order({ confirm: true }));
    const [bill] = await rowsOf(app, 'bills', v.vendorId);
    expect(bill.invoice_number).toBe('000001');
    expect((await rowsOf(app, 'invoice_documents', v.vendorId)).map((d: { invoice_number: string }) => d.invoice_number)).toEqual(['000001']);
    expect((await rowsOf(app, 'mail_messages', v.vendorId)).map((m: { subject: string }) => m.subject)).toEqual([expect.stringContaining('Invoice 000001')]);
    expect(await rowsOf(app, 'invoice_drafts', v.vendorId)).toEqual([]);
  });

  it('a draft a stopped process left holds no number, and the worker issues it once, with the next number', async () => {
    const { v, bill } = await givenLeftDraft();
    expect(bill.invoice_number).toBeNull();
    expect(await rowsOf(app, 'invoice_documents', v.vendorId)).toEqual([]);
    expect(await rowsOf(app, 'mail_messages', v.vendorId)).toEqual([]);
    const [draft] = await rowsOf(app, 'invoice_drafts', v.vendorId);
    expect(draft).toMatchObject({ bill_id: bill.id, sequence: null, mail: true });

    // A fresh draft is not the sweep's: the request that made it is still issuing it.
    await app.runtime.container.get(DraftedInvoices).runOnce();
    expect(await rowsOf(app, 'invoice_drafts', v.vendorId)).toHaveLength(1);

    const sweep = sweepLater();
    expect(await sweep.runOnce()).toBeGreaterThanOrEqual(1);
    const [issued] = await rowsOf(app, 'bills', v.vendorId);
    expect(issued.invoice_number).toBe('000001');
    const documents = await rowsOf(app, 'invoice_documents', v.vendorId);
    expect(documents.map((d: { invoice_number: string; bill_id: string }) => [d.invoice_number, d.bill_id])).toEqual([['000001', bill.id]]);
    expect(documents[0].document.number).toBe('000001');
    expect(documents[0].document.billedTo).toMatchObject({ email: `reader@${v.vendorId}.example.com`, name: 'Rita Reader' });
    expect((await rowsOf(app, 'mail_messages', v.vendorId)).map((m: { subject: string }) => m.subject)).toEqual([expect.stringContaining('Invoice 000001')]);
    expect(await rowsOf(app, 'invoice_drafts', v.vendorId)).toEqual([]);

    // Again: nothing more to do, nothing written twice.
    await sweep.runOnce();
    expect(await rowsOf(app, 'invoice_documents', v.vendorId)).toHaveLength(1);
    expect(await rowsOf(app, 'mail_messages', v.vendorId)).toHaveLength(1);
    // The vendor's next invoice goes on from there.
    await v.contracts.create.execute(v.order({ confirm: true, user: { email: `second@${v.vendorId}.example.com` } }));
    expect((await rowsOf(app, 'bills', v.vendorId, 'ORDER BY invoice_number')).map((b: { invoice_number: string }) => b.invoice_number)).toEqual([
      '000001',
      '000002',
    ]);
  });

  it('two steps issuing the same draft at once (a slow request and the sweep) write one invoice and one mail, with one number', async () => {
    const { v, bill } = await givenLeftDraft();
    const invoiceBill = app.runtime.container.get(InvoiceBill);
    const results = await Promise.allSettled([0, 1, 2].map(() => invoiceBill.issue({ vendorId: v.vendorId, billId: bill.id })));
    const issued = results.filter((r) => r.status === 'fulfilled' && r.value !== null);
    expect(issued).toHaveLength(1);
    // The others found the draft gone, before writing or after (their writes undone).
    for (const r of results.filter((x) => !issued.includes(x))) {
      if (r.status === 'rejected') expect((r.reason as Error).constructor.name).toBe('InvoiceIssuedElsewhere');
      else expect(r.value).toBeNull();
    }
    expect((await rowsOf(app, 'invoice_documents', v.vendorId)).map((d: { invoice_number: string }) => d.invoice_number)).toEqual(['000001']);
    expect(await rowsOf(app, 'mail_messages', v.vendorId)).toHaveLength(1);
    expect(await rowsOf(app, 'invoice_number_sequences', v.vendorId)).toMatchObject([{ last_number: '1' }]);
  });

  it('a payment recorded while the invoice is still a draft issues it first: the receipt names the invoice', async () => {
    const { v, bill } = await givenLeftDraft();
    await app.runtime.container.get(RecordPayment).execute({ vendorId: v.vendorId, billId: bill.id });
    const [paid] = await rowsOf(app, 'bills', v.vendorId);
    expect(paid).toMatchObject({ status: 'PAID', invoice_number: '000001' });
    expect(await rowsOf(app, 'invoice_drafts', v.vendorId)).toEqual([]);
    const [receipt] = await rowsOf(app, 'receipts', v.vendorId);
    expect(receipt.document.invoiceNumber).toBe('000001');
  });

  (onRealPostgres() ? it : it.skip)('20 confirms of one vendor in parallel: numbers 1 to 20, no draft left, one mail each', async () => {
    const v = await givenSellingVendor(app);
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => v.contracts.create.execute(v.order({ confirm: true, user: { email: `p${i}@${v.vendorId}.example.com` } }))),
    );
    const documents = await rowsOf(app, 'invoice_documents', v.vendorId, 'ORDER BY invoice_number');
    expect(documents.map((d: { invoice_number: string }) => d.invoice_number)).toEqual(Array.from({ length: 20 }, (_, i) => String(i + 1).padStart(6, '0')));
    expect(await rowsOf(app, 'invoice_drafts', v.vendorId)).toEqual([]);
    expect(await rowsOf(app, 'mail_messages', v.vendorId)).toHaveLength(20);
  });
});
