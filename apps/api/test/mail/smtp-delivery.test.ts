import { Mailer } from '@kiosk/domain/mail';
import { EmbeddedMailer } from '../../src/mail/mail.module';
import { MAIL_MAX_ATTEMPTS } from '../../src/mail/mail-deliveries';
import { inTransaction } from '../../src/platform/database/transaction';
import { TOKENS } from '../../src/platform/tokens';
import { givenVendor, startTestApp, TestApp } from '../support/harness';
import { partOf, startSmtpServer } from './smtp-receiver';
import { givenSellingVendor, rowsOf } from '../billing/support';

/*
 * Mail is really sent: with MAIL_URL set, the workers send each stored mail
 * through SMTP to a real server started here (the smtp-server package),
 * retry a refused one with back-off, and keep a delivery record per mail.
 */

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let app: TestApp;
let second: TestApp;
beforeAll(async () => {
  smtp = await startSmtpServer();
  const env = { MAIL_URL: smtp.url, MAIL_FROM: 'Kiosk <no-reply@kiosk.test>' };
  app = await startTestApp(env);
  second = await startTestApp(env);
});
afterAll(async () => {
  await second.close();
  await app.close();
  await smtp.close();
});

const mailer = (a: TestApp = app): Mailer & EmbeddedMailer => a.runtime.container.get(EmbeddedMailer);
const deliver = (a: TestApp = app) => a.runtime.container.getAll(TOKENS.WorkerStep).find((s) => s.name === 'mail-deliveries')!.runOnce();
interface DeliveryView {
  to: string;
  status: string;
  attempts: number;
  lastError: string | null;
  sentAt: string | null;
  nextAttemptAt: string | null;
}
const deliveries = async (vendorId: string): Promise<DeliveryView[]> =>
  (
    await app.runtime.database.db.query(
      `SELECT d.status, d.attempts, d.last_error, d.sent_at, d.next_attempt_at, m.to_address
         FROM mail_deliveries d JOIN mail_messages m ON m.vendor_id = d.vendor_id AND m.id = d.mail_id
        WHERE d.vendor_id = $1 ORDER BY m.created_at, m.id`,
      [vendorId],
    )
  ).map((r: { status: string; attempts: number; last_error: string | null; sent_at: Date | null; next_attempt_at: Date | null; to_address: string }) => ({
    to: r.to_address,
    status: r.status,
    attempts: r.attempts,
    lastError: r.last_error,
    sentAt: r.sent_at ? new Date(r.sent_at).toISOString() : null,
    nextAttemptAt: r.next_attempt_at ? new Date(r.next_attempt_at).toISOString() : null,
  }));
const receivedBy = (to: string) => smtp.received.filter((m) => m.to.includes(to));

describe('SMTP delivery (MAIL_URL)', () => {
  it('sends a queued mail with its subject, text and HTML parts, from MAIL_FROM with the vendor’s name, and records it sent', async () => {
    const v = await givenVendor(app);
    const to = `reader@${v.vendorId}.example.com`;
    await mailer().queue({
      vendorId: v.vendorId,
      to,
      subject: 'Welcome to the paper',
      body: 'Hello reader. Confirm: https://kiosk.test/confirm?x=1',
      html: '<p>Hello <b>reader</b>. <a href="https://kiosk.test/confirm?x=1">Confirm</a></p>',
    });
    const queuedAt = app.clock.now().toISOString();
    expect(await deliveries(v.vendorId)).toEqual([{ to, status: 'queued', attempts: 0, lastError: null, sentAt: null, nextAttemptAt: queuedAt }]);

    expect(await deliver()).toBeGreaterThanOrEqual(1);
    const [mail] = receivedBy(to);
    expect(mail.from).toBe('no-reply@kiosk.test');
    expect(mail.raw).toMatch(new RegExp(`^From: "?Vendor ${v.vendorId}"? <no-reply@kiosk.test>`, 'm'));
    expect(mail.raw).toMatch(/^Subject: Welcome to the paper\r?$/m);
    expect(partOf(mail.raw, 'text/plain')?.trim()).toBe('Hello reader. Confirm: https://kiosk.test/confirm?x=1');
    expect(partOf(mail.raw, 'text/html')?.trim()).toBe('<p>Hello <b>reader</b>. <a href="https://kiosk.test/confirm?x=1">Confirm</a></p>');
    expect(await deliveries(v.vendorId)).toEqual([{ to, status: 'sent', attempts: 1, lastError: null, sentAt: queuedAt, nextAttemptAt: null }]);

    // Sent once: another run sends nothing more.
    await deliver();
    expect(receivedBy(to)).toHaveLength(1);
    // The stored mailbox still holds it.
    expect((await mailer().list(v.vendorId, to.toUpperCase())).map((m) => m.subject)).toEqual(['Welcome to the paper']);
  });

  it('an invoice issued after a confirm (one statement with its mail) is queued with its delivery and sent, its PDF attached', async () => {
    const v = await givenSellingVendor(app);
    await v.contracts.create.execute(v.order({ confirm: true }));
    const to = `reader@${v.vendorId}.example.com`;
    const [bill] = await rowsOf(app, 'bills', v.vendorId);
    expect(bill.invoice_number).toBe('000001');
    expect(await deliveries(v.vendorId)).toEqual([expect.objectContaining({ to, status: 'queued', attempts: 0 })]);
    await deliver();
    const [mail] = receivedBy(to);
    expect(mail.raw).toMatch(/^Subject: .*000001/m);
    expect(mail.raw).toMatch(/application\/pdf/);
    expect(await deliveries(v.vendorId)).toEqual([expect.objectContaining({ to, status: 'sent', attempts: 1 })]);
  });

  it('sends nothing of a step that rolled back', async () => {
    const v = await givenVendor(app);
    const to = `rolled-back@${v.vendorId}.example.com`;
    await expect(
      inTransaction(app.runtime.database.db, async () => {
        await mailer().queue({ vendorId: v.vendorId, to, subject: 'Never', body: 'never sent' });
        throw new Error('the step failed');
      }),
    ).rejects.toThrow('the step failed');
    await deliver();
    expect(receivedBy(to)).toEqual([]);
    expect(await deliveries(v.vendorId)).toEqual([]);
    expect(await mailer().list(v.vendorId)).toEqual([]);
  });

  it('retries a mail the server refused, after a back-off, and then delivers it', async () => {
    const v = await givenVendor(app);
    const to = `retry@${v.vendorId}.example.com`;
    await mailer().queue({ vendorId: v.vendorId, to, subject: 'Your receipt', body: 'Paid.' });
    smtp.refuseNext(1);
    const firstAt = app.clock.now();
    await deliver();
    expect(receivedBy(to)).toEqual([]);
    const [failed] = await deliveries(v.vendorId);
    expect(failed).toEqual({
      to,
      status: 'queued',
      attempts: 1,
      lastError: expect.stringContaining('Mailbox busy, try again later'),
      sentAt: null,
      nextAttemptAt: new Date(firstAt.getTime() + 60_000).toISOString(),
    });

    // Not before its next attempt.
    app.clock.advance(59_000);
    await deliver();
    expect(receivedBy(to)).toEqual([]);
    app.clock.advance(1_000);
    await deliver();
    expect(receivedBy(to)).toHaveLength(1);
    expect(await deliveries(v.vendorId)).toEqual([
      { to, status: 'sent', attempts: 2, lastError: null, sentAt: app.clock.now().toISOString(), nextAttemptAt: null },
    ]);
  });

  it('gives a mail up after the last attempt, with the error kept', async () => {
    const v = await givenVendor(app);
    const to = `gone@${v.vendorId}.example.com`;
    await mailer().queue({ vendorId: v.vendorId, to, subject: 'Bounce', body: 'x' });
    smtp.refuseNext(MAIL_MAX_ATTEMPTS);
    for (let attempt = 0; attempt < MAIL_MAX_ATTEMPTS; attempt += 1) {
      await deliver();
      app.clock.advance(3_600_000);
    }
    await deliver();
    expect(receivedBy(to)).toEqual([]);
    expect(await deliveries(v.vendorId)).toEqual([
      { to, status: 'failed', attempts: MAIL_MAX_ATTEMPTS, lastError: expect.stringContaining('Mailbox busy'), sentAt: null, nextAttemptAt: null },
    ]);
    smtp.refuseNext(0);
  });

  it('sends each mail once when two workers deliver side by side', async () => {
    const v = await givenVendor(app);
    const addresses = Array.from({ length: 12 }, (_, i) => `many-${i}@${v.vendorId}.example.com`);
    for (const to of addresses) await mailer().queue({ vendorId: v.vendorId, to, subject: `Mail ${to}`, body: 'one of many' });
    second.clock.set(app.clock.now());
    const done = await Promise.all([deliver(app), deliver(second), deliver(app), deliver(second)]);
    expect(done.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(addresses.length);
    for (const to of addresses) expect(receivedBy(to)).toHaveLength(1);
    expect((await deliveries(v.vendorId)).map((d) => [d.status, d.attempts])).toEqual(addresses.map(() => ['sent', 1]));
  });

  it('queues the same keyed mail once', async () => {
    const v = await givenVendor(app);
    const to = `keyed@${v.vendorId}.example.com`;
    for (let i = 0; i < 2; i += 1) await mailer().queue({ vendorId: v.vendorId, to, subject: 'Reminder', body: 'once', key: 'reminder:1' });
    expect(await mailer().list(v.vendorId)).toHaveLength(1);
    expect(await deliveries(v.vendorId)).toHaveLength(1);
  });
});

describe('without MAIL_URL', () => {
  it('keeps mails in the stored mailbox only: no delivery record, nothing sent', async () => {
    const plain = await startTestApp();
    try {
      const v = await givenVendor(plain);
      const to = `stored@${v.vendorId}.example.com`;
      await plain.runtime.container.get(EmbeddedMailer).queue({ vendorId: v.vendorId, to, subject: 'Stored', body: 'only stored' });
      expect(await deliver(plain)).toBe(0);
      expect(await deliveries(v.vendorId)).toEqual([]);
      expect(receivedBy(to)).toEqual([]);
      expect((await plain.runtime.container.get(EmbeddedMailer).list(v.vendorId)).map((m) => m.subject)).toEqual(['Stored']);
    } finally {
      await plain.close();
    }
  });
});
