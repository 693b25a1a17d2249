import { ChangeCheckoutSettings } from '@kiosk/domain/checkout';
import { emptyProfile } from '@kiosk/domain/engagement';
import { ENGAGEMENT } from '../../src/engagement/engagement.module';
import { EmbeddedMailer, StoredMail } from '../../src/mail/mail.module';
import { RenewalReminders } from '../../src/mail/renewal-reminders';
import { runInVendorTime } from '../../src/platform/vendor-time';
import { givenTestVendor, plusDays } from '../catalog/support';
import { givenContractVendor } from '../contracts/support';
import { bearer, startTestApp, TestApp } from '../support/harness';

/*
 * The reader mails on their events, moved by a test vendor's test clock:
 * the renewal reminder seven days before a yearly renewal (once per period),
 * payment failed when the renewal bill goes overdue, cancellation confirmed
 * with the end date; each with the vendor's name and colour, text and HTML,
 * in the reader's language (English by default, Swedish from the profile).
 */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const T0 = new Date('2032-05-01T00:00:00.000Z');
const mails = (vendorId: string, to: string): Promise<StoredMail[]> => app.runtime.container.get(EmbeddedMailer).list(vendorId, to);
/** The reader mails of this module (the invoices the billing module mails are left out). */
const readerMails = async (vendorId: string, to: string) => (await mails(vendorId, to)).filter((m) => !m.subject.startsWith('Invoice'));
const subjects = async (vendorId: string, to: string) => (await readerMails(vendorId, to)).map((m) => m.subject);

async function givenYearlyReader(locale: string | null = null) {
  const v = await givenTestVendor(app, T0);
  await app.runtime.container.get(ChangeCheckoutSettings).execute({ vendorId: v.vendorId, change: { color: '#9f1239' } });
  const order = v.order({ sku: 'news', purchaseOptionId: 'news-yearly', confirm: true, startsAt: plusDays(T0, 1).toISOString() });
  const email = (order.user as { email: string }).email;
  const created = await v.create(order, v.clockToken);
  expect(created.status).toBe(201);
  const id = created.body.id as string;
  if (locale) {
    await app.runtime.container.get(ENGAGEMENT.Profiles).save({ ...emptyProfile(v.vendorId, created.body.userId as string, T0), locale });
  }
  expect((await v.advance(plusDays(T0, 1))).status).toBe(200);
  const [first] = await v.billsOf(id);
  expect((await app.http.post(`/management/bills/${first.id}/payments`).set(bearer(v.clockToken)).send({})).status).toBe(201);
  const renewalAt = new Date((await v.get(id)).body.nextBillAt as string);
  return { v, id, email, renewalAt };
}

describe('renewal reminder and payment failed (English, the vendor’s brand)', () => {
  it('reminds seven days before the yearly renewal, once, and says so when the renewal bill goes unpaid', async () => {
    const { v, id, email, renewalAt } = await givenYearlyReader();
    const site = `https://${v.vendorId}.example.com`;

    expect((await v.advance(plusDays(renewalAt, -8))).status).toBe(200);
    expect(await subjects(v.vendorId, email)).not.toContainEqual(expect.stringContaining('renews'));

    expect((await v.advance(plusDays(renewalAt, -2))).status).toBe(200);
    const reminders = (await mails(v.vendorId, email)).filter((m) => m.subject.includes('renews'));
    expect(reminders).toHaveLength(1);
    const [reminder] = reminders;
    expect(reminder.createdAt.toISOString()).toBe(plusDays(renewalAt, -7).toISOString());
    const day = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' }).format(renewalAt);
    expect(reminder.subject).toBe(`Your Product news subscription renews on ${day}`);
    expect(reminder.body).toContain(`Your yearly subscription to Product news renews on ${day}. The next payment, SEK 1,200.00, falls due then.`);
    expect(reminder.body).toContain(`Manage subscription: ${site}`);
    expect(reminder.body).toContain(`Vendor ${v.vendorId}`);
    expect(reminder.html).toContain('<html lang="en">');
    expect(reminder.html).toContain(`background:#9f1239;color:#ffffff;padding:16px 20px;border-radius:8px 8px 0 0;font-size:20px;font-weight:bold">Vendor ${v.vendorId}</div>`);
    expect(reminder.html).toContain(`<a href="${site}" style="display:inline-block;background:#9f1239;color:#ffffff;`);
    expect(reminder.html).not.toMatch(/<(img|script|link)\b/);

    // Once per period: more time before the renewal sends nothing more.
    expect((await v.advance(plusDays(renewalAt, -1))).status).toBe(200);
    expect((await subjects(v.vendorId, email)).filter((s) => s.includes('renews'))).toHaveLength(1);

    // Renewed, the new bill unpaid past its due date: payment failed, with the way to fix it.
    expect((await v.advance(renewalAt)).status).toBe(200);
    const renewal = (await v.billsOf(id))[1];
    const dueAt = new Date(renewal.dueAt);
    expect((await v.advance(dueAt)).status).toBe(200);
    expect((await v.get(id)).body).toMatchObject({ status: 'OVERDUE' });
    const failed = (await mails(v.vendorId, email)).filter((m) => m.subject.includes('did not go through'));
    expect(failed.map((m) => m.subject)).toEqual([`Your payment to Vendor ${v.vendorId} did not go through`]);
    const dueDay = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' }).format(dueAt);
    expect(failed[0].body).toContain(`The payment for Product news was due on ${dueDay} and has not come in.`);
    expect(failed[0].body).toContain(`Fix your payment: ${site}`);
    expect(failed[0].html).toContain(`>Fix your payment</a>`);
    // The next period's reminder is not sent for a contract that is not ACTIVE.
    expect((await subjects(v.vendorId, email)).filter((s) => s.includes('renews'))).toHaveLength(1);
  });
});

describe('cancellation confirmed (Swedish from the reader’s profile)', () => {
  it('confirms a cancel request with the day access ends, once, also when the contract ends then', async () => {
    const { v, id, email, renewalAt } = await givenYearlyReader('sv-SE');
    const res = await app.http.post(`/management/contracts/${id}/cancel`).set(bearer(v.clockToken)).send({ reason: 'CUSTOMER_REQUEST' });
    expect(res.status).toBe(200);
    await app.runtime.worker.drainOnce(v.vendorId);

    const [confirmation] = await readerMails(v.vendorId, email);
    const day = new Intl.DateTimeFormat('sv', { dateStyle: 'long', timeZone: 'UTC' }).format(renewalAt);
    expect(confirmation.subject).toBe('Din prenumeration på Product news är uppsagd');
    expect(confirmation.body).toContain(`Din prenumeration på Product news är uppsagd.\n\nDu har tillgång till och med ${day}.`);
    expect(confirmation.body).toContain(`Gå till Vendor ${v.vendorId}: https://${v.vendorId}.example.com`);
    expect(confirmation.body).toContain(`Du får det här mejlet eftersom du har en prenumeration hos Vendor ${v.vendorId}.`);
    expect(confirmation.html).toContain('<html lang="sv">');
    expect(confirmation.html).toContain('<h1 style="font-size:22px;margin:0 0 16px">Uppsägningen är bekräftad</h1>');

    // The event handled again (at least once delivery) and the contract ending at that date: still one mail, no reminder.
    await app.runtime.database.db.query(`UPDATE outbox SET processed_at = NULL, locked_until = NULL WHERE vendor_id = $1 AND type = 'contract.cancel_requested'`, [v.vendorId]);
    await app.runtime.worker.drainOnce(v.vendorId);
    expect((await v.advance(plusDays(renewalAt, 1))).status).toBe(200);
    expect((await v.get(id)).body).toMatchObject({ status: 'CANCELED' });
    expect(await subjects(v.vendorId, email)).toEqual(['Din prenumeration på Product news är uppsagd']);
  });

  it('says nothing for a contract canceled before it started (it gave no access)', async () => {
    const v = await givenTestVendor(app, T0);
    const pending = v.order({ sku: 'news', purchaseOptionId: 'news-yearly' });
    const created = await v.create(pending, v.clockToken);
    expect(created.status).toBe(201);
    expect((await app.http.post(`/management/contracts/${created.body.id}/cancel`).set(bearer(v.clockToken)).send({ reason: 'CUSTOMER_REQUEST' })).status).toBe(200);
    await app.runtime.worker.drainOnce(v.vendorId);
    expect(await readerMails(v.vendorId, (pending.user as { email: string }).email)).toEqual([]);
  });
});

describe('the renewal reminder of a production vendor (the worker’s task, the service’s clock)', () => {
  it('is queued by the task once the renewal is seven days away, and not again', async () => {
    const v = await givenContractVendor(app);
    const order = v.order({ sku: 'news', purchaseOptionId: 'news-yearly', confirm: true });
    const created = await v.create(order);
    expect(created.status).toBe(201);
    const email = (order.user as { email: string }).email;
    const renewalAt = new Date(created.body.nextBillAt as string);
    const reminders = app.runtime.container.get(RenewalReminders);
    const started = app.clock.now();
    try {
      app.clock.set(plusDays(renewalAt, -8));
      expect(await runInVendorTime(v.vendorId, null, () => reminders.runDue(v.vendorId))).toBe(0);
      app.clock.set(plusDays(renewalAt, -6));
      expect(await runInVendorTime(v.vendorId, null, () => reminders.runDue(v.vendorId))).toBe(1);
      expect(await runInVendorTime(v.vendorId, null, () => reminders.runDue(v.vendorId))).toBe(0);
      expect((await subjects(v.vendorId, email)).filter((s) => s.includes('renews'))).toHaveLength(1);
    } finally {
      app.clock.set(started);
    }
  });
});
