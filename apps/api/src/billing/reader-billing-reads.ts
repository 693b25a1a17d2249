import { BillRecord, ReaderBillingReads, Transaction } from '@kiosk/domain/billing';
import { DataSource } from 'typeorm';
import { READER_LIST_LIMIT, sqlRows } from '../platform/database/sql';
import { managerOf } from '../platform/database/transaction';
import { BillRow, TransactionRow } from './billing.rows';
import { toBill, toTransaction } from './typeorm-billing.repositories';

/** The reader's bills (as user or payer) and their transactions, newest first (the billing read port of reader queries). */
export class TypeOrmReaderBillingReads implements ReaderBillingReads {
  constructor(private readonly db: DataSource) {}

  async billsOf(vendorId: string, userId: string): Promise<BillRecord[]> {
    const rows = await managerOf(this.db)
      .getRepository(BillRow)
      .find({
        where: [
          { vendorId, userId },
          { vendorId, payerId: userId },
        ],
        order: { createdAt: 'DESC', id: 'DESC' },
        take: READER_LIST_LIMIT,
      });
    return rows.map(toBill);
  }

  async transactionsOf(vendorId: string, userId: string): Promise<Transaction[]> {
    const rows = await sqlRows<{ id: string }>(
      this.db,
      `SELECT t.id FROM transactions t JOIN bills b ON b.vendor_id = t.vendor_id AND b.id = t.bill_id
        WHERE t.vendor_id = $1 AND (b.user_id = $2 OR b.payer_id = $2)
        ORDER BY t.created_at DESC, t.id DESC LIMIT ${READER_LIST_LIMIT}`,
      [vendorId, userId],
    );
    if (rows.length === 0) return [];
    const found = await managerOf(this.db)
      .getRepository(TransactionRow)
      .find({ where: rows.map((r) => ({ vendorId, id: r.id })), order: { createdAt: 'DESC', id: 'DESC' } });
    return found.map(toTransaction);
  }
}
