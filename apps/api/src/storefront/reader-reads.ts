import { ReaderBillingReads, BillRecord, Transaction } from '@kiosk/domain/billing';
import { AccountsByEmail } from '@kiosk/domain/catalog';
import { ExternalAccessProvider } from '@kiosk/domain/access';
import { DataSource } from 'typeorm';
import { BillRow, TransactionRow } from '../billing/billing.rows';
import { UserRow } from '../identity/identity.rows';
import { toBill, toTransaction } from '../billing/typeorm-billing.repositories';
import { managerOf } from '../platform/database/transaction';
import { sqlRows } from '../platform/database/sql';
import { AutoOnboardRuleRow } from './storefront.rows';

// Read adapters of the storefront over other modules' tables, through their
// row classes and read-only. They answer the narrow read ports the domain
// user queries name; they belong with those modules and can move there.



/** Upper bound of rows one listing reads: a reader with more sees the newest ones. */
export const READER_LIST_LIMIT = 500;

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

/** Users by e-mail across vendors (read-only over the identity module's users). */
export class TypeOrmAccountsByEmail implements AccountsByEmail {
  constructor(private readonly db: DataSource) {}

  async emailOf(vendorId: string, userId: string): Promise<string | null> {
    const row = await managerOf(this.db).getRepository(UserRow).findOneBy({ vendorId, id: userId });
    return row?.email ?? null;
  }

  async vendorIdsWithEmail(email: string): Promise<string[]> {
    const rows = await managerOf(this.db)
      .getRepository(UserRow)
      .find({ where: { email }, select: { vendorId: true }, order: { vendorId: 'ASC' }, take: READER_LIST_LIMIT });
    return [...new Set(rows.map((r) => r.vendorId))];
  }
}

/** The embedded external-access system: grants what the vendor configured per sku. */
export class ConfiguredExternalAccess implements ExternalAccessProvider {
  constructor(private readonly db: DataSource) {}

  async grantsFor(command: { vendorId: string; sku: string }): Promise<string[]> {
    const rows = await managerOf(this.db)
      .getRepository(AutoOnboardRuleRow)
      .find({ where: { vendorId: command.vendorId, sku: command.sku }, order: { grantedSku: 'ASC' } });
    return rows.map((r) => r.grantedSku);
  }
}
