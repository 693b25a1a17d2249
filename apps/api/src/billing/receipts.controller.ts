import { GetInvoiceDocument, GetReceipt, InvoicePdfRenderer, Receipt, ReceiptNotFound } from '@kiosk/domain/billing';
import { IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { Request, Response } from 'express';
import { escapeText, pageShell } from '../platform/http/page-shell';
import { readerOf } from '../platform/http/reader';
import { Controller, route } from '../platform/http/routes';
import { BILL_ID } from './billing.examples';
import { PortsReceiptFacts, ReceiptLinks } from './receipt-facts';
import { receiptPage } from './receipt-page';
import { PdfLibReceiptRenderer } from './receipt-pdf';
import { RECEIPT_NOT_FOUND } from './billing.error-examples';

export class ReceiptQuery {
  /** The link's token (the bill's `receiptUrl` carries it). */
  @IsOptional() @IsString() @MaxLength(64) t?: string;
  /** `pdf` for the PDF; else the page (or what Accept asks for). */
  @IsOptional() @IsIn(['html', 'pdf']) format?: 'html' | 'pdf';
}

export class ReaderReceiptQuery {
  /** A document of the bill instead of its receipt: its invoice (marked PAID once paid) or the credit note of a voided bill. */
  @IsOptional() @IsIn(['INVOICE', 'CREDIT_NOTE']) kind?: 'INVOICE' | 'CREDIT_NOTE';
  /** Which credit note, by number, of a bill refunded in parts (the newest without it). */
  @IsOptional() @IsString() @Matches(/^[A-Za-z0-9-]{1,32}$/) number?: string;
  @IsOptional() @IsIn(['html', 'pdf']) format?: 'html' | 'pdf';
}

const HTML = { description: 'The receipt as a page', contentType: 'text/html', schema: { type: 'string' } };
const RECEIPT_PAGE_EXAMPLE =
  '<!doctype html><html lang="en"><head><title>Receipt R-000042 · The Daily</title></head><body><main><h1>Receipt</h1>' +
  '<p>Paid 28 Nov 2026 · SEK 99.00 (VAT 5.60) · Visa ending in 4242 · settles invoice 000042</p></main></body></html>';
const PDF = { description: 'The receipt (or the asked-for invoice) as a PDF', contentType: 'application/pdf', schema: { type: 'string', format: 'binary' } };
const VENDOR_ID = 'acme-news';
const TOKEN = 'pXw3LZ2b1cVq9Hn0sT4mYd7kR8uJe6aF';

/** What the caller asked for: `format` wins, then Accept, in the route's order of preference. */
const wantsPdf = (req: Request, format: string | undefined, preferred: ['text/html', 'application/pdf'] | ['application/pdf', 'text/html']) =>
  format ? format === 'pdf' : req.accepts(preferred) === 'application/pdf';

/**
 * Receipts of paid bills (docs/invoices.md "Receipts"): the page and PDF
 * at the bill's `receiptUrl` (a signed link that opens without signing in),
 * and the reader's own `GET /bills/{id}/receipt` (reader token), which
 * gives the receipt of a paid bill and otherwise the invoice PDF as before.
 */
export class ReceiptsController implements Controller {
  constructor(
    private readonly receipts: GetReceipt,
    private readonly documents: GetInvoiceDocument,
    private readonly invoicePdf: InvoicePdfRenderer,
    private readonly receiptPdf: PdfLibReceiptRenderer,
    private readonly facts: PortsReceiptFacts,
    private readonly links: ReceiptLinks,
  ) {}

  private async send(res: Response, receipt: Receipt, pdf: boolean) {
    if (pdf) {
      const bytes = await this.receiptPdf.render(receipt);
      res.status(200).set({ 'Content-Type': 'application/pdf', 'Content-Disposition': `inline; filename="receipt-${receipt.number}.pdf"`, 'Cache-Control': 'private, no-store' });
      res.send(Buffer.from(bytes));
      return;
    }
    const brand = await this.facts.brand(receipt.vendorId);
    const pdfPath = `${this.links.path(receipt.vendorId, receipt.billId)}&format=pdf`;
    res.status(200).set({ 'Cache-Control': 'private, no-store' }).type('html').send(receiptPage(receipt, brand, pdfPath));
  }

  routes() {
    return [
      route<unknown, ReceiptQuery>({
        method: 'get',
        path: '/receipts/{vendorId}/{billId}',
        operationId: 'getReceipt',
        summary: "A paid bill's receipt (the bill's `receiptUrl`): a page, or a PDF on request",
        description:
          'The receipt of a paid bill: receipt number, date paid, amount with the VAT in it, payment method with the card\'s brand ' +
          'and last four digits, the invoice it settles, seller and buyer. A page in the vendor\'s name and colour (printable); ' +
          'the PDF with `format=pdf` or `Accept: application/pdf`. `t` is the link\'s token: whoever holds the link (the reader, ' +
          'from the account page or the receipt e-mail) may open it. A wrong token, another vendor\'s bill or a bill without a ' +
          'receipt is a 404.',
        tags: ['reader: billing'],
        auth: { kind: 'none' },
        browserPage: true,
        query: ReceiptQuery,
        examples: { params: { vendorId: VENDOR_ID, billId: BILL_ID }, query: { t: TOKEN }, responses: { 200: RECEIPT_PAGE_EXAMPLE } },
        responses: { 200: HTML, 404: RECEIPT_NOT_FOUND('No such receipt for this link (a page for a browser, problem+json otherwise)') },
        handler: async ({ req, res, params, query }) => {
          const notFound = () => {
            if (req.accepts(['text/html', 'application/json']) === 'text/html' && query.format !== 'pdf') {
              const brand = { name: 'Kiosk', logo: null, color: '#374151', siteUrl: '/' };
              const body = `<h1>Receipt not found</h1><p>${escapeText('This receipt link is not valid. Open the receipt from your account or the e-mail again.')}</p>`;
              res.status(404).type('html').send(pageShell({ lang: 'en', title: 'Receipt not found', brand, body }));
              return;
            }
            throw new ReceiptNotFound(params.billId);
          };
          if (!this.links.verify(params.vendorId, params.billId, query.t)) return notFound();
          const found = await this.receipts.execute({ vendorId: params.vendorId, billId: params.billId }).catch(() => null);
          if (!found?.receipt) return notFound();
          await this.send(res, found.receipt, wantsPdf(req, query.format, ['text/html', 'application/pdf']));
        },
      }),
      route<unknown, ReaderReceiptQuery>({
        method: 'get',
        path: '/bills/{id}/receipt',
        operationId: 'getMyBillReceipt',
        summary: "The receipt of one of the reader's paid bills; the invoice PDF of one not paid",
        description:
          "For a paid bill the reader holds or pays for: its receipt, as a PDF (or the page with `Accept: text/html` or " +
          '`format=html`). For a bill without a receipt, or with `kind`: its invoice as a PDF (marked PAID with the date once ' +
          "paid), `kind=CREDIT_NOTE` the credit note of a voided bill. Another reader's bill, or one without the document, is a 404.",
        tags: ['reader: billing'],
        auth: { kind: 'user' },
        query: ReaderReceiptQuery,
        examples: { params: { id: BILL_ID }, responses: { 200: '%PDF-1.7 ... (binary)' } },
        responses: { 200: PDF, 404: RECEIPT_NOT_FOUND('No such bill for the reader, or the bill has no such document') },
        handler: async ({ req, res, params, query, principal }) => {
          const reader = readerOf(principal);
          const { receipt } = await this.receipts.execute({ vendorId: reader.vendorId, billId: params.id, readerId: reader.userId });
          if (receipt && !query.kind) return this.send(res, receipt, wantsPdf(req, query.format, ['application/pdf', 'text/html']));
          const document = await this.documents.execute({ vendorId: reader.vendorId, billId: params.id, kind: query.kind, number: query.number, readerId: reader.userId });
          const bytes = await this.invoicePdf.render(document);
          const name = `${document.kind === 'CREDIT_NOTE' ? 'credit-note' : 'invoice'}-${document.number}.pdf`;
          res.status(200).set({ 'Content-Type': 'application/pdf', 'Content-Disposition': `inline; filename="${name}"`, 'Cache-Control': 'private, no-store' });
          res.send(Buffer.from(bytes));
        },
      }),
    ];
  }
}
