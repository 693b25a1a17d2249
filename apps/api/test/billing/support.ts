import { CreateProduct, CreatePurchaseOption } from '@kiosk/domain/catalog';
import {
  AdvanceContract,
  AssignSeat,
  ConfirmContract,
  CreateContract,
  CreateContractCommand,
  GetContract,
  ListSeatUsers,
  RemoveSeat,
  RequestCancel,
} from '@kiosk/domain/contracts';
import { money } from '@kiosk/domain';
import { Container } from 'inversify';
import { sqlRows } from '../../src/platform/database/sql';
import { TOKENS } from '../../src/platform/tokens';
import { givenVendor, TestApp } from '../support/harness';

/** The contracts use cases the billing and access tests drive, from the real container. */
export function contractUseCases(container: Container) {
  return {
    create: container.get(CreateContract),
    get: container.get(GetContract),
    confirm: container.get(ConfirmContract),
    advance: container.get(AdvanceContract),
    cancel: container.get(RequestCancel),
    assignSeat: container.get(AssignSeat),
    removeSeat: container.get(RemoveSeat),
    listSeatUsers: container.get(ListSeatUsers),
  };
}

/** A vendor selling `news` (a publication, 1,200 SEK a year) and `news-multi` (a license of 5 seats per unit that unlocks `news`). */
export async function givenSellingVendor(app: TestApp) {
  const v = await givenVendor(app);
  const c = app.runtime.container;
  await v.product('news');
  await c.get(CreateProduct).execute({ vendorId: v.vendorId, sku: 'news-multi', title: 'News for teams', productType: 'license' });
  await c.get(CreatePurchaseOption).execute({
    id: 'news-multi-yearly',
    vendorId: v.vendorId,
    sku: 'news-multi',
    name: 'Yearly',
    price: money(1_200_00, 'SEK'),
    taxIncluded: false,
    recurring: { interval: 'YEAR', time: 1 },
    seatsPerUnit: 5,
    minQuantity: 1,
    maxQuantity: 100,
  });
  const contracts = contractUseCases(c);
  const order = (overrides: Partial<CreateContractCommand> = {}): CreateContractCommand => ({
    vendorId: v.vendorId,
    sku: 'news',
    purchaseOptionId: 'news-yearly',
    user: { email: `reader@${v.vendorId}.example.com`, firstName: 'Rita', lastName: 'Reader' },
    payment: { provider: 'INVOICE_PROVIDER', method: 'INVOICE' },
    ...overrides,
  });
  const license = (overrides: Partial<CreateContractCommand> = {}) =>
    order({ sku: 'news-multi', purchaseOptionId: 'news-multi-yearly', contractType: 'BUSINESS', ...overrides });
  return { ...v, contracts, order, license };
}

export const DAY = 24 * 60 * 60 * 1000;

/** Rows of one table for one vendor, for assertions on what the database holds. */
export async function rowsOf(app: TestApp, table: string, vendorId: string, where = '', params: unknown[] = []) {
  return app.runtime.database.db.query(`SELECT * FROM ${table} WHERE vendor_id = $1 ${where}`, [vendorId, ...params]);
}

interface OutboxEvent {
  id: string;
  type: string;
  vendor_id: string;
  aggregate_id: string;
  payload: Record<string, unknown>;
  occurred_at: Date;
}

/**
 * Handles the vendor's due outbox events with the container's event
 * handlers, as the worker does (lease, handle, mark processed), but only the
 * vendor's: test files share one database, and a whole worker pass (or its
 * periodic tasks) with this file's moved clock would take other files'
 * events and jobs. Waits for events another file's worker has leased.
 */
export async function settleEvents(app: TestApp, vendorId: string): Promise<number> {
  const db = app.runtime.database.db;
  const handlers = app.runtime.container.getAll(TOKENS.EventHandler, { optional: true }) ?? [];
  let handled = 0;
  for (let attempt = 0; attempt < 250; attempt += 1) {
    const now = app.clock.now();
    const claimed = await sqlRows<OutboxEvent>(
      db,
      `UPDATE outbox SET locked_until = $3, attempts = attempts + 1
        WHERE id IN (SELECT id FROM outbox
                      WHERE vendor_id = $1 AND processed_at IS NULL AND available_at <= $2
                        AND (locked_until IS NULL OR locked_until < $2)
                      ORDER BY available_at, id FOR UPDATE SKIP LOCKED)
        RETURNING id, type, vendor_id, aggregate_id, payload, occurred_at`,
      [vendorId, now, new Date(now.getTime() + 60_000)],
    );
    claimed.sort((a, b) => (a.id < b.id ? -1 : 1));
    for (const row of claimed) {
      const event = {
        id: row.id,
        type: row.type,
        vendorId: row.vendor_id,
        aggregateId: row.aggregate_id,
        occurredAt: new Date(row.occurred_at),
        payload: row.payload,
      };
      for (const handler of handlers.filter((h) => h.eventType === row.type)) await handler.handle(event);
      await db.query(`UPDATE outbox SET processed_at = $2, locked_until = NULL WHERE id = $1`, [row.id, app.clock.now()]);
      handled += 1;
    }
    const [{ pending }] = await db.query(
      `SELECT count(*)::int AS pending FROM outbox WHERE vendor_id = $1 AND processed_at IS NULL AND available_at <= $2`,
      [vendorId, now],
    );
    if (pending === 0) return handled;
    if (claimed.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`events of ${vendorId} were not handled`);
}
