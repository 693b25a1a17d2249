import { BillStatus } from '@kiosk/domain/contracts';
import {
  BillNotFound,
  BillRecord,
  BillRepository,
  InvoiceDocument,
  InvoiceDocumentRepository,
  InvoiceNumbers,
  Transaction,
  TransactionRepository,
} from '@kiosk/domain/billing';
import { DataSource } from 'typeorm';
import { entityColumns, heldWrite, holdWritesUntilLastStatement, insertEntityRow, preparedRows, sqlRows } from '../platform/database/sql';
import { inTransaction, managerOf } from '../platform/database/transaction';
import { BillRow, InvoiceDocumentRow, TransactionRow } from './billing.rows';

/** Row to domain record; the reader's read adapter (`reader-billing-reads.ts`) uses the same mapping. */
export const toBill = (row: BillRow): BillRecord => ({
  id: row.id,
  vendorId: row.vendorId,
  contractId: row.contractId,
  userId: row.userId,
  payerId: row.payerId,
  items: row.items.map((i) => ({ sku: i.sku, title: i.title, purchaseOptionId: i.purchaseOptionId })),
  price: { minor: Number(row.priceMinor), currency: row.currency },
  tax: row.tax ?? null,
  status: row.status as BillStatus,
  dueAt: row.dueAt,
  periodStart: row.periodStart,
  periodEnd: row.periodEnd,
  paymentProvider: row.paymentProvider,
  paymentMethod: row.paymentMethod,
  receiptUrl: row.receiptUrl,
  invoiceNumber: row.invoiceNumber,
  paidAt: row.paidAt,
  ...(row.paymentReference ? { paymentReference: row.paymentReference } : {}),
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

const fromBill = (bill: BillRecord): BillRow => ({
  vendorId: bill.vendorId,
  id: bill.id,
  contractId: bill.contractId,
  userId: bill.userId,
  payerId: bill.payerId,
  items: bill.items.map((i) => ({ sku: i.sku, title: i.title, purchaseOptionId: i.purchaseOptionId })),
  priceMinor: String(bill.price.minor),
  currency: bill.price.currency,
  tax: bill.tax,
  status: bill.status,
  dueAt: bill.dueAt,
  periodStart: bill.periodStart,
  periodEnd: bill.periodEnd,
  paymentProvider: bill.paymentProvider,
  paymentMethod: bill.paymentMethod,
  receiptUrl: bill.receiptUrl,
  invoiceNumber: bill.invoiceNumber,
  paidAt: bill.paidAt,
  paymentReference: bill.paymentReference ?? null,
  createdAt: bill.createdAt,
  updatedAt: bill.updatedAt,
});

/** Bills as rows; `update` holds the bill's row lock for the whole step. */
export class TypeOrmBillRepository implements BillRepository {
  constructor(private readonly db: DataSource) {}

  // Prepared statements: every confirmed contract adds a bill and reads its bills back (issue 28).
  async add(bill: BillRecord): Promise<void> {
    await insertEntityRow(this.db, BillRow, fromBill(bill));
  }

  async find(vendorId: string, billId: string): Promise<BillRecord | null> {
    const [row] = await preparedRows<BillRow>(this.db, `SELECT ${entityColumns(this.db, BillRow)} FROM bills WHERE vendor_id = $1 AND id = $2`, [
      vendorId,
      billId,
    ]);
    return row ? toBill(row) : null;
  }

  update<T>(vendorId: string, billId: string, fn: (bill: BillRecord) => Promise<{ bill: BillRecord; result: T }>): Promise<T> {
    return inTransaction(this.db, async (manager) => {
      const row = await manager
        .getRepository(BillRow)
        .createQueryBuilder('b')
        .setLock('pessimistic_write')
        .where('b.vendor_id = :vendorId AND b.id = :billId', { vendorId, billId })
        .getOne();
      if (!row) throw new BillNotFound(billId);
      const loaded = toBill(row);
      const { bill, result } = await fn(loaded);
      // Only what `fn` changed: a step it ran may have written the bill too (an invoice issued from its draft sets the number).
      const before = fromBill(loaded) as unknown as Record<string, unknown>;
      const { vendorId: _v, id: _i, createdAt: _c, ...after } = fromBill(bill) as unknown as Record<string, unknown>;
      const changed = Object.fromEntries(Object.entries(after).filter(([column, value]) => JSON.stringify(value) !== JSON.stringify(before[column])));
      if (Object.keys(changed).length > 0) await manager.getRepository(BillRow).update({ vendorId, id: billId }, changed);
      return result;
    });
  }

  async listByContract(vendorId: string, contractId: string): Promise<BillRecord[]> {
    const rows = await preparedRows<BillRow>(
      this.db,
      `SELECT ${entityColumns(this.db, BillRow)} FROM bills WHERE vendor_id = $1 AND contract_id = $2 ORDER BY created_at, id`,
      [vendorId, contractId],
    );
    return rows.map(toBill);
  }

  async setInvoiceNumber(vendorId: string, billId: string, invoiceNumber: string): Promise<void> {
    // Held when the step holds its writes: it then runs with the step's last statement.
    const write = { text: `UPDATE bills SET invoice_number = $3 WHERE vendor_id = $1 AND id = $2`, parameters: [vendorId, billId, invoiceNumber] };
    if (!heldWrite(this.db, write)) await preparedRows(this.db, write.text, [...write.parameters]);
  }
}

export const toTransaction = (row: TransactionRow): Transaction => ({
  id: row.id,
  vendorId: row.vendorId,
  amount: { minor: Number(row.amountMinor), currency: row.currency },
  contractId: row.contractId,
  isRefund: row.isRefund,
  userId: row.userId,
  billId: row.billId,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

export class TypeOrmTransactionRepository implements TransactionRepository {
  constructor(private readonly db: DataSource) {}

  async add(t: Transaction): Promise<void> {
    await managerOf(this.db).getRepository(TransactionRow).insert({
      vendorId: t.vendorId,
      id: t.id,
      amountMinor: String(t.amount.minor),
      currency: t.amount.currency,
      contractId: t.contractId,
      isRefund: t.isRefund,
      userId: t.userId,
      billId: t.billId,
      createdAt: t.createdAt,
      updatedAt: t.updatedAt,
    });
  }

  async listByBill(vendorId: string, billId: string): Promise<Transaction[]> {
    const rows = await managerOf(this.db)
      .getRepository(TransactionRow)
      .find({ where: { vendorId, billId }, order: { createdAt: 'ASC', id: 'ASC' } });
    return rows.map(toTransaction);
  }

  async find(vendorId: string, transactionId: string): Promise<Transaction | null> {
    const row = await managerOf(this.db).getRepository(TransactionRow).findOne({ where: { vendorId, id: transactionId } });
    return row ? toTransaction(row) : null;
  }
}

type StoredDocument = Omit<InvoiceDocument, 'periodStart' | 'periodEnd' | 'issuedAt' | 'dueAt'> & {
  periodStart: string;
  periodEnd: string | null;
  issuedAt: string;
  dueAt: string;
};

/** A document as its `document` column keeps it: dates as ISO strings. */
export function storedDocument<D extends Omit<InvoiceDocument, 'number'>>(invoice: D): Omit<StoredDocument, 'number'> & Omit<D, 'periodStart' | 'periodEnd' | 'issuedAt' | 'dueAt'> {
  return {
    ...invoice,
    periodStart: invoice.periodStart.toISOString(),
    periodEnd: invoice.periodEnd?.toISOString() ?? null,
    issuedAt: invoice.issuedAt.toISOString(),
    dueAt: invoice.dueAt.toISOString(),
  };
}

/** The dates of a stored document back as dates. */
export function withDates<D extends Pick<StoredDocument, 'periodStart' | 'periodEnd' | 'issuedAt' | 'dueAt'>>(stored: D) {
  return {
    ...stored,
    periodStart: new Date(stored.periodStart),
    periodEnd: stored.periodEnd ? new Date(stored.periodEnd) : null,
    issuedAt: new Date(stored.issuedAt),
    dueAt: new Date(stored.dueAt),
  };
}

/** A stored document; documents stored before tax was computed lack the newer fields and get neutral ones. */
function toDocument(row: InvoiceDocumentRow): InvoiceDocument {
  const stored = row.document as unknown as StoredDocument;
  const older: Omit<InvoiceDocument, keyof StoredDocument | 'periodStart' | 'periodEnd' | 'issuedAt' | 'dueAt'> & Partial<InvoiceDocument> = {
    kind: 'INVOICE',
    creditedInvoiceNumber: null,
    currency: row.currency,
    priceMode: stored.taxIncluded ? 'TAX_INCLUDED' : 'TAX_EXCLUDED',
    taxTotals: [],
    net: Number(row.totalMinor),
    tax: 0,
    taxCountry: stored.paymentTerms?.country ?? 'SE',
    reverseCharge: false,
    notes: [],
    paymentInstructions: null,
    seller: { name: row.vendorId, vatNumber: null, address: { street: null, zip: null, city: null, country: 'SE' } },
  };
  return { ...older, ...withDates(stored) };
}

export class TypeOrmInvoiceDocumentRepository implements InvoiceDocumentRepository {
  constructor(private readonly db: DataSource) {}

  async add(invoice: InvoiceDocument): Promise<void> {
    const document: StoredDocument = storedDocument(invoice);
    const row: InvoiceDocumentRow = {
      vendorId: invoice.vendorId,
      id: invoice.id,
      billId: invoice.billId,
      contractId: invoice.contractId,
      invoiceNumber: invoice.number,
      kind: invoice.kind,
      billedUserId: invoice.billedTo.userId,
      onBehalfOfUserId: invoice.onBehalfOf?.userId ?? null,
      email: invoice.email,
      customerReference: invoice.customerReference,
      vendorReference: invoice.vendorReference,
      ediNumber: invoice.ediNumber,
      delivery: invoice.delivery,
      totalMinor: String(invoice.total.minor),
      currency: invoice.total.currency,
      document: document as unknown as Record<string, unknown>,
      issuedAt: invoice.issuedAt,
      dueAt: invoice.dueAt,
    };
    await insertEntityRow(this.db, InvoiceDocumentRow, row);
  }

  async findByBill(vendorId: string, billId: string): Promise<InvoiceDocument | null> {
    const row = await managerOf(this.db).getRepository(InvoiceDocumentRow).findOneBy({ vendorId, billId, kind: 'INVOICE' });
    return row ? toDocument(row) : null;
  }

  async listByBill(vendorId: string, billId: string): Promise<InvoiceDocument[]> {
    const rows = await managerOf(this.db)
      .getRepository(InvoiceDocumentRow)
      .find({ where: { vendorId, billId }, order: { issuedAt: 'ASC', invoiceNumber: 'ASC' } });
    return rows.map(toDocument);
  }
}

/**
 * Invoice numbers from the vendor's counter row (`kiosk_next_invoice_number`,
 * migration `1766600000000-gapless-invoice-numbers`): gapless and increasing
 * per vendor. Drawing locks the row until the caller's transaction ends, so
 * callers draw as late as they can (InvoiceBill draws after every read, as
 * its last step before the documents are written); an undone transaction
 * gives its number back.
 */
export class PostgresInvoiceNumbers implements InvoiceNumbers {
  constructor(private readonly db: DataSource) {}

  async next(vendorId: string): Promise<number> {
    const [row] = await sqlRows<{ n: string }>(managerOf(this.db), `SELECT kiosk_next_invoice_number($1) AS n`, [vendorId]);
    // The counter row is locked until COMMIT: the writes that follow (the bill, its document and mail, the contract)
    // go with the transaction's last statement, so the lock is held for two round trips, not one per write.
    holdWritesUntilLastStatement(this.db);
    return Number(row.n);
  }
}
