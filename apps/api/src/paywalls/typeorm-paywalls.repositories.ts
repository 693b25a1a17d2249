import {
  Paywall,
  PaywallNotFound,
  PaywallRepository,
  PaywallSnapshot,
  Strategy,
  StrategyNotFound,
  StrategyRepository,
  StrategySnapshot,
} from '@kiosk/domain/paywalls';
import { DataSource, EntityManager } from 'typeorm';
import { isUniqueViolation } from '../platform/database/errors';
import { inTransaction, managerOf } from '../platform/database/transaction';
import { appendToOutbox } from '../platform/outbox/outbox';
import { PaywallRow, StrategyRow } from './paywalls.rows';

// Snapshots go to jsonb; only these two members hold dates (paywall content and flows hold none).
const encode = (snapshot: object): object => JSON.parse(JSON.stringify(snapshot));
function decode<T>(stored: object): T {
  const s = stored as Record<string, unknown>;
  return { ...s, createdAt: new Date(s.createdAt as string), modifiedAt: new Date(s.modifiedAt as string) } as T;
}

function paywallRow(paywall: Paywall): PaywallRow {
  const s = paywall.toSnapshot();
  return {
    vendorId: s.vendorId,
    id: s.id,
    name: s.name,
    status: s.status,
    version: s.version,
    snapshot: encode(s),
    createdAt: s.createdAt,
    modifiedAt: s.modifiedAt,
  };
}
const paywallOf = (row: PaywallRow) => Paywall.fromSnapshot(decode<PaywallSnapshot>(row.snapshot));

function strategyRow(strategy: Strategy): StrategyRow {
  const s = strategy.toSnapshot();
  return {
    vendorId: s.vendorId,
    id: s.id,
    name: s.name,
    status: s.status,
    version: s.version,
    fingerprint: s.fingerprint,
    snapshot: encode(s),
    createdAt: s.createdAt,
    modifiedAt: s.modifiedAt,
  };
}
const strategyOf = (row: StrategyRow) => Strategy.fromSnapshot(decode<StrategySnapshot>(row.snapshot));

type Aggregate = { pullEvents(): import('@kiosk/domain').DomainEvent[] };
type Row = PaywallRow | StrategyRow;

/**
 * The shared shape of both repositories: jsonb snapshot plus query columns,
 * `update` under `SELECT ... FOR UPDATE` so concurrent changes queue up and
 * each gets its own version; events reach the outbox in the same transaction.
 */
class SnapshotTable<A extends Aggregate, R extends Row> {
  constructor(
    private readonly db: DataSource,
    private readonly entity: new () => R,
    private readonly rowOf: (a: A) => R,
    private readonly aggregateOf: (row: R) => A,
    private readonly notFound: (id: string) => Error,
  ) {}

  async add(aggregate: A): Promise<boolean> {
    try {
      await inTransaction(this.db, async (m) => {
        await m.getRepository(this.entity).insert(this.rowOf(aggregate) as never);
        await appendToOutbox(m, aggregate.pullEvents());
      });
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  async find(vendorId: string, id: string): Promise<A | null> {
    const row = await managerOf(this.db).getRepository(this.entity).findOneBy({ vendorId, id } as never);
    return row ? this.aggregateOf(row) : null;
  }

  update<T>(vendorId: string, id: string, fn: (aggregate: A) => T | Promise<T>): Promise<T> {
    return inTransaction(this.db, async (m: EntityManager) => {
      const row = await m
        .getRepository(this.entity)
        .createQueryBuilder('r')
        .setLock('pessimistic_write')
        .where('r.vendor_id = :vendorId AND r.id = :id', { vendorId, id })
        .getOne();
      if (!row) throw this.notFound(id);
      const aggregate = this.aggregateOf(row);
      const result = await fn(aggregate);
      const { vendorId: _v, id: _i, createdAt: _c, ...changed } = this.rowOf(aggregate);
      await m.getRepository(this.entity).update({ vendorId, id } as never, changed as never);
      await appendToOutbox(m, aggregate.pullEvents());
      return result;
    });
  }

  async list(vendorId: string): Promise<A[]> {
    const rows = await managerOf(this.db)
      .getRepository(this.entity)
      .find({ where: { vendorId } as never, order: { createdAt: 'ASC', id: 'ASC' } as never });
    return rows.map(this.aggregateOf);
  }
}

export class TypeOrmPaywallRepository implements PaywallRepository {
  private readonly table: SnapshotTable<Paywall, PaywallRow>;
  constructor(db: DataSource) {
    this.table = new SnapshotTable(db, PaywallRow, paywallRow, paywallOf, (id) => new PaywallNotFound(id));
  }
  add = (paywall: Paywall) => this.table.add(paywall);
  find = (vendorId: string, paywallId: string) => this.table.find(vendorId, paywallId);
  update = <T>(vendorId: string, paywallId: string, fn: (paywall: Paywall) => T | Promise<T>) => this.table.update(vendorId, paywallId, fn);
  list = (vendorId: string) => this.table.list(vendorId);
}

export class TypeOrmStrategyRepository implements StrategyRepository {
  private readonly table: SnapshotTable<Strategy, StrategyRow>;
  constructor(db: DataSource) {
    this.table = new SnapshotTable(db, StrategyRow, strategyRow, strategyOf, (id) => new StrategyNotFound(id));
  }
  add = (strategy: Strategy) => this.table.add(strategy);
  find = (vendorId: string, strategyId: string) => this.table.find(vendorId, strategyId);
  update = <T>(vendorId: string, strategyId: string, fn: (strategy: Strategy) => T | Promise<T>) => this.table.update(vendorId, strategyId, fn);
  list = (vendorId: string) => this.table.list(vendorId);
}
