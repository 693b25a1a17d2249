import {
  BillingPage,
  BillRecord,
  EInvoiceRepository,
  InvoiceDocument,
  InvoiceKind,
  InvoicePdfRenderer,
  ReaderBillingReads,
  StoredEInvoice,
  Transaction,
  VendorBillingReads,
} from '../billing';
import { BillStatus } from '../contracts';
import { InMemoryBillRepository, InMemoryTransactionRepository } from './in-memory-billing';

// Billing's read ports over the in-memory bill and transaction stores, so a
// bill recorded by a use case shows in the lists the way the service's SQL
// views show it: a reader sees bills they hold or pay for.

const newestFirst = (a: { createdAt: Date; id: string }, b: { createdAt: Date; id: string }) =>
  b.createdAt.getTime() - a.createdAt.getTime() || b.id.localeCompare(a.id);
const isPartyTo = (bill: BillRecord | undefined, userId: string) => bill !== undefined && (bill.userId === userId || bill.payerId === userId);

export class InMemoryBillingReads implements ReaderBillingReads, VendorBillingReads {
  constructor(
    private readonly billStore: InMemoryBillRepository,
    private readonly transactionStore: InMemoryTransactionRepository,
  ) {}

  private billOf(t: Transaction): BillRecord | undefined {
    return [...this.billStore.rows.values()].find((b) => b.vendorId === t.vendorId && b.id === t.billId);
  }

  async billsOf(vendorId: string, userId: string): Promise<BillRecord[]> {
    return [...this.billStore.rows.values()].filter((b) => b.vendorId === vendorId && isPartyTo(b, userId)).sort(newestFirst);
  }

  async transactionsOf(vendorId: string, userId: string): Promise<Transaction[]> {
    return this.transactionStore.rows.filter((t) => t.vendorId === vendorId && isPartyTo(this.billOf(t), userId)).sort(newestFirst);
  }

  async bills(vendorId: string, filter: { userId?: string; status?: BillStatus }, page: BillingPage): Promise<BillRecord[]> {
    return [...this.billStore.rows.values()]
      .filter((b) => b.vendorId === vendorId && (filter.userId === undefined || isPartyTo(b, filter.userId)))
      .filter((b) => filter.status === undefined || b.status === filter.status)
      .sort(newestFirst)
      .slice(page.offset, page.offset + page.limit);
  }

  async transactions(vendorId: string, filter: { userId?: string; isRefund?: boolean }, page: BillingPage): Promise<Transaction[]> {
    return this.transactionStore.rows
      .filter((t) => t.vendorId === vendorId && (filter.userId === undefined || isPartyTo(this.billOf(t), filter.userId)))
      .filter((t) => filter.isRefund === undefined || t.isRefund === filter.isRefund)
      .sort(newestFirst)
      .slice(page.offset, page.offset + page.limit);
  }
}

export class InMemoryEInvoiceRepository implements EInvoiceRepository {
  readonly rows: StoredEInvoice[] = [];
  async add(eInvoice: StoredEInvoice): Promise<void> {
    this.rows.push(eInvoice);
  }
  async find(vendorId: string, billId: string, kind: InvoiceKind, number?: string): Promise<StoredEInvoice | null> {
    const found = this.rows.filter((e) => e.vendorId === vendorId && e.billId === billId && e.kind === kind && (number === undefined || e.invoiceNumber === number));
    return found.pop() ?? null;
  }
}

/** "Renders" an invoice as the UTF-8 bytes of its number and total (a test checks what was rendered, not a PDF). */
export class PlainTextInvoiceRenderer implements InvoicePdfRenderer {
  readonly rendered: InvoiceDocument[] = [];
  async render(invoice: InvoiceDocument): Promise<Uint8Array> {
    this.rendered.push(invoice);
    return new TextEncoder().encode(`${invoice.kind} ${invoice.number}`);
  }
}
