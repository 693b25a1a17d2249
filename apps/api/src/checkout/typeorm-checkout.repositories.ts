import {
  Checkout,
  CheckoutNotFound,
  CheckoutRepository,
  CheckoutSettings,
  CheckoutSettingsRepository,
  CheckoutSnapshot,
  withSettingDefaults,
} from '@kiosk/domain/checkout';
import { DataSource } from 'typeorm';
import { sqlRows } from '../platform/database/sql';
import { inTransaction, managerOf } from '../platform/database/transaction';
import { appendToOutbox } from '../platform/outbox/outbox';
import { CheckoutRow, CheckoutSettingsRow } from './checkout.rows';

const DATE_FIELDS = new Set(['createdAt', 'updatedAt', 'expiresAt', 'completedAt']);

/** JSON has no dates: the snapshot's date fields are named and revived on the way out. */
function decode(stored: object): CheckoutSnapshot {
  const value = stored as Record<string, unknown>;
  const out: Record<string, unknown> = { ...value };
  for (const key of DATE_FIELDS) if (typeof value[key] === 'string') out[key] = new Date(value[key] as string);
  return out as unknown as CheckoutSnapshot;
}

function rowOf(checkout: Checkout): CheckoutRow {
  const s = checkout.toSnapshot();
  return {
    vendorId: s.vendorId,
    id: s.id,
    ownerKind: s.owner.kind,
    ownerId: s.owner.kind === 'user' ? s.owner.userId : s.owner.visitorId,
    status: s.status,
    snapshot: JSON.parse(JSON.stringify(s)),
    expiresAt: s.expiresAt,
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
  };
}

const checkoutOf = (row: { snapshot: object }) => Checkout.fromSnapshot(decode(row.snapshot));

/**
 * Checkouts as jsonb snapshots. `update` locks the row for its step;
 * `completeOnce` claims the checkout with a conditional UPDATE (only a
 * PENDING or WAITING_PAYMENT_CONFIRMATION row moves), so of any number of
 * racing completions exactly one runs the sale; the others wait on the row
 * lock, then see COMPLETED and make nothing.
 */
export class TypeOrmCheckoutRepository implements CheckoutRepository {
  constructor(private readonly db: DataSource) {}

  add(checkout: Checkout): Promise<void> {
    return inTransaction(this.db, async (manager) => {
      await manager.getRepository(CheckoutRow).insert(rowOf(checkout));
      await appendToOutbox(manager, checkout.pullEvents());
    });
  }

  async find(vendorId: string, checkoutId: string): Promise<Checkout | null> {
    const row = await managerOf(this.db).getRepository(CheckoutRow).findOneBy({ vendorId, id: checkoutId });
    return row ? checkoutOf(row) : null;
  }

  update<T>(vendorId: string, checkoutId: string, fn: (checkout: Checkout) => T | Promise<T>): Promise<T> {
    return inTransaction(this.db, async (manager) => {
      const row = await manager
        .getRepository(CheckoutRow)
        .createQueryBuilder('c')
        .setLock('pessimistic_write')
        .where('c.vendor_id = :vendorId AND c.id = :checkoutId', { vendorId, checkoutId })
        .getOne();
      if (!row) throw new CheckoutNotFound(checkoutId);
      const checkout = checkoutOf(row);
      const result = await fn(checkout);
      await this.store(checkout);
      return result;
    });
  }

  completeOnce(vendorId: string, checkoutId: string, fn: (checkout: Checkout) => Promise<void>): Promise<Checkout | null> {
    return inTransaction(this.db, async () => {
      // The claim: one statement decides who completes. Concurrent callers block on the row
      // lock and, once the winner commits, find the status COMPLETED and match nothing.
      const claimed = await sqlRows<{ snapshot: object }>(
        this.db,
        `UPDATE checkouts SET status = 'COMPLETED'
          WHERE vendor_id = $1 AND id = $2 AND status IN ('PENDING', 'WAITING_PAYMENT_CONFIRMATION')
          RETURNING snapshot`,
        [vendorId, checkoutId],
      );
      if (claimed.length === 0) return null;
      const checkout = checkoutOf(claimed[0]);
      await fn(checkout);
      await this.store(checkout);
      return checkout;
    });
  }

  async listOpenOfVisitor(vendorId: string, visitorId: string): Promise<string[]> {
    const rows = await sqlRows<{ id: string }>(
      this.db,
      `SELECT id FROM checkouts WHERE vendor_id = $1 AND owner_kind = 'visitor' AND owner_id = $2
        AND status IN ('PENDING', 'WAITING_PAYMENT_CONFIRMATION') ORDER BY created_at`,
      [vendorId, visitorId],
    );
    return rows.map((r) => r.id);
  }

  private async store(checkout: Checkout): Promise<void> {
    const manager = managerOf(this.db);
    const { vendorId, id, createdAt: _c, ...changed } = rowOf(checkout);
    await manager.getRepository(CheckoutRow).update({ vendorId, id }, changed);
    await appendToOutbox(manager, checkout.pullEvents());
  }
}

export class TypeOrmCheckoutSettingsRepository implements CheckoutSettingsRepository {
  constructor(
    private readonly db: DataSource,
    private readonly now: () => Date,
  ) {}

  async find(vendorId: string): Promise<CheckoutSettings | null> {
    const row = await managerOf(this.db).getRepository(CheckoutSettingsRow).findOneBy({ vendorId });
    return row ? withSettingDefaults({ ...(row.settings as Partial<CheckoutSettings>), vendorId }) : null;
  }

  async save(settings: CheckoutSettings): Promise<void> {
    await managerOf(this.db)
      .getRepository(CheckoutSettingsRow)
      .upsert({ vendorId: settings.vendorId, settings: { ...settings }, updatedAt: this.now() }, ['vendorId']);
  }
}
