import {
  BillNotFound,
  BillRecord,
  BillRepository,
  ContractPayments,
  InvoiceDocument,
  InvoiceDocumentRepository,
  InvoiceDraft,
  InvoiceDraftRepository,
  InvoiceNumbers,
  Mailer,
  OutgoingMail,
  Transaction,
  TransactionRepository,
  VendorBillingSettings,
  VendorBillingSettingsRepository,
} from '../billing';

const key = (vendorId: string, id: string) => `${vendorId}\u0000${id}`;

/** Bills in memory; `update` runs one at a time per bill and stores nothing when `fn` throws. */
export class InMemoryBillRepository implements BillRepository {
  readonly rows = new Map<string, BillRecord>();
  private readonly locks = new Map<string, Promise<unknown>>();

  async add(bill: BillRecord): Promise<void> {
    const k = key(bill.vendorId, bill.id);
    if (this.rows.has(k)) throw new Error(`bill ${bill.id} already exists`);
    this.rows.set(k, bill);
  }

  async find(vendorId: string, billId: string): Promise<BillRecord | null> {
    return this.rows.get(key(vendorId, billId)) ?? null;
  }

  update<T>(vendorId: string, billId: string, fn: (bill: BillRecord) => Promise<{ bill: BillRecord; result: T }>): Promise<T> {
    const k = key(vendorId, billId);
    const run = (this.locks.get(k) ?? Promise.resolve()).then(async () => {
      const row = this.rows.get(k);
      if (!row) throw new BillNotFound(billId);
      const { bill, result } = await fn(row);
      this.rows.set(k, bill);
      return result;
    });
    this.locks.set(
      k,
      run.catch(() => undefined),
    );
    return run;
  }

  async listByContract(vendorId: string, contractId: string): Promise<BillRecord[]> {
    return [...this.rows.values()].filter((b) => b.vendorId === vendorId && b.contractId === contractId);
  }

  async setInvoiceNumber(vendorId: string, billId: string, invoiceNumber: string): Promise<void> {
    const k = key(vendorId, billId);
    const row = this.rows.get(k);
    if (row) this.rows.set(k, { ...row, invoiceNumber });
  }
}

export class InMemoryTransactionRepository implements TransactionRepository {
  readonly rows: Transaction[] = [];
  async add(transaction: Transaction): Promise<void> {
    this.rows.push(transaction);
  }
  async listByBill(vendorId: string, billId: string): Promise<Transaction[]> {
    return this.rows.filter((t) => t.vendorId === vendorId && t.billId === billId);
  }
  async find(vendorId: string, transactionId: string): Promise<Transaction | null> {
    return this.rows.find((t) => t.vendorId === vendorId && t.id === transactionId) ?? null;
  }
}

export class InMemoryInvoiceDocumentRepository implements InvoiceDocumentRepository {
  readonly rows: InvoiceDocument[] = [];
  async add(invoice: InvoiceDocument): Promise<void> {
    this.rows.push(invoice);
  }
  async findByBill(vendorId: string, billId: string): Promise<InvoiceDocument | null> {
    return this.rows.find((i) => i.vendorId === vendorId && i.billId === billId && i.kind === 'INVOICE') ?? null;
  }
  async listByBill(vendorId: string, billId: string): Promise<InvoiceDocument[]> {
    return this.rows.filter((i) => i.vendorId === vendorId && i.billId === billId);
  }
}

/** Gapless numbers per vendor, from 1. */
export class SequentialInvoiceNumbers implements InvoiceNumbers {
  private readonly last = new Map<string, number>();
  async next(vendorId: string): Promise<number> {
    const n = (this.last.get(vendorId) ?? 0) + 1;
    this.last.set(vendorId, n);
    return n;
  }
}

/** Invoice drafts in memory, numbered from `numbers` (the sequence credit notes draw from too). */
export class InMemoryInvoiceDraftRepository implements InvoiceDraftRepository {
  readonly rows = new Map<string, { draft: InvoiceDraft; sequence: number | null }>();
  constructor(private readonly numbers: InvoiceNumbers = new SequentialInvoiceNumbers()) {}

  async add(draft: InvoiceDraft): Promise<void> {
    this.rows.set(key(draft.vendorId, draft.billId), { draft, sequence: null });
  }
  async find(vendorId: string, billId: string): Promise<InvoiceDraft | null> {
    return this.rows.get(key(vendorId, billId))?.draft ?? null;
  }
  async number(vendorId: string, billId: string): Promise<number | null> {
    const row = this.rows.get(key(vendorId, billId));
    if (!row) return null;
    row.sequence ??= await this.numbers.next(vendorId);
    return row.sequence;
  }
  async remove(vendorId: string, billId: string): Promise<boolean> {
    return this.rows.delete(key(vendorId, billId));
  }
  async listMadeBefore(before: Date, limit: number): Promise<{ vendorId: string; billId: string }[]> {
    return [...this.rows.values()]
      .map((r) => r.draft)
      .filter((d) => d.createdAt < before)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
      .slice(0, limit)
      .map((d) => ({ vendorId: d.vendorId, billId: d.billId }));
  }
}

/** Keeps every mail it is asked to send, for the test to read. */
export class RecordingMailer implements Mailer {
  readonly outbox: OutgoingMail[] = [];
  async queue(mail: OutgoingMail): Promise<void> {
    this.outbox.push(mail);
  }
}

/** Records what the billing module tells the contracts module. */
export class RecordingContractPayments implements ContractPayments {
  readonly paid: Parameters<ContractPayments['billPaid']>[0][] = [];
  /** Set it to make the contracts side fail (a test of what billing does then). */
  failWith: Error | null = null;
  async billPaid(command: Parameters<ContractPayments['billPaid']>[0]): Promise<void> {
    if (this.failWith) throw this.failWith;
    this.paid.push(command);
  }
}

/** Vendors' billing settings in memory. */
export class InMemoryVendorBillingSettingsRepository implements VendorBillingSettingsRepository {
  readonly rows = new Map<string, VendorBillingSettings>();
  async find(vendorId: string): Promise<VendorBillingSettings | null> {
    return this.rows.get(vendorId) ?? null;
  }
  async save(settings: VendorBillingSettings): Promise<void> {
    this.rows.set(settings.vendorId, settings);
  }
}
