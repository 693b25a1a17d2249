import {
  BillNotFound,
  BillRecord,
  BillRepository,
  ContractPayments,
  InvoiceDocument,
  InvoiceDocumentRepository,
  InvoiceNumbers,
  Mailer,
  OutgoingMail,
  Transaction,
  TransactionRepository,
} from '../../src/billing';

// In-memory adapters of the billing ports, for unit tests of the use cases.

export class InMemoryBillRepository implements BillRepository {
  readonly rows = new Map<string, BillRecord>();
  private key = (vendorId: string, id: string) => `${vendorId}\u0000${id}`;
  async add(bill: BillRecord): Promise<void> {
    const k = this.key(bill.vendorId, bill.id);
    if (this.rows.has(k)) throw new Error(`bill ${bill.id} exists`);
    this.rows.set(k, bill);
  }
  async find(vendorId: string, billId: string): Promise<BillRecord | null> {
    return this.rows.get(this.key(vendorId, billId)) ?? null;
  }
  async update<T>(vendorId: string, billId: string, fn: (bill: BillRecord) => Promise<{ bill: BillRecord; result: T }>): Promise<T> {
    const current = await this.find(vendorId, billId);
    if (!current) throw new BillNotFound(billId);
    const { bill, result } = await fn(current);
    this.rows.set(this.key(vendorId, billId), bill);
    return result;
  }
  async listByContract(vendorId: string, contractId: string): Promise<BillRecord[]> {
    return [...this.rows.values()].filter((b) => b.vendorId === vendorId && b.contractId === contractId);
  }
}

export class InMemoryTransactionRepository implements TransactionRepository {
  readonly rows: Transaction[] = [];
  async add(t: Transaction): Promise<void> {
    this.rows.push(t);
  }
  async listByBill(vendorId: string, billId: string): Promise<Transaction[]> {
    return this.rows.filter((t) => t.vendorId === vendorId && t.billId === billId);
  }
}

export class InMemoryInvoiceDocuments implements InvoiceDocumentRepository {
  readonly rows: InvoiceDocument[] = [];
  async add(invoice: InvoiceDocument): Promise<void> {
    this.rows.push(invoice);
  }
  async findByBill(vendorId: string, billId: string): Promise<InvoiceDocument | null> {
    return this.rows.find((i) => i.vendorId === vendorId && i.billId === billId) ?? null;
  }
}

export class InMemoryInvoiceNumbers implements InvoiceNumbers {
  private readonly last = new Map<string, number>();
  async next(vendorId: string): Promise<number> {
    const n = (this.last.get(vendorId) ?? 0) + 1;
    this.last.set(vendorId, n);
    return n;
  }
}

export class RecordingMailer implements Mailer {
  readonly sent: OutgoingMail[] = [];
  async queue(mail: OutgoingMail): Promise<void> {
    this.sent.push(mail);
  }
}

export class RecordingContractPayments implements ContractPayments {
  readonly paid: { vendorId: string; contractId: string; billId: string }[] = [];
  failWith: Error | null = null;
  async billPaid(command: { vendorId: string; contractId: string; billId: string }): Promise<void> {
    if (this.failWith) throw this.failWith;
    this.paid.push(command);
  }
}
