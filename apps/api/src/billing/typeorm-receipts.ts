import { Receipt, ReceiptNumbers, ReceiptRepository } from '@kiosk/domain/billing';
import { DataSource } from 'typeorm';
import { sqlRows } from '../platform/database/sql';
import { managerOf } from '../platform/database/transaction';
import { ReceiptRow } from './receipt.rows';

const DATES = ['paidAt', 'issuedAt'] as const;

const toReceipt = (row: ReceiptRow): Receipt => {
  const d = row.document as unknown as Record<string, unknown>;
  return { ...(d as unknown as Receipt), paidAt: new Date(String(d.paidAt)), issuedAt: new Date(String(d.issuedAt)) };
};

/** Receipts in `receipts`, the whole receipt as JSON beside the columns a query needs; joins the caller's transaction. */
export class TypeOrmReceiptRepository implements ReceiptRepository {
  constructor(private readonly db: DataSource) {}

  async add(receipt: Receipt): Promise<void> {
    const document: Record<string, unknown> = { ...receipt };
    for (const key of DATES) document[key] = receipt[key].toISOString();
    await managerOf(this.db).getRepository(ReceiptRow).insert({
      vendorId: receipt.vendorId,
      id: receipt.id,
      billId: receipt.billId,
      receiptNumber: receipt.number,
      sequence: String(receipt.sequence),
      buyerUserId: receipt.buyer.userId,
      paidAt: receipt.paidAt,
      totalMinor: String(receipt.amount.minor),
      currency: receipt.amount.currency,
      document: document as never,
      createdAt: receipt.issuedAt,
    });
  }

  async findByBill(vendorId: string, billId: string): Promise<Receipt | null> {
    const row = await managerOf(this.db).getRepository(ReceiptRow).findOneBy({ vendorId, billId });
    return row ? toReceipt(row) : null;
  }
}

/**
 * Receipt numbers without gaps: the vendor's counter row is created or
 * moved on in the caller's transaction and stays locked until it ends, so
 * a rolled-back payment gives its number back and two payments of one
 * vendor never draw the same number (the second waits for the first).
 * Outside a transaction a number is final at once.
 */
export class PostgresReceiptNumbers implements ReceiptNumbers {
  constructor(private readonly db: DataSource) {}

  async next(vendorId: string): Promise<number> {
    const [row] = await sqlRows<{ n: string }>(
      managerOf(this.db),
      `INSERT INTO receipt_number_sequences (vendor_id, last_number) VALUES ($1, 1)
       ON CONFLICT (vendor_id) DO UPDATE SET last_number = receipt_number_sequences.last_number + 1
       RETURNING last_number AS n`,
      [vendorId],
    );
    return Number(row.n);
  }
}
