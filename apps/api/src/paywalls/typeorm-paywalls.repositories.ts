import {
  HistoryPage,
  Paywall,
  PaywallHistory,
  PaywallNotFound,
  PaywallRepository,
  PaywallSnapshot,
  SavedBy,
  SavedVersion,
  Strategy,
  StrategyHistory,
  StrategyNotFound,
  StrategyRepository,
  StrategySnapshot,
} from '@kiosk/domain/paywalls';
import { DataSource, EntityManager } from 'typeorm';
import { isUniqueViolation } from '../platform/database/errors';
import { inTransaction, managerOf } from '../platform/database/transaction';
import { appendToOutbox } from '../platform/outbox/outbox';
import { PaywallRow, PaywallVersionRow, StrategyRow, StrategyVersionRow } from './paywalls.rows';

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
type VersionRow = PaywallVersionRow | StrategyVersionRow;

function versionRow(row: Row, savedBy: SavedBy | null | undefined): VersionRow {
  return {
    vendorId: row.vendorId,
    aggregateId: row.id,
    version: row.version,
    snapshot: row.snapshot,
    savedAt: row.modifiedAt,
    savedByKind: savedBy?.kind ?? null,
    savedById: savedBy?.id ?? null,
  };
}

function savedVersionOf<S>(row: VersionRow): SavedVersion<S> {
  return {
    version: row.version,
    savedAt: row.savedAt,
    savedBy: row.savedByKind && row.savedById ? { kind: row.savedByKind as SavedBy['kind'], id: row.savedById } : null,
    snapshot: decode<S>(row.snapshot),
  };
}

/**
 * The shared shape of both repositories: jsonb snapshot plus query columns,
 * `update` under `SELECT ... FOR UPDATE` so concurrent changes queue up and
 * each gets its own version; events reach the outbox in the same transaction.
 */
class SnapshotTable<A extends Aggregate, R extends Row> {
  constructor(
    private readonly db: DataSource,
    private readonly entity: new () => R,
    private readonly versionEntity: new () => VersionRow,
    private readonly rowOf: (a: A) => R,
    private readonly aggregateOf: (row: R) => A,
    private readonly notFound: (id: string) => Error,
  ) {}

  async add(aggregate: A, savedBy?: SavedBy | null): Promise<boolean> {
    try {
      await inTransaction(this.db, async (m) => {
        const row = this.rowOf(aggregate);
        await m.getRepository(this.entity).insert(row as never);
        await m.getRepository(this.versionEntity).insert(versionRow(row, savedBy));
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

  update<T>(vendorId: string, id: string, fn: (aggregate: A) => T | Promise<T>, savedBy?: SavedBy | null): Promise<T> {
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
      const saved = this.rowOf(aggregate);
      const { vendorId: _v, id: _i, createdAt: _c, ...changed } = saved;
      await m.getRepository(this.entity).update({ vendorId, id } as never, changed as never);
      // Each version the save makes is kept, in the same transaction (a change that alters nothing keeps its version).
      if (saved.version > row.version) await m.getRepository(this.versionEntity).insert(versionRow(saved, savedBy));
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

  async versions<S>(vendorId: string, id: string, page: HistoryPage): Promise<SavedVersion<S>[]> {
    const rows = await managerOf(this.db)
      .getRepository(this.versionEntity)
      .find({ where: { vendorId, aggregateId: id }, order: { version: 'DESC' }, take: page.limit, skip: page.offset });
    return rows.map((r) => savedVersionOf<S>(r));
  }

  async version<S>(vendorId: string, id: string, version: number): Promise<SavedVersion<S> | null> {
    const row = await managerOf(this.db).getRepository(this.versionEntity).findOneBy({ vendorId, aggregateId: id, version });
    return row ? savedVersionOf<S>(row) : null;
  }
}

/** Paywalls, and (as PaywallHistory) every version they were saved in. */
export class TypeOrmPaywallRepository implements PaywallRepository, PaywallHistory {
  private readonly table: SnapshotTable<Paywall, PaywallRow>;
  constructor(db: DataSource) {
    this.table = new SnapshotTable(db, PaywallRow, PaywallVersionRow, paywallRow, paywallOf, (id) => new PaywallNotFound(id));
  }
  add = (paywall: Paywall, savedBy?: SavedBy | null) => this.table.add(paywall, savedBy);
  find = (vendorId: string, paywallId: string) => this.table.find(vendorId, paywallId);
  update = <T>(vendorId: string, paywallId: string, fn: (paywall: Paywall) => T | Promise<T>, savedBy?: SavedBy | null) =>
    this.table.update(vendorId, paywallId, fn, savedBy);
  list = (vendorId: string) => this.table.list(vendorId);
  versions = (vendorId: string, paywallId: string, page: HistoryPage) => this.table.versions<PaywallSnapshot>(vendorId, paywallId, page);
  version = (vendorId: string, paywallId: string, version: number) => this.table.version<PaywallSnapshot>(vendorId, paywallId, version);
}

/** Strategies, and (as StrategyHistory) every version they were saved in. */
export class TypeOrmStrategyRepository implements StrategyRepository, StrategyHistory {
  private readonly table: SnapshotTable<Strategy, StrategyRow>;
  constructor(db: DataSource) {
    this.table = new SnapshotTable(db, StrategyRow, StrategyVersionRow, strategyRow, strategyOf, (id) => new StrategyNotFound(id));
  }
  add = (strategy: Strategy, savedBy?: SavedBy | null) => this.table.add(strategy, savedBy);
  find = (vendorId: string, strategyId: string) => this.table.find(vendorId, strategyId);
  update = <T>(vendorId: string, strategyId: string, fn: (strategy: Strategy) => T | Promise<T>, savedBy?: SavedBy | null) =>
    this.table.update(vendorId, strategyId, fn, savedBy);
  list = (vendorId: string) => this.table.list(vendorId);
  versions = (vendorId: string, strategyId: string, page: HistoryPage) => this.table.versions<StrategySnapshot>(vendorId, strategyId, page);
  version = (vendorId: string, strategyId: string, version: number) => this.table.version<StrategySnapshot>(vendorId, strategyId, version);
}
