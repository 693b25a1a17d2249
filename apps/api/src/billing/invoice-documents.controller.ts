import { GetEInvoice, GetInvoiceDocument, InvoicePdfRenderer, ListCreditNotes } from '@kiosk/domain/billing';
import { Controller, route } from '../platform/http/routes';
import { InvoiceKindQuery } from './billing-settings.dto';
import { BILL_ID } from './billing.examples';
import { BILL_NOT_FOUND, NO_INVOICE } from './billing.error-examples';

const PDF = { description: 'The invoice as a PDF (A4, fonts embedded)', contentType: 'application/pdf', schema: { type: 'string', format: 'binary' } };
const PDF_EXAMPLE = '%PDF-1.7 ... (binary)';
const UBL_EXAMPLE =
  '<?xml version="1.0" encoding="UTF-8"?>\n<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" ...>\n' +
  '  <cbc:CustomizationID>urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0</cbc:CustomizationID>\n  ...\n</Invoice>\n';
const NOT_FOUND = NO_INVOICE;

/** For the vendor: the PDF of a bill's invoice and its e-invoice (docs/invoices.md); the reader's route is ReceiptsController's. */
export class InvoiceDocumentsController implements Controller {
  constructor(
    private readonly documents: GetInvoiceDocument,
    private readonly eInvoices: GetEInvoice,
    private readonly pdf: InvoicePdfRenderer,
    private readonly creditNotes: ListCreditNotes,
  ) {}

  routes() {
    const sendPdf = async (res: import('express').Response, document: Awaited<ReturnType<GetInvoiceDocument['execute']>>) => {
      const bytes = await this.pdf.render(document);
      const name = `${document.kind === 'CREDIT_NOTE' ? 'credit-note' : 'invoice'}-${document.number}.pdf`;
      res.status(200).set({ 'Content-Type': 'application/pdf', 'Content-Disposition': `inline; filename="${name}"`, 'Cache-Control': 'private, no-store' });
      res.send(Buffer.from(bytes));
    };
    return [
      route<unknown, InvoiceKindQuery>({
        method: 'get',
        path: '/management/bills/{billId}/invoice',
        operationId: 'getBillInvoicePdf',
        summary: "The PDF invoice (or credit note) of one of the vendor's bills",
        description:
          "The same PDF the invoice e-mail carries (marked PAID with the date once the bill is paid). `kind=CREDIT_NOTE` a credit " +
          'note: the newest, or the one `number` names (`.../credit-notes` lists them). Another vendor\'s bill is a 404.',
        tags: ['management: bills'],
        auth: { kind: 'bearer', scope: 'bills:read' },
        query: InvoiceKindQuery,
        examples: { params: { billId: BILL_ID }, responses: { 200: PDF_EXAMPLE } },
        responses: { 200: PDF, 404: NOT_FOUND },
        handler: async ({ res, params, query, principal }) => {
          await sendPdf(res, await this.documents.execute({ vendorId: principal.vendorId, billId: params.billId, kind: query.kind, number: query.number }));
        },
      }),
      route<unknown, InvoiceKindQuery>({
        method: 'get',
        path: '/management/bills/{billId}/e-invoice',
        operationId: 'getBillEInvoice',
        summary: 'The e-invoice (UBL 2.1, Peppol BIS Billing 3.0) of a bill whose contract has invoice.ediNumber',
        description:
          'Kept when the invoice (or the credit note, `kind=CREDIT_NOTE`) was made; its totals are those of the PDF. A bill ' +
          "without an e-invoice number has none (404), as has another vendor's bill.",
        tags: ['management: bills'],
        auth: { kind: 'bearer', scope: 'bills:read' },
        query: InvoiceKindQuery,
        examples: { params: { billId: BILL_ID }, responses: { 200: UBL_EXAMPLE } },
        responses: { 200: { description: 'UBL 2.1 XML', contentType: 'application/xml', schema: { type: 'string' } }, 404: NOT_FOUND },
        handler: async ({ res, params, query, principal }) => {
          const e = await this.eInvoices.execute({ vendorId: principal.vendorId, billId: params.billId, kind: query.kind, number: query.number });
          res
            .status(200)
            .set({ 'Content-Type': 'application/xml; charset=utf-8', 'Content-Disposition': `attachment; filename="${e.kind === 'CREDIT_NOTE' ? 'credit-note' : 'invoice'}-${e.invoiceNumber}.xml"` })
            .send(e.xml);
        },
      }),
      route({
        method: 'get',
        path: '/management/bills/{billId}/credit-notes',
        operationId: 'listBillCreditNotes',
        summary: "The credit notes of one of the vendor's bills, oldest first",
        description:
          'One for a voided bill; one per refund of a paid bill, for the amount paid back (a partial refund credits part of ' +
          'the invoice, shared among its lines with their VAT). `total` is negative, in major units. Each PDF is at ' +
          "`.../invoice?kind=CREDIT_NOTE&number=<number>`. Another vendor's bill is a 404.",
        tags: ['management: bills'],
        auth: { kind: 'bearer', scope: 'bills:read' },
        examples: {
          params: { billId: BILL_ID },
          responses: { 200: [{ number: '000043', creditedInvoiceNumber: '000042', total: -594, currency: 'SEK', issuedAt: '2026-11-29T10:00:00.000Z' }] },
        },
        responses: { 200: { description: 'The credit notes', schema: { type: 'array', items: CREDIT_NOTE_SCHEMA } }, 404: BILL_NOT_FOUND('No such bill of the vendor') },
        handler: async ({ res, params, principal }) => {
          const notes = await this.creditNotes.execute({ vendorId: principal.vendorId, billId: params.billId });
          res.json(
            notes.map((n) => ({
              number: n.number,
              creditedInvoiceNumber: n.creditedInvoiceNumber,
              total: n.total.minor / 100,
              currency: n.total.currency,
              issuedAt: n.issuedAt.toISOString(),
            })),
          );
        },
      }),
    ];
  }
}

const CREDIT_NOTE_SCHEMA = {
  type: 'object',
  required: ['number', 'creditedInvoiceNumber', 'total', 'currency', 'issuedAt'],
  properties: {
    number: { type: 'string', description: 'The credit note number (the same sequence as invoices)' },
    creditedInvoiceNumber: { type: ['string', 'null'], description: 'The invoice it credits' },
    total: { type: 'number', description: 'What it credits, including VAT, in major units (negative)' },
    currency: { type: 'string' },
    issuedAt: { type: 'string', format: 'date-time' },
  },
};
