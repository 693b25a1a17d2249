import { Amendment, AmendmentDiscount, AmendmentRepository, AmendmentStatus, AmendmentType, ItemChange } from '@kiosk/domain/contracts';
import { DataSource } from 'typeorm';
import { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { managerOf } from '../platform/database/transaction';
import { AmendmentRow } from './contract.rows';

const toAmendment = (row: AmendmentRow): Amendment => ({
  id: row.id,
  vendorId: row.vendorId,
  contractId: row.contractId,
  userId: row.userId,
  type: row.type as AmendmentType,
  status: row.status as AmendmentStatus,
  change: row.change ? (row.change as unknown as ItemChange) : null,
  discountCode: row.discountCode,
  appliedDiscounts: row.appliedDiscounts as unknown as AmendmentDiscount[],
  nextBill:
    row.nextBillTotalMinor !== null && row.nextBillCurrency !== null && row.nextBillDate !== null
      ? { total: { minor: Number(row.nextBillTotalMinor), currency: row.nextBillCurrency }, date: row.nextBillDate }
      : null,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
  confirmedAt: row.confirmedAt,
});

const fromAmendment = (a: Amendment): AmendmentRow => ({
  vendorId: a.vendorId,
  id: a.id,
  contractId: a.contractId,
  userId: a.userId,
  type: a.type,
  status: a.status,
  change: a.change ? (JSON.parse(JSON.stringify(a.change)) as Record<string, unknown>) : null,
  discountCode: a.discountCode,
  appliedDiscounts: a.appliedDiscounts.map((d) => ({ ...d })),
  nextBillTotalMinor: a.nextBill ? String(a.nextBill.total.minor) : null,
  nextBillCurrency: a.nextBill?.total.currency ?? null,
  nextBillDate: a.nextBill?.date ?? null,
  createdAt: a.createdAt,
  updatedAt: a.updatedAt,
  confirmedAt: a.confirmedAt,
});

/** Amendments as rows; every call joins the caller's transaction (the contract's locked step). */
export class TypeOrmAmendmentRepository implements AmendmentRepository {
  constructor(private readonly db: DataSource) {}

  async add(amendment: Amendment): Promise<void> {
    // jsonb columns are opaque to TypeORM's deep-partial typing.
    await managerOf(this.db)
      .getRepository(AmendmentRow)
      .insert(fromAmendment(amendment) as QueryDeepPartialEntity<AmendmentRow>);
  }

  async find(vendorId: string, contractId: string, amendmentId: string): Promise<Amendment | null> {
    const row = await managerOf(this.db).getRepository(AmendmentRow).findOneBy({ vendorId, contractId, id: amendmentId });
    return row ? toAmendment(row) : null;
  }

  async confirm(amendment: Amendment): Promise<boolean> {
    const { vendorId, id, createdAt: _c, ...changed } = fromAmendment(amendment);
    const result = await managerOf(this.db)
      .getRepository(AmendmentRow)
      .update({ vendorId, id, status: 'PENDING' }, changed as QueryDeepPartialEntity<AmendmentRow>);
    return (result.affected ?? 0) === 1;
  }
}
