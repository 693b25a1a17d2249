import { GetEInvoice, GetInvoiceDocument, InvoicePdfRenderer } from '@kiosk/domain/billing';
import { Controller, route } from '../platform/http/routes';
import { InvoiceKindQuery } from './billing-settings.dto';
import { BILL_ID } from './billing.examples';
import { NO_INVOICE } from './billing.error-examples';

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
        description: "The same PDF the invoice e-mail carries (marked PAID with the date once the bill is paid). Another vendor's bill is a 404.",
        tags: ['management: bills'],
        auth: { kind: 'bearer', scope: 'bills:read' },
        query: InvoiceKindQuery,
        examples: { params: { billId: BILL_ID }, responses: { 200: PDF_EXAMPLE } },
        responses: { 200: PDF, 404: NOT_FOUND },
        handler: async ({ res, params, query, principal }) => {
          await sendPdf(res, await this.documents.execute({ vendorId: principal.vendorId, billId: params.billId, kind: query.kind }));
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
          const e = await this.eInvoices.execute({ vendorId: principal.vendorId, billId: params.billId, kind: query.kind });
          res
            .status(200)
            .set({ 'Content-Type': 'application/xml; charset=utf-8', 'Content-Disposition': `attachment; filename="${e.kind === 'CREDIT_NOTE' ? 'credit-note' : 'invoice'}-${e.invoiceNumber}.xml"` })
            .send(e.xml);
        },
      }),
    ];
  }
}
