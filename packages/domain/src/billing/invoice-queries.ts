import { isShownToUser } from '../contracts/bill';
import { NotFoundError } from '../shared';
import { BillRecord } from './bill-record';
import { BillNotFound } from './errors';
import { InvoiceDocument, InvoiceKind } from './invoice';
import { BillRepository, InvoiceDocumentRepository } from './ports';

export class InvoiceDocumentNotFound extends NotFoundError {
  constructor(billId: string, kind: InvoiceKind) {
    super('BILL.NO_INVOICE', `bill ${billId} has no ${kind === 'CREDIT_NOTE' ? 'credit note' : 'invoice'}`, { billId, kind });
  }
}

/** An e-invoice (UBL XML) kept with an invoice or credit note. */
export interface StoredEInvoice {
  readonly vendorId: string;
  readonly invoiceId: string;
  readonly billId: string;
  readonly kind: InvoiceKind;
  readonly invoiceNumber: string;
  readonly xml: string;
  readonly createdAt: Date;
}

export interface EInvoiceRepository {
  add(eInvoice: StoredEInvoice): Promise<void>;
  /** The e-invoice of a bill's invoice or credit note (the newest, or the one numbered `number`); null when none was made. */
  find(vendorId: string, billId: string, kind: InvoiceKind, number?: string): Promise<StoredEInvoice | null>;
}

const isReaders = (bill: BillRecord, userId: string) => bill.userId === userId || bill.payerId === userId;

/**
 * The invoice (or credit note) document of a bill: for the vendor, any of
 * its bills; for a reader (`readerId`), only a bill they hold or pay for
 * and that GET /bills shows. Anything else is a 404.
 */
export class GetInvoiceDocument {
  constructor(
    private readonly bills: Pick<BillRepository, 'find'>,
    private readonly invoices: Pick<InvoiceDocumentRepository, 'listByBill'>,
  ) {}

  /** `number` picks one of several credit notes (one per partial refund); without it, the newest of the kind. */
  async execute(command: { vendorId: string; billId: string; kind?: InvoiceKind; number?: string; readerId?: string }): Promise<InvoiceDocument> {
    const kind = command.kind ?? 'INVOICE';
    const bill = await this.bills.find(command.vendorId, command.billId);
    if (!bill) throw new BillNotFound(command.billId);
    if (command.readerId !== undefined && (!isReaders(bill, command.readerId) || !isShownToUser(bill))) throw new BillNotFound(command.billId);
    const documents = await this.invoices.listByBill(command.vendorId, command.billId);
    const document = documents.filter((d) => d.kind === kind && (command.number === undefined || d.number === command.number)).pop();
    if (!document) throw new InvoiceDocumentNotFound(command.billId, kind);
    // The invoice of a paid bill says so (PAID with the date) instead of asking for payment.
    return document.kind === 'INVOICE' && bill.status === 'PAID' && bill.paidAt ? { ...document, paidAt: bill.paidAt } : document;
  }
}

/** The e-invoice XML of a bill's invoice or credit note, for the vendor. */
export class GetEInvoice {
  constructor(
    private readonly bills: Pick<BillRepository, 'find'>,
    private readonly eInvoices: Pick<EInvoiceRepository, 'find'>,
  ) {}

  async execute(command: { vendorId: string; billId: string; kind?: InvoiceKind; number?: string }): Promise<StoredEInvoice> {
    const kind = command.kind ?? 'INVOICE';
    if (!(await this.bills.find(command.vendorId, command.billId))) throw new BillNotFound(command.billId);
    const found = await this.eInvoices.find(command.vendorId, command.billId, kind, command.number);
    if (!found) throw new InvoiceDocumentNotFound(command.billId, kind);
    return found;
  }
}

/** One credit note of a bill, as a list shows it: which, for how much (negative: credited), when. */
export interface CreditNoteSummary {
  readonly number: string;
  readonly creditedInvoiceNumber: string | null;
  readonly total: InvoiceDocument['total'];
  readonly issuedAt: Date;
}

/**
 * The credit notes of one of the vendor's bills, oldest first: one for a
 * voided bill, one per refund of a paid one. Another vendor's bill is a 404.
 */
export class ListCreditNotes {
  constructor(
    private readonly bills: Pick<BillRepository, 'find'>,
    private readonly invoices: Pick<InvoiceDocumentRepository, 'listByBill'>,
  ) {}

  async execute(command: { vendorId: string; billId: string }): Promise<CreditNoteSummary[]> {
    if (!(await this.bills.find(command.vendorId, command.billId))) throw new BillNotFound(command.billId);
    const documents = await this.invoices.listByBill(command.vendorId, command.billId);
    return documents
      .filter((d) => d.kind === 'CREDIT_NOTE')
      .map((d) => ({ number: d.number, creditedInvoiceNumber: d.creditedInvoiceNumber, total: d.total, issuedAt: d.issuedAt }));
  }
}
