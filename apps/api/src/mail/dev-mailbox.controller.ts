import { Response } from 'express';
import { Controller, route } from '../platform/http/routes';
import { HttpProblem } from '../platform/http/problem';
import { DevMailboxQuery } from './dev-mailbox.dto';
import { mailboxPage, mailPage } from './dev-mailbox.page';
import { EmbeddedMailer } from './embedded-mailer';
import { MAIL_NOT_FOUND } from './mail.error-examples';

const LIMIT = 200;
/** The page may frame its own `srcdoc` (the HTML part) and load nothing from outside. */
const CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; frame-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

const send = (res: Response, body: string) =>
  res
    .status(200)
    .set({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', 'Content-Security-Policy': CSP, 'Referrer-Policy': 'no-referrer', 'X-Content-Type-Options': 'nosniff' })
    .send(body);

/**
 * `/dev/mail`: the stored mailbox in a browser, so a newcomer signs up
 * without the command line. Bound only when NODE_ENV is not production
 * (production answers 404: the routes do not exist there).
 */
export class DevMailboxController implements Controller {
  constructor(private readonly mailer: EmbeddedMailer) {}

  routes() {
    const html = { description: 'HTML page', contentType: 'text/html', schema: { type: 'string' } };
    const tags = ['development'];
    return [
      route<unknown, DevMailboxQuery>({
        method: 'get',
        path: '/dev/mail',
        operationId: 'devMailbox',
        summary: 'Development only: the mails the service stored, newest first',
        description:
          'Lists what the stored mailbox holds across vendors, newest first (at most 200), filtered by `vendor` and by recipient `to` (case ignored). Served only when `NODE_ENV` is not `production`.',
        examples: { query: { to: 'reader@example.com' }, responses: { 200: '<!doctype html><html lang="en">…<h1>Mailbox</h1>…</html>' } },
        tags,
        auth: { kind: 'none' },
        query: DevMailboxQuery,
        responses: { 200: html },
        handler: async ({ res, query }) => {
          const filter = { vendor: query.vendor?.trim() || undefined, to: query.to?.trim() || undefined };
          const entries = await this.mailer.mailbox({ vendorId: filter.vendor, to: filter.to, limit: LIMIT });
          send(res, mailboxPage(entries, filter, LIMIT));
        },
      }),
      route({
        method: 'get',
        path: '/dev/mail/{vendorId}/{mailId}',
        operationId: 'devMailboxMail',
        summary: 'Development only: one stored mail, its text and HTML parts with clickable links',
        description: 'The HTML part is shown in a sandboxed frame (no script, nothing from outside); the text part with its links made clickable.',
        examples: { params: { vendorId: 'demo', mailId: '0194f3c2-…' }, responses: { 200: '<!doctype html><html lang="en">…<h1 id="subject">…</h1>…</html>' } },
        tags,
        auth: { kind: 'none' },
        responses: { 200: html, 404: MAIL_NOT_FOUND },
        handler: async ({ res, params }) => {
          const mail = params.vendorId.length <= 63 && params.mailId.length <= 100 ? await this.mailer.find(params.vendorId, params.mailId) : null;
          if (!mail) throw new HttpProblem(404, 'MAIL.NOT_FOUND', 'No such mail in the stored mailbox');
          send(res, mailPage(mail, await this.mailer.deliveryOf(mail.vendorId, mail.id)));
        },
      }),
    ];
  }
}
