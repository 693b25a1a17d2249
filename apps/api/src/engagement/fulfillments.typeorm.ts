import { Clock, IdGenerator } from '@kiosk/domain';
import {
  Address,
  DeliveryProvider,
  Fulfillment,
  FulfillmentInput,
  FulfillmentRepository,
  FulfillmentStatus,
} from '@kiosk/domain/engagement';
import { DataSource } from 'typeorm';
import { sqlRows } from '../platform/database/sql';
import { inTransaction, managerOf } from '../platform/database/transaction';
import { DeliveryRequestRow, FulfillmentRow } from './fulfillments.rows';

/** A stored fulfillment as the domain's record (also the management list's reads). */
export function toDomain(row: FulfillmentRow): Fulfillment {
  return {
    vendorId: row.vendorId,
    id: row.id,
    userId: row.userId,
    sku: row.sku,
    title: row.title,
    cover: row.cover,
    numericId: row.numericId === null ? null : Number(row.numericId),
    status: row.status as FulfillmentStatus,
    deliveryProvider: row.deliveryProvider,
    itemId: row.itemId,
    copies: row.copies,
    deliversAt: row.deliversAt,
    deliveryRequestedAt: row.deliveryRequestedAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export class TypeOrmFulfillmentRepository implements FulfillmentRepository {
  constructor(private readonly db: DataSource) {}

  async listBySku(vendorId: string, userId: string, sku: string): Promise<Fulfillment[]> {
    const rows = await managerOf(this.db)
      .getRepository(FulfillmentRow)
      .find({ where: { vendorId, userId, sku }, order: { createdAt: 'ASC', id: 'ASC' } });
    return rows.map(toDomain);
  }

  update<T>(
    vendorId: string,
    userId: string,
    id: string,
    change: (current: Fulfillment) => Promise<{ next: Fulfillment | null; result: T }>,
  ): Promise<T | null> {
    return inTransaction(this.db, async (manager) => {
      const row = await manager
        .getRepository(FulfillmentRow)
        .createQueryBuilder('f')
        .setLock('pessimistic_write')
        .where('f.vendor_id = :vendorId AND f.id = :id AND f.user_id = :userId', { vendorId, id, userId })
        .getOne();
      if (!row) return null;
      const { next, result } = await change(toDomain(row));
      if (next) {
        await manager.getRepository(FulfillmentRow).update(
          { vendorId, id },
          {
            status: next.status,
            deliveryProvider: next.deliveryProvider,
            deliveryRequestedAt: next.deliveryRequestedAt,
            updatedAt: next.updatedAt,
          },
        );
      }
      return result;
    });
  }

  upsert(vendorId: string, inputs: readonly FulfillmentInput[], now: Date): Promise<Fulfillment[]> {
    return inTransaction(this.db, async (manager) => {
      for (const f of inputs) {
        // COALESCE keeps what a reload leaves out; a new row gets PENDING, one copy and a sequence number.
        await sqlRows(
          manager,
          `INSERT INTO engagement_fulfillments AS f
             (vendor_id, id, user_id, sku, title, cover, numeric_id, status, delivery_provider, item_id, copies,
              delivers_at, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, COALESCE($7, nextval('engagement_fulfillment_numbers')), COALESCE($8, 'PENDING'),
                   $9, $10, COALESCE($11, 1), $12, $13, $13)
           ON CONFLICT (vendor_id, id) DO UPDATE SET
             user_id = EXCLUDED.user_id, sku = EXCLUDED.sku, title = EXCLUDED.title,
             cover = COALESCE($6, f.cover), numeric_id = COALESCE($7, f.numeric_id), status = COALESCE($8, f.status),
             delivery_provider = COALESCE($9, f.delivery_provider), item_id = COALESCE($10, f.item_id),
             copies = COALESCE($11, f.copies), delivers_at = COALESCE($12, f.delivers_at), updated_at = $13`,
          [
            vendorId,
            f.id,
            f.userId,
            f.sku,
            f.title,
            f.cover ?? null,
            f.numericId ?? null,
            f.status ?? null,
            f.deliveryProvider ?? null,
            f.itemId ?? null,
            f.copies ?? null,
            f.deliversAt ?? null,
            now,
          ],
        );
      }
      const rows = await manager
        .getRepository(FulfillmentRow)
        .createQueryBuilder('f')
        .where('f.vendor_id = :vendorId AND f.id IN (:...ids)', { vendorId, ids: inputs.map((f) => f.id) })
        .orderBy('f.id')
        .getMany();
      return rows.map(toDomain);
    });
  }
}

/**
 * The embedded delivery provider: records each request (with the address
 * as sent) for the vendor's logistics to pick up. It writes in the caller's
 * transaction, so a request is recorded exactly when the status changes.
 */
export class EmbeddedDeliveryProvider implements DeliveryProvider {
  readonly name = 'EMBEDDED';

  constructor(
    private readonly db: DataSource,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async requestDelivery(request: { fulfillment: Fulfillment; address: Address; requestedAt: Date }): Promise<{ ok: boolean }> {
    await managerOf(this.db)
      .getRepository(DeliveryRequestRow)
      .insert({
        id: this.ids.next(),
        vendorId: request.fulfillment.vendorId,
        fulfillmentId: request.fulfillment.id,
        userId: request.fulfillment.userId,
        provider: this.name,
        address: { ...request.address },
        requestedAt: request.requestedAt ?? this.clock.now(),
      });
    return { ok: true };
  }

  /** What was requested for a vendor, oldest first (operators and tests). */
  async list(vendorId: string): Promise<DeliveryRequestRow[]> {
    return managerOf(this.db).getRepository(DeliveryRequestRow).find({ where: { vendorId }, order: { requestedAt: 'ASC', id: 'ASC' } });
  }
}
