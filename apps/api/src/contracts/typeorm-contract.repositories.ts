import {
  Contract,
  ContractListFilter,
  ContractNotFound,
  ContractRepository,
  DiscountCode,
  DiscountCodeRepository,
  nextTimedCheckAt,
  normalizeDiscountCode,
} from '@kiosk/domain/contracts';
import { DataSource } from 'typeorm';
import { isUniqueViolation } from '../platform/database/errors';
import { preparedRows, preparedWriteWithHeld, sqlRows } from '../platform/database/sql';
import { inTransaction, managerOf } from '../platform/database/transaction';
import { writeOfOneStatement } from '../platform/idempotency/written-marker';
import { withOutboxEvents } from '../platform/outbox/outbox';
import { vendorNowSql } from '../platform/vendor-time';
import { ContractRow, DiscountCodeRow } from './contract.rows';
import { decodeDiscountCode, decodeSnapshot, encodeDiscountCode, encodeSnapshot } from './snapshot-codec';

function rowOf(contract: Contract): ContractRow {
  const snapshot = contract.toSnapshot();
  return {
    vendorId: snapshot.vendorId,
    id: snapshot.id,
    userId: snapshot.userId,
    status: snapshot.status,
    snapshot: encodeSnapshot(snapshot),
    nextCheckAt: nextTimedCheckAt(contract),
    createdAt: snapshot.createdAt,
    updatedAt: snapshot.updatedAt,
  };
}

const contractOf = (row: Pick<ContractRow, 'snapshot'>) => Contract.fromSnapshot(decodeSnapshot(row.snapshot));

/**
 * Contracts as jsonb snapshots with their query columns. `update` locks the
 * row (`SELECT ... FOR UPDATE`) for the whole step, so seat counts, confirms
 * and timed moves are decided one at a time per contract across processes;
 * the step's events reach the outbox in the same transaction.
 */
export class TypeOrmContractRepository implements ContractRepository {
  constructor(private readonly db: DataSource) {}

  /** The contract and its events in one statement: atomic on its own, one round trip (issue 28). */
  async add(contract: Contract): Promise<void> {
    const row = rowOf(contract);
    const { text, parameters } = withOutboxEvents(
      `INSERT INTO contracts (vendor_id, id, user_id, status, snapshot, next_check_at, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6::timestamptz, $7::timestamptz, $8::timestamptz)`,
      [row.vendorId, row.id, row.userId, row.status, JSON.stringify(row.snapshot), row.nextCheckAt, row.createdAt, row.updatedAt],
      contract.pullEvents(),
    );
    await writeOfOneStatement(this.db, () => preparedRows(this.db, text, parameters));
  }

  async find(vendorId: string, contractId: string): Promise<Contract | null> {
    const row = await managerOf(this.db).getRepository(ContractRow).findOneBy({ vendorId, id: contractId });
    return row ? contractOf(row) : null;
  }

  update<T>(vendorId: string, contractId: string, fn: (contract: Contract) => T | Promise<T>): Promise<T> {
    return inTransaction(this.db, async () => {
      // Prepared statements, not query builders: a confirm runs this on every contract (issue 28).
      const [row] = await preparedRows<{ snapshot: object }>(
        this.db,
        'SELECT snapshot FROM contracts WHERE vendor_id = $1 AND id = $2 FOR UPDATE',
        [vendorId, contractId],
      );
      if (!row) throw new ContractNotFound(contractId);
      const contract = contractOf(row);
      const result = await fn(contract);
      const changed = rowOf(contract);
      // The change and its events in one statement, still inside the step's transaction.
      const { text, parameters } = withOutboxEvents(
        'UPDATE contracts SET user_id = $3, status = $4, snapshot = $5::jsonb, next_check_at = $6::timestamptz, updated_at = $7::timestamptz ' +
          'WHERE vendor_id = $1 AND id = $2',
        [vendorId, contractId, changed.userId, changed.status, JSON.stringify(changed.snapshot), changed.nextCheckAt, changed.updatedAt],
        contract.pullEvents(),
      );
      // The step's last statement: writes held since the invoice number was drawn (the bill, ...) run in it.
      await preparedWriteWithHeld(this.db, text, parameters);
      return result;
    });
  }

  async listByUser(vendorId: string, userId: string): Promise<Contract[]> {
    const rows = await managerOf(this.db)
      .getRepository(ContractRow)
      .find({ where: { vendorId, userId }, order: { createdAt: 'DESC', id: 'DESC' } });
    return rows.map(contractOf);
  }

  async list(vendorId: string, filter: ContractListFilter): Promise<Contract[]> {
    const rows = await managerOf(this.db)
      .getRepository(ContractRow)
      .find({
        where: {
          vendorId,
          ...(filter.userId !== undefined ? { userId: filter.userId } : {}),
          ...(filter.status !== undefined ? { status: filter.status } : {}),
        },
        order: { createdAt: 'DESC', id: 'DESC' },
        skip: filter.offset,
        ...(filter.limit !== null ? { take: filter.limit } : {}),
      });
    return rows.map(contractOf);
  }

  /**
   * Due by each vendor's own time: a test vendor's contracts when its test
   * clock has passed their check, everyone else's at `now`.
   */
  async listDueForAdvance(now: Date, limit: number, vendorId?: string): Promise<{ vendorId: string; contractId: string }[]> {
    const rows = await sqlRows<{ vendor_id: string; id: string }>(
      this.db,
      `SELECT c.vendor_id, c.id FROM contracts c LEFT JOIN vendor_test_clocks t ON t.vendor_id = c.vendor_id
        WHERE c.next_check_at <= ${vendorNowSql('t', '$1')} AND ($3::text IS NULL OR c.vendor_id = $3)
        ORDER BY c.next_check_at LIMIT $2`,
      [now, limit, vendorId ?? null],
    );
    return rows.map((r) => ({ vendorId: r.vendor_id, contractId: r.id }));
  }

  /** The vendor's earliest contract check after `after` (any, when null) and not after `until` (advancing a test clock). */
  async nextCheckAt(vendorId: string, after: Date | null, until: Date): Promise<Date | null> {
    const [row] = await sqlRows<{ due: Date | null }>(
      this.db,
      `SELECT min(next_check_at) AS due FROM contracts
        WHERE vendor_id = $1 AND next_check_at <= $2 AND ($3::timestamptz IS NULL OR next_check_at > $3)`,
      [vendorId, until, after],
    );
    return row?.due ? new Date(row.due) : null;
  }
}

export class TypeOrmDiscountCodeRepository implements DiscountCodeRepository {
  constructor(private readonly db: DataSource) {}

  async add(code: DiscountCode): Promise<boolean> {
    try {
      await managerOf(this.db).getRepository(DiscountCodeRow).insert({
        vendorId: code.vendorId,
        id: code.id,
        code: normalizeDiscountCode(code.code),
        definition: encodeDiscountCode(code),
        maxRedemptions: code.maxRedemptions,
        redemptions: code.redemptions,
        createdAt: new Date(),
      });
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  async list(vendorId: string): Promise<DiscountCode[]> {
    const rows = await managerOf(this.db).getRepository(DiscountCodeRow).find({ where: { vendorId }, order: { code: 'ASC' } });
    return rows.map((r) => decodeDiscountCode(r.definition, r.redemptions));
  }

  async find(vendorId: string, code: string): Promise<DiscountCode | null> {
    const row = await managerOf(this.db)
      .getRepository(DiscountCodeRow)
      .findOneBy({ vendorId, code: normalizeDiscountCode(code) });
    return row ? decodeDiscountCode(row.definition, row.redemptions) : null;
  }

  /** One conditional update: parallel redemptions never pass the limit. */
  async redeem(vendorId: string, discountCodeId: string): Promise<boolean> {
    const rows = await sqlRows(
      this.db,
      `UPDATE discount_codes SET redemptions = redemptions + 1
        WHERE vendor_id = $1 AND id = $2 AND (max_redemptions IS NULL OR redemptions < max_redemptions)
        RETURNING id`,
      [vendorId, discountCodeId],
    );
    return rows.length === 1;
  }
}
