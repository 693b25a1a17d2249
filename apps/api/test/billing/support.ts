import { CreateProduct, CreatePurchaseOption } from '@kiosk/domain/catalog';
import {
  AdvanceContract,
  AssignSeat,
  ConfirmContract,
  ContractRepository,
  CreateContract,
  CreateContractCommand,
  GetContract,
  ListSeatUsers,
  ProvisionSeat,
  RecordBillPayment,
  RemoveSeat,
  RequestCancel,
} from '@kiosk/domain/contracts';
import { money } from '@kiosk/domain';
import { Container } from 'inversify';
import { BILLING } from '../../src/billing/billing.module';
import { CATALOG } from '../../src/catalog/catalog.module';
import { TypeOrmContractRepository, TypeOrmDiscountCodeRepository } from '../../src/contracts/typeorm-contract.repositories';
import { IDENTITY } from '../../src/identity/identity.module';
import { TOKENS } from '../../src/platform/tokens';
import { givenVendor, TestApp } from '../support/harness';

type UseCase = abstract new (...args: never[]) => unknown;

/**
 * The contracts use cases from the container. Until the contracts module
 * binds them, they are built here over its TypeORM repository and bound, so
 * the billing and access effects can be tested through the real container
 * (the access handlers and the payment route look them up there).
 */
export function contractUseCases(container: Container) {
  const repository = (): ContractRepository => new TypeOrmContractRepository(container.get(TOKENS.DataSource));
  const ensure = <T>(id: UseCase, make: () => T): T => {
    if (!container.isBound(id)) container.bind(id).toConstantValue(make());
    return container.get(id) as T;
  };
  const clock = container.get(TOKENS.Clock);
  const ids = container.get(TOKENS.Ids);
  const invoicing = container.get(BILLING.Invoicing);
  const users = container.get(IDENTITY.Users);
  return {
    create: ensure(CreateContract, () =>
      new CreateContract(
        repository(),
        container.get(CATALOG.Products),
        container.get(CATALOG.PurchaseOptions),
        users,
        new TypeOrmDiscountCodeRepository(container.get(TOKENS.DataSource)),
        invoicing,
        ids,
        clock,
      ),
    ),
    get: ensure(GetContract, () => new GetContract(repository())),
    confirm: ensure(ConfirmContract, () => new ConfirmContract(repository(), invoicing, clock)),
    advance: ensure(AdvanceContract, () => new AdvanceContract(repository(), invoicing, clock)),
    pay: ensure(RecordBillPayment, () => new RecordBillPayment(repository(), clock)),
    cancel: ensure(RequestCancel, () => new RequestCancel(repository(), clock)),
    assignSeat: ensure(AssignSeat, () => new AssignSeat(repository(), users, ids, clock)),
    removeSeat: ensure(RemoveSeat, () => new RemoveSeat(repository(), clock)),
    listSeatUsers: ensure(ListSeatUsers, () => new ListSeatUsers(repository(), users)),
    provisionSeat: ensure(ProvisionSeat, () => new ProvisionSeat(repository(), clock)),
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
    const claimed: OutboxEvent[] = await db.query(
      `UPDATE outbox SET locked_until = $3, attempts = attempts + 1
        WHERE id IN (SELECT id FROM outbox
                      WHERE vendor_id = $1 AND processed_at IS NULL AND available_at <= $2
                        AND (locked_until IS NULL OR locked_until < $2)
                      ORDER BY available_at, id FOR UPDATE SKIP LOCKED)
        RETURNING id, type, vendor_id, aggregate_id, payload, occurred_at`,
      [vendorId, now, new Date(now.getTime() + 60_000)],
    ).then((result: unknown) => (Array.isArray(result) && Array.isArray(result[0]) ? result[0] : result) as OutboxEvent[]);
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
