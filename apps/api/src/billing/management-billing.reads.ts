import { BillingPage, BillRecord, Transaction, VendorBillingReads } from '@kiosk/domain/billing';
import { BillStatus } from '@kiosk/domain/contracts';
import { DataSource } from 'typeorm';
import { sqlRows } from '../platform/database/sql';
import { managerOf } from '../platform/database/transaction';
import { BillRow, TransactionRow } from './billing.rows';
import { toBill, toTransaction } from './typeorm-billing.repositories';

/** The vendor's bills and transactions, newest first, a page at a time; `userId` is the contract user or the payer. */
export class TypeOrmVendorBillingReads implements VendorBillingReads {
  constructor(private readonly db: DataSource) {}

  async bills(vendorId: string, filter: { userId?: string; status?: BillStatus }, page: BillingPage): Promise<BillRecord[]> {
    const status = filter.status !== undefined ? { status: filter.status } : {};
    const rows = await managerOf(this.db)
      .getRepository(BillRow)
      .find({
        where:
          filter.userId === undefined
            ? { vendorId, ...status }
            : [
                { vendorId, userId: filter.userId, ...status },
                { vendorId, payerId: filter.userId, ...status },
              ],
        order: { createdAt: 'DESC', id: 'DESC' },
        skip: page.offset,
        take: page.limit,
      });
    return rows.map(toBill);
  }

  async transactions(vendorId: string, filter: { userId?: string; isRefund?: boolean }, page: BillingPage): Promise<Transaction[]> {
    const ids = await sqlRows<{ id: string }>(
      managerOf(this.db),
      `SELECT t.id FROM transactions t
        WHERE t.vendor_id = $1
          AND ($2::text IS NULL OR t.user_id = $2
               OR EXISTS (SELECT 1 FROM bills b WHERE b.vendor_id = t.vendor_id AND b.id = t.bill_id AND b.payer_id = $2))
          AND ($3::boolean IS NULL OR t.is_refund = $3)
        ORDER BY t.created_at DESC, t.id DESC
        LIMIT $4 OFFSET $5`,
      [vendorId, filter.userId ?? null, filter.isRefund ?? null, page.limit, page.offset],
    );
    if (ids.length === 0) return [];
    const found = await managerOf(this.db)
      .getRepository(TransactionRow)
      .find({ where: ids.map((r) => ({ vendorId, id: r.id })), order: { createdAt: 'DESC', id: 'DESC' } });
    return found.map(toTransaction);
  }
}
